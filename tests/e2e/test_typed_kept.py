"""What a scorer typed and has not saved yet is kept in the tab: a reload, or a phone
that drops the page in the background, puts it back on the same hand's form; once
saved, it is forgotten."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect

from scoring import services
from scoring.kinds.team import rules
from scoring.models import Game
from scoring.services import Author
from tests.e2e.test_table import TEAM_1, WAIT_FOR_NEXT_HAND_OR_ERROR, record, start_game

ROUND_OVER = "() => document.documentElement.dataset.sending === 'false'"


def reload(page) -> None:
    page.reload()
    page.wait_for_selector("#hand-form[data-ready]")
    page.wait_for_function(ROUND_OVER)


def test_a_hand_typed_and_not_saved_comes_back_after_a_reload(page, live_server, scorer):
    start_game(page, live_server)
    record(page, "Hearts", 80)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".typed-team label", has_text=TEAM_1).click()
    form.locator(".points-input").fill("45")

    reload(page)
    expect(form.locator("input[name=hand_number]")).to_have_value("2")
    expect(form.locator("input[name=trump]:checked")).to_have_value("clubs")
    expect(form.locator("input[name=typed_team]:checked")).to_have_value("1")
    expect(form.locator(".points-input")).to_have_value("45")

    form.locator("button.save-hand").click()
    page.wait_for_function(WAIT_FOR_NEXT_HAND_OR_ERROR, arg=2)
    page.wait_for_function("() => !document.querySelector('#table .hand-item.waiting')")
    hand = Game.objects.get().hands.get(number=2).read()
    assert (hand.trump, list(hand.cards)) == ("clubs", [112, 45])

    reload(page)  # saved: nothing comes back on hand 3's form
    expect(form.locator("input[name=hand_number]")).to_have_value("3")
    expect(form.locator(".points-input")).to_have_value("")


def test_what_was_typed_for_a_hand_another_phone_recorded_does_not_come_back(
    page, live_server, scorer
):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("45")
    game = Game.objects.get()
    hand = rules.Hand(trump="hearts", cards=(90, 67))  # the other phone's hand 1
    services.record_hand(game, hand, number=1, form_key=uuid.uuid4(), author=Author())

    reload(page)
    expect(form.locator("input[name=hand_number]")).to_have_value("2")
    expect(form.locator("input[name=trump]:checked")).to_have_count(0)
    expect(form.locator(".points-input")).to_have_value("")
