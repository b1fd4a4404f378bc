"""Games: stored whole (a start, an import), deleted, and written as a game file."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, QuerySet

from clubs.models import Club, Member
from scoring import registry, rules, statistics
from scoring.models import Game, Player, Team
from scoring.rules import RulesError


@transaction.atomic
def store_game(
    record: Any,
    *,
    club: Club | None = None,
    suit_style: str = "french",
    first_chooser: int = 0,
    form_key: uuid.UUID | None = None,
    new_members: bool = False,
) -> Game:
    """Store a checked game record whole: the game, its two teams, four players, hands,
    and the statistics' rows.

    A player whose name is a member's of the club (in any letter case) is linked to
    that member; the others are guests or, with ``new_members`` (a club bringing its
    history in), new members without an account."""
    game = Game.objects.create(
        club=club,
        name=record.name,
        played_on=record.played_on,
        ruleset=record.ruleset.to_dict(),
        suit_style=suit_style,
        first_chooser=first_chooser,
        form_key=form_key,
    )
    members = {m.name.casefold(): m for m in club.members.all()} if club else {}
    players = registry.of(game.ruleset).asks("store")(
        game, record, members, new_members=new_members
    )
    statistics.create_rows(game, players, record)
    return game


def store_sides(
    game: Game,
    sides: Iterable[tuple[str, Sequence[str]]],
    members: dict[str, Member],
    *,
    new_members: bool,
) -> list[Player]:
    """``game``'s sides (each its name and its players' names, in order) as its teams
    (``Team.index`` in the same order) and their players; a player is the club's member
    of the same name (``members``, by folded name) or, with ``new_members``, a new
    member of the club without an account. For a kind's ``GameKind.store``."""
    club = game.club
    players: list[Player] = []
    for index, (name, names) in enumerate(sides):
        team = Team.objects.create(game=game, index=index, name=name)
        for player in names:
            if club and new_members and player.casefold() not in members:
                members[player.casefold()] = Member.objects.create(club=club, name=player)
        players += Player.objects.bulk_create(
            Player(team=team, position=position, name=player, member=members.get(player.casefold()))
            for position, player in enumerate(names)
        )
    return players


@transaction.atomic
def delete_games(games: QuerySet[Game]) -> None:
    """Delete ``games`` with their hands and statistics' rows (the club's monthly totals
    of their months are made again)."""
    ids = list(games.values_list("pk", flat=True))
    chosen = Game.objects.filter(pk__in=ids).order_by("pk")
    # the games' rows held first, then their clubs' (the order of a hand's change)
    for game in chosen.select_for_update().only("pk", "club_id", "played_on"):
        statistics.games_deleted(game)
    chosen.delete()


def start_game(
    *,
    club: Club | None = None,
    name: str,
    ruleset: rules.Ruleset,
    teams: Sequence[rules.Team],
    first_chooser: int,
    suit_style: str,
    played_on: dt.date | None = None,
    form_key: uuid.UUID | None = None,
) -> Game:
    """A new game of ``ruleset``'s kind with no hand yet, ``teams`` its sides. The same
    start form sent again (a double tap, the back button) gives the game it started the
    first time."""
    kind = registry.of(ruleset.to_dict())
    if not isinstance(kind, registry.StartsBlank):
        raise registry.NotOffered(f"{kind.name} games do not start from named sides")
    record = kind.blank_record(name, played_on, ruleset, tuple(teams))
    return start_once(
        record, club=club, suit_style=suit_style, first_chooser=first_chooser, form_key=form_key
    )


def start_once(
    record: Any,
    *,
    club: Club | None,
    suit_style: str,
    first_chooser: int = 0,
    form_key: uuid.UUID | None,
) -> Game:
    """Store a game just started (no hand yet), once per start form: a form sent again
    gives the game it started the first time, even when both arrive at once."""
    if form_key is not None:
        started = Game.objects.filter(club=club, form_key=form_key).first()
        if started:
            return started
    try:
        return store_game(
            record,
            club=club,
            suit_style=suit_style,
            first_chooser=first_chooser,
            form_key=form_key,
        )
    except IntegrityError:
        started = Game.objects.filter(club=club, form_key=form_key).first()
        if started is None:
            raise
        return started


SITE_KEY = "x-jassclub"  # what this site adds to the game file: suit names, who held the 7


def import_game(data: object, club: Club | None = None) -> Game:
    """Check a ``jass-game/1`` document with the rules engine and store it whole,
    in ``club`` (without a club, only superusers see it). Its players are the club's
    members of the same name; a name the club does not know becomes a new member
    without an account (a club bringing its history in).

    Raises :class:`RulesError` and stores nothing when any rule is broken.
    """
    record = read_game(data)
    return store_game(record, club=club, new_members=True, **site_fields(data))


