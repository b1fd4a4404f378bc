"""A Sidi Barrani ruleset (RULES.md §13 "Club options", game-format.md "Sidi Barrani"):
the target, the lowest bid, the match value, doubles and redoubles, Weis, Stöck and the
modes played; its presets, and its game-file object read with every bound checked.

Plain Python: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from scoring.rules.gamefile import UNKNOWN_FIELD
from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int
from scoring.rules.ruleset import CARD_POINTS, MAX_TARGET, ONE_OF, TRUMPS, WEIS_STYLES

SLALOM = "slalom"
# The contract's modes: the four suits, obe-abe and unde-ufe; slalom if the club adds it.
MODES: tuple[str, ...] = (*TRUMPS, SLALOM)

MIN_TARGET = 100
BID_STEP = 10  # bids go up in tens ...
TOP_STEPPED_BID = 150  # ... to 150,
MATCH_POINTS = 257  # then 157 (all the card points) and 257 (a match: all nine tricks)
LOWEST_BIDS: tuple[int, ...] = tuple(range(BID_STEP, TOP_STEPPED_BID + 1, BID_STEP))
MATCH_VALUES: tuple[int, ...] = (CARD_POINTS, MATCH_POINTS)

Doubling = Literal["none", "double", "redouble"]
DOUBLINGS: tuple[str, ...] = ("none", "double", "redouble")
# the factor d of the bid a hand may carry under each ``doubling``: plain, doubled (×2),
# redoubled (×4, our reading of the French surcoinche)
DOUBLES: dict[str, tuple[int, ...]] = {"none": (1,), "double": (1, 2), "redouble": (1, 2, 4)}
WeisStyle = Literal["small", "large", "none"]

PRESETS: dict[str, dict[str, Any]] = {
    "sidi": {
        "target": 1500,
        "min_bid": 50,
        "match_value": MATCH_POINTS,
        "doubling": "double",
        "weis": "small",
        "stoeck": True,
        "trumps": list(TRUMPS),
    },
    # jassverzeichnis: "Ein Match ergibt 157 Punkte"
    "sidi-157": {
        "target": 1500,
        "min_bid": 50,
        "match_value": CARD_POINTS,
        "doubling": "double",
        "weis": "small",
        "stoeck": True,
        "trumps": list(TRUMPS),
    },
}
FIELDS: tuple[str, ...] = (
    "preset",
    "target",
    "min_bid",
    "match_value",
    "doubling",
    "weis",
    "stoeck",
    "trumps",
)

UNKNOWN_PRESET = gettext_noop("unknown preset {preset!r} (expected one of {presets})")
WHOLE_FROM = gettext_noop("must be a whole number from {least} to {most}, not {value!r}")
MATCH_VALUE = gettext_noop("must be 157 or 257, not {value!r}")
NOT_BOOLEAN = gettext_noop("must be true or false, not {value!r}")
TRUMPS_SHAPE = gettext_noop("must be a non-empty list of trump modes")
TRUMPS_UNKNOWN = gettext_noop("unknown trump mode {mode!r} (expected {trumps})")
TRUMPS_TWICE = gettext_noop("names a trump mode twice")


def _listed(numbers: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in numbers)


@dataclass(frozen=True)
class SidiRuleset:
    """Everything that decides how a Sidi game is counted; all fields explicit."""

    preset: str = "sidi"
    target: int = 1500
    min_bid: int = 50
    match_value: int = MATCH_POINTS
    doubling: Doubling = "double"
    weis: WeisStyle = "small"
    stoeck: bool = True
    trumps: tuple[str, ...] = TRUMPS

    @property
    def bids(self) -> tuple[int, ...]:
        """The ladder: ``min_bid`` up in tens to 150, then 157, and 257 when a match is
        worth 257."""
        stepped = tuple(range(self.min_bid, TOP_STEPPED_BID + 1, BID_STEP))
        return (*stepped, CARD_POINTS, *((MATCH_POINTS,) if self.match_value > CARD_POINTS else ()))

    @property
    def doubles(self) -> tuple[int, ...]:
        """The factors of the bid a hand may carry: 1, and 2 (doubled), 4 (redoubled)."""
        return DOUBLES[self.doubling]

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``ruleset`` object, every field written out."""
        return {
            "preset": self.preset,
            "target": self.target,
            "min_bid": self.min_bid,
            "match_value": self.match_value,
            "doubling": self.doubling,
            "weis": self.weis,
            "stoeck": self.stoeck,
            "trumps": list(self.trumps),
        }


