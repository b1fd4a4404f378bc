"""The stored statistics (issue 14): after any sequence of changes to games, every
stored row equals the one rebuilt from the hands, and the figures the club's pages
sum in the database equal the engine's own count over the games."""

from __future__ import annotations

import datetime as dt
import random
import uuid

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from clubs.models import Club, Member
from scoring import services, statistics
from scoring.kinds.team import rules
from scoring.kinds.team.rules.stats import player_statistics
from scoring.models import Game, PlayerResult
from scoring.rules import RulesError, gamefile

NAMES = ("Anne", "Bernard", "Claude", "Denise", "Emil", "Fränzi")
MEMBERS = NAMES[:4]  # the others play as guests
ACTIONS = ("record", "record", "record", "record", "correct", "undo", "import", "start")


def start(club: Club, draw: random.Random) -> Game:
    seats = draw.sample(NAMES, 4)
    preset = draw.choice(("chibre", "pique-double"))
    return services.start_game(
        club=club,
        name=f"Game {Game.objects.count() + 1}",
        ruleset=rules.parse_ruleset({"preset": preset, "target": draw.choice((1000, 1500))}),
        teams=(gamefile.Team("A", (seats[0], seats[2])), gamefile.Team("B", (seats[1], seats[3]))),
        first_chooser=0,
        suit_style="french",
        played_on=draw.choice((None, dt.date(2026, 3, 1), dt.date(2025, 11, 11))),
    )


def a_hand(game: Game, draw: random.Random) -> rules.Hand:
    """A hand a table could play (the engine may still refuse it: that is tried too)."""
    ruleset = game.rules
    trump = draw.choice(ruleset.trumps)
    team = draw.randrange(2)
    if draw.random() < 0.1:
        cards = (157, 0) if team == 0 else (0, 157)
        match = team
    else:
        points = draw.randrange(158)
        cards, match = (points, 157 - points), None
    weis: list[tuple[str, ...]] = [(), ()]
    if ruleset.weis != "none" and draw.random() < 0.3:
        weis[draw.randrange(2)] = (draw.choice(("seq3", "seq4", "seq5", "four-kings")),)
    stoeck = draw.randrange(2) if ruleset.stoeck and draw.random() < 0.2 else None
    return rules.Hand(trump=trump, cards=cards, match=match, weis=(weis[0], weis[1]), stoeck=stoeck)


def act(club: Club, kind: str, draw: random.Random) -> None:
    games = list(Game.objects.order_by("pk"))
    game = draw.choice(games)
    hands = list(game.hands.order_by("number"))
    author = services.Author(device="test")
    try:
        if kind == "record":
            services.record_hand(
                game,
                a_hand(game, draw),
                number=len(hands) + 1,
                form_key=uuid.uuid4(),
                author=author,
            )
        elif kind == "correct" and hands:
            stored = draw.choice(hands)
            services.correct_hand(
                game,
                a_hand(game, draw),
                number=stored.number,
                version=services.hand_version(stored),
                form_key=uuid.uuid4(),
                author=author,
            )
        elif kind == "undo" and hands:
            services.undo_last_hand(
                game, number=hands[-1].number, form_key=uuid.uuid4(), author=author
            )
        elif kind == "import":
            services.import_game(services.export_game(game), club=club)
        elif kind == "start":
            start(club, draw)
    except RulesError:
        pass  # refused: nothing was stored, and the rows must say so too


class StoredStatisticsTest(TestCase):
    @settings(max_examples=30, deadline=None)
    @given(st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 2**32)), max_size=30))
    def test_stored_figures_are_the_rebuilt_ones_after_any_changes(self, actions):
        club = Club.objects.create(name="Club", slug=f"club-{uuid.uuid4().hex[:8]}")
        for name in MEMBERS:
            Member.objects.create(club=club, name=name)
        start(club, random.Random(0))
        for kind, seed in actions:
            act(club, kind, random.Random(seed))

        games = Game.objects.filter(club=club)
        assert statistics.differing(games) == []
        assert PlayerResult.objects.filter(game__club=club).count() == 4 * games.count()

        # what the pages sum in the database is what the engine counts over the games
        records = [
            (
                game.record(),
                tuple(
                    tuple(p.member_id for p in team.ordered_players())
                    for team in sorted(game.teams.all(), key=lambda team: team.index)
                ),
            )
            for game in games.with_everything()
        ]
        expected = player_statistics(records)  # type: ignore[arg-type]
        results = statistics.season_results(club, None, None)
        summed = statistics.both_lines(results, (*statistics.COUNTED, *statistics.SUMMED))
        summed = summed.kinds.get("team", {})
        assert {key: _figures(line) for key, line in summed.items()} == {
            key: _figures(line) for key, line in expected.items()
        }
        for member in Member.objects.filter(club=club):
            line = statistics.member_lines(results, member).get("team")
            want = expected.get(member.pk)
            assert (line and _partners(line)) == (want and _partners(want))


def _figures(line):
    return (
        line.games,
        line.finished,
        line.wins,
        line.hands,
        line.points,
        line.matches_made,
        line.matches_suffered,
        line.rubicons_given,
        line.rubicons_suffered,
        line.weis,
        line.stoeck,
    )


def _partners(line):
    return sorted((p.name, p.games, p.wins) for p in line.partner_lines())


def test_rebuild_statistics_makes_lost_rows_again_and_check_says_when_they_differ(club, capsys):
    game = start(club, random.Random(1))
    for number in range(1, 4):
        hand = rules.Hand(trump="hearts", cards=(100, 57))
        services.record_hand(
            game, hand, number=number, form_key=uuid.uuid4(), author=services.Author()
        )
    before = set(PlayerResult.objects.filter(game=game).values_list("points", flat=True))
    PlayerResult.objects.filter(game=game, team=0).update(points=1)

    with pytest.raises(SystemExit) as exit_:
        call_command("rebuild_statistics", "--check")
    assert exit_.value.code == 1
    assert "1 differ" in capsys.readouterr().out

    call_command("rebuild_statistics")
    assert "1 games, 4 rows rebuilt" in capsys.readouterr().out
    assert set(PlayerResult.objects.filter(game=game).values_list("points", flat=True)) == before
    assert len(before) == 2
    call_command("rebuild_statistics", "--check")
    assert "0 differ" in capsys.readouterr().out


def test_a_linked_claim_moves_the_stored_results_to_the_player_it_claimed(club, make_user):
    from clubs import services as club_services

    guest = Member.objects.create(club=club, name="Anne")
    start_with = start(club, random.Random(3))
    user = make_user()
    joined = Member.objects.create(club=club, name="Anne (anne)", user=user, claim=guest)
    PlayerResult.objects.filter(game=start_with).update(member=joined)  # as if played so
    from scoring.models import Player

    Player.objects.filter(team__game=start_with).update(member=joined)

    club_services.link_claim(member=joined)

    assert statistics.differing(Game.objects.all()) == []
    assert set(PlayerResult.objects.values_list("member", flat=True)) == {guest.pk}
