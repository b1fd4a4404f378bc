"""Coiffeur's sheet (RULES.md §11, game-format.md "Coiffeur", ruleset): its rows and
their multipliers, how a match and a counter-match count, two or three sides, and the
presets clubs use. Plain values, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import UNKNOWN_FIELD
from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int
from scoring.rules.ruleset import SUITS

PRESET = "coiffeur"

MISERE = "misere"
# Row names that say how a row is played ("trump": a trump of the side's choice); any
# other name is a free row, scored like a trump. Only misère is scored differently
# (157 − card points). How players write them: names.py.
MODES: tuple[str, ...] = (
    *SUITS,
    "obe-abe",
    "unde-ufe",
    "slalom",
    "3x3",
    "guschti",
    "choice",
    "trump",
    MISERE,
)

MIN_ROWS, MAX_ROWS = 6, 13
MIN_MULTIPLIER, MAX_MULTIPLIER = 1, 20
MATCH_VALUES = (157, 257)
MAX_BONUS = 1000
SIDES = (2, 3)
MAX_ROW_NAME = 40
MAX_LABEL = 40

Row = tuple[str, int, str | None]  # name, multiplier, label (None: the mode's own name)

SEED_ROWS: tuple[tuple[str, int], ...] = (
    ("clubs", 1),
    ("diamonds", 2),
    ("hearts", 3),
    ("spades", 4),
    ("obe-abe", 5),
    ("unde-ufe", 6),
    ("slalom", 7),
    (MISERE, 8),
    ("3x3", 9),
    ("choice", 10),
)

# The sheets clubs use (RULES.md §11): the seed's, 8 rows (jassverzeichnis, Swisslos),
# 10 rows with Slalom and Guschti (jassen.ch), three sides, and match 157 with 500.
PRESETS: dict[str, dict[str, Any]] = {
    "coiffeur": {"rows": SEED_ROWS},
    "coiffeur-8": {"rows": (*SEED_ROWS[:6], ("choice", 7), ("choice-2", 8))},
    "coiffeur-guschti": {"rows": (*SEED_ROWS[:7], ("guschti", 8), ("choice", 9), ("choice-2", 10))},
    "coiffeur-3": {"rows": SEED_ROWS, "teams": 3},
    "coiffeur-157": {"rows": SEED_ROWS, "match_value": 157, "match_bonus": 500},
}
DEFAULTS: dict[str, Any] = {
    "match_value": 257,
    "match_bonus": 0,
    "counter_bonus": 0,
    "counter_penalty": 0,
    "rounded": False,
    "teams": 2,
}
RULESET_FIELDS = ("preset", "rows", *DEFAULTS)

UNKNOWN_PRESET = gettext_noop("unknown Coiffeur sheet {preset!r} (expected one of {presets})")
ROWS_COUNT = gettext_noop("a sheet has {least} to {most} rows, not {count}")
ROW_SHAPE = gettext_noop("must be [name, multiplier] or [name, multiplier, label]")
ROW_NAME = gettext_noop("must be a name of 1 to {most} characters")
ROW_TWICE = gettext_noop("the row {name!r} is on the sheet twice; give each row its own name")
MULTIPLIER_RANGE = gettext_noop("must be a whole number from {least} to {most}, not {value!r}")
MATCH_VALUE = gettext_noop("must be 157 or 257, not {value!r}")
BONUS_RANGE = gettext_noop("must be a whole number from 0 to {most}, not {value!r}")
NOT_BOOLEAN = gettext_noop("must be true or false, not {value!r}")
SIDES_COUNT = gettext_noop("must be 2 or 3 sides, not {value!r}")
COUNTER_BONUS_THREE = gettext_noop(
    "must be 0 with three sides: nobody would receive a counter-match bonus"
)


@dataclass(frozen=True)
class CoiffeurRuleset:
    """A club's sheet: its rows in order, and how a match and a counter-match count."""

    rows: tuple[Row, ...] = tuple((name, m, None) for name, m in SEED_ROWS)
    match_value: int = 257
    match_bonus: int = 0
    counter_bonus: int = 0
    counter_penalty: int = 0
    rounded: bool = False
    teams: int = 2
    preset: str = PRESET

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(row[0] for row in self.rows)

    def row(self, name: str) -> Row:
        return self.rows[self.names.index(name)]

    def r(self, value: int) -> int:
        """A number as written on the sheet: rounded half up to ten on a rounded sheet."""
        return (value + 5) // 10 * 10 if self.rounded else value

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``ruleset`` object, every field written out."""
        return {
            "preset": self.preset,
            "rows": [[n, m] if label is None else [n, m, label] for n, m, label in self.rows],
            "match_value": self.match_value,
            "match_bonus": self.match_bonus,
            "counter_bonus": self.counter_bonus,
            "counter_penalty": self.counter_penalty,
            "rounded": self.rounded,
            "teams": self.teams,
        }


def preset(name: str = PRESET) -> CoiffeurRuleset:
    return parse_ruleset({"preset": name})


def _bounded(
    data: Mapping[str, Any], key: str, least: int, most: int, template: str, prefix: str
) -> list[Problem]:
    value = data[key]
    if is_int(value) and least <= value <= most:
        return []
    params = {"least": least, "most": most, "value": value}
    return [Problem(f"{prefix}.{key}", template, params=params)]


def _parse_rows(raw: object, prefix: str) -> tuple[tuple[Row, ...], list[Problem]]:
    where = f"{prefix}.rows"
    if not isinstance(raw, Sequence) or isinstance(raw, str | bytes):
        count = "?" if not isinstance(raw, Sequence) else len(raw)
        params = {"least": MIN_ROWS, "most": MAX_ROWS, "count": count}
        return (), [Problem(where, ROWS_COUNT, params=params)]
    if not MIN_ROWS <= len(raw) <= MAX_ROWS:
        params = {"least": MIN_ROWS, "most": MAX_ROWS, "count": len(raw)}
        return (), [Problem(where, ROWS_COUNT, params=params)]
    rows: list[Row] = []
    problems: list[Problem] = []
    for index, row in enumerate(raw):
        here = f"{where}[{index}]"
        if not isinstance(row, Sequence) or isinstance(row, str | bytes) or len(row) not in (2, 3):
            problems.append(Problem(here, ROW_SHAPE))
            continue
        name, multiplier = row[0], row[1]
        label = row[2] if len(row) == 3 else None
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_ROW_NAME:
            problems.append(Problem(f"{here}[0]", ROW_NAME, params={"most": MAX_ROW_NAME}))
            continue
        if not (is_int(multiplier) and MIN_MULTIPLIER <= multiplier <= MAX_MULTIPLIER):
            params = {"least": MIN_MULTIPLIER, "most": MAX_MULTIPLIER, "value": multiplier}
            problems.append(Problem(f"{here}[1]", MULTIPLIER_RANGE, params=params))
            continue
        if label is not None and (
            not isinstance(label, str) or not 0 < len(label.strip()) <= MAX_LABEL
        ):
            problems.append(Problem(f"{here}[2]", ROW_NAME, params={"most": MAX_LABEL}))
            continue
        name = name.strip()
        if name in (r[0] for r in rows):
            problems.append(Problem(f"{here}[0]", ROW_TWICE, params={"name": name}))
            continue
        rows.append((name, multiplier, label.strip() if isinstance(label, str) else None))
    return tuple(rows), problems


def parse_ruleset(data: object, prefix: str = "ruleset") -> CoiffeurRuleset:
    """A Coiffeur ruleset from the game file or a club's settings: a preset, and any
    field given beside it in its place. Raises :class:`RulesError` naming each field."""
    if not isinstance(data, Mapping):
        raise RulesError([Problem(prefix, gettext_noop("must be an object"))])
    problems = [
        Problem(f"{prefix}.{key}", UNKNOWN_FIELD, params={"known": ", ".join(RULESET_FIELDS)})
        for key in data
        if key not in RULESET_FIELDS and not str(key).startswith("x-")
    ]
    name = data.get("preset", PRESET)
    if not isinstance(name, str) or name not in PRESETS:
        params = {"preset": name, "presets": ", ".join(PRESETS)}
        problems.append(Problem(f"{prefix}.preset", UNKNOWN_PRESET, params=params))
        name = PRESET
    values: dict[str, Any] = {**DEFAULTS, **PRESETS[name]}
    values.update({key: value for key, value in data.items() if key in RULESET_FIELDS})
    rows, row_problems = _parse_rows(values["rows"], prefix)
    problems += row_problems
    if values["match_value"] not in MATCH_VALUES or not is_int(values["match_value"]):
        params = {"value": values["match_value"]}
        problems.append(Problem(f"{prefix}.match_value", MATCH_VALUE, params=params))
    for key in ("match_bonus", "counter_bonus", "counter_penalty"):
        problems += _bounded(values, key, 0, MAX_BONUS, BONUS_RANGE, prefix)
    if not isinstance(values["rounded"], bool):
        params = {"value": values["rounded"]}
        problems.append(Problem(f"{prefix}.rounded", NOT_BOOLEAN, params=params))
    teams = values["teams"]
    if teams not in SIDES or not is_int(teams):
        problems.append(Problem(f"{prefix}.teams", SIDES_COUNT, params={"value": teams}))
    elif teams == 3 and values["counter_bonus"] != 0:
        problems.append(Problem(f"{prefix}.counter_bonus", COUNTER_BONUS_THREE))
    if problems:
        raise RulesError(problems)
    return CoiffeurRuleset(
        rows=rows,
        match_value=values["match_value"],
        match_bonus=values["match_bonus"],
        counter_bonus=values["counter_bonus"],
        counter_penalty=values["counter_penalty"],
        rounded=values["rounded"],
        teams=teams,
        preset=name,
    )


__all__ = [
    "MODES",
    "PRESET",
    "PRESETS",
    "CoiffeurRuleset",
    "parse_ruleset",
    "preset",
]
