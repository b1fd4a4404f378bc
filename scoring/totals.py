"""The club's leaderboard summed a month and a day at a time, so that its cost does not
grow with the club's history (issue 24: the club's page at 20,000 games within twice its
time at 200) nor with a busy month (issue 37: 2,000 games in the month being played
within twice the page at 200 games).

A month is summed into ``MonthTotal`` rows (per member and kind of game) once it has
closed, the first time a page needs it; a closed day of the month not summed yet is
summed into ``DayTotal`` rows alike. The season's sums are then those rows for the
whole months and days it spans, plus the ``PlayerResult`` rows of the rest: yesterday
and today, the part-months at either end of the season and the games with no date.
The days' totals of a month are dropped once the month is summed.

The totals are a cache of the rows, never a source: a game of a closed day whose rows
change (a correction, an imported old game, a deletion, a hand saved after midnight)
drops the totals from its month and its day on (:func:`changed`, in the writer's
transaction), and they are made again when next read; ``manage.py rebuild_statistics``
drops them all and sums them again, and its ``--check`` compares them with the rows
(:func:`differing_months`, :func:`differing_days`).

Both the build and the drop hold the club's row (``SELECT … FOR UPDATE``), so that a
build never keeps a month or a day that a writer has just changed.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from typing import Any

from django.db import transaction
from django.db.models import (
    BigIntegerField,
    Count,
    F,
    Max,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, TruncMonth
from django.utils import timezone

from clubs.models import Club
from scoring import registry
from scoring.models import DayTotal, Game, MonthTotal, PlayerResult
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
Grouped = dict[tuple[dt.date, int, str], dict[str, int]]  # by period, member and kind


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


DAY = dt.timedelta(days=1)


def _hold(club_id: int) -> None:
    """Hold the club's row until the transaction ends (PostgreSQL; SQLite's
    transactions already take the database's write lock first)."""
    list(Club.objects.select_for_update().filter(pk=club_id).values_list("pk"))


def changed(game: Game) -> None:
    """``game``'s rows change (in the caller's transaction): a game of a closed day
    drops the totals from its month and from its day on. A game of today costs nothing
    (a day is summed once it closed a day ago: :func:`summed_days`)."""
    now = today()
    if game.club_id is None or game.played_on is None or game.played_on >= now:
        return
    club_id, day = game.club_id, game.played_on
    _hold(club_id)
    if day < month_of(now):  # no month is summed before it closed a day ago
        MonthTotal.objects.filter(club_id=club_id, month__gte=month_of(day)).delete()
    DayTotal.objects.filter(club_id=club_id, day__gte=day).delete()


def dropped(club_ids: set[int]) -> None:
    """Drop every total of these clubs (their rows are made again)."""
    for club_id in sorted(club_ids):  # held in one order: two rebuilds never wait on each other
        _hold(club_id)
    MonthTotal.objects.filter(club_id__in=club_ids).delete()
    DayTotal.objects.filter(club_id__in=club_ids).delete()


def _last_month(club_id: int) -> dt.date | None:
    return MonthTotal.objects.filter(club_id=club_id).aggregate(last=Max("month"))["last"]


def _last_day(club_id: int) -> dt.date | None:
    return DayTotal.objects.filter(club_id=club_id).aggregate(last=Max("day"))["last"]


def _last_summed(club_id: int) -> tuple[dt.date | None, dt.date | None]:
    """The latest month and the latest day summed, in one query."""
    latest = {
        "month": MonthTotal.objects.filter(club_id=OuterRef("pk")).order_by("-month"),
        "day": DayTotal.objects.filter(club_id=OuterRef("pk")).order_by("-day"),
    }
    found = (
        Club.objects.filter(pk=club_id)
        .values(**{name: Subquery(rows.values(name)[:1]) for name, rows in latest.items()})
        .first()
    )
    return (found["month"], found["day"]) if found else (None, None)


