"""Actions on games, one function each, each in one transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scoring.models import Game, Hand, Player, Team
from scoring.rules import RulesError, gamefile


@transaction.atomic
def store_game(record: gamefile.GameRecord) -> Game:
    """Store a checked game record whole: the game, its two teams, four players, hands."""
    game = Game.objects.create(
        name=record.name, played_on=record.played_on, ruleset=record.ruleset.to_dict()
    )
    for index, team_record in enumerate(record.teams):
        team = Team.objects.create(game=game, index=index, name=team_record.name)
        Player.objects.bulk_create(
            Player(team=team, position=position, name=name)
            for position, name in enumerate(team_record.players)
        )
    Hand.objects.bulk_create(
        Hand.from_rules(game, number, hand) for number, hand in enumerate(record.hands, start=1)
    )
    return game


def import_game(data: object) -> Game:
    """Check a ``jass-game/1`` document with the rules engine and store it whole.

    Raises :class:`RulesError` and stores nothing when any rule is broken.
    """
    return store_game(gamefile.read_game(data))


def import_games(documents: list[object]) -> list[Game]:
    """Store several documents all or none (a backup made by ``export_game --all``).

    A refused document raises :class:`GameInFileError` telling which one.
    """
    with transaction.atomic():
        games = []
        for position, data in enumerate(documents, start=1):
            try:
                record = gamefile.read_game(data)
            except RulesError as error:
                raise GameInFileError(position, error) from error
            games.append(store_game(record))
        return games


class GameInFileError(Exception):
    def __init__(self, position: int, error: RulesError) -> None:
        self.position = position
        self.error = error
        super().__init__(f"game {position}: {error}")


def export_game(game: Game) -> dict[str, Any]:
    """The ``jass-game/1`` document of a stored game, with its computed ``result``."""
    return game.record().to_dict()
