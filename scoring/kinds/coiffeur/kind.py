"""Coiffeur as the core asks it (``settings.GAME_KINDS``). Its hands are read and
written; its games are not offered yet (no table screen, game page or statistics
rows: issue 25)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.registry import GameKind

from .gamefile import read_hand as _read_hand
from .rules import CoiffeurHand
from .sheet import PRESETS


def read_hand(record: Mapping[str, Any]) -> CoiffeurHand:
    """A stored hand (its game file's record, checked when it was stored)."""
    return _read_hand(record, 0)


def write_hand(hand: CoiffeurHand) -> dict[str, Any]:
    return hand.to_dict()


KIND = GameKind("coiffeur", frozenset(PRESETS), read_hand, write_hand)
