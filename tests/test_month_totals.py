"""The club's leaderboard summed a month and a day at a time (``scoring.totals``, issues
24 and 37): after any sequence of games started, played, corrected, imported into a
closed month or a closed day of this month, deleted, members removed or linked, and
days and months closing, the leaderboard of every season is what the stored rows add
up to, and ``rebuild_statistics --check`` finds no month's or day's totals differing."""

from __future__ import annotations

import copy
import datetime as dt
import random
import uuid
from unittest import mock

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from clubs import services as club_services
from clubs.models import Club, Member
from scoring import services, statistics, totals
from scoring.kinds.team import rules
from scoring.models import Game, MonthTotal
from tests.test_differenzler_games import DOCUMENT as DIFFERENZLER
from tests.test_statistics_stored import MEMBERS, act, start

SEASONS = (
    (None, None),
    (dt.date(2025, 1, 1), dt.date(2025, 12, 31)),
    (dt.date(2025, 11, 11), dt.date(2026, 3, 1)),  # part-months at both ends
    (dt.date(2026, 3, 1), dt.date(2026, 3, 31)),
    (dt.date(2026, 3, 2), dt.date(2026, 3, 20)),  # inside one month
    (None, dt.date(2026, 2, 28)),
    (dt.date(2026, 2, 1), None),
    (dt.date(2026, 5, 1), dt.date(2026, 4, 1)),  # empty
    (dt.date(2026, 4, 1), None),  # the month being played
    (dt.date(2026, 4, 3), dt.date(2026, 4, 8)),  # some of its days
    (dt.date(2026, 3, 15), dt.date(2026, 4, 5)),
    (None, dt.date(2026, 4, 9)),
)
DATES = (
    *(None, dt.date(2025, 11, 3), dt.date(2025, 11, 11), dt.date(2026, 1, 31)),
    *(dt.date(2026, 3, 1), dt.date(2026, 3, 25), dt.date(2026, 4, 2)),
    *(dt.date(2026, 4, 5), dt.date(2026, 4, 8), dt.date(2026, 4, 9), dt.date(2026, 4, 10)),
)
ACTIONS = (
    *("record", "correct", "undo", "import", "start"),
    *("read", "month", "day", "delete", "remove", "differenzler", "dated"),
)


def expected(club: Club, start: dt.date | None, end: dt.date | None):
    """The leaderboard's lines summed over every row, as before the totals."""
    return statistics.both_lines(
        statistics.season_results(club, start, end), statistics.LEADERBOARD
    )


def step(club: Club, kind: str, draw: random.Random, today: list[dt.date]) -> None:
    if kind == "read":
        statistics.club_lines(club, None, None)  # sums the closed months
    elif kind == "month":
        today[0] = totals.next_month(today[0]) + dt.timedelta(days=draw.randrange(28))
    elif kind == "day":  # a day or a few close
        today[0] += dt.timedelta(days=draw.randrange(1, 4))
    elif kind == "delete":
        game = draw.choice(list(Game.objects.filter(club=club)))
        services.delete_games(Game.objects.filter(pk=game.pk))
    elif kind == "remove":
        members = list(Member.objects.filter(club=club))
        if members:
            club_services.remove_member(member=draw.choice(members))
    elif kind == "differenzler":
        data = copy.deepcopy(DIFFERENZLER)
        date = draw.choice(DATES)
        data["played_on"] = date and str(date)
        data["players"] = draw.sample(["Anne", "Bernard", "Claude", "Denise", "Emil"], 4)
        services.import_game({k: v for k, v in data.items() if v is not None}, club=club)
    elif kind == "dated":  # a game of another date, read from its file
        game = draw.choice(list(Game.objects.filter(club=club)))
        data = services.export_game(game)
        data["played_on"] = str(draw.choice(DATES[1:]))
        services.import_game(data, club=club)
    else:
        act(club, kind, draw)
    if not Game.objects.filter(club=club).exists():
        start(club, draw)


class MonthTotalsTest(TestCase):
    @settings(max_examples=30, deadline=None)
    @given(st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 2**32)), max_size=25))
    def test_every_seasons_leaderboard_is_what_the_rows_add_up_to(self, actions):
        club = Club.objects.create(name="Club", slug=f"club-{uuid.uuid4().hex[:8]}")
        for name in MEMBERS:
            Member.objects.create(club=club, name=name)
        today = [dt.date(2026, 4, 10)]
        with mock.patch.object(totals, "today", side_effect=lambda: today[0]):
            first = start(club, random.Random(0))
            act(club, "record", random.Random(0))
            for date in DATES:  # a game on each day that bounds a season
                data = services.export_game(first)
                data["played_on"] = date and str(date)
                services.import_game({k: v for k, v in data.items() if v is not None}, club=club)
            statistics.club_lines(club, None, None)
            for kind, seed in actions:
                step(club, kind, random.Random(seed), today)

            for season in SEASONS:
                assert statistics.club_lines(club, *season) == expected(club, *season), season
            assert statistics.differing_totals() == []
            assert statistics.differing_day_totals() == []


