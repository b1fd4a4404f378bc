"""Différenzler: four players each for themselves, each estimating their card points
before the hand (RULES.md §10). Its rules are :mod:`scoring.rules.differenzler`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.kinds import GameKind
from scoring.rules.differenzler import DiffHand
from scoring.rules.ruleset import DIFFERENZLER


def read_hand(record: Mapping[str, Any]) -> DiffHand:
    """A stored hand (its game file's record, checked when it was stored)."""
    return DiffHand(
        trump=record["trump"],
        estimates=tuple(record["estimates"]),  # type: ignore[arg-type]
        cards=tuple(record["cards"]),  # type: ignore[arg-type]
    )


def write_hand(hand: DiffHand) -> dict[str, Any]:
    return hand.to_dict()


KIND = GameKind("differenzler", frozenset({DIFFERENZLER}), read_hand, write_hand)
