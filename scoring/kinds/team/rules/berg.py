"""The Berg (German-Swiss Schieber, RULES.md §6 and §11): half the target. A team
that has reached it can no longer be Rubicon (Schneider): exactly half is made."""

from __future__ import annotations


def over_the_berg(total: int, target: int | None) -> bool:
    """Whether a team with ``total`` points has reached the Berg (never without a
    target: a game of a fixed number of hands has none)."""
    return target is not None and 2 * total >= target
