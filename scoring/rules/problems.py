"""A broken rule, said once, naming where it is."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it.

    The engine speaks English; ``makemessages`` finds the messages by this name and
    the site shows them in the reader's language (``Problem.template`` is the key,
    ``Problem.params`` fill it in).
    """
    return message


SHOWN = 200  # characters of a value a message repeats (a longer one is cut)


def _cut(text: str) -> str:
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


class _Cut:
    """A value too long to repeat whole in a message: its beginning, then "…"."""

    def __init__(self, value: object) -> None:
        try:
            self.text, self.shown = _cut(repr(value)), _cut(str(value))
        except (ValueError, RecursionError):
            self.text = self.shown = "…"

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.shown


def _long(value: object) -> bool:
    if isinstance(value, _Cut | bool | float | None):
        return False
    if isinstance(value, int):
        return value.bit_length() > 3 * SHOWN  # about SHOWN digits
    try:
        return len(repr(value)) > SHOWN
    except (ValueError, RecursionError):  # holds an int of more than 4300 digits
        return True


@dataclasses.dataclass(frozen=True)
class Problem:
    """One broken rule: the field it concerns and a message a person can act on.

    ``hand`` is the 1-based number of the hand, or ``None`` when the problem is
    not inside a hand (the ruleset, the teams, the result). ``template`` is the
    message with ``{named}`` places that ``params`` fill in.
    """

    field: str
    template: str
    hand: int | None = None
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        # A file's value is repeated in the message: cut, so that a field named with a
        # million characters gives a line, not a megabyte.
        if len(self.field) > SHOWN:
            object.__setattr__(self, "field", _cut(self.field))
        if any(_long(value) for value in self.params.values()):
            params = {name: _Cut(v) if _long(v) else v for name, v in self.params.items()}
            object.__setattr__(self, "params", params)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def __str__(self) -> str:
        where = f"hand {self.hand}: " if self.hand is not None else ""
        return f"{where}{self.field}: {self.message}"

    def in_hand(self, number: int) -> Problem:
        return dataclasses.replace(self, hand=number)


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
