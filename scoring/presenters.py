"""What every kind's game pages share: a game's fingerprint for the live poll, and the
lists of games, each drawn as its kind presents it (``GameKind.present``; the team
game's presenter is ``scoring.kinds.team.presenter``)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from scoring import extras, registry
from scoring.models import Game


def game_version(game: Game, played: list[Any]) -> str:
    """A short fingerprint of what a screen of the game shows: its hands (as its kind
    counts them: each has ``to_dict()``), and what
    the game's extra adds (a tournament table's signatures). A phone polls with the
    version it shows and learns, cheaply, whether another one changed the game."""
    text = json.dumps(
        [[hand.to_dict() for hand in played], extras.extra_for(game).version(game)],
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def any_view(game: Game) -> Any:
    """The view of a listed game, as its kind presents it (``GameKind.present``)."""
    return registry.of(game.ruleset).present(game)


def listed_views(games: Iterable[Game]) -> list[Any]:
    """The views of ``games`` for a list, leaving out a game whose kind presents none
    (a kind not offered yet)."""
    return [any_view(game) for game in games if registry.of(game.ruleset).present is not None]
