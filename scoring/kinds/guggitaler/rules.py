"""Guggitaler's hands (RULES.md §14, game-format.md "Guggitaler"): each of the five hands
is written as each player's count of what it avoids, adding up to exactly its maximum,
and charges count × value; the domino is written as each player's place and gives back
its credit. The totals run over the whole game; the lowest wins.

Plain values in, plain values out, as the rest of the engine: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import GAME_OVER_BEFORE
from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int

from .ruleset import (
    CATEGORIES,
    DOMINO,
    PRESET,
    PRESETS,
    GuggiRuleset,
    maximum,
    parse_ruleset,
    preset,
)

OBE_ABE = "obe-abe"

NOT_NEXT = gettext_noop("hand {number} is {expected!r}, not {value!r}")
COUNTS_MISSING = gettext_noop("each player's count is missing")
COUNTS_RANGE = gettext_noop(
    "must be one whole number from 0 to {most} for each of the {players} players, not {value!r}"
)
COUNTS_SUM = gettext_noop("the counts add up to {total}, not {most}: every one is taken by someone")
COUNTS_IN_DOMINO = gettext_noop("the domino has places, not counts")
PLACES_IN_CATEGORY = gettext_noop("only the domino has places")
PLACES_RANGE = gettext_noop(
    "must be the places 1 to {players}, each once (1 = first out), not {value!r}"
)
NOT_OBE_ABE = gettext_noop("Guggitaler is played obe-abe, without trump, not {value!r}")


@dataclass(frozen=True)
class GuggiHand:
    """A hand as the game file holds it: its category, and each player's count in seat
    order (one of the five hands) or each player's place (the domino, 1 = first out).
    ``trump`` is what was played (always obe-abe) and is not scored."""

    category: str
    counts: tuple[int, ...] | None = None
    places: tuple[int, ...] | None = None
    trump: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"category": self.category}
        if self.category == DOMINO:
            data["places"] = None if self.places is None else list(self.places)
        else:
            data["counts"] = None if self.counts is None else list(self.counts)
        if self.trump is not None:
            data["trump"] = self.trump
        return data


def next_category(ruleset: GuggiRuleset, played: int) -> str | None:
    """The category of the hand after ``played`` hands, or None once the game is over."""
    order = ruleset.order
    return order[played] if 0 <= played < len(order) else None


def _numbers(value: object, players: int) -> tuple[int, ...] | None:
    """One whole number per player, or None."""
    if not isinstance(value, list | tuple) or len(value) != players:
        return None
    if not all(is_int(n) for n in value):
        return None
    return tuple(value)


def _shown(value: object) -> object:
    """A hand's counts or places as the file wrote them (a list), for a message."""
    return list(value) if isinstance(value, tuple) else value


def check_hand(ruleset: GuggiRuleset, number: int, hand: GuggiHand) -> list[Problem]:
    """What is wrong with hand ``number`` (1-based) after the ones before it: the first
    problem of game-format.md's order, naming the hand and field, or ``[]``."""
    if number < 1:
        raise ValueError(f"hands are numbered from 1, not {number}")
    if number > ruleset.hands:
        return [Problem("hands", GAME_OVER_BEFORE, number, {"last": ruleset.hands})]
    expected = ruleset.order[number - 1]
    if hand.category != expected:
        params = {"number": number, "expected": expected, "value": hand.category}
        return [Problem("category", NOT_NEXT, number, params)]
    players = ruleset.players
    if expected == DOMINO:
        if hand.counts is not None:
            return [Problem("counts", COUNTS_IN_DOMINO, number)]
        places = _numbers(hand.places, players)
        if places is None or sorted(places) != list(range(1, players + 1)):
            params = {"players": players, "value": _shown(hand.places)}
            return [Problem("places", PLACES_RANGE, number, params)]
    else:
        most = ruleset.maximum(expected)
        if hand.counts is None:
            return [Problem("counts", COUNTS_MISSING, number)]
        counts = _numbers(hand.counts, players)
        if counts is None or not all(0 <= n <= most for n in counts):
            params = {"most": most, "players": players, "value": _shown(hand.counts)}
            return [Problem("counts", COUNTS_RANGE, number, params)]
        if sum(counts) != most:
            return [Problem("counts", COUNTS_SUM, number, {"total": sum(counts), "most": most})]
        if hand.places is not None:
            return [Problem("places", PLACES_IN_CATEGORY, number)]
    if hand.trump is not None and hand.trump != OBE_ABE:
        return [Problem("trump", NOT_OBE_ABE, number, {"value": hand.trump})]
    return []