@pytest.fixture
def dated(club):
    """Games of last year and of this month, their months summed."""
    for name in MEMBERS:
        Member.objects.create(club=club, name=name)
    draw = random.Random(5)
    games = [start(club, draw) for _ in range(6)]
    Game.objects.filter(pk__in=[g.pk for g in games[:3]]).update(played_on=dt.date(2025, 11, 11))
    statistics.rebuild(Game.objects.filter(club=club))
    for game in Game.objects.filter(club=club):
        act(club, "record", random.Random(game.pk))
    statistics.club_lines(club, None, None)
    return games


def test_a_correction_of_a_closed_months_game_is_on_the_leaderboard(club, dated):
    before = statistics.club_lines(club, None, None)
    assert MonthTotal.objects.filter(club=club, month=dt.date(2025, 11, 1)).exists()
    old = Game.objects.filter(club=club, played_on=dt.date(2025, 11, 11)).first()
    services.record_hand(
        old,
        rules.Hand(trump=old.rules.trumps[0], cards=(150, 7)),
        number=old.hands.count() + 1,
        form_key=uuid.uuid4(),
        author=services.Author(),
    )

    after = statistics.club_lines(club, None, None)
    assert after == expected(club, None, None)
    assert after != before
    assert statistics.differing_totals() == []


def test_check_names_a_month_whose_totals_differ_and_a_rebuild_makes_them_again(
    club, dated, capsys
):
    MonthTotal.objects.filter(club=club, month=dt.date(2025, 11, 1)).exclude(member=None).update(
        points=1
    )

    with pytest.raises(SystemExit) as exit_:
        call_command("rebuild_statistics", "--check")
    assert exit_.value.code == 1
    assert f"1 months' totals differ\n{club.slug} 2025-11" in capsys.readouterr().out

    call_command("rebuild_statistics")
    november = MonthTotal.objects.filter(club=club, month=dt.date(2025, 11, 1)).exclude(member=None)
    assert november.exists()  # summed again from the rows, not the changed totals
    assert not november.filter(points=1).exists()
    assert statistics.club_lines(club, None, None) == expected(club, None, None)
    call_command("rebuild_statistics", "--check")
    assert "0 months' totals differ" in capsys.readouterr().out


def test_a_game_deleted_in_the_admin_leaves_the_leaderboard(admin_client, club, dated):
    old = Game.objects.filter(club=club, played_on=dt.date(2025, 11, 11)).first()

    response = admin_client.post(f"/admin/scoring/game/{old.pk}/delete/", {"post": "yes"})

    assert response.status_code == 302
    assert not Game.objects.filter(pk=old.pk).exists()
    assert statistics.club_lines(club, None, None) == expected(club, None, None)
    assert statistics.differing_totals() == []


def test_a_month_is_summed_once_it_closed_a_day_ago(club):
    """A hand saved at midnight in a transaction begun the month before is in the rows
    when the month is summed: not on the first day of the next month, on the second."""
    for name in MEMBERS:
        Member.objects.create(club=club, name=name)
    game = start(club, random.Random(7))
    Game.objects.filter(pk=game.pk).update(played_on=dt.date(2026, 3, 31))
    statistics.rebuild(Game.objects.filter(pk=game.pk))

    with mock.patch.object(totals, "today", return_value=dt.date(2026, 4, 1)):
        statistics.club_lines(club, None, None)
    assert not MonthTotal.objects.filter(club=club, month=dt.date(2026, 3, 1)).exists()
    with mock.patch.object(totals, "today", return_value=dt.date(2026, 4, 2)):
        assert statistics.club_lines(club, None, None) == expected(club, None, None)
    assert MonthTotal.objects.filter(club=club, month=dt.date(2026, 3, 1)).exists()


@pytest.mark.parametrize("season", ["end=9999-12-31", "start=9999-12-15", "start=0001-01-01"])
def test_a_season_beyond_any_game_says_so_and_shows_all_time(client, club, season):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("reader")
    Member.objects.create(club=club, name="Reader", user=user)
    client.force_login(user)

    answer = client.get(f"{club.get_absolute_url()}?{season}", HTTP_ACCEPT_LANGUAGE="en")

    assert answer.status_code == 200
    assert "Ensure this value is" in answer.content.decode()
