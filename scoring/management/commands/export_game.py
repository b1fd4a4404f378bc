"""``manage.py export_game ID`` / ``--all``: games as ``jass-game/1`` JSON on stdout."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring import services
from scoring.models import Game


class Command(BaseCommand):
    help = "Export one game as jass-game/1 JSON, or every game as one JSON array (--all)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", nargs="?", type=int, help="the id of the game")
        parser.add_argument("--all", action="store_true", help="every stored game, as an array")

    def handle(self, *args: Any, id: int | None, all: bool, **options: Any) -> None:
        if all == (id is not None):
            raise CommandError("give either the id of one game or --all")
        if all:
            games = Game.objects.with_everything().order_by("id")
            document: object = [services.export_game(game) for game in games]
        else:
            game = Game.objects.with_everything().filter(pk=id).first()
            if game is None:
                raise CommandError(f"no game with id {id}")
            document = services.export_game(game)
        self.stdout.write(json.dumps(document, ensure_ascii=False, indent=2))