def parse_ruleset(data: object, prefix: str = "ruleset") -> SidiRuleset:
    """A ruleset from its game-file object: a preset (``sidi`` when none is named)
    filled in, then overridden field by field. Raises :class:`RulesError` naming every
    field that is wrong, in game-format.md's order (the preset, a field that is not a
    Sidi field, then ``target`` … ``trumps``)."""
    if not isinstance(data, Mapping):
        raise RulesError([Problem(prefix, gettext_noop("must be an object"))])
    problems: list[Problem] = []

    def bad(name: str, template: str, **params: object) -> None:
        problems.append(Problem(f"{prefix}.{name}", template, params=params))

    name = data.get("preset", "sidi")
    if not (isinstance(name, str) and name in PRESETS):
        bad("preset", UNKNOWN_PRESET, preset=name, presets=", ".join(PRESETS))
        name = "sidi"
    for key in data:
        if key not in FIELDS and not str(key).startswith("x-"):
            bad(str(key), UNKNOWN_FIELD, known=", ".join(FIELDS))
    values = {**PRESETS[name], **{key: data[key] for key in FIELDS[1:] if key in data}}

    target = values["target"]
    if not (is_int(target) and MIN_TARGET <= target <= MAX_TARGET):
        bad("target", WHOLE_FROM, least=MIN_TARGET, most=MAX_TARGET, value=target)
    min_bid = values["min_bid"]
    if not (is_int(min_bid) and min_bid in LOWEST_BIDS):
        bad("min_bid", ONE_OF, expected=_listed(LOWEST_BIDS), value=min_bid)
    match_value = values["match_value"]
    if not (is_int(match_value) and match_value in MATCH_VALUES):
        bad("match_value", MATCH_VALUE, value=match_value)
    for key, allowed in (("doubling", DOUBLINGS), ("weis", WEIS_STYLES)):
        if not (isinstance(values[key], str) and values[key] in allowed):
            bad(key, ONE_OF, expected=", ".join(allowed), value=values[key])
    if not isinstance(values["stoeck"], bool):
        bad("stoeck", NOT_BOOLEAN, value=values["stoeck"])
    trumps = values["trumps"]
    if not isinstance(trumps, list | tuple) or not trumps:
        bad("trumps", TRUMPS_SHAPE)
    else:
        unknown = [mode for mode in trumps if not (isinstance(mode, str) and mode in MODES)]
        if unknown:
            bad("trumps", TRUMPS_UNKNOWN, mode=unknown[0], trumps=", ".join(MODES))
        elif len(set(trumps)) != len(trumps):
            bad("trumps", TRUMPS_TWICE)
    if problems:
        raise RulesError(problems)
    return SidiRuleset(
        preset=name,
        target=target,
        min_bid=min_bid,
        match_value=match_value,
        doubling=values["doubling"],
        weis=values["weis"],
        stoeck=values["stoeck"],
        trumps=tuple(mode for mode in MODES if mode in trumps),
    )


def preset(name: str) -> SidiRuleset:
    """The ruleset of a named preset (``sidi`` or ``sidi-157``)."""
    return parse_ruleset({"preset": name})


__all__ = [
    "DOUBLINGS",
    "MODES",
    "PRESETS",
    "SidiRuleset",
    "parse_ruleset",
    "preset",
]
