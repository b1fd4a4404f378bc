"""``manage.py rebuild_statistics``: make the stored statistics again from the hands."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring import statistics
from scoring.models import Game, PlayerResult


class Command(BaseCommand):
    help = (
        "Make every game's stored statistics (one row per player) again from its hands, "
        "the one source of truth, and the clubs' totals of closed months and days summed "
        "from them; with --check, only say how many games, months' and days' totals differ."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Change nothing; exit with status 1 when a game's stored rows, a month's or "
            "a day's totals differ.",
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
            days = statistics.differing_day_totals()
            self.stdout.write(f"{len(days)} days' totals differ")
            for club, day in days[:20]:
                self.stdout.write(f"{club.slug} {day:%Y-%m-%d}")
            if differ or months or days:
                raise SystemExit(1)
            return
        count = statistics.rebuild(games)
        self.stdout.write(f"{count} games, {PlayerResult.objects.count()} rows rebuilt")
        clubs = statistics.sum_totals()
        self.stdout.write(f"{clubs} clubs' totals of closed months and days summed")
