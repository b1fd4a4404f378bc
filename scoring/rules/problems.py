"""A broken rule, said once, naming where it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One broken rule: the field it concerns and a message a person can act on.

    ``hand`` is the 1-based number of the hand, or ``None`` when the problem is
    not inside a hand (the ruleset, the teams, the result).
    """

    field: str
    message: str
    hand: int | None = None

    def __str__(self) -> str:
        where = f"hand {self.hand}: " if self.hand is not None else ""
        return f"{where}{self.field}: {self.message}"


class RulesError(ValueError):
    """Raised with every problem found; ``problems[0]`` is the first one."""

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise ValueError("RulesError needs at least one problem")
        self.problems = problems
        super().__init__(str(problems[0]))


def is_int(value: object) -> bool:
    """A JSON integer: ``True`` and ``False`` are not numbers of points."""
    return isinstance(value, int) and not isinstance(value, bool)
