"""A club made again from its archive (``jass-club/1``), in one transaction: every
row checked as it is read; the first thing wrong refuses the archive whole."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import models

from archive import writing
from archive.checks import ArchiveError, fields, ints, items, obj, reference, whole
from clubs.models import Club, Member
from scoring import registry, statistics
from scoring import services as scoring_services
from scoring.kinds.differenzler.models import Estimate, EstimateChange, OpenHand
from scoring.models import (
    ClubStriche,
    Game,
    Hand,
    HandChange,
    Player,
    SeatLink,
    SpectatorLink,
)
from scoring.rules import SUITS, RulesError
from seasons import ranking, seasonfile
from seasons.models import Season, SeasonEvent
from tournaments import standings
from tournaments.models import Entry, Pass, RankingChange, Table, TableEvent, Tournament

MAX_LOGO = 2 * 1024 * 1024


class Restore:
    """One archive being restored: the new rows of the archive's ids, and the times
    (``created_at`` and the like) to put back once the rows exist."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.document = document
        self.members: dict[int, Member] = {}
        self.games: dict[int, Game] = {}
        self.changes: dict[int, int] = {}  # a hand change's id in the archive: its new id
        self.tournaments: dict[int, Tournament] = {}
        self.times: dict[type[models.Model], list[tuple[models.Model, dict[str, Any]]]] = {}
        users = get_user_model()
        self.accounts = users.objects.in_bulk(
            self._account_names(), field_name=users.USERNAME_FIELD
        )

    def _account_names(self) -> list[str]:
        members = self.document.get("members")
        names = [m.get("account") for m in members or [] if isinstance(m, dict)]
        return [name for name in names if isinstance(name, str)][:100_000]

    def account(self, data: Mapping[str, Any], where: str) -> Any:
        name = data.get("account")
        if name is not None and not isinstance(name, str):
            raise ArchiveError(f"{where}.account", "must be a user name or null")
        return self.accounts.get(name) if name else None

    def keep_times(self, instance: models.Model, values: dict[str, Any], *names: str) -> None:
        """Put back the times the database would set to now (``auto_now_add``)."""
        self.times.setdefault(type(instance), []).append(
            (instance, {name: values.pop(name) for name in names})
        )

    def run(self, slug: str | None) -> Club:
        document = self.document
        club = self.club(document.get("club"), slug)
        self.strich_table(club, document.get("strich_table"))
        self.restore_members(club, items(document.get("members"), "members", 100_000))
        self.restore_games(club, items(document.get("games"), "games", 1_000_000))
        for index, data in enumerate(items(document.get("tournaments"), "tournaments", 10_000)):
            self.tournament(club, data, f"tournaments[{index}]")
        for index, data in enumerate(items(document.get("seasons"), "seasons", 10_000)):
            self.season(club, data, f"seasons[{index}]")
        for model, kept in self.times.items():
            for instance, values in kept:
                for name, value in values.items():
                    setattr(instance, name, value)
            names = list(kept[0][1]) if kept else []
            model._default_manager.bulk_update(
                [instance for instance, _ in kept], names, batch_size=500
            )
        statistics.rebuild(Game.objects.filter(club=club))
        self.logo(club, obj(document.get("club"), "club").get("logo"))
        return club

    # -- the club, its settings and members ---------------------------------------

    def club(self, data: object, slug: str | None) -> Club:
        values = fields(Club, data, writing.CLUB_FIELDS, "club")
        if slug is not None:
            values["slug"] = fields(Club, {"slug": slug}, ("slug",), "slug")["slug"]
        if Club.objects.filter(slug=values["slug"]).exists():
            raise ArchiveError(
                "club.slug",
                f"a club with the short name {values['slug']!r} is on this site already: "
                "restore it under another one (--slug NEW)",
            )
        club = Club(**{k: v for k, v in values.items() if k != "created_at"})
        club.save()
        self.keep_times(club, values, "created_at")
        return club

    def strich_table(self, club: Club, data: object) -> None:
        if data is None:
            return
        values = fields(ClubStriche, data, writing.STRICHE_FIELDS, "strich_table")
        if values["sieg"] < 1:
            raise ArchiveError("strich_table.sieg", "a Sieg is worth 1 Strich at least")
        ClubStriche.objects.create(club=club, **values)

    def restore_members(self, club: Club, rows: list[Any]) -> None:
        names: set[str] = set()
        claims = []
        for index, data in enumerate(rows):
            where = f"members[{index}]"
            values = fields(Member, data, ("name", "role", "joined_at"), where)
            if values["name"] in names:
                raise ArchiveError(f"{where}.name", f"{values['name']!r} twice")
            names.add(values["name"])
            member_id = data.get("id")
            if not whole(member_id) or member_id in self.members:
                raise ArchiveError(f"{where}.id", "must be a whole number, once per member")
            user = self.account(data, where)
            if user is not None and any(m.user_id == user.pk for m in self.members.values()):
                user = None  # one account, one member of a club (the first keeps it)
            member = Member.objects.create(club=club, user=user, **_without(values, "joined_at"))
            self.keep_times(member, values, "joined_at")
            self.members[member_id] = member
            claims.append((member, data.get("claim"), f"{where}.claim"))
        for member, claim, where in claims:
            claimed = reference(claim, self.members, where)
            if claimed is not None and member.user_id is not None:  # a claim needs an account
                member.claim = claimed
                member.save(update_fields=["claim"])

    # -- games --------------------------------------------------------------------

    def restore_games(self, club: Club, rows: list[Any]) -> None:
        changes: list[tuple[int, HandChange]] = []
        for index, data in enumerate(rows):
            where = f"games[{index}]"
            data = obj(data, where)
            game = self.game(club, data, where)
            for number, change in enumerate(items(data.get("changes"), f"{where}.changes")):
                at = f"{where}.changes[{number}]"
                values = fields(HandChange, change, writing.CHANGE_FIELDS, at)
                kind = registry.of(game.ruleset)
                for side in ("before", "after"):
                    _hand(kind, values[side], f"{at}.{side}")
                if not whole(change.get("id")) or change["id"] in self.changes:
                    raise ArchiveError(f"{at}.id", "must be a whole number, once per change")
                self.changes[change["id"]] = 0
                made = HandChange(game=game, user=self.account(change, at), **values)
                self.keep_times(made, values, "created_at")
                changes.append((change["id"], made))
            self.differenzler(game, data, where)
        changes.sort(key=lambda pair: pair[0])  # their order on this site is the archive's
        made = HandChange.objects.bulk_create([change for _, change in changes], batch_size=500)
        for (old, _), change in zip(changes, made, strict=True):
            self.changes[old] = change.pk

    def game(self, club: Club, data: Mapping[str, Any], where: str) -> Game:
        game_id = data.get("id")
        if not whole(game_id) or game_id in self.games:
            raise ArchiveError(f"{where}.id", "must be a whole number, once per game")
        file = data.get("file")
        try:
            record = scoring_services.read_game(file)
        except RulesError as error:
            raise ArchiveError(f"{where}.file", str(error.problems[0])) from None
        game = scoring_services.store_game(record, club=club, **scoring_services.site_fields(file))
        self.games[game_id] = game
        created = fields(Game, data, ("created_at",), where)
        self.keep_times(game, created, "created_at")
        teams = sorted(game.teams.prefetch_related("players"), key=lambda team: team.index)
        chosen = items(data.get("members"), f"{where}.members", len(teams))
        if len(chosen) != len(teams):
            raise ArchiveError(f"{where}.members", f"must name the members of {len(teams)} sides")
        for side, (team, names) in enumerate(zip(teams, chosen, strict=True)):
            players = team.ordered_players()
            at = f"{where}.members[{side}]"
            if len(items(names, at)) != len(players):
                raise ArchiveError(at, f"must name {len(players)} players (or null)")
            for player, member in zip(players, names, strict=True):
                found = reference(member, self.members, at)
                if player.member_id != (found.pk if found else None):
                    Player.objects.filter(pk=player.pk).update(member=found)
        hands = list(game.hands.order_by("number"))
        times = items(data.get("hands_recorded"), f"{where}.hands_recorded")
        if len(times) != len(hands):
            raise ArchiveError(f"{where}.hands_recorded", f"must give {len(hands)} times")
        for number, (hand, time) in enumerate(zip(hands, times, strict=True)):
            at = f"{where}.hands_recorded[{number}]"
            hand.created_at = fields(Hand, {"created_at": time}, ("created_at",), at)["created_at"]
        Hand.objects.bulk_update(hands, ["created_at"], batch_size=500)
        return game

    def links(self, game: Game, data: Mapping[str, Any], where: str) -> dict[int, SeatLink]:
        """The game's spectator and seat links, each under its token unless this site
        has that token already (then a new one: the old slip no longer opens it)."""
        rows = items(data.get("spectator_links"), f"{where}.spectator_links", 1000)
        for index, row in enumerate(rows):
            at = f"{where}.spectator_links[{index}]"
            values = _token(SpectatorLink, fields(SpectatorLink, row, writing.LINK_FIELDS, at))
            link = SpectatorLink(game=game, **_without(values, "created_at"))
            link.save()
            self.keep_times(link, values, "created_at")
        seats: dict[int, SeatLink] = {}
        for index, row in enumerate(items(data.get("seat_links"), f"{where}.seat_links", 1000)):
            at = f"{where}.seat_links[{index}]"
            values = _token(SeatLink, fields(SeatLink, row, writing.SEAT_LINK_FIELDS, at))
            if not whole(row.get("id")) or row["id"] in seats or not 0 <= values["seat"] <= 3:
                raise ArchiveError(at, "a seat 0–3 and an id once per link")
            seat = SeatLink(game=game, **_without(values, "created_at"))
            seat.save()
            self.keep_times(seat, values, "created_at")
            seats[row["id"]] = seat
        return seats

    def differenzler(self, game: Game, data: Mapping[str, Any], where: str) -> None:
        """A Différenzler hand being played: its trump and the estimates sealed."""
        seats = self.links(game, data, where)
        open_hand = data.get("open_hand")
        if open_hand is not None:
            values = fields(OpenHand, open_hand, writing.OPEN_HAND_FIELDS, f"{where}.open_hand")
            OpenHand.objects.create(game=game, **values)
        seen = set()
        for index, row in enumerate(items(data.get("estimates"), f"{where}.estimates", 4000)):
            at = f"{where}.estimates[{index}]"
            values = fields(Estimate, row, writing.ESTIMATE_FIELDS, at)
            if not (0 <= values["seat"] <= 3 and values["value"] <= 157 and values["number"]):
                raise ArchiveError(at, "a seat 0–3, a hand from 1, an estimate up to 157")
            if (values["number"], values["seat"]) in seen:
                raise ArchiveError(at, "a seat's estimate of a hand twice")
            seen.add((values["number"], values["seat"]))
            link = reference(obj(row, at).get("link"), seats, f"{at}.link")
            estimate = Estimate(game=game, link=link, **values)
            self.keep_times(estimate, values, "updated_at")
            estimate.save()
        rows = items(data.get("estimate_changes"), f"{where}.estimate_changes", 100_000)
        for index, row in enumerate(rows):
            at = f"{where}.estimate_changes[{index}]"
            values = fields(EstimateChange, row, writing.ESTIMATE_CHANGE_FIELDS, at)
            change = EstimateChange(game=game, **values)
            self.keep_times(change, values, "created_at")
            change.save()

    # -- tournaments --------------------------------------------------------------

    def tournament(self, club: Club, data: object, where: str) -> None:
        values = fields(Tournament, data, writing.TOURNAMENT_FIELDS, where)
        data = obj(data, where)
        if not whole(data.get("id")) or data["id"] in self.tournaments:
            raise ArchiveError(f"{where}.id", "must be a whole number, once per tournament")
        order = values["trump_order"]
        if not isinstance(order, list) or len(order) > 100 or any(t not in SUITS for t in order):
            raise ArchiveError(f"{where}.trump_order", "must be a list of at most 100 suits")
        try:
            played_as = registry.tournament_format(values["format"])
        except LookupError:
            raise ArchiveError(f"{where}.format", "no game kind of this site plays it") from None
        known = standings.tie_break_names(played_as.tie_breaks)
        breaks = values["tie_breaks"]
        if (
            not isinstance(breaks, list)
            or any(not isinstance(name, str) or name not in known for name in breaks)
            or len(set(breaks)) != len(breaks)
        ):
            raise ArchiveError(
                f"{where}.tie_breaks", f"must be some of {', '.join(known)}, once each"
            )
        tournament = Tournament(club=club, **_without(values, "created_at"))
        tournament.save()
        self.keep_times(tournament, values, "created_at")
        self.tournaments[data["id"]] = tournament
        entries: dict[int, Entry] = {}
        for index, row in enumerate(items(data.get("entries"), f"{where}.entries", 10_000)):
            at = f"{where}.entries[{index}]"
            kept = fields(Entry, row, writing.ENTRY_FIELDS, at)
            if not whole(row.get("id")) or row["id"] in entries:
                raise ArchiveError(f"{at}.id", "must be a whole number, once per entry")
            entry = Entry(
                tournament=tournament,
                member_1=reference(row.get("member_1"), self.members, f"{at}.member_1"),
                member_2=reference(row.get("member_2"), self.members, f"{at}.member_2"),
                **_without(kept, "created_at"),
            )
            entry.save()
            self.keep_times(entry, kept, "created_at")
            entries[row["id"]] = entry
        for index, row in enumerate(items(data.get("schedule"), f"{where}.schedule", 20)):
            self.restore_pass(tournament, entries, row, f"{where}.schedule[{index}]")
        rows = items(data.get("ranking_changes"), f"{where}.ranking_changes", 10_000)
        for index, row in enumerate(rows):
            at = f"{where}.ranking_changes[{index}]"
            kept = fields(RankingChange, row, writing.RANKING_CHANGE_FIELDS, at)
            change = RankingChange(tournament=tournament, user=self.account(row, at), **kept)
            self.keep_times(change, kept, "created_at")
            change.save()

    def restore_pass(
        self, tournament: Tournament, entries: dict[int, Entry], data: object, where: str
    ) -> None:
        values = fields(Pass, data, ("number", "state"), where)
        data = obj(data, where)
        byes = [
            reference(bye, entries, f"{where}.byes", null=False).pk
            for bye in items(data.get("byes"), f"{where}.byes", 10_000)
        ]
        round = Pass.objects.create(tournament=tournament, byes=byes, **values)
        for index, row in enumerate(items(data.get("tables"), f"{where}.tables", 10_000)):
            self.table(round, entries, row, f"{where}.tables[{index}]")

    def table(self, round: Pass, entries: dict[int, Entry], data: object, where: str) -> None:
        values = fields(Table, data, writing.TABLE_FIELDS, where)
        data = obj(data, where)
        seats = items(values["seats"], f"{where}.seats", 4)
        values["seats"] = [
            reference(seat, entries, f"{where}.seats", null=False).pk for seat in seats
        ]
        codes = values["codes"]
        if (
            not isinstance(codes, list)
            or len(codes) > 4
            or not all(isinstance(c, str) and len(c) <= 20 for c in codes)
        ):
            raise ArchiveError(f"{where}.codes", "must be a list of at most 4 codes")
        signatures = values["signatures"]
        if not isinstance(signatures, dict) or len(signatures) > 4:
            raise ArchiveError(f"{where}.signatures", "must be an object of at most 4 sides")
        for side, totals in signatures.items():
            ints(totals, f"{where}.signatures.{side[:4]}", 2, 4)
        for name in ("wrong_codes", "unlocks"):
            ints(values[name], f"{where}.{name}", 0, 4)
        for name in ("paper_totals", "paper_matches"):
            ints(values[name], f"{where}.{name}", 2, 4, null=True)
        result = values["result"]
        if result is not None:
            result = dict(obj(result, f"{where}.result"))
            for name, value in result.items():  # the totals and the kind's tie-breaks
                if name != "change":
                    ints(value, f"{where}.result.{name[:20]}", 2, 4)
            change = result.get("change")
            if not whole(change) or (change and change not in self.changes):
                raise ArchiveError(f"{where}.result.change", "names no hand change of this archive")
            result["change"] = self.changes.get(change, 0)
            values["result"] = result
        game = reference(data.get("game"), self.games, f"{where}.game")
        if game is not None and Table.objects.filter(game=game).exists():
            raise ArchiveError(f"{where}.game", "a game is played at one table only")
        values = _token(Table, values)
        table = Table(round=round, game=game, **_without(values, "created_at"))
        table.save()
        self.keep_times(table, values, "created_at")
        for index, row in enumerate(items(data.get("events"), f"{where}.events", 10_000)):
            at = f"{where}.events[{index}]"
            kept = fields(TableEvent, row, writing.TABLE_EVENT_FIELDS, at)
            for side in ("before", "after"):
                ints(kept[side], f"{at}.{side}", 2, 4, null=True)
            event = TableEvent(table=table, user=self.account(row, at), **kept)
            self.keep_times(event, kept, "created_at")
            event.save()

    # -- seasons ------------------------------------------------------------------

    def season(self, club: Club, data: object, where: str) -> None:
        values = fields(Season, data, writing.SEASON_FIELDS, where)
        problems = ranking.settings_problems(
            values["points"], values["beyond"], values["best"], values["min_events"],
            values["tie_breaks"],
        )  # fmt: skip
        if problems:
            field, message, params = problems[0]
            raise ArchiveError(f"{where}.{field}", message.format(**params))
        players = values["players"]
        if (
            not isinstance(players, list)
            or len(players) > ranking.MAX_PLAYERS
            or not all(isinstance(name, str) for name in players)
        ):
            raise ArchiveError(f"{where}.players", "must be a list of names")
        season = Season(club=club, **_without(values, "created_at"))
        season.save()
        self.keep_times(season, values, "created_at")
        rows = items(obj(data, where).get("events"), f"{where}.events", ranking.MAX_EVENTS)
        for index, row in enumerate(rows):
            at = f"{where}.events[{index}]"
            kept = fields(SeasonEvent, row, writing.SEASON_EVENT_FIELDS, at)
            if kept["ranking"] is not None:
                try:
                    seasonfile._ranking(
                        items(kept["ranking"], f"{at}.ranking"), index + 1, set(players)
                    )
                except seasonfile.SeasonFileError as error:
                    raise ArchiveError(f"{at}.ranking", str(error)) from None
            elif kept["kind"] == ranking.EVENING:
                try:
                    dt.date.fromisoformat(kept["key"])
                except ValueError:
                    raise ArchiveError(f"{at}.key", "an evening's key is its date") from None
            elif kept["kind"] == ranking.TOURNAMENT:
                key = kept["key"]
                found = reference(
                    int(key) if key.isdigit() else None, self.tournaments, f"{at}.key", null=False
                )
                kept["key"] = str(found.pk)
            SeasonEvent.objects.create(season=season, **kept)

    def logo(self, club: Club, data: object) -> None:
        if data is None:
            return
        data = obj(data, "club.logo")
        name, content = data.get("name"), data.get("data")
        if not isinstance(name, str) or not isinstance(content, str) or len(content) > MAX_LOGO * 2:
            raise ArchiveError("club.logo", "must be a name and its image in base64")
        try:
            image = base64.b64decode(content, validate=True)
            forms.ImageField().clean(SimpleUploadedFile(name[:80], image))
        except (binascii.Error, ValidationError):
            raise ArchiveError("club.logo", "not an image") from None
        club.logo.save(name[:80], ContentFile(image), save=True)


def _token(model: type[models.Model], values: dict[str, Any]) -> dict[str, Any]:
    """A link's values, without its token when it is empty or taken on this site (the
    link then gets a new one)."""
    token = values.get("token")
    if not token or model._default_manager.filter(token=token).exists():
        values.pop("token", None)
    return values


def _without(values: dict[str, Any], *names: str) -> dict[str, Any]:
    return {key: value for key, value in values.items() if key not in names}


def _hand(kind: Any, record: object, where: str) -> None:
    """A hand kept in a change: null, or one its game's kind reads."""
    if record is None:
        return
    try:
        kind.read_hand(record)
    except (RulesError, KeyError, TypeError, ValueError, AttributeError):
        raise ArchiveError(where, "not a hand of this game's kind") from None
