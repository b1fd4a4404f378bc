"""Coiffeur (RULES.md §11, game-format.md "Coiffeur"): a sheet of rows, one column per
side; each hand fills the announcing side's cell of one of its open rows, and the game
is decided once every side has filled every row.

Plain values in, plain values out, as the rest of the engine: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int
from scoring.rules.ruleset import CARD_POINTS, SUITS

PRESET = "coiffeur"

MISERE = "misere"
# Row names that say how a row is played; any other name is a free row, scored like a
# trump. Only misère is scored differently (157 − card points).
MODES: tuple[str, ...] = (
    *SUITS,
    "obe-abe",
    "unde-ufe",
    "slalom",
    "3x3",
    "guschti",
    "choice",
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
    "coiffeur-8": {
        "rows": (
            ("clubs", 1),
            ("diamonds", 2),
            ("hearts", 3),
            ("spades", 4),
            ("obe-abe", 5),
            ("unde-ufe", 6),
            ("choice", 7),
            ("choice-2", 8),
        )
    },
    "coiffeur-guschti": {
        "rows": (
            ("clubs", 1),
            ("diamonds", 2),
            ("hearts", 3),
            ("spades", 4),
            ("obe-abe", 5),
            ("unde-ufe", 6),
            ("slalom", 7),
            ("guschti", 8),
            ("choice", 9),
            ("choice-2", 10),
        )
    },
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

UNKNOWN_FIELD = gettext_noop("unknown field (expected one of {known})")
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

SHEET_FULL = gettext_noop("the sheet was full after hand {last}; no hand may follow")
NO_SUCH_SIDE = gettext_noop("there is no side {value!r} (the sides are {sides})")
NO_SUCH_ROW = gettext_noop("there is no row {value!r} on this sheet")
CELL_FILLED = gettext_noop("{side} has already played {row} (hand {earlier})")
TWO_KINDS = gettext_noop("a hand is at most one of match, counter-match and struck")
CARDS_MISSING = gettext_noop("the card points are missing")
CARDS_WITH_STRUCK = gettext_noop("a struck row has no card points")
CARDS_RANGE = gettext_noop("must be a whole number from 0 to {most}, not {value!r}")
MATCH_CARDS = gettext_noop("a match in {row} takes {cards} card points, not {value}")
COUNTER_CARDS = gettext_noop("a counter-match in {row} leaves {cards} card points, not {value}")


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


@dataclass(frozen=True)
class CoiffeurHand:
    """A hand as the game file holds it: the side that announced, its row, and the side's
    card points; or match, counter-match or a struck row. ``trump``, ``chooser`` and
    ``chibre`` say what was played and who chose it, and are not scored."""

    team: int
    row: str
    cards: int | None
    match: bool = False
    counter: bool = False
    struck: bool = False
    trump: str | None = None
    chooser: str | None = None
    chibre: bool = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "team": self.team,
            "row": self.row,
            "cards": self.cards,
            "match": self.match,
            "counter": self.counter,
            "struck": self.struck,
        }
        if self.trump is not None:
            data["trump"] = self.trump
        if self.chooser is not None:
            data["chooser"] = self.chooser
        data["chibre"] = self.chibre
        return data


def side_name(team: int) -> str:
    return "ABC"[team] if 0 <= team < 3 else str(team)


def match_cards(row: str) -> int:
    """The card points of a match in this row: all nine tricks, or none in misère."""
    return 0 if row == MISERE else CARD_POINTS


def counter_cards(row: str) -> int:
    return CARD_POINTS - match_cards(row)


def check_hand(
    ruleset: CoiffeurRuleset, filled: Mapping[tuple[int, str], int], hand: CoiffeurHand
) -> list[Problem]:
    """What is wrong with a hand, given the cells filled so far (side and row → the
    number of the hand that filled it). The first problem is the first of
    game-format.md's order; the sheet being full is the caller's to check."""
    if not is_int(hand.team) or not 0 <= hand.team < ruleset.teams:
        sides = ", ".join(str(s) for s in range(ruleset.teams))
        return [Problem("team", NO_SUCH_SIDE, params={"value": hand.team, "sides": sides})]
    if not isinstance(hand.row, str) or hand.row not in ruleset.names:
        return [Problem("row", NO_SUCH_ROW, params={"value": hand.row})]
    earlier = filled.get((hand.team, hand.row))
    if earlier is not None:
        params = {"side": side_name(hand.team), "row": hand.row, "earlier": earlier}
        return [Problem("row", CELL_FILLED, params=params)]
    flags = (hand.match, hand.counter, hand.struck)
    for key, flag in zip(("match", "counter", "struck"), flags, strict=True):
        if not isinstance(flag, bool):
            return [Problem(key, NOT_BOOLEAN, params={"value": flag})]
    if sum(flags) > 1:
        return [Problem("match", TWO_KINDS)]
    if hand.struck:
        return [Problem("cards", CARDS_WITH_STRUCK)] if hand.cards is not None else []
    if hand.cards is None:
        return [Problem("cards", CARDS_MISSING)]
    if not is_int(hand.cards) or not 0 <= hand.cards <= CARD_POINTS:
        params = {"most": CARD_POINTS, "value": hand.cards}
        return [Problem("cards", CARDS_RANGE, params=params)]
    if hand.match and hand.cards != match_cards(hand.row):
        params = {"row": hand.row, "cards": match_cards(hand.row), "value": hand.cards}
        return [Problem("cards", MATCH_CARDS, params=params)]
    if hand.counter and hand.cards != counter_cards(hand.row):
        params = {"row": hand.row, "cards": counter_cards(hand.row), "value": hand.cards}
        return [Problem("cards", COUNTER_CARDS, params=params)]
    return []


def cell(ruleset: CoiffeurRuleset, hand: CoiffeurHand) -> int:
    """The points a valid hand writes in its cell (game-format.md "a cell")."""
    _, multiplier, _ = ruleset.row(hand.row)
    r = ruleset.r
    if hand.struck:
        return 0
    if hand.match:
        return r(ruleset.match_value) * multiplier + r(ruleset.match_bonus)
    if hand.counter:
        return -r(ruleset.counter_penalty) * multiplier
    assert hand.cards is not None
    made = CARD_POINTS - hand.cards if hand.row == MISERE else hand.cards
    return r(made) * multiplier


def best_cell(ruleset: CoiffeurRuleset, row: str) -> int:
    """The most a row can still bring its side: a match."""
    return cell(ruleset, CoiffeurHand(0, row, match_cards(row), match=True))


def worst_cell(ruleset: CoiffeurRuleset, row: str) -> int:
    """The least: a counter-match (0 or below, by the penalty)."""
    return cell(ruleset, CoiffeurHand(0, row, counter_cards(row), counter=True))


@dataclass(frozen=True)
class CoiffeurResult:
    """A Coiffeur sheet counted from its hands."""

    ruleset: CoiffeurRuleset
    cells: tuple[tuple[int | None, ...], ...]  # [side][row], None while open
    totals: tuple[int, ...]
    over: bool
    winner: int | None
    difference: int | None  # first side minus second (two sides), else None
    kinds: tuple[tuple[str | None, ...], ...] = field(default=())  # [side][row]

    rubicon = False  # no Rubicon in Coiffeur

    @property
    def open_rows(self) -> tuple[tuple[str, ...], ...]:
        """Each side's rows still to play, in the sheet's order."""
        names = self.ruleset.names
        return tuple(
            tuple(names[i] for i, value in enumerate(side) if value is None) for side in self.cells
        )

    @property
    def row_differences(self) -> tuple[int | None, ...]:
        """Per row, the first side's cell minus the second's once both are filled (two
        sides; a struck row counts 0). Empty with three sides."""
        if self.ruleset.teams != 2:
            return ()
        return tuple(
            None if a is None or b is None else a - b
            for a, b in zip(self.cells[0], self.cells[1], strict=True)
        )

    @property
    def matches(self) -> tuple[int, ...]:
        return tuple(sum(1 for kind in side if kind == "match") for side in self.kinds)

    @property
    def played(self) -> tuple[int, ...]:
        """How many cells each side has filled (struck ones included)."""
        return tuple(sum(1 for value in side if value is not None) for side in self.cells)

    @property
    def safe(self) -> int | None:
        """The side that can no longer be caught, if one: even with a counter-match in each
        of its open rows and a match in every other side's, it stays ahead (RULES.md §11;
        a mark on the sheet, never the winner)."""
        if self.over:
            return None
        rs = self.ruleset
        lowest = [
            self.totals[s] + sum(worst_cell(rs, row) for row in self.open_rows[s])
            for s in range(rs.teams)
        ]
        highest = []
        for s in range(rs.teams):
            bonus = 0
            if rs.teams == 2:  # the other side's counter-matches bring this side the bonus
                bonus = rs.r(rs.counter_bonus) * len(self.open_rows[1 - s])
            highest.append(
                self.totals[s] + sum(best_cell(rs, row) for row in self.open_rows[s]) + bonus
            )
        for s in range(rs.teams):
            if all(lowest[s] > highest[o] for o in range(rs.teams) if o != s):
                return s
        return None

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``result`` object for a Coiffeur game."""
        return {
            "cells": [list(side) for side in self.cells],
            "totals": list(self.totals),
            "over": self.over,
            "winner": self.winner,
            "difference": self.difference,
        }


