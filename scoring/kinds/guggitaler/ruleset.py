"""Guggitaler's ruleset (RULES.md §14, game-format.md "Guggitaler", ruleset): three or
four players, the five hands in the order played with the value of what each avoids, the
domino and its credits, and how many Guggitaler make the game. Plain values, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import UNKNOWN_FIELD
from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int

PRESET = "guggitaler"
JASSBUCH = "guggitaler-jassbuch"
DOMINO = "domino"
TRICKS = "tricks"
# What each hand avoids, as the game file names it, in the order the seeds play them.
CATEGORIES: tuple[str, ...] = (TRICKS, "schellen", "ober", "king", "last-trick")
SEATS = (3, 4)
MIN_VALUE, MAX_VALUE = 1, 1000
MAX_CREDIT = 1000
MIN_SERIES, MAX_SERIES = 1, 10

Category = tuple[str, int]  # name, penalty per trick or card

# What each count adds up to: every trick, Schellen and Ober is taken by someone.
_MAXIMA = {"schellen": 9, "ober": 4, "king": 1, "last-trick": 1}


def maximum(category: str, players: int) -> int:
    """What the players' counts of a hand add up to: 12 tricks with three players and 9
    with four, 9 Schellen, 4 Ober, one Rosen king, one last trick."""
    if category == TRICKS:
        return 12 if players == 3 else 9
    return _MAXIMA[category]


_VALUES = {PRESET: (5, 10, 20, 40, 50), JASSBUCH: (1, 2, 4, 8, 10)}
# The domino's credits, by the number of players: they give back the five hands'
# penalties (305 and 320; the Jassbuch's 61 and 64).
_CREDITS = {
    PRESET: {4: (150, 100, 55, 0), 3: (150, 100, 70)},
    JASSBUCH: {4: (25, 16, 12, 8), 3: (30, 20, 14)},
}
PRESETS = tuple(_VALUES)
RULESET_FIELDS = ("preset", "players", "categories", "domino", "credits", "series")

UNKNOWN_PRESET = gettext_noop("unknown Guggitaler ruleset {preset!r} (expected one of {presets})")
PLAYERS_COUNT = gettext_noop("must be 3 or 4 players, not {value!r}")
CATEGORIES_SHAPE = gettext_noop(
    "must be the five hands {names}, each once, as [name, value] in the order played"
)
CATEGORY_SHAPE = gettext_noop("must be [name, value]")
CATEGORY_NAME = gettext_noop("must be one of {names}, not {value!r}")
CATEGORY_TWICE = gettext_noop("the hand {name!r} is in the order twice; each is played once")
VALUE_RANGE = gettext_noop("must be a whole number from {least} to {most}, not {value!r}")
NOT_BOOLEAN = gettext_noop("must be true or false, not {value!r}")
CREDITS_COUNT = gettext_noop("must be one credit per place: {count} numbers with {count} players")
CREDIT_RANGE = gettext_noop("must be a whole number from 0 to {most}, not {value!r}")
CREDIT_RISES = gettext_noop(
    "a later place never earns more: {value} after {before} for the place before"
)


@dataclass(frozen=True)
class GuggiRuleset:
    """A club's Guggitaler: its players, the five hands in order with their values, the
    domino and its credits (one per place, 1 = first out), and the number of Guggitaler."""

    players: int = 4
    categories: tuple[Category, ...] = tuple(zip(CATEGORIES, _VALUES[PRESET], strict=True))
    domino: bool = True
    credits: tuple[int, ...] = _CREDITS[PRESET][4]
    series: int = 1
    preset: str = PRESET

    @property
    def round(self) -> tuple[str, ...]:
        """One Guggitaler's hands in order: the five, then the domino if played."""
        return (*(name for name, _ in self.categories), *((DOMINO,) if self.domino else ()))

    @property
    def order(self) -> tuple[str, ...]:
        """Every hand of the game in order: one Guggitaler, ``series`` times."""
        return self.round * self.series

    @property
    def hands(self) -> int:
        """How many hands the game has (5 to 60)."""
        return len(self.round) * self.series

    def value(self, category: str) -> int:
        """The penalty per trick or card of one of the five hands."""
        return dict(self.categories)[category]

    def maximum(self, category: str) -> int:
        return maximum(category, self.players)

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``ruleset`` object, every field written out."""
        return {
            "preset": self.preset,
            "players": self.players,
            "categories": [[name, value] for name, value in self.categories],
            "domino": self.domino,
            "credits": list(self.credits),
            "series": self.series,
        }


def preset(name: str = PRESET, players: int = 4) -> GuggiRuleset:
    return parse_ruleset({"preset": name, "players": players})


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def _categories(raw: object, prefix: str) -> tuple[tuple[Category, ...], list[Problem]]:
    where = f"{prefix}.categories"
    names = ", ".join(CATEGORIES)
    if not _is_list(raw) or len(raw) != len(CATEGORIES):  # type: ignore[arg-type]
        return (), [Problem(where, CATEGORIES_SHAPE, params={"names": names})]
    assert isinstance(raw, Sequence)
    categories: list[Category] = []
    for index, entry in enumerate(raw):
        here = f"{where}[{index}]"
        if not _is_list(entry) or len(entry) != 2:
            return (), [Problem(here, CATEGORY_SHAPE)]
        name, value = entry[0], entry[1]
        if not isinstance(name, str) or name not in CATEGORIES:
            params = {"names": names, "value": name}
            return (), [Problem(f"{here}[0]", CATEGORY_NAME, params=params)]
        if name in (known for known, _ in categories):
            return (), [Problem(f"{here}[0]", CATEGORY_TWICE, params={"name": name})]
        if not (is_int(value) and MIN_VALUE <= value <= MAX_VALUE):
            params = {"least": MIN_VALUE, "most": MAX_VALUE, "value": value}
            return (), [Problem(f"{here}[1]", VALUE_RANGE, params=params)]
        categories.append((name, value))
    return tuple(categories), []


def _credits(raw: object, players: int, prefix: str) -> tuple[tuple[int, ...], list[Problem]]:
    where = f"{prefix}.credits"
    if not _is_list(raw) or len(raw) != players:  # type: ignore[arg-type]
        return (), [Problem(where, CREDITS_COUNT, params={"count": players})]
    assert isinstance(raw, Sequence)
    for index, credit in enumerate(raw):
        if not (is_int(credit) and 0 <= credit <= MAX_CREDIT):
            params = {"most": MAX_CREDIT, "value": credit}
            return (), [Problem(f"{where}[{index}]", CREDIT_RANGE, params=params)]
        if index and credit > raw[index - 1]:
            params = {"value": credit, "before": raw[index - 1]}
            return (), [Problem(f"{where}[{index}]", CREDIT_RISES, params=params)]
    return tuple(raw), []


def parse_ruleset(data: object, prefix: str = "ruleset") -> GuggiRuleset:
    """A Guggitaler ruleset from the game file or a club's settings: a preset, and any
    field given beside it in its place (the preset's credits follow ``players``).
    Raises :class:`RulesError` naming each field, in game-format.md's order."""
    if not isinstance(data, Mapping):
        raise RulesError([Problem(prefix, gettext_noop("must be an object"))])
    problems: list[Problem] = []
    name = data.get("preset", PRESET)
    if not isinstance(name, str) or name not in PRESETS:
        params = {"preset": name, "presets": ", ".join(PRESETS)}
        problems.append(Problem(f"{prefix}.preset", UNKNOWN_PRESET, params=params))
        name = PRESET
    problems += [
        Problem(f"{prefix}.{key}", UNKNOWN_FIELD, params={"known": ", ".join(RULESET_FIELDS)})
        for key in data
        if key not in RULESET_FIELDS and not str(key).startswith("x-")
    ]
    players = data.get("players", 4)
    if not (is_int(players) and players in SEATS):
        problems.append(Problem(f"{prefix}.players", PLAYERS_COUNT, params={"value": players}))
        players = 4
    default = tuple(zip(CATEGORIES, _VALUES[name], strict=True))
    categories, found = _categories(data.get("categories", default), prefix)
    problems += found
    domino = data.get("domino", True)
    if not isinstance(domino, bool):
        problems.append(Problem(f"{prefix}.domino", NOT_BOOLEAN, params={"value": domino}))
    credits, found = _credits(data.get("credits", _CREDITS[name][players]), players, prefix)
    problems += found
    series = data.get("series", MIN_SERIES)
    if not (is_int(series) and MIN_SERIES <= series <= MAX_SERIES):
        params = {"least": MIN_SERIES, "most": MAX_SERIES, "value": series}
        problems.append(Problem(f"{prefix}.series", VALUE_RANGE, params=params))
    if problems:
        raise RulesError(problems)
    return GuggiRuleset(
        players=players,
        categories=categories,
        domino=domino,
        credits=credits,
        series=series,
        preset=name,
    )


__all__ = [
    "CATEGORIES",
    "DOMINO",
    "PRESET",
    "PRESETS",
    "GuggiRuleset",
    "maximum",
    "parse_ruleset",
    "preset",
]
