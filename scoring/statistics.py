"""The club's statistics: what each game came to for each player, stored as its hands
change, and summed in the database for a season.

The hands stay the one source of truth. Every service that changes them (start, import,
record, correct, undo, a director's correction) has the game's ``PlayerResult`` rows
written in its own transaction, by the game's kind (``GameKind.result_rows``,
``hands_changed``: each kind counts its own figures, the team game's with
``scoring.kinds.team.rules.stats.game_figures``); :func:`rebuild` makes them again from
the hands (``manage.py rebuild_statistics``). What is summed here, each kind's lines
(``GameKind.lines``), reads the stored rows.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.db.models import (
    Count,
    Exists,
    OuterRef,
    Q,
    QuerySet,
    Sum,
)

from clubs.models import Club, Member
from scoring import extras, registry, totals
from scoring.models import DayTotal, Game, MonthTotal, Player, PlayerResult
from scoring.rules.lines import TeamFigures

FIGURES = tuple(field.name for field in dataclasses.fields(TeamFigures))

# -- writing ------------------------------------------------------------------------------


def row(game: Game, player: Player, kind: str, figures: Mapping[str, Any]) -> PlayerResult:
    """A player's unsaved row of ``game`` (a game of ``kind``) with what the game came
    to for the player (``figures``: the row's columns, as the kind counts them, with
    its own figures under ``figures``: ``scoring.rules.figures.row_figures``), the
    club, date and member copied from the game and player."""
    return PlayerResult(
        player=player,
        game=game,
        club_id=game.club_id,
        played_on=game.played_on,
        member_id=player.member_id,
        team=player.team.index,
        kind=kind,
        **figures,
    )


def create_rows(game: Game, players: list[Player], record: Any = None) -> None:
    """The rows of a game just stored, one per player, as its kind makes them
    (``GameKind.result_rows``; ``record``: the checked record it was stored from)."""
    totals.changed(game)
    rows = registry.of(game.ruleset).asks("result_rows")(game, players, record)
    PlayerResult.objects.bulk_create(rows)


def rebuilt_rows(game: Game) -> list[PlayerResult]:
    """A game's rows as its hands make them (teams, players and hands prefetched)."""
    players = [player for team in game.teams.all() for player in team.players.all()]
    return registry.of(game.ruleset).asks("result_rows")(game, players, None)


def stored_figures(rows: Iterable[PlayerResult]) -> dict[int, tuple[Any, ...]]:
    """Rows as comparable values, by player."""
    names = (
        "game_id",
        "club_id",
        "played_on",
        "member_id",
        "team",
        *FIGURES,
        "kind",
        "differences",
        "exact",
        "striche_made",
        "striche_received",
        "figures",  # the kind's own (``KindLines.figures``)
    )
    return {row.player_id: tuple(getattr(row, name) for name in names) for row in rows}


def differing(games: QuerySet[Game], batch: int = 500) -> list[int]:
    """The ids of the games whose stored rows are not what their hands make."""
    ids = list(games.order_by("pk").values_list("pk", flat=True))
    differ = []
    for start in range(0, len(ids), batch):
        chunk = ids[start : start + batch]
        stored: dict[int, list[PlayerResult]] = {game_id: [] for game_id in chunk}
        for row in PlayerResult.objects.filter(game_id__in=chunk):
            stored[row.game_id].append(row)
        for game in Game.objects.filter(pk__in=chunk).with_everything():
            if stored_figures(stored[game.pk]) != stored_figures(rebuilt_rows(game)):
                differ.append(game.pk)
    return differ


def rebuild(games: QuerySet[Game], batch: int = 500) -> int:
    """Make the rows of ``games`` again from their hands; the number of games."""
    count = 0
    ids = list(games.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), batch):
        chunk = Game.objects.filter(pk__in=ids[start : start + batch]).with_everything()
        with transaction.atomic():
            totals.dropped({game.club_id for game in chunk if game.club_id is not None})
            PlayerResult.objects.filter(game_id__in=ids[start : start + batch]).delete()
            rows = [row for game in chunk for row in rebuilt_rows(game)]
            PlayerResult.objects.bulk_create(rows, batch_size=1000)
        count += len(ids[start : start + batch])
    return count


def games_deleted(game: Game) -> None:
    """``game`` is about to be deleted, its rows with it."""
    totals.changed(game)


def differing_totals() -> list[tuple[Club, dt.date]]:
    """The clubs' months whose stored totals (``scoring.totals``) are not what their
    rows add up to."""
    found = []
    for club in Club.objects.filter(pk__in=MonthTotal.objects.values("club_id")).order_by("pk"):
        listed = season_results(club, None, None)
        found += [(club, month) for month in totals.differing_months(club.pk, listed)]
    return found


def differing_day_totals() -> list[tuple[Club, dt.date]]:
    """The clubs' days whose stored totals (``scoring.totals``) are not what their rows
    add up to."""
    found = []
    for club in Club.objects.filter(pk__in=DayTotal.objects.values("club_id")).order_by("pk"):
        listed = season_results(club, None, None)
        found += [(club, day) for day in totals.differing_days(club.pk, listed)]
    return found


def sum_totals() -> int:
    """Sum every club's closed months and days not summed yet (``scoring.totals``), as
    its page's first reading would; the number of clubs."""
    clubs = list(Club.objects.filter(pk__in=PlayerResult.objects.values("club_id")).order_by("pk"))
    for club in clubs:
        listed = season_results(club, None, None)
        totals.summed_days(club.pk, listed, totals.summed_before(club.pk, listed))
    return len(clubs)


