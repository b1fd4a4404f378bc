"""``manage.py load_demo``: a demo club night — a club, its members, one finished
game and one unfinished game. For trying the site locally, never in production."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from clubs.models import Club, Member, Role
from scoring import services
from scoring.models import Game

DEMO_DIR = Path(__file__).resolve().parents[2] / "demo"
DEMO_PASSWORD = "jass-demo"
ACCOUNTS = [  # username, player name, role
    ("demo-admin", "Anne", Role.ADMIN),
    ("demo-scorer", "Bernard", Role.SCORER),
    ("demo-member", "Claude", Role.MEMBER),
]
GUESTS = ["Denise", "Ueli", "Vreni", "Köbi", "Heidi"]


class Command(BaseCommand):
    help = (
        "Load the demo club (once: what is already there is left as it is). "
        f"Its accounts demo-admin, demo-scorer and demo-member have the password {DEMO_PASSWORD}."
    )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        club, created = Club.objects.get_or_create(
            slug="demo", defaults={"name": "Jass-Club Démo", "place": "Fribourg"}
        )
        User = get_user_model()
        for username, player, role in ACCOUNTS:
            user = User.objects.filter(username=username).first()
            if user is None:
                user = User.objects.create_user(username, password=DEMO_PASSWORD)
            Member.objects.get_or_create(
                club=club, name=player, defaults={"user": user, "role": role}
            )
        for name in GUESTS:
            Member.objects.get_or_create(club=club, name=name)
        for path in sorted(DEMO_DIR.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            if Game.objects.filter(club=club, name=data["name"]).exists():
                continue
            game = services.import_game(data, club=club)
            self.stdout.write(f"demo game {game.pk}: {game.name}")
        if created:
            self.stdout.write(
                f"demo club {club.name}: sign in as demo-admin, demo-scorer or demo-member, "
                f"password {DEMO_PASSWORD}"
            )
