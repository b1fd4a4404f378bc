"""The club's evenings as a season's events (scoring/season_evenings.py, the module
``settings.SEASON_EVENINGS`` names): evenings in Striche (§12) and Différenzler
evenings (§10), their rankings with ties, open and closed, in two queries."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from clubs.models import Club, Member
from scoring import season_evenings, services
from scoring.models import ClubStriche
from tests.test_evenings import NIGHT, kontermatsch, schneider

pytestmark = pytest.mark.django_db

DIFF_NIGHT = dt.date(2026, 11, 13)


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def members(club):
    return {
        name: Member.objects.create(club=club, name=name)
        for name in ("Anne", "Beat", "Carla", "Dario", "Erika", "Fritz")
    }


def differenzler(
    club: Club,
    players: list[str],
    hands: list[tuple[list[int], list[int]]],
    *,
    on: dt.date = DIFF_NIGHT,
    of: int = 2,
    name: str = "Différenzler",
):
    """A Différenzler game of ``of`` hands with ``hands`` played: (estimates, cards)."""
    document = {
        "format": "jass-game/1",
        "name": name,
        "played_on": on.isoformat(),
        "ruleset": {"preset": "differenzler", "hands": of},
        "players": players,
        "hands": [
            {"trump": "hearts", "estimates": estimates, "cards": cards}
            for estimates, cards in hands
        ],
    }
    return services.import_game(document, club=club)


def entries(club, day):
    found = season_evenings.season_rankings(club, [day])[day]
    return [(e["place"], tuple(e["players"])) for e in found["entries"]], found


def test_an_evening_in_striche_with_fixed_partners_ranks_its_teams(client, club, members):
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), name="Table 1")  # 6 : 0
    kontermatsch(client, club, ("Beat", "Anne"), ("Dario", "Carla"), name="Table 1, again")

    ranked, found = entries(club, NIGHT)

    assert ranked == [(1, ("Anne", "Beat")), (2, ("Carla", "Dario"))]  # +4, -4
    assert found["closed"]  # a past date: the unfinished game stands as it is
    assert found["url"] == f"/clubs/{club.slug}/evenings/2026-11-20/"
    assert found["name"] == "Schieber evening in Striche"


def test_an_evening_with_changing_partners_ranks_its_players_with_ties(client, club, members):
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), name="Table 1")  # 6 : 0
    schneider(client, club, ("Carla", "Dario"), ("Anne", "Beat"), name="Table 1, again")
    schneider(client, club, ("Erika", "Anne"), ("Fritz", "Carla"), name="Table 2")

    ranked, found = entries(club, NIGHT)

    # Anne +6 -6 +6, Erika +6, Beat +6 -6, Dario -6 +6, Carla -6 +6 -6, Fritz -6
    assert ranked == [
        (1, ("Anne",)),
        (1, ("Erika",)),
        (3, ("Beat",)),
        (3, ("Dario",)),
        (5, ("Carla",)),
        (5, ("Fritz",)),
    ]
    assert found["closed"]


def test_an_evening_of_today_with_a_game_being_played_is_open(client, club, members):
    today = timezone.localdate()
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=today)
    assert season_evenings.season_rankings(club, [today])[today]["closed"]
    kontermatsch(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=today)

    ranked, found = entries(club, today)

    assert not found["closed"]  # shown, not counted yet
    assert ranked == [(1, ("Anne", "Beat")), (2, ("Carla", "Dario"))]


def test_the_club_may_rank_its_evenings_by_the_striche_made(client, club, members):
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"))  # 6 : 0
    schneider(client, club, ("Carla", "Dario"), ("Anne", "Beat"))  # 0 : 6
    kontermatsch(client, club, ("Anne", "Beat"), ("Carla", "Dario"))  # 0 : 2
    assert [place for place, _ in entries(club, NIGHT)[0]] == [1, 2]  # +4, -4
    ClubStriche.objects.create(club=club, rank_by="made")
    assert entries(club, NIGHT)[0] == [(1, ("Carla", "Dario")), (2, ("Anne", "Beat"))]


def test_a_differenzler_evening_sums_each_players_differences(club, members):
    # differences: Anne 2 + 0, Beat 4 + 2, Carla 0 + 6, Dario 2 + 4
    differenzler(
        club,
        ["Anne", "Beat", "Carla", "Dario"],
        [([50, 40, 30, 37], [48, 44, 30, 35]), ([40, 40, 40, 37], [40, 38, 46, 33])],
    )
    # second table: Erika 1 + 1, Fritz 3 + 3, and two guests: Gina 0, Hugo 2 + 2
    differenzler(
        club,
        ["Erika", "Fritz", "Gina", "Hugo"],
        [([40, 40, 40, 37], [39, 43, 40, 35]), ([40, 40, 40, 37], [41, 37, 40, 39])],
        name="Différenzler, table 2",
    )

    ranked, found = entries(club, DIFF_NIGHT)

    assert ranked == [
        (1, ("Gina",)),
        (2, ("Anne",)),
        (2, ("Erika",)),
        (4, ("Hugo",)),
        (5, ("Beat",)),
        (5, ("Carla",)),
        (5, ("Dario",)),
        (5, ("Fritz",)),
    ]
    assert found["closed"]
    assert found["url"] == f"/clubs/{club.slug}/evenings/2026-11-13/"  # its evening's page
    assert found["name"] == "Différenzler evening"


def test_a_differenzler_evening_of_today_with_a_game_on_is_open(club, members):
    today = timezone.localdate()
    differenzler(
        club, ["Anne", "Beat", "Carla", "Dario"], [([0, 0, 0, 0], [40, 40, 40, 37])], on=today
    )
    _, found = entries(club, today)
    assert not found["closed"]
    assert entries(club, today)[0][0] == (1, ("Dario",))  # 37 the least


def test_the_clubs_evenings_newest_first_one_a_date(client, club, members):
    differenzler(club, ["Anne", "Beat", "Carla", "Dario"], [([0, 0, 0, 0], [40, 40, 40, 37])] * 2)
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"))
    both = NIGHT + dt.timedelta(days=1)
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=both)
    differenzler(
        club, ["Anne", "Beat", "Carla", "Dario"], [([0, 0, 0, 0], [40, 40, 40, 37])] * 2, on=both
    )
    other = Club.objects.create(name="Other", slug="other", place="Thun")
    differenzler(
        other,
        ["Anne", "Beat", "Carla", "Dario"],
        [([0, 0, 0, 0], [40, 40, 40, 37])] * 2,
        on=both + dt.timedelta(1),
    )

    assert season_evenings.season_evenings(club) == [
        {"date": both, "name": "Schieber evening in Striche", "kind": "striche"},
        {"date": NIGHT, "name": "Schieber evening in Striche", "kind": "striche"},
        {"date": DIFF_NIGHT, "name": "Différenzler evening", "kind": "differenzler"},
    ]
    # a date with both: its evening in Striche (the Différenzler game is left out)
    assert entries(club, both)[0] == [(1, ("Anne", "Beat")), (2, ("Carla", "Dario"))]
    assert season_evenings.season_rankings(club, [dt.date(2020, 1, 1)]) == {}


@pytest.mark.parametrize("count", [1, 3])
def test_the_rankings_of_any_number_of_evenings_cost_two_queries(client, club, members, count):
    days = [NIGHT - dt.timedelta(days=7 * n) for n in range(count)]
    for day in days:
        schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=day)
        differenzler(
            club,
            ["Anne", "Beat", "Carla", "Dario"],
            [([0, 0, 0, 0], [40, 40, 40, 37])] * 2,
            on=day - dt.timedelta(1),
        )
    wanted = days + [day - dt.timedelta(1) for day in days]
    with CaptureQueriesContext(connection) as queries:
        found = season_evenings.season_rankings(club, wanted)
    assert len(found) == 2 * count
    assert len(queries) == 2
