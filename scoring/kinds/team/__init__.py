"""The team game: two teams of two to a target or a number of hands (chibre, Schieber,
a tournament's hands; RULES.md §1–§9). Its rules are :mod:`scoring.rules`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import rules
from scoring.kinds import GameKind
from scoring.rules.ruleset import TEAM_PRESETS


def read_hand(record: Mapping[str, Any]) -> rules.Hand:
    """A stored hand (its game file's record, checked when it was stored)."""
    cards = record.get("cards")
    weis = record.get("weis") or [[], []]
    return rules.Hand(
        trump=record["trump"],
        cards=None if cards is None else (cards[0], cards[1]),
        match=record.get("match"),
        weis=(tuple(weis[0]), tuple(weis[1])),
        stoeck=record.get("stoeck"),
        out_first=record.get("out_first"),
        chooser=record.get("chooser") or None,
        chibre=bool(record.get("chibre", False)),
    )


def write_hand(hand: rules.Hand) -> dict[str, Any]:
    return hand.to_dict()


KIND = GameKind("team", frozenset(TEAM_PRESETS), read_hand, write_hand)
