"""The club's evenings as a season championship's events (RULES.md §15): the module
``settings.SEASON_EVENINGS`` names, giving plain data as ``seasons/evening_source.py``
says (scoring may not import seasons).

Two kinds of evening, each the club's listed games of one date (``played_on``; a
tournament's games are ranked in their tournament):

- **in Striche** (§12): its games counted in Striche, ranked as the club ranks its
  evenings (:mod:`scoring.evenings`): its teams when every player kept one partner
  all evening, else its players;
- **Différenzler** (§10): its Différenzler games, each player's evening the sum of his
  differences, lower first (:mod:`scoring.rules.differenzler_evening`).

A date is one evening: when it has games in Striche and Différenzler games both, it is
the evening in Striche (its Différenzler games are left out of the season).

An evening is **closed** (counted by a season) once none of its games is still being
played: every game finished, or the date is past (Europe/Zurich): a game left
unfinished the night before is over as it stands (§12: what was made stands). An
evening of today with a game in progress is open: shown, not counted.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club
from scoring.differenzler_evenings import DIFFERENZLER, ranking_of
from scoring.evenings import ROW_FIELDS, games_of, listed
from scoring.models import PlayerResult, club_striche
from scoring.rules.evening import Played, RankBy, ranking, season_entries, tally

STRICHE = "striche"


def _evening_rows(club_id: int) -> QuerySet[PlayerResult]:
    """The club's rows of games an evening counts: in Striche, or Différenzler."""
    rows = PlayerResult.objects.filter(club_id=club_id, played_on__isnull=False).filter(
        Q(striche_made__isnull=False) | Q(kind=DIFFERENZLER)
    )
    return listed(rows, club_id)


def _name(kind: str) -> str:
    if kind == STRICHE:
        return str(_("Schieber evening in Striche"))
    return str(_("Différenzler evening"))


def evening_names() -> dict[str, str]:
    """Each kind of evening's name in the active language."""
    return {STRICHE: _name(STRICHE), DIFFERENZLER: _name(DIFFERENZLER)}


def season_evenings(club: Club) -> list[dict[str, Any]]:
    """The club's evenings, newest first: ``{"date", "name", "kind"}`` (``kind``:
    ``striche`` or ``differenzler``). One query."""
    grouped = (
        _evening_rows(club.pk)
        .values("played_on")
        .annotate(striche=Count("pk", filter=Q(striche_made__isnull=False)))
        .order_by("-played_on")
    )
    found = []
    for row in grouped:
        kind = STRICHE if row["striche"] else DIFFERENZLER
        found.append({"date": row["played_on"], "name": _name(kind), "kind": kind})
    return found


def _closed(date: dt.date, rows: list[dict[str, Any]]) -> bool:
    return date < timezone.localdate() or all(row["finished"] for row in rows)


def _striche_ranking(rows: list[dict[str, Any]], rank_by: RankBy) -> list[dict[str, Any]]:
    games = games_of(rows)
    lines = ranking(tally([Played(game.sides, game.game) for game in games], rank_by))
    return season_entries(lines)


def _differenzler_ranking(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return season_entries(ranking_of(rows))


def season_rankings(club: Club, dates: Iterable[dt.date]) -> dict[dt.date, dict[str, Any]]:
    """The rankings of the club's evenings of ``dates`` that exist: ``{"closed",
    "entries", "url", "name"}`` each, entries with ``place``, ``players`` (the club's
    names) and ``name`` (''). Two queries whatever the number of evenings: the club's
    Strich table (how it ranks its evenings) and the evenings' rows."""
    wanted = sorted(set(dates))
    if not wanted:
        return {}
    rank_by: RankBy = club_striche(club.pk).rank_by
    rows = (
        _evening_rows(club.pk)
        .filter(played_on__in=wanted)
        .values("played_on", "kind", "differences", *ROW_FIELDS)
        .order_by("played_on", "game__created_at", "game_id", "team", "player__position")
    )
    by_date: dict[dt.date, list[dict[str, Any]]] = {}
    for row in rows:
        by_date.setdefault(row["played_on"], []).append(row)
    found = {}
    for date, day in by_date.items():
        striche = [row for row in day if row["striche_made"] is not None]
        if striche:
            kind, counted = STRICHE, striche
            entries = _striche_ranking(striche, rank_by)
        else:
            kind, counted = DIFFERENZLER, day
            entries = _differenzler_ranking(day)
        # the evening's page, for both kinds (it shows a date's Striche and Différenzler)
        url = reverse("clubs:evening", args=[club.slug, date.isoformat()])
        for entry in entries:
            entry["name"] = ""
        found[date] = {
            "closed": _closed(date, counted),
            "entries": entries,
            "url": url,
            "name": _name(kind),
        }
    return found


__all__ = ["season_evenings", "season_rankings"]