def read_game(data: object) -> Any:
    """A ``jass-game/1`` document read and checked by the reader of its ruleset's kind
    (``GameKind.read_game``; the first kind's for a ruleset no kind claims, which then
    says what is wrong with it)."""
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    kind = registry.of(ruleset if isinstance(ruleset, dict) else {})
    return kind.read_game(data)


def site_fields(data: object) -> dict[str, Any]:
    """This site's own ``x-jassclub`` fields of a game file, where they make sense."""
    extra = data.get(SITE_KEY) if isinstance(data, dict) else None
    if not isinstance(extra, dict):
        return {}
    fields: dict[str, Any] = {}
    if extra.get("suit_style") in ("french", "german"):
        fields["suit_style"] = extra["suit_style"]
    if extra.get("first_chooser") in (0, 1, 2, 3) and not isinstance(extra["first_chooser"], bool):
        fields["first_chooser"] = extra["first_chooser"]
    return fields


def import_games(documents: list[object], club: Club | None = None) -> list[Game]:
    """Store several documents all or none (a backup made by ``export_game --all``).

    A refused document raises :class:`GameInFileError` telling which one.
    """
    with transaction.atomic():
        games = []
        for position, data in enumerate(documents, start=1):
            try:
                record = read_game(data)
            except RulesError as error:
                raise GameInFileError(position, error) from error
            games.append(store_game(record, club=club, new_members=True, **site_fields(data)))
        return games


# -- a game imported twice ----------------------------------------------------------

MOST_CANDIDATES = 500  # games of one club, name, day and number of hands compared


def fingerprint(document: object) -> str:
    """The SHA-256 of a game file's canonical JSON (keys sorted, no spaces, UTF-8):
    two files of the same game, whatever their layout, have the same."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _as_exported(record: Any, data: object) -> dict[str, Any]:
    """What :func:`export_game` would write of ``record`` stored from ``data``."""
    site = {"suit_style": "french", "first_chooser": 0, **site_fields(data)}
    return {**record.to_dict(), SITE_KEY: site}


def stored_copy(record: Any, data: object, club: Club | None, seen: dict[str, Game]) -> Game | None:
    """A game of ``club`` with the same content as ``record`` read from ``data`` (the
    same game file once exported), or the game of ``seen`` (fingerprint: game, the
    files of this import stored so far) with it; else ``None``. The club's games are
    compared by the fingerprint of their export, among those of the same name, day
    and number of hands only: no fingerprint is kept, so recording a hand writes
    nothing more."""
    wanted = fingerprint(_as_exported(record, data))
    if wanted in seen:
        return seen[wanted]
    candidates = (
        Game.objects.filter(club=club, name=record.name, played_on=record.played_on)
        .annotate(hand_count=Count("hands"))
        .filter(hand_count=len(record.hands))
        .order_by("pk")
    )
    ids = list(candidates.values_list("pk", flat=True)[:MOST_CANDIDATES])
    for game in Game.objects.filter(pk__in=ids).with_everything().order_by("pk"):
        if fingerprint(export_game(game)) == wanted:
            return game
    return None


class DuplicateGame(Exception):
    """Game file ``position`` (from 1) is a game already stored: ``game``."""

    def __init__(self, position: int, game: Game) -> None:
        self.position = position
        self.game = game
        super().__init__(f"game {position}: already stored as game {game.pk}")


def import_new_games(
    documents: Sequence[object], club: Club | None = None, *, skip_duplicates: bool = False
) -> list[tuple[Game, bool]]:
    """Store game files all or none, as :func:`import_games`, each unless it is a game
    already stored in ``club`` (or an earlier file of the same import): then
    :class:`DuplicateGame` names it and nothing is stored, or, with
    ``skip_duplicates``, the file is skipped. Returns each file's game and whether it
    was stored now (``False``: skipped, the game stored before)."""
    with transaction.atomic():
        done: list[tuple[Game, bool]] = []
        seen: dict[str, Game] = {}
        for position, data in enumerate(documents, start=1):
            try:
                record = read_game(data)
            except RulesError as error:
                raise GameInFileError(position, error) from error
            copy = stored_copy(record, data, club, seen)
            if copy is not None:
                if not skip_duplicates:
                    raise DuplicateGame(position, copy)
                done.append((copy, False))
                continue
            game = store_game(record, club=club, new_members=True, **site_fields(data))
            seen[fingerprint(_as_exported(record, data))] = game
            done.append((game, True))
        return done


class GameInFileError(Exception):
    def __init__(self, position: int, error: RulesError) -> None:
        self.position = position
        self.error = error
        super().__init__(f"game {position}: {error}")


def export_game(game: Game) -> dict[str, Any]:
    """The ``jass-game/1`` document of a stored game, with its computed ``result``
    and, under ``x-jassclub``, the suit names and the seat that held the 7 of diamonds."""
    document = registry.of(game.ruleset).record(game).to_dict()
    document[SITE_KEY] = {"suit_style": game.suit_style, "first_chooser": game.first_chooser}
    return document
