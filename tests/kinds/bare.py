"""A kind of game that answers only how its hands are kept, none of what the core asks
of its games (its pages, its game file…): a kind the registry refuses when its module
is imported (tests/test_registry.py), as mypy refuses it."""

from collections.abc import Mapping
from typing import Any

from scoring.registry import GameKind


class Bare(GameKind[Any, Any]):
    name = "bare"
    presets = frozenset({"bare"})

    def read_hand(self, record: Mapping[str, Any]) -> Any:
        return dict(record)

    def write_hand(self, hand: Any) -> dict[str, Any]:
        return dict(hand)


KIND = Bare()  # type: ignore[abstract]  # what this module shows: refused
