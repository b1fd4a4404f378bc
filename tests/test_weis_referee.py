"""The Weis referee's page: the verdict in words for each step of RULES.md §2, a clear
message beside a field for what cannot be, and a game's names only for those who may
see the game."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from clubs.models import Club
from tests.factories import game_document, hand, import_in_club

URL = reverse("scoring:weis_referee")


def settle(client, trump="hearts", leader=0, style="small", headers=None, **weis):
    """Ask the referee: ``weis`` as ``kind0="seq4", top0="K", suit0="clubs"``…"""
    query = {"trump": trump, "leader": leader, "style": style, **weis}
    return client.get(URL, query, headers=headers)


def shown(response) -> str:
    """The page's text as a reader sees it (entities such as &#x27; read)."""
    return html.unescape(response.content.decode())


@pytest.fixture(autouse=True)
def _english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def anyone(client):
    client.logout()
    return client


@pytest.fixture
def game(club):
    return import_in_club(game_document([hand()], weis="large"))


# --- the page --------------------------------------------------------------------------


def test_referee_page_is_open_to_anyone(anyone):
    response = anyone.get(URL)

    assertContains(response, "Weis referee")
    assertContains(response, "Player 4")
    assertContains(response, "Three in a row (20)")
    assertContains(response, 'href="/static/css/referee.css"')
    assertNotContains(response, 'class="verdict"')


def test_referee_with_htmx_renders_only_the_referee(anyone):
    response = settle(anyone, kind0="seq3", top0="K", suit0="clubs", headers={"HX-Request": "true"})

    assertContains(response, 'id="referee"')
    assertContains(response, "Weis for Team 1")
    assertNotContains(response, "<html")


# --- each step in words ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "headline", "why"),
    [
        (
            {"kind0": "seq4", "top0": "A", "suit0": "hearts", "kind1": "seq3", "top1": "A"}
            | {"suit1": "clubs"},
            "Weis for Team 1",
            "Player 1's four in a row (50) beats Player 2's three in a row (20): more points.",
        ),
        (
            {"kind1": "seq5", "top1": "10", "suit1": "clubs", "kind2": "four-aces"},
            "Weis for Team 2",
            "Equal points: Player 2's five in a row (100) beats Player 3's four Aces (100): "
            "more cards (5 against 4).",
        ),
        (
            {"kind2": "seq3", "top2": "K", "suit2": "spades", "kind3": "seq3", "top3": "Q"}
            | {"suit3": "diamonds"},
            "Weis for Team 1",
            "Equal points and cards: Player 3's top card is higher (K against Q).",
        ),
        (
            {"kind0": "seq4", "top0": "K", "suit0": "clubs", "kind1": "seq4", "top1": "K"}
            | {"suit1": "hearts"},
            "Weis for Team 2",
            "Equal points, cards and top card: Player 2's four in a row (50) is in trump "
            "(♥ Hearts), Player 1's is not.",
        ),
        (
            {"kind0": "seq3", "top0": "9", "suit0": "clubs", "kind3": "seq3", "top3": "9"}
            | {"suit3": "spades"},
            "Weis for Team 2",
            "All equal, and neither is in trump: Player 4 plays earlier in the first trick "
            "than Player 1.",
        ),
    ],
)
def test_referee_explains_the_deciding_step(anyone, query, headline, why):
    response = settle(anyone, leader=3, **query)

    assertContains(response, headline)
    assert why in shown(response)


def test_referee_in_unde_ufe_says_the_lower_card_wins(anyone):
    response = settle(
        anyone,
        "unde-ufe",
        kind0="seq3",
        top0="Q",
        suit0="clubs",
        kind1="seq3",
        top1="8",
        suit1="hearts",
    )

    assert (
        "Equal points and cards: in unde-ufe the lower top card wins, Player 2's (8 against Q)."
        in shown(response)
    )


def test_referee_says_what_counts_for_each_team(anyone):
    response = settle(anyone, kind1="four-jacks", kind2="seq3", top2="A", suit2="hearts")

    assertContains(response, "Weis for Team 2")
    assertContains(response, "Player 2 and Player 4")
    assert "All of Team 2's Weis count; Team 1's none." in shown(response)


def test_referee_with_one_team_alone(anyone):
    response = settle(anyone, kind2="four-nines")

    assert "Player 3's four 9s (150) is the best Weis: the other team declared none." in shown(
        response
    )


