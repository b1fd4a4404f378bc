"""The slate (ardoise, Jasstafel) of RULES.md §8: strokes of 100, half-crosses of 50,
strokes of 20, and a running number."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

WIPE_AT = 10  # ten 20-strokes may be wiped for two 100-strokes


@dataclass(frozen=True)
class Marks:
    """What goes on one team's slate: line by line, and the number at the right."""

    hundreds: int = 0  # top line, one stroke per 100
    half_crosses: int = 0  # middle line, one diagonal per 50 (two make an X)
    twenties: int = 0  # bottom line, one stroke per 20
    number: int = 0  # the units, added up

    @property
    def total(self) -> int:
        return 100 * self.hundreds + 50 * self.half_crosses + 20 * self.twenties + self.number

    @property
    def crosses(self) -> int:
        """Full X on the middle line."""
        return self.half_crosses // 2

    def __add__(self, other: Marks) -> Marks:
        return Marks(
            self.hundreds + other.hundreds,
            self.half_crosses + other.half_crosses,
            self.twenties + other.twenties,
            self.number + other.number,
        )


def marks_for(points: int) -> Marks:
    """How a hand's points go on: ⌊p/100⌋ top strokes; of the rest one half-cross
    if ≥ 50; then ⌊rest/20⌋ bottom strokes; the units to the number (95 → one
    half-cross, two 20s and 5)."""
    if points < 0:
        raise ValueError(f"a hand's points are never negative: {points}")
    hundreds, rest = divmod(points, 100)
    half_cross = 1 if rest >= 50 else 0
    rest -= 50 * half_cross
    twenties, units = divmod(rest, 20)
    return Marks(hundreds, half_cross, twenties, units)


def wipe(marks: Marks) -> Marks:
    """Wipe each ten 20-strokes for two 100-strokes; the total does not change."""
    tens, twenties = divmod(marks.twenties, WIPE_AT)
    return Marks(marks.hundreds + 2 * tens, marks.half_crosses, twenties, marks.number)


def slate(points: Iterable[int], wiped: bool = True) -> list[Marks]:
    """One team's slate after each hand, from the points it scored hand by hand.

    After every hand ``slate(...)[i].total`` is the team's running total.
    """
    current = Marks()
    states: list[Marks] = []
    for p in points:
        current = current + marks_for(p)
        if wiped:
            current = wipe(current)
        states.append(current)
    return states
