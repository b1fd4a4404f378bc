"""A club's Schieber evening in Striche (RULES.md §12, "The evening"): the club's games of
one night, those counted in Striche, and their tally per team and per player, read from
the statistics' rows (``PlayerResult.striche_made``, ``striche_received``: each row has
its team's Striche in that game, written with every hand).

An evening is the club's games of one date (``Game.played_on``, the day the game was
started, in Europe/Zurich): no row of its own, so a game belongs to the evening of its
date from its start, and moving a game's date moves it. A tournament's games are not
an evening's (they are ranked in their tournament). The tally itself is plain Python,
:mod:`scoring.rules.evening`.

For a season championship (§15): :func:`evening_ranking` gives an evening's result,
its entries with their places (1, 2, 2, 4).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, Exists, OuterRef, QuerySet, Sum
from django.utils import timezone

from clubs.models import Club, Member
from scoring import extras
from scoring.models import Game, PlayerResult, club_striche
from scoring.rules.evening import Line, Person, Played, RankBy, Side, Tally, ranking, tally

RECENT_EVENINGS = 5  # listed on the club's page and a player's page


def listed(results: QuerySet[PlayerResult], club_id: int) -> QuerySet[PlayerResult]:
    """``results`` without a tournament's games (``extras.unlisted``)."""
    unlisted = Game.objects.filter(extras.unlisted(), club_id=club_id)
    if connection.vendor == "sqlite":
        return results.exclude(game__in=unlisted.values("pk"))
    return results.exclude(Exists(unlisted.filter(pk=OuterRef("game_id"))))


def with_striche(club_id: int) -> QuerySet[PlayerResult]:
    """The club's rows of games counted in Striche, tournaments' games left out."""
    rows = PlayerResult.objects.filter(club_id=club_id, striche_made__isnull=False)
    return listed(rows, club_id)


@dataclass(frozen=True)
class GameStriche:
    """One game of the evening: its name, its two teams' players and Striche made, and
    whether it is over."""

    game: int
    name: str
    sides: tuple[Side, Side]
    finished: bool


@dataclass(frozen=True)
class Evening:
    """A club's evening of one date: its games with Striche (in the order they were
    started) and their tally; ``version``: a fingerprint of what its page shows, for
    the live poll."""

    club_id: int
    date: dt.date
    games: tuple[GameStriche, ...]
    tally: Tally
    version: str

    @property
    def ranking(self) -> tuple[Line, ...]:
        return ranking(self.tally)


def person_of(row: dict[str, Any]) -> Person:
    if row["member_id"] is not None:
        return Person(row["member__name"] or row["player__name"], row["member_id"])
    return Person(row["player__name"])


# what an evening's tally reads of each statistics row (the season's evenings too)
ROW_FIELDS = (
    "game_id",
    "game__name",
    "team",
    "member_id",
    "member__name",
    "player__name",
    "player__position",
    "striche_made",
    "striche_received",
    "finished",
)


def _rows(club_id: int, date: dt.date) -> list[dict[str, Any]]:
    return list(
        with_striche(club_id)
        .filter(played_on=date)
        .values(*ROW_FIELDS)
        .order_by("game__created_at", "game_id", "team", "player__position")
    )


def games_of(rows: list[dict[str, Any]]) -> tuple[GameStriche, ...]:
    sides: dict[int, dict[int, list[dict[str, Any]]]] = {}
    names: dict[int, str] = {}
    for row in rows:
        sides.setdefault(row["game_id"], {}).setdefault(row["team"], []).append(row)
        names[row["game_id"]] = row["game__name"]
    found = []
    for game, teams in sides.items():
        if sorted(teams) != [0, 1]:
            continue  # not two teams: not a Schieber game (never written with Striche)
        two = tuple(
            Side(tuple(person_of(row) for row in teams[index]), teams[index][0]["striche_made"])
            for index in (0, 1)
        )
        finished = all(row["finished"] for team in teams.values() for row in team)
        found.append(GameStriche(game, names[game], (two[0], two[1]), finished))
    return tuple(found)


