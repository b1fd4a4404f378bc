"""The season championship (RULES.md §15): points per place, ties split, the best
results counted, the minimum, the tie-breaks and the shared ranks. Plain Python.

An event is ranked by its own result (:class:`Event`, its entries with their places
1, 2, 2, 4 …); each player of an entry gets the entry's points (:func:`awarded`).
Points are exact :class:`~decimal.Decimal` hundredths: a tie's share is rounded half
up to 0.01 once, after the weight, and sums add them exactly."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from scoring.rules.problems import gettext_noop

DEFAULT_POINTS: tuple[int, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
TIE_BREAKS: dict[str, str] = {
    "wins": gettext_noop("more event wins"),
    "best_event": gettext_noop("the best single result"),
    "last_event": gettext_noop("more points in the last events"),
}
DEFAULT_TIE_BREAKS: tuple[str, ...] = ("wins", "best_event", "last_event")
TOURNAMENT, EVENING = "tournament", "evening"
KINDS = (TOURNAMENT, EVENING)

# bounds (RULES.md §15)
MAX_PLACES = 100  # places in the points table
MAX_PLACE_POINTS = 1000
MAX_BEST = 100
MAX_MIN_EVENTS = 100
MAX_WEIGHT = 5
MAX_EVENTS = 100
MAX_PLAYERS = 1000
NAME_LENGTH = 100  # a player's name, as a club's member's
EVENT_NAME_LENGTH = 200


def default_beyond(points: Sequence[int]) -> int:
    """The points of every place below the table: 1, or 0 when the table ends in 0."""
    return 0 if points and points[-1] == 0 else 1


def default_weight(final: bool) -> int:
    """An event counts once, a final twice (Stächerei: "zählt doppelt")."""
    return 2 if final else 1


@dataclass(frozen=True)
class Settings:
    """A club's settings of a season, checked (:func:`settings_problems`)."""

    points: tuple[int, ...] = DEFAULT_POINTS
    beyond: int = 1
    best: int | None = None  # results counted of the events that are not finals
    min_events: int = 1
    tie_breaks: tuple[str, ...] = DEFAULT_TIE_BREAKS

    def place_points(self, place: int) -> int:
        return self.points[place - 1] if place <= len(self.points) else self.beyond


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def settings_problems(
    points: object, beyond: object, best: object, min_events: object, tie_breaks: object
) -> list[tuple[str, str, dict[str, object]]]:
    """What is wrong with a season's settings, as ``(field, message, params)`` in the
    order the season file names them; ``beyond`` None is the default."""
    problems: list[tuple[str, str, dict[str, object]]] = []
    if (
        not isinstance(points, list | tuple)
        or not 1 <= len(points) <= MAX_PLACES
        or not all(_whole(p) and 0 <= p <= MAX_PLACE_POINTS for p in points)
    ):
        problems.append(
            (
                "points",
                gettext_noop(
                    "the points of places 1, 2, … are 1 to {places} whole numbers from 0 to {most}"
                ),
                {"places": MAX_PLACES, "most": MAX_PLACE_POINTS},
            )
        )
        table: Sequence[int] = DEFAULT_POINTS
    else:
        table = points
        if table[0] < 1:
            problems.append(("points", gettext_noop("the winner gets at least 1 point"), {}))
        rising = next((i for i in range(1, len(table)) if table[i] > table[i - 1]), None)
        if rising is not None:
            problems.append(
                (
                    "points",
                    gettext_noop("place {place} gets more points than place {before}"),
                    {"place": rising + 1, "before": rising},
                )
            )
    if beyond is not None and (not _whole(beyond) or not 0 <= beyond <= table[-1]):  # type: ignore[operator]
        problems.append(
            (
                "beyond",
                gettext_noop("the points of a place below the table are 0 to {last}"),
                {"last": table[-1]},
            )
        )
    if best is not None and (not _whole(best) or not 1 <= best <= MAX_BEST):  # type: ignore[operator]
        problems.append(
            (
                "best",
                gettext_noop("the best results counted are none (all) or 1 to {most}"),
                {"most": MAX_BEST},
            )
        )
    if not _whole(min_events) or not 1 <= min_events <= MAX_MIN_EVENTS:  # type: ignore[operator]
        problems.append(
            (
                "min_events",
                gettext_noop("the events to play to be ranked are 1 to {most}"),
                {"most": MAX_MIN_EVENTS},
            )
        )
    if (
        not isinstance(tie_breaks, list | tuple)
        or not all(isinstance(t, str) and t in TIE_BREAKS for t in tie_breaks)
        or len(set(tie_breaks)) != len(tie_breaks)
    ):
        problems.append(
            (
                "tie_breaks",
                gettext_noop("the tie-breaks are different names among {names}"),
                {"names": ", ".join(TIE_BREAKS)},
            )
        )
    return problems


