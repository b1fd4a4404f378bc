"""A club's Différenzler evening (RULES.md §10, §15): the club's Différenzler games of
one date (``Game.played_on``; a tournament's games are ranked in their tournament) and
each player's evening, the sum of his differences over the games he played, lower
first (:mod:`scoring.rules.differenzler_evening`). Read from the statistics' rows
(``PlayerResult.differences``, written with every hand) in one query. Its page is the
evening's (``clubs:evening``, beside the evening in Striche of the same date)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from clubs.models import Club
from scoring.evenings import listed, person_of
from scoring.models import PlayerResult
from scoring.rules.differenzler_evening import DiffLine, Seat, diff_ranking

# the kind's name as its rows keep it (``PlayerResult.kind``: the registry's name, the
# kind's ``storage.NAME``): named, not imported, since the club's pages (the evening's)
# may not import a kind (the import-linter contract); a test keeps the two the same
DIFFERENZLER = "differenzler"


@dataclass(frozen=True)
class DiffGame:
    """One Différenzler game of the evening: its name, its players with their total
    difference (in seat order), and whether it is over."""

    game: int
    name: str
    players: tuple[tuple[str, int], ...]
    finished: bool


@dataclass(frozen=True)
class DifferenzlerEvening:
    """The club's Différenzler games of one date and their ranking; ``version``: a
    fingerprint of what the page shows, for the live poll."""

    date: dt.date
    games: tuple[DiffGame, ...]
    lines: tuple[DiffLine, ...]
    version: str


def rows_of(club_id: int, dates: list[dt.date]) -> list[dict[str, Any]]:
    """The rows of the club's listed Différenzler games of ``dates``, each game's in seat
    order: one query."""
    rows = PlayerResult.objects.filter(club_id=club_id, kind=DIFFERENZLER, played_on__in=dates)
    return list(
        listed(rows, club_id)
        .values(
            "played_on",
            "game_id",
            "game__name",
            "member_id",
            "member__name",
            "player__name",
            "player__position",
            "differences",
            "finished",
        )
        # seat order: a Différenzler game keeps its seats as two pairs across the table
        .order_by("game__created_at", "game_id", "player__position", "team")
    )


def ranking_of(rows: list[dict[str, Any]]) -> tuple[DiffLine, ...]:
    """The evening's players of ``rows``, lowest sum of differences first (1, 2, 2, 4)."""
    return diff_ranking(Seat(person_of(row), row["differences"], row["game_id"]) for row in rows)


def differenzler_evening(club: Club | int, date: dt.date) -> DifferenzlerEvening:
    """The club's Différenzler evening of ``date``: its games and ranking (both empty
    when the date has none). One query."""
    club_id = club if isinstance(club, int) else club.pk
    rows = rows_of(club_id, [date])
    players: dict[int, list[tuple[str, int]]] = {}
    names: dict[int, str] = {}
    finished: dict[int, bool] = {}
    for row in rows:
        game = row["game_id"]
        players.setdefault(game, []).append((person_of(row).name, row["differences"]))
        names[game] = row["game__name"]
        finished[game] = finished.get(game, True) and row["finished"]
    games = tuple(
        DiffGame(game, names[game], tuple(seats), finished[game]) for game, seats in players.items()
    )
    text = json.dumps(rows, sort_keys=True, default=str)
    version = hashlib.sha256(text.encode()).hexdigest()[:16]
    return DifferenzlerEvening(date, games, ranking_of(rows), version)


__all__ = ["DiffGame", "DifferenzlerEvening", "differenzler_evening", "ranking_of", "rows_of"]
