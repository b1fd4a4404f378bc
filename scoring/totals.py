"""The club's leaderboard summed a month at a time, so that its cost does not grow with
the club's history (issue 24: the club's page at 20,000 games within twice its time
at 200).

A month is summed into ``MonthTotal`` rows (per member and kind of game) once it has
closed, the first time a page needs it; the season's sums are then those rows for the
whole months it spans, plus the ``PlayerResult`` rows of the rest: the current month,
the part-months at either end of the season and the games with no date.

The totals are a cache of the rows, never a source: a game of a closed month whose
rows change (a correction, an imported old game, a deletion) drops the totals from its
month on (:func:`changed`, in the writer's transaction), and they are made again when
next read; ``manage.py rebuild_statistics`` drops them all, and its ``--check``
compares them with the rows (:func:`differing_months`).

Both the build and the drop hold the club's row (``SELECT … FOR UPDATE``), so that a
build never keeps a month that a writer has just changed.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from typing import Any

from django.db import transaction
from django.db.models import BigIntegerField, Count, Max, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, TruncMonth
from django.utils import timezone

from clubs.models import Club
from scoring import registry
from scoring.models import Game, MonthTotal, PlayerResult
from scoring.rules.figures import declared_once

# what a month's rows add up to, per member and kind of game: every figure of the
# club's leaderboard, team game and Différenzler (``statistics.LEADERBOARD``), and the
# Striche of the team game's evenings
SUMS: dict[str, Any] = {
    "games": Count("game"),
    "finished": Count("game", filter=Q(finished=True)),
    "wins": Count("game", filter=Q(won=True)),
    "hands": Sum("hands"),
    "points": Sum("points"),
    "differences": Sum("differences"),
    "exact": Sum("exact"),
    # the games counted in Striche (RULES.md §12) and their Striche: the season's difference
    "striche_games": Count("game", filter=Q(striche_made__isnull=False)),
    "striche_made": Sum("striche_made"),
    "striche_received": Sum("striche_received"),
}


def own_figures() -> tuple[str, ...]:
    """The names of the kinds' own figures (``KindLines.figures``), kept in the rows'
    and the totals' ``figures``: a row holds a count as 1 or 0, so that each is summed."""
    kinds = registry.registered()
    return tuple(declared_once(kind.lines.figures for kind in kinds if kind.lines))


def own_sums() -> dict[str, Any]:
    """What the rows (or months' totals) of a member and kind add up to of the kinds' own
    figures (0 or null where the kind keeps none: the rows of another kind)."""
    return {name: Sum(Cast(KT(f"figures__{name}"), BigIntegerField())) for name in own_figures()}


def all_sums() -> dict[str, Any]:
    """The core's ``SUMS`` and the kinds' own."""
    return {**SUMS, **own_sums()}


Key = tuple[int, str]  # a member and the kind of game (``GameKind.name``)
Sums = dict[Key, Counter[str]]


def today() -> dt.date:
    return timezone.localdate()


def month_of(day: dt.date) -> dt.date:
    return day.replace(day=1)


def next_month(day: dt.date) -> dt.date:
    """The first day of the month after ``day``'s (the last day there is for the
    last month there is)."""
    if (day.year, day.month) == (dt.date.max.year, 12):
        return dt.date.max
    return (month_of(day) + dt.timedelta(days=32)).replace(day=1)


def _hold(club_id: int) -> None:
    """Hold the club's row until the transaction ends (PostgreSQL; SQLite's
    transactions already take the database's write lock first)."""
    list(Club.objects.select_for_update().filter(pk=club_id).values_list("pk"))


def changed(game: Game) -> None:
    """``game``'s rows change (in the caller's transaction): a game of a closed month
    drops the totals from its month on. A game of this month costs nothing."""
    if game.club_id is None or game.played_on is None or game.played_on >= month_of(today()):
        return
    _hold(game.club_id)
    MonthTotal.objects.filter(club_id=game.club_id, month__gte=month_of(game.played_on)).delete()


def dropped(club_ids: set[int]) -> None:
    """Drop every total of these clubs (their rows are made again)."""
    for club_id in sorted(club_ids):  # held in one order: two rebuilds never wait on each other
        _hold(club_id)
    MonthTotal.objects.filter(club_id__in=club_ids).delete()


def _last_month(club_id: int) -> dt.date | None:
    return MonthTotal.objects.filter(club_id=club_id).aggregate(last=Max("month"))["last"]


