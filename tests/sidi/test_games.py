"""A Sidi Barrani game played on the site (issue 36 item 2): started from its page,
listed on the core's new game page, its hands recorded, refused naming the field,
corrected and undone through the core's services, its slate and page, its statistics
rows and lines, and its game file both ways."""

from __future__ import annotations

import json
import random
import uuid

import pytest
from django.urls import reverse

from clubs.models import Club, Member
from scoring import services, statistics
from scoring.models import Game, HandChange, PlayerResult
from scoring.rules import RulesError
from tests.docs.schemas import problems
from tests.sidi.games import TEAMS, random_game

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def start(client, **fields):
    data = {
        "club": Club.objects.get(slug="test-club").pk,
        "preset": "sidi",
        "seat_0": "Anne",
        "seat_1": "Bernard",
        "seat_2": "Claude",
        "seat_3": "Denise",
        "suit_style": "french",
        "form_key": str(uuid.uuid4()),
        **fields,
    }
    return client.post(reverse("scoring:new_sidi"), data, **EN)


def started(client, **fields) -> Game:
    response = start(client, **fields)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Game.objects.latest("pk")


def hand(team=0, trump="hearts", bid=120, points=130, typed_team=None, **more):
    data = {
        "team": str(team),
        "trump": trump,
        "bid": str(bid),
        "double": "1",
        "typed_team": str(team if typed_team is None else typed_team),
        "points": "" if points is None else str(points),
        "match": "",
        "weis_0": "",
        "weis_1": "",
        "stoeck": "",
    }
    return data | {key: str(value) for key, value in more.items()}


def post_hand(client, game, number=None, htmx=False, **fields):
    number = number or game.hands.count() + 1
    data = {"hand_number": number, "form_key": str(uuid.uuid4()), **hand(**fields)}
    headers = {"HX-Request": "true"} if htmx else {}
    url = reverse("scoring:sidi_record_hand", args=[game.pk])
    return client.post(url, data, headers=headers, **EN)


def rows(game) -> dict[str, tuple]:
    return {
        r.player.name: (r.hands, r.points, r.won, r.figures)
        for r in PlayerResult.objects.filter(game=game).select_related("player")
    }


def test_the_new_game_page_lists_sidi_and_starts_two_teams_of_two(client):
    page = client.get(reverse("scoring:new_game"), **EN).content.decode()
    assert reverse("scoring:new_sidi") in page
    assert "Sidi Barrani" in page

    game = started(client, preset="sidi-157")

    assert game.ruleset["preset"] == "sidi-157"
    assert game.ruleset["match_value"] == 157
    teams = [(t.name, [p.name for p in t.ordered_players()]) for t in game.teams.order_by("index")]
    assert teams == [
        ("Anne & Claude", ["Anne", "Claude"]),
        ("Bernard & Denise", ["Bernard", "Denise"]),
    ]
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "Save hand 1" in table
    assert "Bidding team" in table
    assert ">157<" in table  # the bids of a match worth 157
    assert ">257<" not in table
    assert len(rows(game)) == 4


def test_a_start_with_two_players_of_one_name_is_refused_and_stores_nothing(client):
    response = start(client, seat_3="anne")
    assert response.status_code == 422
    assert "Give each of the four players a distinct name." in response.content.decode()
    assert not Game.objects.exists()


def test_the_same_start_sent_twice_starts_one_game(client):
    key = str(uuid.uuid4())
    start(client, form_key=key)
    start(client, form_key=key)
    assert Game.objects.count() == 1


def test_a_made_contract_and_a_failed_one_are_counted_on_the_slate(client):
    game = started(client)

    assert post_hand(client, game, team=0, bid=120, points=130).status_code == 302
    assert post_hand(client, game, team=1, bid=100, points=57, double=2).status_code == 302

    # hand 1: A made 130 + 120, B 27; hand 2: B failed doubled 100: A 100 + 200, B 57
    assert rows(game)["Anne"][:2] == (2, 250 + 300)
    assert rows(game)["Bernard"][:2] == (2, 27 + 57)
    assert rows(game)["Anne"][3] == {"contracts_made": 1, "contracts_failed": 0}
    assert rows(game)["Denise"][3] == {"contracts_made": 0, "contracts_failed": 1}
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert 'data-total="550"' in table
    assert 'data-total="84"' in table
    assert "Contracts made: 1, failed: 0" in table
    assert "Contracts made: 0, failed: 1" in table
    assert '<span class="doubled">doubled</span>' in table
    assert "text-bg-danger" in table
    assert "<svg" in table  # the chalk slate


