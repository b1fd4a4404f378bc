"""Tournament standings (RULES.md §9): ranked by total points over the passes
(optionally the best N), with tie-breaks in a stated order. Plain Python."""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

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


@dataclass
class Standing:
    entry: Entry
    per_pass: dict[int, int] = field(default_factory=dict)
    matches: int = 0
    total: int = 0
    rank: int = 0
    decided_by: str | None = None  # the tie-break that placed it among equal totals

    @property
    def best_pass(self) -> int:
        return max(self.per_pass.values(), default=0)


def standings(
    entries: Sequence[Entry],
    scores: Iterable[PassScore],
    *,
    best_of: int | None = None,
    tie_breaks: Sequence[str] = ("best-pass", "matches", "draw"),
    seed: int = 0,
) -> list[Standing]:
    """The ranking: total points (of the best ``best_of`` passes when given), then
    the tie-breaks in order; entries still equal share a rank."""
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r}")
    lines = {entry: Standing(entry) for entry in entries}
    for score in scores:
        line = lines[score.entry]
        line.per_pass[score.pass_number] = line.per_pass.get(score.pass_number, 0) + score.points
        line.matches += score.matches
    for line in lines.values():
        counted = sorted(line.per_pass.values(), reverse=True)
        line.total = sum(counted[:best_of] if best_of else counted)

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

    everyone = len(tie_breaks)
    ranked = sorted(lines.values(), key=lambda line: key(line, everyone))
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
