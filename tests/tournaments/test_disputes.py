"""What a dispute does to a table, said the same on its phone and in its record
(issue 24): it sets aside every signature given before it, and hands the game to the
director: the table's phone no longer corrects or takes back a hand; once the game is
checked, every side signs again, or the director decides."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services as scoring
from scoring.kinds.team import rules
from scoring.services import Author, StaleScreen
from tests.tournaments.test_views import director, published_table  # noqa: F401 (fixture)
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def disputed_table(director, club):  # noqa: F811
    t, table = published_table(director, club)
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    phone.post(
        reverse("tournaments:confirm", args=[table.game_id]), {"side": 0, "code": table.codes[0]}
    )
    phone.post(
        reverse("tournaments:dispute", args=[table.game_id]),
        {"side": 1, "code": table.codes[1], "reason": "Hand 2: we had the match"},
    )
    table.refresh_from_db()
    return t, table, phone


def test_a_dispute_sets_the_signatures_aside_on_the_phone_and_in_the_record(director, club):  # noqa: F811
    t, table, phone = disputed_table(director, club)
    first = table.game.teams.get(index=0).name

    screen = phone.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    record = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert table.state == Table.DISPUTED
    assert table.signatures == {}
    assert f"Signed before the dispute, so set aside: {first}" in screen
    assert "A dispute sets aside the signatures given before it." in screen
    assert "the signatures before it are set aside" in record
    assert list(table.events.values_list("kind", flat=True)) == ["signed", "disputed"]


def test_a_disputed_table_is_no_longer_corrected_or_taken_back_on_its_phone(director, club):  # noqa: F811
    _t, table, phone = disputed_table(director, club)
    game = table.game

    screen = phone.get(reverse("scoring:table", args=[game.pk])).content.decode()
    correcting = phone.get(reverse("scoring:correct_hand", args=[game.pk, 2]))
    undoing = phone.post(
        reverse("scoring:undo_last_hand", args=[game.pk]),
        {"hand_number": game.hands.count(), "form_key": uuid.uuid4()},
    )
    with pytest.raises(StaleScreen, match="disputed"):
        scoring.undo_last_hand(
            game, number=game.hands.count(), form_key=uuid.uuid4(), author=Author(user=None)
        )

    assert reverse("scoring:correct_hand", args=[game.pk, 2]) not in screen
    assert reverse("scoring:undo_last_hand", args=[game.pk]) not in screen
    assert correcting.status_code in (403, 404)
    assert undoing.status_code in (403, 404)
    assert game.hands.count() == table.round.tournament.hands


def test_the_director_corrects_a_disputed_table_and_both_sign_again(director, club, make_user):  # noqa: F811
    _t, table, _phone = disputed_table(director, club)
    game = table.game
    hand = game.hands.get(number=2).read()
    fixed = rules.Hand(trump=hand.trump, cards=(57, 100))
    admin = make_user("admin", club, name="admin")

    scoring.correct_hand(
        game,
        fixed,
        number=2,
        version=scoring.hand_version(game.hands.get(number=2)),
        form_key=uuid.uuid4(),
        author=Author(user=admin, director=True),
    )
    table.refresh_from_db()
    totals = tuple(game.result().totals)
    for side in (1, 0):
        services.confirm_table(table, side, table.codes[side], seen=totals)

    table.refresh_from_db()
    assert table.state == Table.CONFIRMED
    assert table.dispute == ""
