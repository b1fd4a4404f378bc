"""``manage.py load_demo``: a small demo club night — one finished game, one unfinished."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from scoring import services
from scoring.models import Game

DEMO_DIR = Path(__file__).resolve().parents[2] / "demo"


class Command(BaseCommand):
    help = "Load the demo games (once: games already loaded are left as they are)."

    def handle(self, *args: Any, **options: Any) -> None:
        for path in sorted(DEMO_DIR.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            if Game.objects.filter(name=data["name"]).exists():
                continue
            game = services.import_game(data)
            self.stdout.write(f"demo game {game.pk}: {game.name}")
