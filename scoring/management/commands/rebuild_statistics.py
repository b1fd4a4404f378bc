"""``manage.py rebuild_statistics``: make the stored statistics again from the hands."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring import statistics
from scoring.models import Game, PlayerResult


class Command(BaseCommand):
    help = (
        "Make every game's stored statistics (one row per player) again from its hands, "
        "the one source of truth, and drop the clubs' monthly totals (made again when next "
        "read); with --check, only say how many games and months' totals differ."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Change nothing; exit with status 1 when a game's stored rows or a month's "
            "totals differ.",
        )

    def handle(self, *args: Any, check: bool, **options: Any) -> None:
        games = Game.objects.all()
        if check:
            differ = statistics.differing(games)
            self.stdout.write(f"{games.count()} games checked, {len(differ)} differ")
            for game_id in differ[:20]:
                self.stdout.write(f"game {game_id}")
            months = statistics.differing_totals()
            self.stdout.write(f"{len(months)} months' totals differ")
            for club, month in months[:20]:
                self.stdout.write(f"{club.slug} {month:%Y-%m}")
            if differ or months:
                raise SystemExit(1)
            return
        count = statistics.rebuild(games)
        self.stdout.write(f"{count} games, {PlayerResult.objects.count()} rows rebuilt")
