"""A Coiffeur hand refused on the table screen says why below the sheet, where the
form was (issue 34): the last row typed on two phones at once, and a hand typed on a
screen that another phone's hand made out of date."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scoring.kinds.coiffeur.sheet import preset
from tests.coiffeur.test_games import post_hand, started

pytestmark = pytest.mark.django_db


def summary(html: str) -> str:
    found = re.search(r'<div[^>]*id="coiffeur-form-errors"[^>]*>(.*?)</div>', html, re.S)
    assert found, "no refusal on the screen"
    assert 'role="alert"' in found.group(0)
    assert 'tabindex="-1"' in found.group(0)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def test_the_last_row_typed_on_two_phones_says_why_below_the_full_sheet(client):
    game = started(client)
    rows = preset("coiffeur").names
    for row in rows:
        post_hand(client, game, 0, row, 60)
        if row != rows[-1]:
            post_hand(client, game, 1, row, 50)
    assert game.hands.count() == 19
    first = post_hand(client, game, 1, "choice", 70, number=20, htmx=True)
    assert first.status_code == 200
    second = post_hand(client, game, 1, "choice", 77, number=20, htmx=True)
    assert second.status_code in (409, 422)
    said = summary(second.content.decode())
    assert said.startswith("The hand was not saved:")
    assert "The sheet was full after hand 20" in said
    assert "What was typed: Free choice ×10 · Bernard & Denise: 77" in said
    assert [h.record["cards"] for h in game.hands.filter(number=20)] == [70]


def test_a_hand_from_a_screen_out_of_date_is_offered_again_as_the_next_with_why(client):
    game = started(client)
    post_hand(client, game, 0, "hearts", 80)
    post_hand(client, game, 1, "spades", 60, number=2, htmx=True)  # the other phone
    late = post_hand(client, game, 1, "obe-abe", 90, number=2, htmx=True)
    assert late.status_code == 409
    html = late.content.decode()
    said = summary(html)
    assert "Hand 2 was already recorded on another phone — what you typed is kept as hand 3" in (
        said
    )
    assert "Save hand 3" in html
    assert re.search(r'name="row_1"[^>]*value="obe-abe"[^>]* checked', html)
    assert 'value="90"' in html
    assert game.hands.count() == 2