def _made(
    model: type[MonthTotal] | type[DayTotal], period: str, club_id: int, sums: Grouped
) -> list[Any]:
    """Unsaved totals of ``model`` from ``sums`` (by period: a month's first day or a
    day; member and kind): the core's sums in columns, the kinds' own (those not 0) in
    ``figures``."""
    return [
        model(
            club_id=club_id,
            member_id=member,
            kind=kind,
            figures={name: summed[name] for name in own_figures() if summed[name]},
            **{period: when},
            **{name: summed[name] for name in SUMS},
        )
        for (when, member, kind), summed in sums.items()
    ]


def summed_before(club_id: int, listed: QuerySet[PlayerResult]) -> dt.date:
    """The month from which on the club's rows are not summed in ``MonthTotal``: this
    month (on its first day, the month before); the closed months not summed yet are
    summed first, from ``listed`` (the club's rows that its leaderboard adds up), and
    the days' totals of the months summed are dropped."""
    return _sum_months(club_id, listed, _last_month(club_id))


def _sum_months(club_id: int, listed: QuerySet[PlayerResult], last: dt.date | None) -> dt.date:
    """:func:`summed_before`, the latest month summed read (``last``)."""
    # a month is summed once it closed a day ago: a hand saved at midnight, in a
    # transaction begun the month before, is in its rows by then
    opened = month_of(today() - DAY)
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
        totals = _made(MonthTotal, "month", club_id, _by_month(rows))
        # the last month summed, even with no games: where the next build starts
        totals.append(MonthTotal(club_id=club_id, month=opened - DAY))
        MonthTotal.objects.bulk_create(totals, batch_size=1000)
        DayTotal.objects.filter(club_id=club_id, day__lt=opened).delete()  # in the months now
    return opened


def summed_days(club_id: int, listed: QuerySet[PlayerResult], opened: dt.date) -> dt.date:
    """The day from which on the club's rows are not summed in ``DayTotal``: yesterday;
    the closed days from ``opened`` (the month not summed in ``MonthTotal``) not summed
    yet are summed first, from ``listed``."""
    return _sum_days(club_id, listed, opened, _last_day(club_id))


def _sum_days(
    club_id: int, listed: QuerySet[PlayerResult], opened: dt.date, last: dt.date | None
) -> dt.date:
    """:func:`summed_days`, the latest day summed read (``last``; one before ``opened``
    counts for nothing)."""
    # a day is summed once it closed a day ago, as a month is: a game's day is summed
    # when no transaction begun on that day or before can still write its rows
    closed = today() - DAY
    if last is not None and last >= closed - DAY:
        return closed
    if max(opened, opened if last is None else last + DAY) >= closed:
        return closed  # no closed day of this month to sum
    with transaction.atomic():
        _hold(club_id)
        last = _last_day(club_id)  # another request may have summed them meanwhile
        if last is not None and last >= closed - DAY:
            return closed
        begin = opened if last is None else max(opened, last + DAY)
        rows = listed.filter(played_on__gte=begin, played_on__lt=closed)
        totals = _made(DayTotal, "day", club_id, _by(rows, F("played_on")))
        # the last day summed, even with no games: where the next build starts
        totals.append(DayTotal(club_id=club_id, day=closed - DAY))
        DayTotal.objects.bulk_create(totals, batch_size=1000)
    return closed


def _by_month(rows: QuerySet[PlayerResult]) -> Grouped:
    return _by(rows, TruncMonth("played_on"))


