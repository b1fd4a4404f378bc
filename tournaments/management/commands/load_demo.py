"""``manage.py load_demo``: a demo club night — a club, its members, one finished
game and one unfinished game, a Différenzler game, a Coiffeur sheet being played, a
tournament of six teams halfway through its second pass, and a Différenzler tournament
of nine players in its second pass. For trying the site locally, never in
production."""

from __future__ import annotations

import datetime as dt
import json
import random
import uuid
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.module_loading import import_string

import scoring
from clubs.models import Club, Member, Role
from scoring import registry, services
from scoring.models import Game
from tournaments import services as tournament_services
from tournaments.models import Tournament

DEMO_DIR = Path(scoring.__file__).resolve().parent / "demo"  # the demo games' files
DEMO_PASSWORD = "jass-demo"
ACCOUNTS = [  # username, player name, role
    ("demo-admin", "Anne", Role.ADMIN),
    ("demo-scorer", "Bernard", Role.SCORER),
    ("demo-member", "Claude", Role.MEMBER),
]
GUESTS = ["Denise", "Ueli", "Vreni", "Köbi", "Heidi"]
TEAMS = [  # name, player, partner
    ("Les Bourgeois", "Anne", "Bernard"),
    ("Chäsbrätel", "Claude", "Denise"),
    ("Les Armaillis", "Ueli", "Vreni"),
    ("Stöckli", "Köbi", "Heidi"),
    ("La Gruyère", "Jeanne", "Louis"),
    ("Eichelober", "Marco", "Nadia"),
]


TEAM_TOURNAMENT = "Preisjass de la Bénichon"
DIFF_TOURNAMENT = "Différenzler de la Saint-Nicolas"
DIFF_PLAYERS = ["Anne", "Bernard", "Claude", "Denise", "Ueli", "Vreni", "Köbi", "Heidi", "Jeanne"]


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
        demos = ((TEAM_TOURNAMENT, demo_tournament), (DIFF_TOURNAMENT, demo_differenzler))
        for name, make in demos:
            if not club.tournaments.filter(name=name).exists():
                tournament = make(club)
                self.stdout.write(f"demo tournament {tournament.pk}: {tournament.name}")
        for path in settings.DEMO_EXTRAS:  # what apps above add to the demo club (a season)
            import_string(path)(club, self.stdout)
        if created:
            self.stdout.write(
                f"demo club {club.name}: sign in as demo-admin, demo-scorer or demo-member, "
                f"password {DEMO_PASSWORD}"
            )


def _play(table: Any, hands: int, draw: random.Random, upto: int | None = None) -> None:
    """The hands of a table's game as a phone would record them, imposed trumps and all."""
    tournament = table.round.tournament
    read_hand = registry.of(table.game.ruleset).read_hand  # a hand as its record says it
    for number in range(1, (upto or hands) + 1):
        points = draw.randrange(20, 138)
        services.record_hand(
            table.game,
            read_hand({"trump": tournament.trump_of_hand(number), "cards": [points, 157 - points]}),
            number=number,
            form_key=uuid.uuid4(),
            author=services.Author(device="demo"),
        )


def demo_tournament(club: Club) -> Tournament:
    """Six teams, passes of four hands: pass 1 signed by both teams and closed, pass 2
    being played (one table signed, one finished and waiting for the opponents, one
    still playing); the standings are public."""
    tournament = Tournament.objects.create(
        club=club,
        name=TEAM_TOURNAMENT,
        date=dt.date.today(),
        place="Fribourg",
        passes=3,
        hands=4,
        published=True,
        seed=2026,
    )
    for name, player, partner in TEAMS:
        entry = tournament_services.register(
            tournament, name=name, player_1=player, player_2=partner
        )
        tournament_services.check_in(entry)
    draw = random.Random(2026)
    first = tournament_services.publish_pass(tournament_services.schedule_next_pass(tournament))
    for table in first.tables.all():
        _play(table, tournament.hands, draw)
        for side, code in enumerate(table.codes):
            tournament_services.confirm_table(table, side, code)
    tournament_services.close_pass(first)
    second = tournament_services.publish_pass(tournament_services.schedule_next_pass(tournament))
    signed, waiting, playing = second.tables.all()
    _play(signed, tournament.hands, draw)
    for side, code in enumerate(signed.codes):
        tournament_services.confirm_table(signed, side, code)
    _play(waiting, tournament.hands, draw)
    tournament_services.confirm_table(waiting, 0, waiting.codes[0])
    _play(playing, tournament.hands, draw, upto=2)
    return tournament


def _play_differenzler(table: Any, draw: random.Random, upto: int) -> None:
    """Hands of a Différenzler table as its phone would record them: a trump drawn,
    four sealed estimates, the card points."""
    game = table.game
    play_hand = registry.of(game.ruleset).play_hand  # Différenzler's (GameKind.play_hand)
    author = services.Author(device="demo")
    for number in range(1, upto + 1):
        sealed = [draw.randrange(15, 70) for _seat in range(4)]
        cuts = sorted(draw.sample(range(1, 157), 3))
        cards = [b - a for a, b in zip([0, *cuts], [*cuts, 157], strict=True)]
        play_hand(game, number, sealed, tuple(cards), author)


def demo_differenzler(club: Club) -> Tournament:
    """Nine players at tables of four, so one sits out each pass, games of four hands:
    pass 1 signed by every player and closed, pass 2 being played (one table signed,
    the other at its third hand)."""
    tournament = Tournament.objects.create(
        club=club,
        name=DIFF_TOURNAMENT,
        date=dt.date.today(),
        place="Fribourg",
        format="differenzler",  # Différenzler's (GameKind.tournament_formats)
        passes=3,
        hands=4,
        tie_breaks=list(registry.tournament_format("differenzler").default_tie_breaks),
        published=True,
        seed=1206,
    )
    for name in DIFF_PLAYERS:
        entry = tournament_services.register(tournament, name=name, player_1=name, player_2="")
        tournament_services.check_in(entry)
    draw = random.Random(1206)
    first = tournament_services.publish_pass(tournament_services.schedule_next_pass(tournament))
    for table in first.tables.all():
        _play_differenzler(table, draw, tournament.hands)
        for side, code in enumerate(table.codes):
            tournament_services.confirm_table(table, side, code)
    tournament_services.close_pass(first)
    second = tournament_services.publish_pass(tournament_services.schedule_next_pass(tournament))
    signed, playing = second.tables.all()
    _play_differenzler(signed, draw, tournament.hands)
    for side, code in enumerate(signed.codes):
        tournament_services.confirm_table(signed, side, code)
    _play_differenzler(playing, draw, 2)
    return tournament
