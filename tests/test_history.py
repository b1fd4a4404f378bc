"""The changes page of a team game (``scoring:history``): a hand before and after its
change, in the words of the page's language, as the hand form names them."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.kinds.team import rules
from scoring.kinds.team.weis_words import weis_words
from scoring.models import HandChange
from tests.factories import game_document, hand, import_in_club
from tests.rules.builders import lead_in
from tests.test_table import correct, new_game, post_hand

pytestmark = pytest.mark.django_db

TEAMS = (
    rules.Team("Les Bourgs", ("Anne", "Claude")),
    rules.Team("Les Nells", ("Bernard", "Denise")),
)


def summaries(client, game, language: str) -> list[str]:
    """The "before:" and "after:" lines of the page, as text, the newest change first."""
    html = client.get(
        reverse("scoring:history", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    lines = re.findall(
        r'<div class="small"><span class="text-body-secondary">(.*?)</div>', html, re.S
    )
    return [re.sub(r"<[^>]+>", "", line).strip() for line in lines]


def corrected_weis(client):
    """A hand recorded with Weis seq3 + four-jacks for Les Bourgs, then corrected to a
    run of four for Les Nells."""
    game = new_game()
    post_hand(
        client, game, trump="hearts", points="95", weis_team="0", weis_seq3="1", weis_four_jacks="1"
    )
    correct(client, game, 1, trump="hearts", points="95", weis_team="1", weis_seq4="1")
    return game


def test_history_names_weis_as_the_hand_form_does(client):
    game = corrected_weis(client)

    lines = summaries(client, game, "en")

    assert (
        "before: ♥ Hearts · 95 : 62 · Weis Les Bourgs: Three in a row (20), Four Jacks (200)"
        in lines
    )
    assert "after: ♥ Hearts · 95 : 62 · Weis Les Nells: Four in a row (50)" in lines
    assert not [line for line in lines if "seq" in line or "four-jacks" in line]


@pytest.mark.parametrize(
    ("language", "before", "after"),
    [
        (
            "de",
            "Weis Les Bourgs: Dreiblatt (20), Vier Bauern (200)",
            "Weis Les Nells: Vierblatt (50)",
        ),
        (
            "fr",
            "Annonces Les Bourgs: Trois à la suite (20), Quatre valets (200)",
            "Annonces Les Nells: Quatre à la suite (50)",
        ),
        (
            "it",
            "Annunci Les Bourgs: Tre in scala (20), Quattro fanti (200)",
            "Annunci Les Nells: Quattro in scala (50)",
        ),
    ],
)
def test_history_names_weis_in_the_pages_language(client, language, before, after):
    game = corrected_weis(client)

    text = " | ".join(summaries(client, game, language))

    assert before in text
    assert after in text
    assert "seq3" not in text
    assert "four-jacks" not in text


def test_history_gives_the_points_of_the_games_weis_table(client):
    game = new_game(weis="large")
    post_hand(client, game, trump="clubs", points="80", weis_team="1", weis_seq6="1", weis_seq3="2")

    lines = summaries(client, game, "en")

    assert lines == [
        "after: ♣ Clubs · 80 : 77 · Weis Les Nells: 2 × Three in a row (20), Six in a row (150)"
    ]


def test_history_keeps_a_bare_number_a_number(client):
    game = import_in_club(game_document([hand("spades", [95, 62], weis=[[20, 50], []])]))

    # the form shows 20 and 50 as the kinds of their value and keeps them when left alone
    correct(
        client, game, 1, trump="spades", points="100", weis_team="0", weis_seq3="1", weis_seq4="1"
    )

    lines = summaries(client, game, "en")
    assert lines == [
        "before: ♠ Spades · 95 : 62 · Weis Les Bourgs: 20, 50",
        "after: ♠ Spades · 100 : 57 · Weis Les Bourgs: 20, 50",
    ]


def test_history_leaves_the_stored_hand_and_the_game_file_with_the_codes(client):
    game = corrected_weis(client)

    summaries(client, game, "en")

    before = HandChange.objects.get(action=HandChange.EDITED).before
    assert before["weis"] == [["seq3", "four-jacks"], []]
    assert "said_weis" not in before
    document = client.get(reverse("scoring:game_file", args=[game.pk])).json()
    assert document["hands"][0]["weis"] == [[], ["seq4"]]


def test_weis_words_counts_a_kind_and_keeps_unknown_entries_as_they_are():
    points = {"seq3": 20, "four-nines": 150}

    with translation.override("en"):
        words = [str(word) for word in weis_words(["seq3", "four-nines", "seq3", 100], points)]

    assert words == ["2 × Three in a row (20)", "Four 9s (150)", "100"]


def test_history_shows_the_count_at_going_out_of_an_exact_last_hand(client):
    hands = [*lead_in(933, 480), rules.Hand("hearts", None, cards_at_out=(80, 19))]
    record = rules.GameRecord("Exact", None, rules.preset("chibre"), TEAMS, tuple(hands))
    game = import_in_club(json.loads(json.dumps(record.to_dict())))
    number = len(hands)

    client.post(
        reverse("scoring:undo_last_hand", args=[game.pk]),
        {"hand_number": number, "form_key": str(uuid.uuid4())},
    )

    assert summaries(client, game, "en") == ["before: ♥ Hearts · card points at going out 80 : 19"]
