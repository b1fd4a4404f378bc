"""What a refused change at the table keeps and says (issue 13): a correction that
would make a later hand impossible, and a hand sent from a screen out of date."""

from __future__ import annotations

import pytest

from scoring.models import Game, Hand, HandChange
from tests.factories import game_document, hand, import_in_club
from tests.test_table import correct

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
    response = correct(client, game, 4, trump="clubs", points="157", weis_team="0", weis_100="2")

    assert response.status_code == 422
    form = response.context["form"]
    message = "Hand 5 would then be impossible: the game would already be over after hand 4"
    assert form.non_field_errors() == [message]
    assert set(form.errors) == {"__all__"}  # on no field of hand 4
    assert message in response.content.decode()
    assert Hand.objects.get(game=game, number=4).weis == [[], []]
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
    assert Hand.objects.get(game=game, number=1).match == 0
    assert not HandChange.objects.exists()
