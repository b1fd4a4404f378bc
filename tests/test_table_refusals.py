"""What a refused change at the table keeps and says (issue 13): a correction that
would make a later hand impossible, a hand sent from a screen out of date, and a hand
typed by someone else who used the same phone (issue 23)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import Game, Hand, HandChange
from tests.factories import game_document, hand, import_in_club
from tests.test_table import correct, new_game, post_hand, totals

pytestmark = pytest.mark.django_db


def ended_on_weis() -> Game:
    """Les Bourgs go out on Weis in hand 5, whose card points were left out."""
    return import_in_club(
        game_document(
            [hand("hearts", [157, 0], match=0)] * 3  # 771 : 0
            + [
                hand("clubs", [157, 0]),  # 928 : 0
                {"trump": "spades", "cards": None, "weis": [[100], []]},  # out on Weis
            ]
        )
    )


# -- a correction that makes a later hand impossible ----------------------------------------


def test_correction_ending_the_game_earlier_names_the_later_hand_above_the_form(client):
    game = ended_on_weis()

    # 200 of Weis in hand 4: Les Bourgs would go out there, before hand 5
    response = correct(client, game, 4, trump="clubs", points="157", weis_team="0", weis_seq5="2")

    assert response.status_code == 422
    form = response.context["form"]
    message = "Hand 5 would then be impossible: the game would already be over after hand 4"
    assert form.non_field_errors() == [message]
    assert set(form.errors) == {"__all__"}  # on no field of hand 4
    assert message in response.content.decode()
    assert Hand.objects.get(game=game, number=4).record["weis"] == [[], []]
    assert not HandChange.objects.exists()


def test_correction_under_a_later_hand_out_on_weis_says_why_not_beside_the_points(client):
    game = ended_on_weis()

    # 60 in hand 1 instead of a match: Weis no longer takes Les Bourgs out in hand 5
    response = correct(client, game, 1, trump="hearts", points="60")

    assert response.status_code == 422
    form = response.context["form"]
    assert form.non_field_errors() == [
        "Hand 5 would then be impossible: its card points were left out because "
        "Stöck or Weis took a team out in it, and they no longer would"
    ]
    assert "points" not in form.errors
    assert 'value="60"' in response.content.decode()  # what was typed stays
    assert Hand.objects.get(game=game, number=1).record["match"] == 0
    assert not HandChange.objects.exists()


# -- a hand sent from a screen out of date --------------------------------------------------

TYPED = {
    "trump": "clubs",
    "typed_team": "1",
    "points": "100",
    "weis_team": "0",
    "weis_seq4": "1",
    "stoeck": "1",
    "chibre": "on",
}


def send_hand_1_late(client, game: Game, htmx: bool) -> tuple:
    """Another phone records hand 1; this phone then sends its own hand 1."""
    post_hand(client, game, trump="hearts", points="95")
    form_key = str(uuid.uuid4())
    response = client.post(
        reverse("scoring:record_hand", args=[game.pk]),
        {"hand_number": 1, "form_key": form_key, **TYPED},
        headers={"HX-Request": "true"} if htmx else {},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    return response, form_key


@pytest.mark.parametrize("htmx", [True, False])
def test_hand_refused_as_out_of_date_is_offered_again_as_the_next_hand(client, htmx):
    game = new_game()

    response, sent_key = send_hand_1_late(client, game, htmx)

    assert response.status_code == 409  # htmx too: base.html's htmx-config swaps it in
    html = response.content.decode()
    assert (
        "Hand 1 was already recorded on another phone — what you typed is kept as hand 2: "
        "check it and save." in html
    )
    assert 'data-total="95"' in html  # the game as it is now
    assert "Save hand 2" in html
    assert 'value="clubs" checked' in html
    assert 'name="typed_team" id="id_typed_team_1" value="1" checked' in html
    assert 'value="100"' in html
    form = response.context["form"]
    assert form["points"].value() == "100"
    assert not form.is_bound
    assert form.initial["hand_number"] == 2
    assert str(form.initial["form_key"]) != sent_key
    assert {name: form.initial[name] for name in ("weis_team", "weis_seq4", "stoeck")} == {
        "weis_team": "0",
        "weis_seq4": "1",
        "stoeck": "1",
    }
    assert form.initial["chibre"] is True
    assert [(h.number, h.record["trump"]) for h in game.hands.order_by("number")] == [(1, "hearts")]


def test_hand_offered_again_is_recorded_once_as_the_next_hand(client):
    game = new_game()
    response, _ = send_hand_1_late(client, game, htmx=True)
    initial = response.context["form"].initial
    data = {**TYPED, "hand_number": initial["hand_number"], "form_key": initial["form_key"]}
    url = reverse("scoring:record_hand", args=[game.pk])

    client.post(url, data, headers={"HX-Request": "true"})
    client.post(url, data, headers={"HX-Request": "true"})  # sent twice: stored once

    assert [(h.number, h.record["trump"]) for h in game.hands.order_by("number")] == [
        (1, "hearts"),
        (2, "clubs"),
    ]
    # 95 : 62, then clubs: Les Nells' 100 typed, Weis 50 for Les Bourgs, Stöck for Les Nells
    assert totals(game) == (95 + 57 + 50, 62 + 100 + 20)
    assert HandChange.objects.filter(hand_number=2).count() == 1


def test_the_same_form_sent_again_is_not_offered_as_the_next_hand(client):
    game = new_game()
    data = {"hand_number": 1, "form_key": str(uuid.uuid4()), "trump": "hearts", "points": "95"}
    url = reverse("scoring:record_hand", args=[game.pk])
    client.post(url, {**data, "typed_team": "0"})

    again = client.post(
        url, {**data, "typed_team": "0"}, headers={"HX-Request": "true"}, HTTP_ACCEPT_LANGUAGE="en"
    )

    html = again.content.decode()
    assert "what you typed is kept" not in html
    assert again.context["form"].initial.get("points") is None  # a fresh hand 2
    assert game.hands.count() == 1


def test_hand_refused_after_the_game_ended_elsewhere_only_shows_the_game(client):
    game = import_in_club(game_document([hand("hearts", [157, 0], match=0)] * 3))
    post_hand(client, game, trump="clubs", points="157", match="0")  # 1028 : 0, over

    response = post_hand(client, game, number=4, htmx=True, trump="spades", points="80")

    html = response.content.decode()
    assert "Hand 4 was already recorded — here is the game now." in html
    assert "Winner: Les Bourgs" in html
    assert "Save hand" not in html
    assert game.hands.count() == 4


def test_hand_refused_after_an_undo_elsewhere_is_offered_as_the_next_hand(client):
    game = new_game()
    post_hand(client, game, trump="hearts", points="95")

    # this screen showed hand 2 as next; another phone undid hand 1 meanwhile
    client.post(
        reverse("scoring:undo_last_hand", args=[game.pk]),
        {"hand_number": 1, "form_key": str(uuid.uuid4())},
    )
    response = post_hand(client, game, number=2, htmx=True, trump="clubs", points="100")

    assert (
        "This screen is out of date — here is the game now. "
        "What you typed is kept as hand 1: check it and save." in response.content.decode()
    )
    assert response.context["form"].initial["hand_number"] == 1
    assert response.context["form"].initial["points"] == "100"
    assert game.hands.count() == 0


# -- a hand typed by someone else on a shared phone (issue 23) ------------------------------


def typist_of(html: str) -> str:
    """The mark of whose screen it is, from the table screen's hand form."""
    found = re.search(r'<input type="hidden" name="typist" value="([0-9a-f]+)">', html)
    assert found, "the hand form says whose screen it is"
    return found.group(1)