def test_referee_nobody_declares(anyone):
    response = settle(anyone)

    assertContains(response, "No team scores Weis")
    assertContains(response, "Nobody declared a Weis.")


def test_referee_large_weis_counts_a_run_of_six_150(anyone):
    response = settle(anyone, style="large", kind0="seq6", top0="J", suit0="clubs")

    assertContains(response, "Six in a row (150)")
    assertContains(response, "six in a row (150) is the best Weis")


# --- what cannot be --------------------------------------------------------------------


def field_errors(response, name):
    return response.context["form"].errors.get(name, [])


def test_referee_sequence_without_a_suit_is_refused_beside_the_suit(anyone):
    response = settle(anyone, kind1="seq3", top1="A")

    assert response.status_code == 200
    assert field_errors(response, "suit1") == ["A sequence needs a suit"]
    assertNotContains(response, 'class="verdict"')


def test_referee_sequence_below_the_six_is_refused_beside_the_top_card(anyone):
    response = settle(anyone, kind3="seq5", top3="8", suit3="clubs")

    assert field_errors(response, "top3") == [
        "A sequence of 5 cards cannot have 8 as its top card: it would go below the 6"
    ]


def test_referee_sequence_without_its_top_card_is_refused(anyone):
    response = settle(anyone, kind0="seq4", suit0="clubs")

    assert field_errors(response, "top0") == ["A sequence needs its top card"]


def test_referee_two_players_with_the_same_cards_are_refused(anyone):
    response = settle(anyone, kind0="four-jacks", kind1="seq3", top1="Q", suit1="clubs")

    assert field_errors(response, "kind1") == [
        "Player 1's Weis already holds some of these cards: each card is in the deck once."
    ]


def test_referee_four_of_a_kind_ignores_top_card_and_suit(anyone):
    response = settle(anyone, kind0="four-kings", top0="7", suit0="hearts")

    assert "Player 1's four Kings (100) is the best Weis" in shown(response)


@pytest.mark.parametrize(
    "query",
    [
        {"trump": "trumps"},
        {"leader": "9"},
        {"leader": "x"},
        {"style": "none"},
        {"kind2": "four-eights"},
        {"kind2": "seq3", "top2": "B", "suit2": "hearts"},
        {"kind2": "seq3", "top2": "A", "suit2": "obe-abe"},
        {"game": "nothing"},
        {"game": "9" * 30},
    ],
)
def test_referee_bad_input_gets_a_message_not_a_500(anyone, query):
    response = anyone.get(URL, {"trump": "hearts", "leader": "0", "style": "small"} | query)

    assert response.status_code == 200
    if "game" not in query:
        assert response.context["form"].errors
        assertContains(response, "invalid-feedback")


# --- a game's names ---------------------------------------------------------------------


def test_referee_for_a_game_offers_its_players_and_style(client, game):
    response = client.get(URL, {"game": game.pk})

    assertContains(response, "Anne")
    assertContains(response, "Les Nells")
    assertContains(response, "Six in a row (150)")  # the game's large Weis
    assertContains(response, f'name="game" value="{game.pk}"')
    assertContains(response, reverse("scoring:table", args=[game.pk]))
    form = response.context["form"]
    assert form.initial["style"] == "large"
    assert form.initial["leader"] == 1  # hand 2: the next seat chooses and leads


def test_referee_for_a_game_names_the_winners(client, game):
    response = settle(client, game=game.pk, kind1="seq4", top1="A", suit1="hearts")

    assertContains(response, "Weis for Les Nells")
    assertContains(response, "Bernard and Denise")
    assert "Bernard's four in a row (50) is the best Weis" in shown(response)
    assert "All of Les Nells's Weis count; Les Bourgs's none." in shown(response)


def test_referee_refuses_a_strangers_game(client, game, make_user):
    stranger_club = Club.objects.create(name="Other club", slug="other")
    client.force_login(make_user("admin", stranger_club, name="stranger"))

    response = settle(client, game=game.pk, kind1="seq4", top1="A", suit1="hearts")

    assert response.status_code == 200
    assertNotContains(response, "Anne")
    assertNotContains(response, "Les Nells")
    assertNotContains(response, f'name="game" value="{game.pk}"')
    assertContains(response, "Weis for Team 2")


def test_referee_refuses_a_game_to_someone_signed_out(anyone, game):
    response = anyone.get(URL, {"game": game.pk})

    assertNotContains(response, "Bernard")
    assertContains(response, "Player 2")
