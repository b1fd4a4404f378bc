"""The table screen's question of the exact last hand (RULES.md §6, issue 26): each
team's card points when the first team went out, asked before saving when that count
decides Rubicon, skippable ("Count not known"), and offered again on the correction of
the last hand."""

from __future__ import annotations

import json
import re

from django.urls import reverse

from scoring import services
from scoring.kinds.team.rules import read_game
from scoring.models import Game, HandChange
from tests.test_table import new_game, post_hand


def result(game: Game):
    return Game.objects.with_everything().get(pk=game.pk).result()


def test_a_count_that_decides_rubicon_is_asked_before_saving_and_nothing_is_stored(client):
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")

    response = post_hand(client, game, trump="hearts", points="130")

    html = response.content.decode()
    assert response.status_code == 422
    assert "This hand decides Rubicon" in html
    assert 'class="field-at-out is-invalid decides"' in html  # shown, not hidden
    assert 'id="form-errors" class="alert alert-danger py-2 error-summary" role="alert"' in html
    assert '<a href="#id_at_out_0">Card points when the first team went out</a>' in html
    assert game.hands.count() == 1
    assert HandChange.objects.filter(game=game).count() == 1


def test_the_count_at_going_out_makes_the_result_exact_and_finds_the_rubicon(client):
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")  # 78 : 79

    # the whole hand left out: when Les Bourgs went out they had 122, Les Nells 15
    response = post_hand(client, game, trump="hearts", at_out_0="122", at_out_1="15")

    assert response.status_code == 302
    counted = result(game)
    assert counted.totals == (200, 94)
    assert (counted.winner, counted.rubicon, counted.estimated) == (0, True, False)
    assert game.hands.get(number=2).record["cards_at_out"] == [122, 15]


def test_not_counted_saves_the_whole_hand_and_the_result_says_estimated(client):
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")

    response = post_hand(client, game, trump="hearts", points="130", estimate="on")

    assert response.status_code == 302
    counted = result(game)
    assert counted.totals == (208, 106)
    assert (counted.winner, counted.rubicon, counted.estimated) == (0, False, True)
    table = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Estimated" in table.content.decode()


def test_a_count_that_decides_nothing_is_not_asked(client):
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")  # 78 : 79

    # 188 : 106: Les Nells was at half or more whatever the count
    post_hand(client, game, trump="hearts", points="40", typed_team="1")
    response = post_hand(client, game, trump="hearts", points="110")

    assert response.status_code == 302
    assert result(game).estimated


def test_one_team_of_the_count_alone_is_refused_beside_it(client):
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")

    response = post_hand(client, game, trump="hearts", points="130", at_out_0="122")

    html = response.content.decode()
    assert response.status_code == 422
    assert "Type both teams&#x27; card points when the first went out." in html
    assert game.hands.count() == 1


def test_a_count_the_engine_refuses_is_said_beside_the_count(client):
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")

    # 78 + 100 = 178: nobody at the target with this count
    response = post_hand(client, game, trump="hearts", at_out_0="100", at_out_1="15")

    html = response.content.decode()
    assert response.status_code == 422
    assert "no team is at the target" in html
    assert re.search(r'id="id_at_out_0"[^>]*aria-invalid="true"', html)
    assert game.hands.count() == 1


def test_the_last_hand_of_a_game_won_on_trick_points_offers_the_count_on_correction(client):
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")
    post_hand(client, game, trump="hearts", points="130", estimate="on")
    url = reverse("scoring:correct_hand", args=[game.pk, 2])

    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<fieldset class="field-at-out" aria-describedby="at-out-why">' in page
    assert (
        "field-at-out"
        not in client.get(
            reverse("scoring:correct_hand", args=[game.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
    )

    form = {
        "hand_number": "2",
        "form_key": re.search(r'name="form_key" value="([^"]+)"', page)[1],
        "version": re.search(r'name="version" value="([^"]*)"', page)[1],
        "trump": "hearts",
        "typed_team": "0",
        "points": "130",
        "at_out_0": "122",
        "at_out_1": "15",
    }
    response = client.post(url, form, HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 302
    counted = result(game)
    assert counted.totals == (200, 94)
    assert (counted.rubicon, counted.estimated) == (True, False)


# -- Weis as a paper slate gives them ------------------------------------------------------


def test_weis_typed_as_points_are_stored_as_the_numbers_of_the_game_file(client):
    game = new_game()

    response = post_hand(
        client, game, trump="hearts", points="100", weis_team="0", weis_values="50 150"
    )

    assert response.status_code == 302
    assert game.hands.get().record["weis"] == [[50, 150], []]
    assert result(game).totals == (300, 57)


def test_weis_as_points_and_by_kind_add_up(client):
    game = new_game()

    post_hand(
        client, game, trump="hearts", points="100", weis_team="1", weis_seq3="1", weis_values="50"
    )

    assert game.hands.get().record["weis"] == [[], ["seq3", 50]]
    assert result(game).totals == (100, 127)


def test_a_value_that_is_no_weis_of_the_game_is_refused_beside_the_field(client):
    game = new_game()

    response = post_hand(
        client, game, trump="hearts", points="100", weis_team="0", weis_values="50 70"
    )

    html = response.content.decode()
    assert response.status_code == 422
    assert "70 is not a Weis of this game: 20, 50, 100, 150, 200" in html
    assert re.search(r'id="id_weis_values"[^>]*aria-invalid="true"', html)
    assert game.hands.count() == 0


def test_a_stopped_hand_is_offered_closed_and_saved_with_trump_weis_and_the_count(client):
    """Issue 34: the game stopped when a team thanked out mid-hand; the scorer knows the
    count at that moment, not the whole hand. The form offers it as a disclosure that
    works without a script, and the hand is stored and exported without card points."""
    game = new_game(target=200)
    post_hand(client, game, trump="hearts", points="78")  # 78 : 79

    table = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    html = table.content.decode()
    disclosure = re.search(r'<details class="stopped">\s*<summary>([^<]*)</summary>', html)
    assert disclosure
    assert disclosure.group(1) == "Stopped when a team went out"
    assert 'name="at_out_0"' in html.split('<details class="stopped">')[1]

    response = post_hand(
        client, game, trump="hearts", weis_team="0", weis_values="20", at_out_0="102", at_out_1="15"
    )

    assert response.status_code == 302
    counted = result(game)
    assert counted.totals == (200, 94)
    assert (counted.winner, counted.rubicon, counted.estimated) == (0, True, False)
    record = game.hands.get(number=2).record
    assert (record["cards"], record["cards_at_out"], record["weis"]) == (
        None,
        [102, 15],
        [[20], []],
    )
    exported = services.export_game(Game.objects.get(pk=game.pk))
    assert exported["hands"][1]["cards"] is None
    assert read_game(json.loads(json.dumps(exported))).hands[1].cards_at_out == (102, 15)