def table_screen(client, game: Game) -> str:
    return client.get(reverse("scoring:table", args=[game.pk])).content.decode()


@pytest.mark.parametrize("htmx", [True, False])
def test_hand_typed_on_another_users_screen_is_refused_and_nothing_stored(
    client, make_user, club, htmx
):
    game = new_game()
    first = typist_of(table_screen(client, game))
    client.force_login(make_user("scorer", club, name="second"))  # the next on this phone

    response = post_hand(client, game, htmx=htmx, trump="hearts", points="95", typist=first)

    assert response.status_code == 403  # for htmx too: the phone keeps the hand
    html = response.content.decode()
    assert (
        "Hand 1 was typed by someone else who used this phone: "
        "it was not recorded under your name." in html
    )
    assert 'id="table"' in html  # the table of who is signed in now
    assert typist_of(html) != first
    assert not game.hands.exists()
    assert not HandChange.objects.exists()


def test_hand_typed_on_own_screen_is_recorded_after_signing_in_again(client, club):
    game = new_game()
    scorer = get_user_model().objects.get(username="scorer")
    mark = typist_of(table_screen(client, game))
    client.logout()
    client.force_login(scorer)  # another session, the same person

    response = post_hand(client, game, trump="hearts", points="95", typist=mark)

    assert response.status_code == 302
    assert [(h.number, h.record["trump"]) for h in game.hands.all()] == [(1, "hearts")]
    assert HandChange.objects.get().user == scorer


def test_each_account_has_its_own_mark(client, make_user, club):
    game = new_game()
    first = typist_of(table_screen(client, game))
    client.force_login(make_user("scorer", club, name="second"))

    second = table_screen(client, game)
    assert typist_of(second) != first
    assert f'data-typist="{typist_of(second)}"' in second  # what the phone's script reads


def test_hand_form_without_a_mark_is_recorded(client):
    """A form drawn before the mark existed (a page open during the deploy) says nobody:
    the hand is recorded for who is signed in, as before."""
    game = new_game()

    response = post_hand(client, game, trump="hearts", points="95")

    assert response.status_code == 302
    assert game.hands.count() == 1
