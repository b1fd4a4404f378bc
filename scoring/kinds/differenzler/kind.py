"""Différenzler as the core asks it (``settings.GAME_KINDS``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import presenters, statistics
from scoring.registry import GameKind
from scoring.rules.differenzler import DiffHand
from scoring.rules.ruleset import DIFFERENZLER
from scoring.views import differenzler


def read_hand(record: Mapping[str, Any]) -> DiffHand:
    """A stored hand (its game file's record, checked when it was stored)."""
    return DiffHand(
        trump=record["trump"],
        estimates=tuple(record["estimates"]),  # type: ignore[arg-type]
        cards=tuple(record["cards"]),  # type: ignore[arg-type]
    )


def write_hand(hand: DiffHand) -> dict[str, Any]:
    return hand.to_dict()


KIND = GameKind(
    "differenzler",
    frozenset({DIFFERENZLER}),
    read_hand,
    write_hand,
    record=lambda game: game.individual_record(),
    present=presenters.diff_view,
    table=differenzler.screen,
    game_page=differenzler.game_page,
    result_rows=statistics.seat_rows,
)
