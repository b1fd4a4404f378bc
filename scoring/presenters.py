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


class HandsSoFar:
    """What a kind's view of a game (a frozen dataclass with its ``game`` and its
    ``hands`` so far) tells of its hands: how many, the last's and the next's number,
    and the version its screens show (:func:`game_version`)."""

    game: Game
    hands: tuple[Any, ...]

    @property
    def hands_played(self) -> int:
        return len(self.hands)

    @property
    def last_number(self) -> int:
        return len(self.hands)

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    @property
    def version(self) -> str:
        return game_version(self.game, list(self.hands))


def any_view(game: Game) -> Any:
    """The view of a listed game, as its kind presents it (``GameKind.present``)."""
    return registry.of(game.ruleset).present(game)


def listed_views(games: Iterable[Game]) -> list[Any]:
    """The views of ``games`` for a list (every kind presents its games)."""
    return [any_view(game) for game in games]