def play(
    ruleset: CoiffeurRuleset, hands: Sequence[CoiffeurHand], check: bool = True
) -> CoiffeurResult:
    """Count a Coiffeur sheet. With ``check`` every hand is validated and
    :class:`RulesError` names the first broken rule's hand (1-based) and field."""
    rows = ruleset.names
    cells: list[list[int | None]] = [[None] * len(rows) for _ in range(ruleset.teams)]
    kinds: list[list[str | None]] = [[None] * len(rows) for _ in range(ruleset.teams)]
    filled: dict[tuple[int, str], int] = {}
    bonus = [0] * ruleset.teams
    full = ruleset.teams * len(rows)
    for number, hand in enumerate(hands, start=1):
        if check:
            if len(filled) >= full:
                raise RulesError([Problem("hands", SHEET_FULL, number, {"last": number - 1})])
            broken = check_hand(ruleset, filled, hand)
            if broken:
                raise RulesError([problem.in_hand(number) for problem in broken])
        index = rows.index(hand.row)
        filled[(hand.team, hand.row)] = number
        cells[hand.team][index] = cell(ruleset, hand)
        kinds[hand.team][index] = (
            "match"
            if hand.match
            else "counter"
            if hand.counter
            else "struck"
            if hand.struck
            else "cards"
        )
        if hand.counter and ruleset.teams == 2:
            bonus[1 - hand.team] += ruleset.r(ruleset.counter_bonus)
    totals = tuple(
        sum(value for value in side if value is not None) + bonus[s] for s, side in enumerate(cells)
    )
    over = len(filled) >= full
    best = max(totals)
    leaders = [s for s, total in enumerate(totals) if total == best]
    winner = leaders[0] if over and len(leaders) == 1 else None
    difference = totals[0] - totals[1] if ruleset.teams == 2 else None
    return CoiffeurResult(
        ruleset=ruleset,
        cells=tuple(tuple(side) for side in cells),
        totals=totals,
        over=over,
        winner=winner,
        difference=difference,
        kinds=tuple(tuple(side) for side in kinds),
    )


