"""The month being played summed a day at a time (``scoring.totals``, issue 37): the
club's page adds up the closed days' totals (``DayTotal``) instead of every row of a
busy month, shows what the rows add up to, and ``rebuild_statistics`` sums and checks
the days as it does the months."""

from __future__ import annotations

import datetime as dt
import random
import uuid
from unittest import mock

import pytest
from django.core.management import call_command

from clubs.models import Member
from scoring import services, statistics, totals
from scoring.kinds.team import rules
from scoring.models import DayTotal, Game, MonthTotal, PlayerResult
from tests.test_month_totals import expected
from tests.test_statistics_stored import MEMBERS, act, start

TODAY = dt.date(2026, 4, 10)
DAYS = (dt.date(2026, 4, 2), dt.date(2026, 4, 5), dt.date(2026, 4, 9), TODAY)


@pytest.fixture
def today():
    with mock.patch.object(totals, "today", return_value=TODAY) as today:
        yield today


@pytest.fixture
def month(club, today):
    """Games on days of this month (two closed, yesterday and today) and of March,
    with hands played."""
    for name in MEMBERS:
        Member.objects.create(club=club, name=name)
    draw = random.Random(11)
    for day in (dt.date(2026, 3, 20), *DAYS, *DAYS):
        game = start(club, draw)
        Game.objects.filter(pk=game.pk).update(played_on=day)
    statistics.rebuild(Game.objects.filter(club=club))
    for seed in range(12):
        act(club, "record", random.Random(seed))
    return club


def record(game: Game) -> None:
    services.record_hand(
        game,
        rules.Hand(trump=game.rules.trumps[0], cards=(150, 7)),
        number=game.hands.count() + 1,
        form_key=uuid.uuid4(),
        author=services.Author(),
    )


def test_the_closed_days_of_this_month_are_summed_and_the_page_shows_the_rows_sums(client, month):
    reader = Member.objects.create(club=month, name="Reader", user=_user())
    client.force_login(reader.user)

    board = client.get(month.get_absolute_url())

    summed = set(DayTotal.objects.filter(club=month).values_list("day", flat=True))
    assert summed == {dt.date(2026, 4, 2), dt.date(2026, 4, 5), dt.date(2026, 4, 8)}  # 8th: marker
    assert not DayTotal.objects.filter(club=month, day__gte=dt.date(2026, 4, 9)).exists()
    assert MonthTotal.objects.filter(club=month, month=dt.date(2026, 3, 1)).exists()
    lines = expected(month, None, None)
    assert {s.member.pk: s.line for s in board.context["team"]} == lines.kinds["team"]
    assert statistics.differing_day_totals() == []


def test_the_page_reads_the_days_totals_not_the_rows_of_a_closed_day(month):
    """A closed day's rows changed behind the services' back (as only a fault could)
    leave the page as it was: the page reads the day's totals, which --check names."""
    before = statistics.club_lines(month, None, None)
    PlayerResult.objects.filter(club=month, played_on=dt.date(2026, 4, 5)).update(points=1)

    assert statistics.club_lines(month, None, None) == before
    assert statistics.differing_day_totals() == [(month, dt.date(2026, 4, 5))]


def test_a_hand_of_a_closed_day_of_this_month_drops_the_days_from_it_on(month):
    statistics.club_lines(month, None, None)  # the closed days summed
    before = statistics.club_lines(month, None, None)
    game = Game.objects.filter(club=month, played_on=dt.date(2026, 4, 5)).first()

    record(game)  # a correction of the 5th, or a hand saved after its midnight

    assert not DayTotal.objects.filter(club=month, day__gte=dt.date(2026, 4, 5)).exists()
    assert DayTotal.objects.filter(club=month, day=dt.date(2026, 4, 2)).exists()
    after = statistics.club_lines(month, None, None)  # the 5th to the 8th summed again
    assert after != before
    assert after == expected(month, None, None)
    assert DayTotal.objects.filter(club=month, day=dt.date(2026, 4, 5)).exists()
    assert statistics.differing_day_totals() == []


