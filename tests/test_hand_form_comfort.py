"""The hand form's comfort (issue 13): more than 157 typed says that a match goes under
Match, the same words whether the script shows them as the scorer types or the server
refuses the hand."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Hand
from tests.test_table import new_game, post_hand

pytestmark = pytest.mark.django_db

MATCH_HINT = "At most 157 card points. All nine tricks are a match (257): choose Match."


def test_more_than_157_without_javascript_is_refused_pointing_to_match(client):
    game = new_game()

    response = post_hand(client, game, trump="hearts", points="257")

    html = response.content.decode()
    assert response.status_code == 422
    assert MATCH_HINT in html
    assert 'value="257"' in html
    assert 'id="points-hint"' not in html  # the refusal says it once, not twice
    assert Hand.objects.count() == 0


def test_more_than_157_with_htmx_is_refused_pointing_to_match(client):
    game = new_game()

    response = post_hand(client, game, htmx=True, trump="hearts", points="200")

    assert MATCH_HINT in response.content.decode()
    assert Hand.objects.count() == 0


def test_more_than_157_in_a_game_without_match_bonus_names_its_match(client):
    game = new_game("tournament")

    response = post_hand(client, game, trump="hearts", points="160")

    assert "All nine tricks are a match (157): choose Match." in response.content.decode()


def test_table_screen_carries_the_match_hint_hidden_for_the_script(client):
    game = new_game()

    response = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")

    html = response.content.decode()
    assert f'role="status" hidden>{MATCH_HINT}</p>' in html
    assert 'aria-describedby="other-points points-hint"' in html


@pytest.mark.parametrize(
    ("language", "heading", "joined"),
    [
        ("en", "Hand 1 was not saved: 1 problem, see below.", "Card points</a>: "),
        ("fr", "La donne 1 n’a pas été enregistrée : 1 problème, voir ci-dessous.", "</a>\xa0: "),
        ("de", "Spiel 1 wurde nicht gespeichert: 1 Problem, siehe unten.", "</a>: "),
    ],
)
def test_the_refusal_s_summary_names_the_hand_and_joins_as_the_language_does(
    client, settings, language, heading, joined
):
    game = new_game()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    html = post_hand(client, game, trump="hearts", points="200").content.decode()

    assert heading in html.replace("\xa0", " ")  # French: a no-break space before ":"
    assert joined in html
