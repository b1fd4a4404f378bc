"""The demo club's season championship (``manage.py load_demo``, through
``settings.DEMO_EXTRAS``): two tournaments played to the end earlier in the year, the
demo's two club evenings (its Schieber evening in Striche with changing partners and its
Différenzler evening, games of ``scoring/demo``), and the demo's two tournaments being
played, the Différenzler one as the final."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from clubs.models import Club
from scoring import registry
from seasons import services, sources
from seasons.models import Season
from seasons.ranking import EVENING
from tournaments import services as tournament_services
from tournaments.management.commands.load_demo import (
    DIFF_PLAYERS,
    DIFF_TOURNAMENT,
    TEAM_TOURNAMENT,
    TEAMS,
    _play,
    _play_differenzler,
)
from tournaments.models import Tournament

SEASON = "Championnat du club"
SPRING = "Coupe du printemps"
# the demo's club evenings (scoring/demo: "Soirée aux Striche, partie 1–3" and the
# Différenzler tables 3 and 4)
EVENINGS = (dt.date(2026, 10, 16), dt.date(2026, 11, 22))
EASTER = "Différenzler de la Désalpe"


def _finished_teams(club: Club) -> Tournament:
    """Six teams, two passes of four hands, both closed: over."""
    tournament = Tournament.objects.create(
        club=club,
        name=SPRING,
        date=dt.date.today() - dt.timedelta(days=200),
        place="Bulle",
        passes=2,
        hands=4,
        published=True,
        seed=314,
    )
    for name, player, partner in TEAMS:
        entry = tournament_services.register(
            tournament, name=name, player_1=player, player_2=partner
        )
        tournament_services.check_in(entry)
    draw = random.Random(314)
    for _number in range(tournament.passes):
        drawn = tournament_services.schedule_next_pass(tournament)
        played = tournament_services.publish_pass(drawn)
        for table in played.tables.all():
            _play(table, tournament.hands, draw)
            for side, code in enumerate(table.codes):
                tournament_services.confirm_table(table, side, code)
        tournament_services.close_pass(played)
    return tournament


def _finished_differenzler(club: Club) -> Tournament:
    """Nine players, one pass of four hands, closed: over."""
    tournament = Tournament.objects.create(
        club=club,
        name=EASTER,
        date=dt.date.today() - dt.timedelta(days=60),
        place="Fribourg",
        format="differenzler",  # Différenzler's (GameKind.tournament_formats)
        passes=1,
        hands=4,
        tie_breaks=list(registry.tournament_format("differenzler").default_tie_breaks),
        published=True,
        seed=404,
    )
    for name in DIFF_PLAYERS:
        entry = tournament_services.register(tournament, name=name, player_1=name, player_2="")
        tournament_services.check_in(entry)
    draw = random.Random(404)
    played = tournament_services.publish_pass(tournament_services.schedule_next_pass(tournament))
    for table in played.tables.all():
        _play_differenzler(table, draw, tournament.hands)
        for side, code in enumerate(table.codes):
            tournament_services.confirm_table(table, side, code)
    tournament_services.close_pass(played)
    return tournament


def load(club: Club, stdout: Any) -> None:
    """The demo's season, once."""
    if Season.objects.filter(club=club, name=SEASON).exists():
        return
    made = [
        club.tournaments.filter(name=name).first() or make(club)
        for name, make in ((SPRING, _finished_teams), (EASTER, _finished_differenzler))
    ]
    season = services.create_season(
        club,
        SEASON,
        services.SettingsValues(
            points=[25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
            beyond=None,
            best=2,
            min_events=1,
            tie_breaks=["wins", "best_event", "last_event"],
        ),
    )
    for tournament in made:
        services.add_event(season, "tournament", str(tournament.pk), None, False)
    evenings = sources.of(EVENING)
    offered = {c.key for c in evenings.candidates(club)} if evenings else set()
    for day in EVENINGS:
        if day.isoformat() in offered:
            services.add_event(season, EVENING, day.isoformat(), None, False)
    for name, final in ((TEAM_TOURNAMENT, False), (DIFF_TOURNAMENT, True)):
        tournament = club.tournaments.filter(name=name).first()
        if tournament is not None:
            services.add_event(season, "tournament", str(tournament.pk), None, final)
    stdout.write(f"demo season {season.pk}: {season.name}")
