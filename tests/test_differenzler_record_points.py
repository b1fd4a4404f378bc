"""Recording a Différenzler hand's points (``scoring:record_points``): the screen drawn
from what was read with the game's row locked is the screen drawn again from the
database, a form refused names each player's box, and two phones sending the points
at the same moment store one hand."""

from __future__ import annotations

import re
import threading
import uuid

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.kinds.differenzler import estimates
from scoring.models import Game, Hand, HandChange
from scoring.services import Author, StaleScreen

PLAYERS = ("Anne", "Bernard", "Claude", "Denise")
CARDS = {"cards_0": 40, "cards_1": 30, "cards_2": 37}


def new_game(club) -> Game:
    return estimates.start_game(
        club=club,
        name="Différenzler",
        players=PLAYERS,
        hands=3,
        trumps=("hearts", "diamonds", "clubs", "spades"),
        played_on=None,
        suit_style="french",
        form_key=None,
    )


def started(game: Game, number: int = 1) -> None:
    estimates.choose_trump(game, number, "hearts")
    for seat, value in enumerate((40, 40, 40, 37)):
        estimates.seal_estimate(game, number, seat, value)
    estimates.start_hand(game, number, PLAYERS)


def points(client: Client, game: Game, number: int = 1, **data: object):
    return client.post(
        reverse("scoring:record_points", args=[game.pk]),
        {"hand_number": number, "form_key": uuid.uuid4(), **CARDS, **data},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )


FRESH = re.compile(  # what each drawing makes anew: form keys and CSRF tokens
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r'|name="csrfmiddlewaretoken" value="[^"]*"'
)


@pytest.mark.django_db
def test_the_screen_after_the_points_is_the_screen_drawn_again(client, club, make_user):
    """Bernard's phone holds his seat and Claude has sealed hand 2 before hand 1 was
    taken back: the answer to hand 1's points shows both, as a reload does."""
    client.force_login(make_user("scorer", club))
    game = new_game(club)
    links = estimates.seat_links(game, Author())
    started(game)
    assert points(client, game).status_code == 200
    Client().post(
        reverse("scoring:seat", args=[links[1].token]), {"hand_number": 2, "estimate": 50}
    )
    estimates.seal_estimate(game, 2, 2, 60)
    estimates.reopen_last_hand(game, 1, form_key=uuid.uuid4(), author=Author())

    answer = points(client, game)
    reload = client.get(
        reverse("scoring:table", args=[game.pk]), HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en"
    )

    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Hand 2 of 3" in html
    assert FRESH.sub("", html) == FRESH.sub("", reload.content.decode())
    assert answer.context["state"].estimated == {1, 2}
    assert [seat["held"] for seat in answer.context["seats"]] == [False, True, False, False]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"cards_0": 200}, "Card points are 0 to 157."),  # refused by the form
        ({"cards_0": 150, "cards_1": 150}, "make 337, more than the 157"),  # by the service
    ],
)
def test_refused_points_are_shown_again_in_each_players_box(client, club, make_user, data, error):
    client.force_login(make_user("scorer", club))
    game = new_game(club)
    started(game)

    response = points(client, game, **data)

    form = response.context["points"]
    assert error in response.content.decode()
    assert [box.label for box in form.card_fields] == list(PLAYERS)
    assert Hand.objects.count() == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same_form", [True, False], ids=["double tap", "two phones"])
def test_points_sent_at_the_same_moment_store_one_hand(club, same_form):
    """The second sending waits for the game's row, then is answered as sent before
    (the same form) or as changed by another device; never a server error
    (PostgreSQL: SQLite has no row locks, its transactions take turns)."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL")
    game = new_game(club)
    started(game)
    cards = (40, 30, 37, None)
    key = uuid.uuid4()
    answers: list[object] = []

    def second_sending():
        translation.activate("en")  # this thread's answer, in words the test reads
        try:
            answers.append(
                estimates.score_hand(
                    game, 1, cards, form_key=key if same_form else uuid.uuid4(), author=Author()
                )
            )
        except Exception as error:  # the test asserts what it was
            answers.append(error)
        finally:
            connection.close()

    other = threading.Thread(target=second_sending)
    with transaction.atomic():  # the first sending holds the game's row until it commits
        first = estimates.score_hand(game, 1, cards, form_key=key, author=Author())
        other.start()
        other.join(timeout=1)
        assert other.is_alive()  # the second waits
    other.join(timeout=10)

    assert Hand.objects.filter(game=game).count() == 1
    assert HandChange.objects.filter(game=game).count() == 1
    if same_form:
        assert isinstance(answers[0], estimates.Scored)
        assert answers[0].hand.pk == first.hand.pk
        assert answers[0].hands is None  # sent before: the screen is drawn again
    else:
        assert isinstance(answers[0], StaleScreen), answers[0]
        # it read the hands after the lock: hand 1 is recorded, its screen out of date
        assert "This screen is out of date" in str(answers[0])