# -- reading ------------------------------------------------------------------------------


def season_games(club: Club, start: dt.date | None, end: dt.date | None) -> QuerySet[Game]:
    """The club's games of a season. A tournament's games are not among them: they
    are a fixed number of hands with no winner (RULES.md §9), ranked in their
    tournament's standings."""
    games = club.games.exclude(extras.unlisted())
    if start:
        games = games.filter(played_on__gte=start)
    if end:
        games = games.filter(played_on__lte=end)
    return games


def season_results(
    club: Club, start: dt.date | None, end: dt.date | None
) -> QuerySet[PlayerResult]:
    """The stored rows of the club's members in the games of a season."""
    unlisted = Game.objects.filter(extras.unlisted(), club=club)
    results = PlayerResult.objects.filter(club=club, member__isnull=False)
    if connection.vendor == "sqlite":
        # NOT IN a list made once: SQLite runs NOT EXISTS as a subquery for each row
        # (10x the time of the sums themselves at 20,000 games)
        results = results.exclude(game__in=unlisted.values("pk"))
    else:  # NOT EXISTS, an anti-join: on PostgreSQL half the time of NOT IN
        results = results.exclude(Exists(unlisted.filter(pk=OuterRef("game_id"))))
    if start:
        results = results.filter(played_on__gte=start)
    if end:
        results = results.filter(played_on__lte=end)
    return results


COUNTED = {  # a line's figure: a count of the games where it holds, or a sum
    "finished": "finished",
    "wins": "won",
    "rubicons_given": "rubicon_given",
    "rubicons_suffered": "rubicon_suffered",
}
SUMMED = ("hands", "points", "matches_made", "matches_suffered", "weis", "stoeck")
LEADERBOARD = ("finished", "wins", "hands", "points")  # what the club's page shows


def _sums(figures: Iterable[str]) -> dict[str, Any]:
    # rows counted by their game (never null): a column of the index ``result_sums``,
    # which the pk is not on SQLite, so that the club's sums read that index alone
    sums: dict[str, Any] = {"games": Count("game")}
    for name in figures:
        if name in COUNTED:
            sums[name] = Count("game", filter=Q(**{COUNTED[name]: True}))
        else:
            sums[name] = Sum(name)
    return sums


class Lines(NamedTuple):
    """Each member's line of each kind they played, by the kind's name, then by member
    id (``GameKind.lines``: a kind no longer offered, or without lines, has none)."""

    kinds: dict[str, dict[int, Any]]

    def add(self, kind: str, member: int, sums: dict[str, Any]) -> None:
        """A member's sums of the rows of a kind, made its line."""
        found = next((k for k in registry.registered() if k.name == kind), None)
        if found is not None and found.lines is not None:
            self.kinds.setdefault(kind, {})[member] = found.lines.line(sums)


def both_lines(results: QuerySet[PlayerResult], figures: Iterable[str]) -> Lines:
    """Each member's line of each kind (made by its ``GameKind.lines`` from the sums of
    ``figures``, the totals' sums and the kinds' own figures) over ``results``, in one
    query (grouped by member and kind of game). A figure several kinds' lines have
    (games, wins, hands…) is the same sum: it is summed once."""
    figures = tuple(figures)
    # every aggregate under a name no field has ("hands" is both a field and a figure)
    summed = {**totals.all_sums(), **_sums(figures)}
    sums = {f"sum_{name}": agg for name, agg in summed.items()}
    found = Lines({})
    for row in results.values("member", "kind").annotate(**sums).order_by():
        values = {name: row[f"sum_{name}"] or 0 for name in summed}
        found.add(row["kind"], row["member"], values)
    return found


def club_lines(club: Club, start: dt.date | None, end: dt.date | None) -> Lines:
    """The club leaderboards' lines over a season: each member's line of each kind
    (``GameKind.lines``, from the ``LEADERBOARD`` figures and the totals' sums), the
    season's whole closed months read from their totals (``scoring.totals``); a few
    queries at any size."""
    sums = totals.season_sums(
        club.pk, start, end, season_results(club, start, end), season_results(club, None, None)
    )
    found = Lines({})
    for (member, kind), summed in sums.items():
        found.add(kind, member, {name: summed[name] for name in totals.all_sums()})
    return found


def member_lines(results: QuerySet[PlayerResult], member: Member) -> dict[str, Any]:
    """One member's line of each kind they played over ``results``, by the kind's name,
    each with what a player's page shows besides the sums (``KindLines.member_line``:
    the team game's partners): one query, and one more per such kind played."""
    summed = both_lines(results.filter(member=member), (*COUNTED, *SUMMED))
    found = {kind: lines[member.pk] for kind, lines in summed.kinds.items()}
    for kind in registry.registered():
        if kind.name in found and kind.lines is not None and kind.lines.member_line:
            rows = results.filter(member=member, kind=kind.name)
            found[kind.name] = kind.lines.member_line(rows, found[kind.name])
    return found


def recent_games(results: QuerySet[PlayerResult], member: Member, count: int) -> QuerySet[Game]:
    """The member's last ``count`` games among ``results``, latest first (found through
    the member's stored results, with everything their pages show)."""
    ids = list(
        results.filter(member=member)
        .order_by("-played_on", "-game_id")
        .values_list("game_id", flat=True)[:count]
    )
    return Game.objects.filter(pk__in=ids).with_everything()
