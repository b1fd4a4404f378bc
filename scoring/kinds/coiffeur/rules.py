"""Coiffeur's hands (RULES.md §11, game-format.md "Coiffeur"): each fills the announcing
side's cell of one of its open rows; the sheet is counted from them, and the game is
decided once every side has filled every row.

Plain values in, plain values out, as the rest of the engine: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int
from scoring.rules.ruleset import CARD_POINTS

from .sheet import MISERE, NOT_BOOLEAN, CoiffeurRuleset

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

    @property
    def outcome(self) -> str:
        """What the hand came to: ``match``, ``counter`` (counter-match), ``struck`` or
        ``cards`` (card points)."""
        if self.match:
            return "match"
        if self.counter:
            return "counter"
        return "struck" if self.struck else "cards"

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
        kinds[hand.team][index] = hand.outcome
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


__all__ = [
    "CoiffeurHand",
    "CoiffeurResult",
    "cell",
    "check_hand",
    "play",
]
