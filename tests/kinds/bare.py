"""A kind of game that offers nothing but its hands (no pages, no game file): what the
core does with a game whose kind is not built yet (tests/test_registry.py)."""

from scoring.registry import GameKind

KIND = GameKind("bare", frozenset({"bare"}), dict, dict)
