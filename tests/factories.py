"""Game documents to build tests from (plain dicts in the jass-game/1 shape)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

DEMO_DIR = Path(__file__).resolve().parent.parent / "scoring" / "demo"


def demo_document(name: str = "club-night-table-1") -> dict:
    return json.loads((DEMO_DIR / f"{name}.json").read_text(encoding="utf-8"))


def game_document(hands: list[dict] | None = None, **ruleset: object) -> dict:
    """A chibre game between Les Bourgs (Anne, Claude) and Les Nells (Bernard, Denise)."""
    return {
        "format": "jass-game/1",
        "name": "Club night, table 3",
        "played_on": "2026-11-20",
        "ruleset": {"preset": "chibre", **ruleset},
        "teams": [
            {"name": "Les Bourgs", "players": ["Anne", "Claude"]},
            {"name": "Les Nells", "players": ["Bernard", "Denise"]},
        ],
        "hands": copy.deepcopy(hands) if hands is not None else [],
    }


def hand(trump: str = "hearts", cards: list[int] | None = None, **fields: object) -> dict:
    return {"trump": trump, "cards": [95, 62] if cards is None else cards, **fields}


def import_in_club(document: dict, slug: str = "test-club"):
    """Store a game file in the tests' club (the ``club`` fixture)."""
    from clubs.models import Club
    from scoring import services

    return services.import_game(document, club=Club.objects.get(slug=slug))


def stored(trump: str, cards_0: int | None, cards_1: int | None, **fields: object) -> dict:
    """A team game's hand as the database keeps it (``Hand.record``)."""
    from scoring.kinds.team import rules

    cards = None if cards_0 is None else (cards_0, cards_1)
    return rules.Hand(trump=trump, cards=cards, **fields).to_dict()  # type: ignore[arg-type]