def _version(rows: list[dict[str, Any]], rank_by: str) -> str:
    text = json.dumps([rank_by, rows], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def evening(club: Club | int, date: dt.date, rank_by: RankBy | None = None) -> Evening:
    """The club's evening of ``date`` (``club``: the club or its id): its games counted
    in Striche and their tally, ranked as the club ranks its evenings (``rank_by``: as
    given). Two queries (one when ``rank_by`` is given): the club's Strich table and the
    evening's rows."""
    club_id = club if isinstance(club, int) else club.pk
    order: RankBy = rank_by or club_striche(club_id).rank_by  # type: ignore[assignment]
    rows = _rows(club_id, date)
    games = games_of(rows)
    played = [Played(game.sides, game.game) for game in games]
    return Evening(club_id, date, games, tally(played, order), _version(rows, order))


def evening_ranking(club: Club | int, date: dt.date) -> tuple[Line, ...]:
    """The result of the club's evening of ``date`` as one event of a season (RULES.md
    §15): its entries best first, each a :class:`~scoring.rules.evening.Line` with
    ``place`` (1, 2, 2, 4), ``players`` (one or two ``Person``: ``name`` and ``member``,
    the member's id or None for a guest), ``games``, ``made``, ``received`` and
    ``difference``. Its teams when every player kept one partner all evening (a team is
    one entry), else its players; ranked as the club ranks its evenings (by the
    difference, or by the Striche made). Empty when the date has no game with Striche."""
    return evening(club, date).ranking


@dataclass(frozen=True)
class Snapshot:
    """The evening's tally of one game's players, as the table screen keeps it (also
    offline): their lines (best first, with their places among all the evening's
    players), how many players the evening had, and when it was read."""

    date: dt.date
    lines: tuple[Line, ...]
    players: int
    games: int
    rank_by: RankBy
    read_at: dt.datetime
    sides: tuple[int, ...] = ()  # each line's team in this game (0 or 1), for the phone

    @property
    def rows(self) -> list[tuple[Line, int]]:
        """Each line with its player's team in this game (what the phone adds its
        waiting hands' Striche to, offline)."""
        return list(zip(self.lines, self.sides, strict=True))


def is_counted(game: Game) -> bool:
    """Whether ``game`` belongs to an evening in Striche: a club's game with a date whose
    ruleset names a Strich table (no query)."""
    return bool(game.club_id and game.played_on and (game.ruleset or {}).get("striche"))


def _cached_rank_by(game: Game) -> RankBy | None:
    """How the game's club ranks its evenings when the game was read with its club and
    the club's Strich table (``select_related("club__strich_table")``), else None."""
    if not Game.club.is_cached(game) or game.club is None:
        return None
    if not Club.strich_table.is_cached(game.club):  # type: ignore[attr-defined]
        return None
    table = getattr(game.club, "strich_table", None)  # None: the club has no row
    return table.rank_by if table is not None else club_striche(None).rank_by  # type: ignore[no-any-return]


def game_snapshot(game: Game) -> Snapshot | None:
    """The tally of the evening of ``game`` for its own players (teams and players
    prefetched), or None for a game not counted in Striche: two queries, one when the
    game was read with its club's Strich table (as a recorded hand's answer reads it)."""
    if not is_counted(game):
        return None
    assert game.club_id is not None
    assert game.played_on is not None
    found = evening(game.club_id, game.played_on, _cached_rank_by(game))
    sides = {
        Person(player.name, player.member_id).key: team.index
        for team in game.teams.all()
        for player in team.players.all()
    }
    lines = tuple(line for line in found.tally.players if line.players[0].key in sides)
    return Snapshot(
        found.date,
        lines,
        len(found.tally.players),
        found.tally.games,
        found.tally.rank_by,
        timezone.now(),
        tuple(sides[line.players[0].key] for line in lines),
    )


@dataclass(frozen=True)
class EveningSummary:
    """An evening as the lists show it: its date and how many games with Striche."""

    date: dt.date
    games: int


def recent_evenings(
    club: Club, start: dt.date | None, end: dt.date | None, count: int = RECENT_EVENINGS
) -> list[EveningSummary]:
    """The club's latest ``count`` evenings with Striche in a season: one query."""
    rows = with_striche(club.pk).filter(played_on__isnull=False)
    if start:
        rows = rows.filter(played_on__gte=start)
    if end:
        rows = rows.filter(played_on__lte=end)
    grouped = (
        rows.values("played_on")
        .annotate(games=Count("game", distinct=True))
        .order_by("-played_on")[:count]
    )
    return [EveningSummary(row["played_on"], row["games"]) for row in grouped]


@dataclass(frozen=True)
class MemberEvening:
    """A player's part of one evening: games with Striche, made, received."""

    date: dt.date
    games: int
    made: int
    received: int

    @property
    def difference(self) -> int:
        return self.made - self.received


def member_evenings(
    results: QuerySet[PlayerResult], member: Member, count: int = RECENT_EVENINGS
) -> list[MemberEvening]:
    """The member's latest ``count`` evenings among ``results`` (a season's rows), each
    with their Striche made and received: one query."""
    grouped = (
        results.filter(member=member, striche_made__isnull=False, played_on__isnull=False)
        .values("played_on")
        .annotate(
            games=Count("game"),
            made=Sum("striche_made"),
            received=Sum("striche_received"),
        )
        .order_by("-played_on")[:count]
    )
    return [
        MemberEvening(row["played_on"], row["games"], row["made"] or 0, row["received"] or 0)
        for row in grouped
    ]


__all__ = [
    "Evening",
    "EveningSummary",
    "GameStriche",
    "MemberEvening",
    "Snapshot",
    "evening",
    "evening_ranking",
    "game_snapshot",
    "is_counted",
    "member_evenings",
    "recent_evenings",
    "with_striche",
]