def make_settings(
    points: Sequence[int] = DEFAULT_POINTS,
    beyond: int | None = None,
    best: int | None = None,
    min_events: int = 1,
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS,
) -> Settings:
    """Settings from checked values, ``beyond`` None meaning its default."""
    problems = settings_problems(list(points), beyond, best, min_events, list(tie_breaks))
    if problems:
        field_, message, params = problems[0]
        raise ValueError(f"{field_}: {message.format(**params)}")
    return Settings(
        points=tuple(points),
        beyond=default_beyond(points) if beyond is None else beyond,
        best=best,
        min_events=min_events,
        tie_breaks=tuple(tie_breaks),
    )


@dataclass(frozen=True)
class Entry:
    """One entry of an event's ranking: a player, or the two of a team."""

    place: int
    players: tuple[str, ...]
    name: str = ""  # a team's, shown only


@dataclass(frozen=True)
class Event:
    name: str
    date: dt.date
    ranking: tuple[Entry, ...]
    weight: int = 1
    final: bool = False
    kind: str = TOURNAMENT


def share(weight: int, place_points: int, tied: int) -> Decimal:
    """``weight`` × ``place_points`` ÷ ``tied``, rounded half up to 0.01 once."""
    hundredths, rest = divmod(weight * place_points * 100, tied)
    if 2 * rest >= tied:
        hundredths += 1
    return Decimal(hundredths) / 100


def awarded(event: Event, settings: Settings) -> dict[str, Decimal]:
    """The points each player of ``event`` receives: k entries tied at place p take
    places p … p+k−1 and share their points (weight × sum ÷ k, rounded once)."""
    tied: dict[int, int] = {}
    for entry in event.ranking:
        tied[entry.place] = tied.get(entry.place, 0) + 1
    points: dict[str, Decimal] = {}
    for entry in event.ranking:
        k = tied[entry.place]
        places = sum(settings.place_points(p) for p in range(entry.place, entry.place + k))
        value = share(event.weight, places, k)
        for player in entry.players:
            points[player] = value
    return points


@dataclass
class Line:
    """A player's line of the standings (RULES.md §15 "Shown per player")."""

    player: str
    rank: int | None = None  # None: fewer events played than the minimum
    total: Decimal = Decimal(0)
    played: int = 0
    wins: int = 0
    points: list[Decimal | None] = field(default_factory=list)  # per event; None: missed
    counted: list[bool] = field(default_factory=list)
    decided_by: str | None = None  # the tie-break that placed it among equal totals

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def best_event(self) -> Decimal:
        return max((p for p in self.points if p is not None), default=Decimal(0))


def counted_events(
    points: Sequence[Decimal | None], finals: Sequence[bool], best: int | None
) -> list[bool]:
    """Which results count: every final, and of the other events the ``best`` highest
    (all when ``best`` is None or more than played); on equal results the earlier."""
    counted = [p is not None and final for p, final in zip(points, finals, strict=True)]
    others = [i for i, p in enumerate(points) if p is not None and not finals[i]]
    others.sort(key=lambda i: (-points[i], i))  # type: ignore[operator]
    for i in others if best is None else others[:best]:
        counted[i] = True
    return counted


def standings(players: Sequence[str], events: Sequence[Event], settings: Settings) -> list[Line]:
    """The season's standings: the ranked players by rank then name, then the
    unranked by total (highest first) then name. Names sort by code point."""
    lines = {player: Line(player) for player in players}
    finals = [event.final for event in events]
    for event in events:
        got = awarded(event, settings)
        winners = {p for entry in event.ranking if entry.place == 1 for p in entry.players}
        for player, line in lines.items():
            line.points.append(got.get(player))
            if player in got:
                line.played += 1
                line.wins += player in winners
    for line in lines.values():
        line.counted = counted_events(line.points, finals, settings.best)
        line.total = sum(
            (p for p, c in zip(line.points, line.counted, strict=True) if c and p is not None),
            Decimal(0),
        )

    def key(line: Line, upto: int) -> tuple[Decimal, ...]:
        values = [-line.total]
        for name in settings.tie_breaks[:upto]:
            if name == "wins":
                values.append(Decimal(-line.wins))
            elif name == "best_event":
                values.append(-line.best_event)
            else:  # last_event: the last event's points, then the one before …
                values.extend(-(p or Decimal(0)) for p in reversed(line.points))
        return tuple(values)

    everything = len(settings.tie_breaks)
    ranked = sorted(
        (line for line in lines.values() if line.played >= settings.min_events),
        key=lambda line: (key(line, everything), line.player),
    )
    for position, line in enumerate(ranked):
        before = ranked[position - 1] if position else None
        if before is not None and key(before, everything) == key(line, everything):
            line.rank = before.rank
            continue
        line.rank = position + 1
        if before is not None and before.total == line.total:
            line.decided_by = next(
                name
                for upto, name in enumerate(settings.tie_breaks, start=1)
                if key(before, upto) != key(line, upto)
            )
            before.decided_by = before.decided_by or line.decided_by
    unranked = sorted(
        (line for line in lines.values() if line.played < settings.min_events),
        key=lambda line: (-line.total, line.player),
    )
    return ranked + unranked