def test_a_hand_of_today_or_yesterday_costs_the_totals_nothing(month, today):
    statistics.club_lines(month, None, None)
    summed = list(DayTotal.objects.filter(club=month).values_list("pk", flat=True))

    for day in (dt.date(2026, 4, 9), TODAY):
        record(Game.objects.filter(club=month, played_on=day).first())

    assert list(DayTotal.objects.filter(club=month).values_list("pk", flat=True)) == summed
    assert statistics.club_lines(month, None, None) == expected(month, None, None)


def test_a_day_is_summed_once_it_closed_a_day_ago(month, today):
    """A hand saved at midnight in a transaction begun the day before is in the rows
    when the day is summed: not on the next day, on the one after."""
    statistics.club_lines(month, None, None)
    assert not DayTotal.objects.filter(club=month, day=dt.date(2026, 4, 9)).exists()

    today.return_value = dt.date(2026, 4, 11)
    assert statistics.club_lines(month, None, None) == expected(month, None, None)
    assert DayTotal.objects.filter(club=month, day=dt.date(2026, 4, 9)).exists()
    assert not DayTotal.objects.filter(club=month, day=TODAY).exists()


def test_the_days_of_a_month_summed_are_dropped(month, today):
    statistics.club_lines(month, None, None)

    today.return_value = dt.date(2026, 5, 2)  # April closed a day ago
    lines = statistics.club_lines(month, None, None)

    assert MonthTotal.objects.filter(club=month, month=dt.date(2026, 4, 1)).exists()
    assert not DayTotal.objects.filter(club=month, day__lt=dt.date(2026, 5, 1)).exists()
    assert lines == expected(month, None, None)
    assert statistics.differing_totals() == statistics.differing_day_totals() == []


def test_rows_with_no_days_totals_yet_as_after_the_migration_show_the_same_page(month):
    statistics.club_lines(month, None, None)
    before = statistics.club_lines(month, None, None)
    DayTotal.objects.all().delete()  # a club as migration 0023 leaves it

    assert statistics.club_lines(month, None, None) == before  # the days summed again
    assert DayTotal.objects.filter(club=month, day=dt.date(2026, 4, 5)).exists()


def test_check_names_a_day_whose_totals_differ_and_a_rebuild_sums_it_again(month, capsys):
    statistics.club_lines(month, None, None)
    DayTotal.objects.filter(club=month, day=dt.date(2026, 4, 5)).exclude(member=None).update(
        points=1
    )

    with pytest.raises(SystemExit) as exit_:
        call_command("rebuild_statistics", "--check")
    assert exit_.value.code == 1
    assert f"1 days' totals differ\n{month.slug} 2026-04-05" in capsys.readouterr().out

    call_command("rebuild_statistics")
    fifth = DayTotal.objects.filter(club=month, day=dt.date(2026, 4, 5)).exclude(member=None)
    assert fifth.exists()  # summed by the rebuild, from the rows
    assert not fifth.filter(points=1).exists()
    call_command("rebuild_statistics", "--check")
    assert "0 days' totals differ" in capsys.readouterr().out
    assert statistics.club_lines(month, None, None) == expected(month, None, None)


@pytest.mark.parametrize("count", [1, 4])
def test_the_club_page_costs_the_same_queries_for_a_busier_month(
    client, club, today, django_assert_num_queries, count
):
    reader = Member.objects.create(club=club, name="Reader", user=_user())
    client.force_login(reader.user)
    for name in MEMBERS:
        Member.objects.create(club=club, name=name)
    draw = random.Random(3)
    for _ in range(count):
        for day in DAYS:
            game = start(club, draw)
            Game.objects.filter(pk=game.pk).update(played_on=day)
    statistics.rebuild(Game.objects.filter(club=club))
    client.get(club.get_absolute_url())  # the closed months and days summed

    # session, user, club, memberships, the 10 recent games with their teams, players
    # and hands, members; the latest month and day summed, the totals, the other rows
    # (yesterday's and today's); the season's latest evenings in Striche
    with django_assert_num_queries(13):
        response = client.get(club.get_absolute_url())

    lines = expected(club, None, None).kinds["team"]
    assert {s.member.pk: s.line for s in response.context["team"]} == lines
    assert DayTotal.objects.filter(club=club, day=dt.date(2026, 4, 5)).exclude(member=None)


def _user():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(f"reader-{uuid.uuid4().hex[:6]}")