def points(ruleset: GuggiRuleset, hand: GuggiHand) -> tuple[int, ...]:
    """What a valid hand charges each player: count × the category's value, or the
    domino's credit for the player's place, given back (negative)."""
    if hand.category == DOMINO:
        assert hand.places is not None
        return tuple(0 - ruleset.credits[place - 1] for place in hand.places)
    assert hand.counts is not None
    value = ruleset.value(hand.category)
    return tuple(count * value for count in hand.counts)


def ranks(totals: Sequence[int]) -> tuple[int, ...]:
    """1-based ranks, the lowest total first; equal totals share a rank (1, 2, 2, 4)."""
    return tuple(1 + sum(1 for other in totals if other < mine) for mine in totals)


@dataclass(frozen=True)
class GuggiHandResult:
    points: tuple[int, ...]  # what this hand charged each player (the domino: < 0)
    totals: tuple[int, ...]  # the running sums after it


@dataclass(frozen=True)
class GuggiResult:
    """A Guggitaler game counted from its hands."""

    ruleset: GuggiRuleset
    hands: tuple[GuggiHandResult, ...]
    totals: tuple[int, ...]
    over: bool
    ranks: tuple[int, ...]
    winner: int | None  # the player ranked 1 alone once the game is over

    rubicon = False  # no Rubicon in Guggitaler

    @property
    def leaders(self) -> tuple[int, ...]:
        """The players ranked 1 now (several when their totals are equal)."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @property
    def next_category(self) -> str | None:
        """The category of the next hand, or None once the game is over."""
        return next_category(self.ruleset, len(self.hands))

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``result`` object for a Guggitaler game."""
        return {
            "hands": [{"points": list(h.points), "totals": list(h.totals)} for h in self.hands],
            "totals": list(self.totals),
            "over": self.over,
            "ranks": list(self.ranks),
            "winner": self.winner,
            "rubicon": False,
        }


def play(ruleset: GuggiRuleset, hands: Sequence[GuggiHand], check: bool = True) -> GuggiResult:
    """Count a Guggitaler game: each hand's points, the running totals, the ranks and, once
    the last hand of the last Guggitaler is played, the winner (None when the lowest total
    is shared). With ``check`` every hand is validated and :class:`RulesError` names the
    first broken rule's hand (1-based) and field."""
    totals = (0,) * ruleset.players
    results: list[GuggiHandResult] = []
    for number, hand in enumerate(hands, start=1):
        if check:
            broken = check_hand(ruleset, number, hand)
            if broken:
                raise RulesError(broken)
        charged = points(ruleset, hand)
        totals = tuple(total + p for total, p in zip(totals, charged, strict=True))
        results.append(GuggiHandResult(charged, totals))
    over = len(results) >= ruleset.hands
    ranked = ranks(totals)
    leaders = [seat for seat, rank in enumerate(ranked) if rank == 1]
    winner = leaders[0] if over and len(leaders) == 1 else None
    return GuggiResult(ruleset, tuple(results), totals, over, ranked, winner)


__all__ = [
    "CATEGORIES",
    "DOMINO",
    "PRESET",
    "PRESETS",
    "GuggiHand",
    "GuggiHandResult",
    "GuggiResult",
    "GuggiRuleset",
    "check_hand",
    "maximum",
    "next_category",
    "parse_ruleset",
    "play",
    "points",
    "preset",
    "ranks",
]