def test_weis_stoeck_and_a_match_count_as_the_rules_say(client):
    game = started(client)

    post_hand(client, game, team=0, bid=257, points=None, match=0, weis_0="20 + 50", stoeck=0)

    # a match of 257 for the bid of 257: 257 + 257, Weis 70, Stöck 20
    assert rows(game)["Anne"][1] == 514 + 70 + 20
    assert rows(game)["Bernard"][1] == 0


def test_a_refused_hand_names_its_field_and_stores_nothing(client):
    game = started(client, doubling="none")

    bid = post_hand(client, game, bid=55)
    weis = post_hand(client, game, weis_0="20", weis_1="50")
    stoeck = post_hand(client, game, trump="obe-abe", stoeck=1)
    double = post_hand(client, game, double=2)

    assert bid.status_code == 422
    assert "Select a valid choice. 55 is not one of the available choices." in bid.content.decode()
    assert weis.status_code == 422
    assert "Weis for both teams" in weis.content.decode() or "both" in weis.content.decode()
    assert 'href="#id_weis_1"' in weis.content.decode()
    assert stoeck.status_code == 422
    assert 'href="#id_stoeck_0"' in stoeck.content.decode()
    assert double.status_code == 422
    assert 'href="#id_double_0"' in double.content.decode()
    assert not game.hands.exists()


def test_a_club_that_adds_slalom_records_it_without_stoeck(client):
    game = started(client, slalom="on", doubling="redouble")
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "Slalom" in table
    assert "Redoubled" in table

    refused = post_hand(client, game, trump="slalom", stoeck=0)
    made = post_hand(client, game, trump="slalom", bid=100, points=100, double=4)

    assert refused.status_code == 422
    assert 'href="#id_stoeck_0"' in refused.content.decode()
    assert made.status_code == 302
    assert rows(game)["Anne"][1] == 100 + 4 * 100


def test_a_hand_without_card_points_or_a_match_is_refused_beside_the_points(client):
    game = started(client)

    response = post_hand(client, game, points=None)

    assert response.status_code == 422
    page = response.content.decode()
    assert 'href="#id_points"' in page
    assert "Type the card points (0 to 157), or choose the team that made a match." in page


def test_a_hand_after_the_game_is_over_is_refused(client):
    game = started(client, target=100)
    post_hand(client, game, bid=150, points=157)
    assert Game.objects.get(pk=game.pk).hands.count() == 1

    response = post_hand(client, game)

    assert response.status_code == 422
    assert game.hands.count() == 1
    assert rows(game)["Anne"][2] is True  # won


def test_changed_hands_leave_the_stored_rows_as_the_hands_make_them(client):
    game = started(client)
    post_hand(client, game, team=0, bid=120, points=130)
    post_hand(client, game, team=1, bid=257, points=None, match=1, weis_1="100", stoeck=1)
    undo = reverse("scoring:sidi_undo", args=[game.pk])
    client.post(undo, {"hand_number": 2, "form_key": str(uuid.uuid4())})

    assert statistics.differing(Game.objects.all()) == []


def test_a_hand_is_corrected_and_the_last_undone_through_the_core(client):
    game = started(client)
    post_hand(client, game, team=0, bid=120, points=130)
    post_hand(client, game, team=1, bid=80, points=100)
    url = reverse("scoring:correct_hand", args=[game.pk, 1])
    page = client.get(url, **EN)
    assert page.status_code == 200
    form = page.context["form"]

    data = {**form.initial, **hand(team=0, bid=120, points=110), "form_key": str(uuid.uuid4())}
    response = client.post(url, data, **EN)

    assert response.status_code == 302
    assert game.hands.get(number=1).record["cards"] == [110, 47]
    assert rows(game)["Anne"][3] == {"contracts_made": 0, "contracts_failed": 1}
    assert HandChange.objects.filter(game=game, action="edited").count() == 1
    changes = client.get(reverse("scoring:history", args=[game.pk]), **EN).content.decode()
    assert "Anne &amp; Claude · ♥ Hearts 120 · 130 : 27" in changes
    assert "Anne &amp; Claude · ♥ Hearts 120 · 110 : 47" in changes

    undo = reverse("scoring:sidi_undo", args=[game.pk])
    assert client.post(undo, {"hand_number": 2, "form_key": str(uuid.uuid4())}).status_code == 302
    assert game.hands.count() == 1
    assert rows(game)["Bernard"][0] == 1


def test_htmx_gets_the_table_part_back(client):
    game = started(client)

    response = post_hand(client, game, htmx=True)

    assert response.status_code == 200
    assert 'id="table"' in response.content.decode()
    assert "<html" not in response.content.decode()
    assert "Save hand 2" in response.content.decode()