def summed_before(club_id: int, listed: QuerySet[PlayerResult]) -> dt.date:
    """The month from which on the club's rows are not summed in ``MonthTotal``: this
    month (on its first day, the month before); the closed months not summed yet are
    summed first, from ``listed`` (the club's rows that its leaderboard adds up)."""
    # a month is summed once it closed a day ago: a hand saved at midnight, in a
    # transaction begun the month before, is in its rows by then
    opened = month_of(today() - dt.timedelta(days=1))
    last = _last_month(club_id)
    if last is not None and next_month(last) >= opened:
        return opened
    with transaction.atomic():
        _hold(club_id)
        last = _last_month(club_id)  # another request may have summed them meanwhile
        if last is not None and next_month(last) >= opened:
            return opened
        rows = listed.filter(played_on__lt=opened)
        if last is not None:
            rows = rows.filter(played_on__gte=next_month(last))
        totals = [
            MonthTotal(
                club_id=club_id,
                month=month,
                member_id=key[0],
                kind=key[1],
                figures={name: sums[name] for name in own_figures() if sums[name]},
                **{name: sums[name] for name in SUMS},
            )
            for (month, *key), sums in _by_month(rows).items()
        ]
        # the last month summed, even with no games: where the next build starts
        totals.append(MonthTotal(club_id=club_id, month=opened - dt.timedelta(days=1)))
        MonthTotal.objects.bulk_create(totals, batch_size=1000)
    return opened


def _by_month(rows: QuerySet[PlayerResult]) -> dict[tuple[dt.date, int, str], dict[str, int]]:
    grouped = (
        rows.values("member", "kind", month=TruncMonth("played_on")).annotate(**_named()).order_by()
    )
    names = all_sums()
    return {
        (row["month"], row["member"], row["kind"]): {
            name: row[f"sum_{name}"] or 0 for name in names
        }
        for row in grouped
    }


def _named() -> dict[str, Any]:
    # under names no field has ("hands" is both a field and a sum)
    return {f"sum_{name}": aggregate for name, aggregate in all_sums().items()}


def _add(found: Sums, rows: QuerySet) -> None:
    names = all_sums()
    for row in rows:
        found[(row["member"], row["kind"])].update(
            {name: row[f"sum_{name}"] or 0 for name in names}
        )


def season_sums(
    club_id: int,
    start: dt.date | None,
    end: dt.date | None,
    season: QuerySet[PlayerResult],
    listed: QuerySet[PlayerResult],
) -> Sums:
    """Each member's sums, by kind of game, over ``season`` (the club's rows between
    ``start`` and ``end`` that its leaderboard adds up; ``listed``: all of them):
    the whole closed months from the totals, the rest from the rows. Three queries."""
    summed = summed_before(club_id, listed)
    first = None if start is None else (start if start.day == 1 else next_month(start))
    after = summed
    if end is not None:
        whole = next_month(end) if next_month(end) - dt.timedelta(days=1) == end else month_of(end)
        after = min(after, whole)
    found: Sums = defaultdict(Counter)
    if first is not None and first >= after:
        _add(found, season.values("member", "kind").annotate(**_named()).order_by())
        return found
    months = MonthTotal.objects.filter(club_id=club_id, member__isnull=False, month__lt=after)
    rest = Q(played_on__gte=after) | Q(played_on__isnull=True)
    if first is not None:
        months = months.filter(month__gte=first)
        rest |= Q(played_on__lt=first)
    # a month's own figures are sums already: summed again the way the rows' are
    summed = {**{name: Sum(name) for name in SUMS}, **own_sums()}
    _add(
        found,
        months.values("member", "kind")
        .annotate(**{f"sum_{name}": aggregate for name, aggregate in summed.items()})
        .order_by(),
    )
    _add(found, season.filter(rest).values("member", "kind").annotate(**_named()).order_by())
    return found


def differing_months(club_id: int, listed: QuerySet[PlayerResult]) -> list[dt.date]:
    """The months whose stored totals are not what the club's rows (``listed``) add
    up to, among those summed."""
    last = _last_month(club_id)
    if last is None:
        return []
    made = _by_month(listed.filter(played_on__lt=next_month(last)))
    stored: dict[tuple[dt.date, int, str], Counter[str]] = defaultdict(Counter)
    for total in MonthTotal.objects.filter(club_id=club_id, member__isnull=False):
        stored[(total.month, total.member_id, total.kind)].update(
            {name: getattr(total, name) for name in SUMS}
            | {name: total.figures.get(name, 0) for name in own_figures()}
        )
    months = {key[0] for key in made} | {key[0] for key in stored}
    return sorted(
        month
        for month in months
        if {k: +Counter(v) for k, v in made.items() if k[0] == month}
        != {k: +v for k, v in stored.items() if k[0] == month}
    )
