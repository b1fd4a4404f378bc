"""Tournament standings (RULES.md §9, §10): ranked by total points over the passes
(optionally the best N, or all but each entry's worst: the Streichresultat), or a
Différenzler tournament by the lowest total difference, with tie-breaks in a stated
order. Plain Python."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from scoring.rules.problems import gettext_noop
from scoring.rules.ruleset import CARD_POINTS

Entry = Hashable

TIE_BREAKS: dict[str, str] = {
    "best-pass": gettext_noop("best single pass"),
    "matches": gettext_noop("most matches"),
    "draw": gettext_noop("a reproducible draw"),
}


def draw_lot(seed: int, entry: Entry) -> str:
    """An entry's lot in the reproducible draw: from the tournament's seed and the
    entry alone, so that no name put right, entry added or withdrawn changes it."""
    return hashlib.sha256(f"{seed}:{entry}".encode()).hexdigest()


def bye_points(hands: int) -> int:
    """What a bye scores: half the points of a game of ``hands`` hands (rounded down)."""
    return hands * CARD_POINTS // 2


@dataclass(frozen=True)
class PassScore:
    entry: Entry
    pass_number: int
    points: int
    matches: int = 0
    bye: bool = False


def dropped_passes(
    per_pass: dict[int, int],
    *,
    best_of: int | None = None,
    drop_worst: bool = False,
    lower_is_better: bool = False,
) -> set[int]:
    """The passes of one entry that do not count in its total: those beyond the best
    ``best_of``, or (``drop_worst``, the Streichresultat) its worst one once it has two
    passes or more. The worst is the fewest points, or where lower is better
    (``lower_is_better``: a Différenzler difference) the highest; of equal results
    the later is dropped and the earlier counts, as a season drops its events
    (RULES.md §15)."""
    keep = len(per_pass)
    if best_of:
        keep = min(keep, best_of)
    if drop_worst and len(per_pass) >= 2:
        keep = min(keep, len(per_pass) - 1)
    sign = 1 if lower_is_better else -1
    best_first = sorted(per_pass, key=lambda number: (sign * per_pass[number], number))
    return set(best_first[keep:])


@dataclass
class Standing:
    entry: Entry
    per_pass: dict[int, int] = field(default_factory=dict)
    matches: int = 0
    total: int = 0
    rank: int = 0
    decided_by: str | None = None  # the tie-break that placed it among equal totals
    dropped: set[int] = field(default_factory=set)  # passes not counted in the total

    @property
    def best_pass(self) -> int:
        return max(self.per_pass.values(), default=0)


Line = TypeVar("Line", "Standing", "DiffStanding")


def _ranked(
    lines: list[Line], key: Callable[[Line, int], tuple[int | str, ...]], tie_breaks: Sequence[str]
) -> list[Line]:
    """``lines`` sorted by ``key`` with every tie-break, ranked: lines still equal after
    every tie-break share a rank, and a line placed among equal totals by a tie-break
    says which (``decided_by``)."""
    everyone = len(tie_breaks)
    ranked = sorted(lines, key=lambda line: key(line, everyone))
    for position, line in enumerate(ranked):
        before = ranked[position - 1] if position else None
        if before is None:
            line.rank = 1
        elif key(before, everyone) == key(line, everyone):
            line.rank = before.rank  # still equal after every tie-break: a shared rank
        else:
            line.rank = position + 1
            if before.total == line.total:
                line.decided_by = next(
                    name
                    for upto, name in enumerate(tie_breaks, start=1)
                    if key(before, upto) != key(line, upto)
                )
                before.decided_by = before.decided_by or line.decided_by
    return ranked


def standings(
    entries: Sequence[Entry],
    scores: Iterable[PassScore],
    *,
    best_of: int | None = None,
    drop_worst: bool = False,
    tie_breaks: Sequence[str] = ("best-pass", "matches", "draw"),
    seed: int = 0,
) -> list[Standing]:
    """The ranking: total points (of the best ``best_of`` passes when given; without
    each entry's worst pass with ``drop_worst``, once it has two), then the tie-breaks
    in order; entries still equal share a rank. Each line says which passes it does
    not count (``dropped``)."""
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r}")
    lines = {entry: Standing(entry) for entry in entries}
    for score in scores:
        line = lines[score.entry]
        line.per_pass[score.pass_number] = line.per_pass.get(score.pass_number, 0) + score.points
        line.matches += score.matches
    for line in lines.values():
        line.dropped = dropped_passes(line.per_pass, best_of=best_of, drop_worst=drop_worst)
        line.total = sum(p for n, p in line.per_pass.items() if n not in line.dropped)

    lot = {entry: draw_lot(seed, entry) for entry in entries}

    def key(line: Standing, upto: int) -> tuple[int | str, ...]:
        values: list[int | str] = [-line.total]
        for name in tie_breaks[:upto]:
            if name == "best-pass":
                values.append(-line.best_pass)
            elif name == "matches":
                values.append(-line.matches)
            else:
                values.append(lot[line.entry])
        return tuple(values)

    return _ranked(list(lines.values()), key, tie_breaks)


# -- Différenzler: each for themselves, the lowest total difference first (RULES.md §10) ----

DIFFERENZLER_TIE_BREAKS: dict[str, str] = {
    "exact": gettext_noop("more exact estimates"),
    "best-hand": gettext_noop("best single hand"),
    "best-pass": gettext_noop("best single pass"),  # its lowest difference
    "draw": gettext_noop("a reproducible draw"),
}


@dataclass(frozen=True)
class DiffPassScore:
    """What a player's table came to for them in one pass: their total difference, the
    hands they estimated exactly and their smallest difference in one hand; or a bye."""

    entry: Entry
    pass_number: int
    difference: int
    exact: int = 0
    best_hand: int | None = None
    bye: bool = False


@dataclass
class DiffStanding:
    entry: Entry
    per_pass: dict[int, int] = field(default_factory=dict)
    exact: int = 0
    best_hand: int | None = None
    byes: int = 0
    missed: set[int] = field(default_factory=set)  # passes counted at their worst
    total: int = 0
    rank: int = 0
    decided_by: str | None = None  # the tie-break that placed it among equal totals
    dropped: set[int] = field(default_factory=set)  # passes not counted in the total

    @property
    def best_pass(self) -> int | None:
        """The lowest difference of a single pass (None before any)."""
        return min(self.per_pass.values(), default=None)


def bye_difference(differences: Iterable[int]) -> int:
    """What a bye counts in a Différenzler tournament: the average total difference of
    the players who played that pass, rounded up (sitting out is never an advantage)."""
    played = list(differences)
    return -(-sum(played) // len(played)) if played else 0


# every tie-break of either ranking, by key (to be translated): a format names its own
TIE_BREAK_NAMES: dict[str, str] = {**TIE_BREAKS, **DIFFERENZLER_TIE_BREAKS}


def tie_break_names(allowed: Iterable[str]) -> dict[str, str]:
    """The tie-breaks a format allows, by key, in its order (to be translated)."""
    return {name: TIE_BREAK_NAMES[name] for name in allowed}


def differenzler_standings(
    entries: Sequence[Entry],
    scores: Iterable[DiffPassScore],
    *,
    drop_worst: bool = False,
    tie_breaks: Sequence[str] = ("exact", "best-hand", "draw"),
    seed: int = 0,
) -> list[DiffStanding]:
    """The ranking of an individual Différenzler tournament: the lowest total difference
    over the passes first, then the tie-breaks in order (more exact estimates, the best
    single hand, the best single pass, a reproducible draw); players still equal share
    a rank.

    A pass a player neither played nor sat out (they came late, or withdrew) counts
    the largest difference made in it: missing a pass is never an advantage, as a
    difference of 0 would be. With ``drop_worst`` (the Streichresultat) each player's
    worst pass, the highest difference, does not count once they have two passes
    (a pass missed is one of them, at its largest difference: every player then
    counts as many passes)."""
    unknown = [t for t in tie_breaks if t not in DIFFERENZLER_TIE_BREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r}")
    scores = list(scores)
    lines = {entry: DiffStanding(entry) for entry in entries}
    for score in scores:
        line = lines[score.entry]
        line.per_pass[score.pass_number] = score.difference
        line.exact += score.exact
        line.byes += int(score.bye)
        if score.best_hand is not None:
            line.best_hand = (
                score.best_hand if line.best_hand is None else min(line.best_hand, score.best_hand)
            )
    worst: dict[int, int] = {}
    for score in scores:
        if not score.bye:
            worst[score.pass_number] = max(worst.get(score.pass_number, 0), score.difference)
    for line in lines.values():
        for number, difference in worst.items():
            if number not in line.per_pass:
                line.per_pass[number] = difference
                line.missed.add(number)
        line.dropped = dropped_passes(line.per_pass, drop_worst=drop_worst, lower_is_better=True)
        line.total = sum(d for n, d in line.per_pass.items() if n not in line.dropped)
    lot = {entry: draw_lot(seed, entry) for entry in entries}
    none = CARD_POINTS + 1  # no hand played: after any best hand
    # no pass played: after any pass
    no_pass = 1 + max((d for line in lines.values() for d in line.per_pass.values()), default=0)

    def key(line: DiffStanding, upto: int) -> tuple[int | str, ...]:
        values: list[int | str] = [line.total]
        for name in tie_breaks[:upto]:
            if name == "exact":
                values.append(-line.exact)
            elif name == "best-hand":
                values.append(none if line.best_hand is None else line.best_hand)
            elif name == "best-pass":
                values.append(no_pass if line.best_pass is None else line.best_pass)
            else:
                values.append(lot[line.entry])
        return tuple(values)

    return _ranked(list(lines.values()), key, tie_breaks)