def test_the_game_page_and_a_finished_game_say_who_won_and_rubicon(client):
    game = started(client, target=300)
    post_hand(client, game, team=0, bid=150, points=157)  # 307 : 0

    page = client.get(game.get_absolute_url(), **EN).content.decode()

    assert "Winner: Anne &amp; Claude" in page
    assert "Rubicon" in page
    assert rows(game)["Anne"][2] is True
    result = PlayerResult.objects.get(game=game, player__name="Bernard")
    assert result.rubicon_suffered
    assert result.finished
    assert not result.won


def test_random_games_round_trip_through_import_and_export_with_their_totals(club):
    rng = random.Random(20261128)
    for _ in range(25):
        ruleset, hands = random_game(rng)
        document = {
            "format": "jass-game/1",
            "name": "Random",
            "played_on": "2026-11-28",
            "ruleset": ruleset.to_dict(),
            "teams": [{"name": t.name, "players": list(t.players)} for t in TEAMS],
            "hands": [h.to_dict() for h in hands],
        }
        game = services.import_game(json.loads(json.dumps(document)), club)
        exported = services.export_game(Game.objects.get(pk=game.pk))
        again = services.import_game(exported, club)

        assert exported["result"]["totals"] == services.export_game(again)["result"]["totals"]
        assert exported["hands"] == [h.to_dict() for h in hands]
        assert problems(exported) == []  # docs/jass-game-1.schema.json
        points = {r.team: r.points for r in PlayerResult.objects.filter(game=game)}
        assert [points.get(0, 0), points.get(1, 0)] == exported["result"]["totals"]
    # the stored rows are what the hands make (rebuild_statistics --check)
    assert statistics.differing(Game.objects.all()) == []


GOOD = {"team": 0, "trump": "hearts", "bid": 100, "cards": [120, 37]}


@pytest.mark.parametrize(
    ("broken", "field"),
    [
        ({"bid": 105}, "bid"),
        ({"team": 2}, "team"),
        ({"trump": "slalom"}, "trump"),  # not among the preset's modes
        ({"double": 4}, "double"),  # the preset doubles, it does not redouble
        ({"cards": [120, 40]}, "cards"),
        ({"match": 1}, "cards"),  # a match by team 1 is 0 : 157
        ({"weis": [[20], [50]]}, "weis"),
        ({"trump": "obe-abe", "stoeck": 0}, "stoeck"),
        ({"out_first": 0}, "out_first"),
        ({"bidder": "Zoé"}, "bidder"),
    ],
)
def test_a_broken_file_is_refused_naming_the_hand_and_field(club, broken, field):
    document = {
        "format": "jass-game/1",
        "name": "Broken",
        "ruleset": {"preset": "sidi"},
        "teams": [{"name": t.name, "players": list(t.players)} for t in TEAMS],
        "hands": [GOOD, GOOD | broken],
    }

    with pytest.raises(RulesError) as refused:
        services.import_game(document, club)

    problem = refused.value.problems[0]
    assert (problem.hand, problem.field) == (2, field)
    assert not Game.objects.exists()


def test_a_hand_after_the_end_and_a_wrong_result_in_a_file_are_refused(club):
    document = {
        "format": "jass-game/1",
        "name": "Broken",
        "ruleset": {"preset": "sidi", "target": 100},
        "teams": [{"name": t.name, "players": list(t.players)} for t in TEAMS],
        "hands": [GOOD, GOOD],
    }
    with pytest.raises(RulesError) as after:
        services.import_game(document, club)
    wrong = document | {"hands": [GOOD], "result": {"totals": [200, 37]}}
    with pytest.raises(RulesError) as differs:
        services.import_game(wrong, club)

    assert (after.value.problems[0].hand, after.value.problems[0].field) == (2, "hands")
    assert differs.value.problems[0].field == "result.totals"
    assert not Game.objects.exists()


def test_the_club_and_player_pages_show_the_sidi_lines(client, club):
    anne = Member.objects.create(club=club, name="Anne")
    game = started(client)
    post_hand(client, game, team=0, bid=120, points=130)
    assert PlayerResult.objects.get(game=game, player__name="Anne").member == anne

    club_page = client.get(reverse("clubs:club", args=[club.slug]), **EN).content.decode()
    player_page = client.get(
        reverse("clubs:player", args=[club.slug, anne.pk]), **EN
    ).content.decode()

    assert "Sidi Barrani" in club_page
    assert "Contracts made" in club_page
    assert "Contracts made" in player_page


@pytest.mark.parametrize(
    ("language", "seats"),
    [("fr", ("Joueur 1", "Joueur 4")), ("de", ("Spieler 1", "Spieler 4"))],
)
def test_the_start_page_names_the_seats_in_the_readers_language(client, language, seats):
    """The seats' labels are translated when the page is drawn, not once at import."""
    page = client.get(reverse("scoring:new_sidi"), HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert all(f">{seat}" in html or f"{seat}<" in html for seat in seats), seats