def _by(rows: QuerySet[PlayerResult], period: Any) -> Grouped:
    """What ``rows`` add up to by period (``period``: the rows' date, or its month),
    member and kind."""
    grouped = rows.values("member", "kind", period=period).annotate(**_named()).order_by()
    names = all_sums()
    return {
        (row["period"], row["member"], row["kind"]): {
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


def _outside(first: dt.date | None, after: dt.date) -> Q:
    """The rows not dated in ``[first, after)`` (``first`` None: from the start)."""
    outside = Q(played_on__isnull=True) | Q(played_on__gte=after)
    return outside if first is None else outside | Q(played_on__lt=first)


def season_sums(
    club_id: int,
    start: dt.date | None,
    end: dt.date | None,
    season: QuerySet[PlayerResult],
    listed: QuerySet[PlayerResult],
) -> Sums:
    """Each member's sums, by kind of game, over ``season`` (the club's rows between
    ``start`` and ``end`` that its leaderboard adds up; ``listed``: all of them):
    the whole closed months from their totals, the whole closed days of this month from
    theirs, the rest from the rows (yesterday and today, the part-months at the season's
    ends, the games with no date). Three queries: the latest month and day summed, the
    totals, the rows."""
    last_month, last_day = _last_summed(club_id)
    opened = _sum_months(club_id, listed, last_month)
    closed = _sum_days(club_id, listed, opened, last_day)
    # the whole months in the season: [first, after)
    first = None if start is None else (start if start.day == 1 else next_month(start))
    after = opened
    if end is not None:
        whole = next_month(end) if next_month(end) - DAY == end else month_of(end)
        after = min(after, whole)
    # the whole closed days of this month in the season: [day_from, day_to)
    day_from = opened if start is None else max(start, opened)
    day_to = closed if end is None or end >= closed else end + DAY
    parts, rest = [], Q()
    if first is None or first < after:
        months = MonthTotal.objects.filter(club_id=club_id, member__isnull=False, month__lt=after)
        if first is not None:
            months = months.filter(month__gte=first)
        parts.append(months)
        rest &= _outside(first, after)
    if day_from < day_to:
        parts.append(
            DayTotal.objects.filter(
                club_id=club_id, member__isnull=False, day__gte=day_from, day__lt=day_to
            )
        )
        rest &= _outside(day_from, day_to)
    found: Sums = defaultdict(Counter)
    if parts:
        # the totals' own figures are sums already: summed again the way the rows' are
        summed = {**{name: Sum(name) for name in SUMS}, **own_sums()}
        grouped = [
            part.values("member", "kind")
            .annotate(**{f"sum_{name}": aggregate for name, aggregate in summed.items()})
            .order_by()
            for part in parts
        ]
        _add(found, grouped[0].union(*grouped[1:], all=True))
    _add(found, season.filter(rest).values("member", "kind").annotate(**_named()).order_by())
    return found


def _differing(made: Grouped, stored: QuerySet, period: str) -> list[dt.date]:
    """The periods (months or days) whose ``stored`` totals are not the rows' sums
    (``made``)."""
    kept: dict[tuple[dt.date, int, str], Counter[str]] = defaultdict(Counter)
    for total in stored.filter(member__isnull=False):
        kept[(getattr(total, period), total.member_id, total.kind)].update(
            {name: getattr(total, name) for name in SUMS}
            | {name: total.figures.get(name, 0) for name in own_figures()}
        )
    periods = {key[0] for key in made} | {key[0] for key in kept}
    return sorted(
        when
        for when in periods
        if {k: +Counter(v) for k, v in made.items() if k[0] == when}
        != {k: +v for k, v in kept.items() if k[0] == when}
    )


def differing_months(club_id: int, listed: QuerySet[PlayerResult]) -> list[dt.date]:
    """The months whose stored totals are not what the club's rows (``listed``) add
    up to, among those summed."""
    last = _last_month(club_id)
    if last is None:
        return []
    made = _by_month(listed.filter(played_on__lt=next_month(last)))
    return _differing(made, MonthTotal.objects.filter(club_id=club_id), "month")


def differing_days(club_id: int, listed: QuerySet[PlayerResult]) -> list[dt.date]:
    """The days whose stored totals are not what the club's rows (``listed``) add up
    to, among those summed: every day of the first month a day is summed of, to the
    latest day summed."""
    days = DayTotal.objects.filter(club_id=club_id)
    span = days.aggregate(first=Min("day"), last=Max("day"))
    if span["last"] is None:
        return []
    rows = listed.filter(played_on__gte=month_of(span["first"]), played_on__lte=span["last"])
    return _differing(_by(rows, F("played_on")), days, "day")