HAND_FIELDS = ("team", "row", "cards", "match", "counter", "struck", "trump", "chooser", "chibre")


def read_hand(data: object, number: int) -> CoiffeurHand:
    """One hand of the game file's ``hands``, its fields' types checked; its rules are
    checked by :func:`play`. Raises :class:`RulesError` naming the hand and field."""
    if not isinstance(data, Mapping):
        raise RulesError([Problem("hand", gettext_noop("must be an object"), number)])
    problems = [
        Problem(key, UNKNOWN_FIELD, number, {"known": ", ".join(HAND_FIELDS)})
        for key in data
        if key not in HAND_FIELDS and not str(key).startswith("x-")
    ]
    for key in ("team", "row"):
        if key not in data:
            problems.append(Problem(key, gettext_noop("is required"), number))
    for key in ("trump", "chooser"):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > 100):
            problems.append(Problem(key, gettext_noop("must be a text"), number))
    if not isinstance(data.get("chibre", False), bool):
        params = {"value": data.get("chibre")}
        problems.append(Problem("chibre", NOT_BOOLEAN, number, params))
    if problems:
        raise RulesError(problems)
    return CoiffeurHand(
        team=data["team"],
        row=data["row"],
        cards=data.get("cards"),
        match=data.get("match", False),
        counter=data.get("counter", False),
        struck=data.get("struck", False),
        trump=data.get("trump"),
        chooser=data.get("chooser"),
        chibre=data.get("chibre", False),
    )


__all__ = [
    "MODES",
    "PRESET",
    "PRESETS",
    "CoiffeurHand",
    "CoiffeurResult",
    "CoiffeurRuleset",
    "cell",
    "check_hand",
    "parse_ruleset",
    "play",
    "preset",
    "read_hand",
]
