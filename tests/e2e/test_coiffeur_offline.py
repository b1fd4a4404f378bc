"""A Coiffeur sheet in a cellar (issue 25): hands saved with the network cut wait on the
phone, written into their cells with the totals counted by coiffeur.js, survive a
reload, and reach the server once and in order when the network returns; a sheet
filled offline says who won before it is sent."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.kinds.coiffeur.sheet import preset
from scoring.models import Game, HandChange
from tests.e2e.conftest import screenshot
from tests.e2e.test_coiffeur_game import hand
from tests.e2e.test_offline import ALL_SENT, controlled
from tests.e2e.test_offline import phone as cellar_phone

phone = cellar_phone  # the scorer's phone of the team game's cellar tests, signed in

pytestmark = pytest.mark.e2e
WAITING = "#table .hand-item.waiting"


def start_sheet(page, live_server) -> Game:
    page.goto(f"{live_server.url}/games/new/coiffeur/")
    for side, names in enumerate((("Anne", "Claude"), ("Bernard", "Denise"))):
        for seat, name in enumerate(names):
            page.fill(f"#id_side_{side}_player_{seat}", name)
    page.locator("form.new-game button[type=submit]").first.click()
    page.wait_for_selector("#coiffeur-hand-form")
    return Game.objects.get()


def test_hands_saved_offline_wait_in_their_cells_and_are_sent_once_in_order(phone, live_server):
    page = phone
    game = start_sheet(page, live_server)
    hand(page, 0, "obe-abe", 98)
    controlled(page)
    page.context.set_offline(True)

    hand(page, 1, "misere", 20)  # (157 − 20) × 8 = 1096
    hand(page, 0, "hearts", outcome="match")  # 257 × 3 = 771
    # more than 157: the server will refuse it (kept by a page from before the phone
    # refused such hands itself: without its checks; tests/e2e/test_coiffeur_refusals.py)
    page.locator("#coiffeur-checks").evaluate("n => n.remove()")
    hand(page, 1, "hearts", 200)
    expect(page.locator(WAITING)).to_have_count(3)
    expect(page.locator("#net-status")).to_contain_text("Waiting to be sent: 3")
    # in the sheet's order: hearts ×3, then misère ×8; the refused hand is no cell
    expect(page.locator("#table .cell-waiting")).to_have_text(["771", "1096"])
    expect(page.locator("#table .total-line .total-waiting").first).to_have_text("→ 1261")
    # what each side still has to play counts the waiting hands: its open rows, and
    # the rows they filled struck out below the sheet (the refused hand fills none)
    expect(page.locator("#table .left-line .total-waiting")).to_have_text(["→ 8", "→ 9"])
    sides = page.locator("#table .coiffeur-open li")
    expect(sides.nth(0).locator(".open-row.provisional")).to_have_count(1)
    expect(sides.nth(0).locator(".open-row.provisional")).to_contain_text("Hearts")
    expect(sides.nth(1).locator(".open-row.provisional")).to_contain_text("Misère")
    expect(sides.nth(1).locator(".open-row", has_text="Hearts")).not_to_have_class(
        "open-row provisional"
    )
    expect(page.locator("#coiffeur-hand-form input[name=hand_number]")).to_have_value("5")
    # hearts is no longer offered to the side that played it offline
    expect(page.locator(".rows-of-0 label", has_text="Hearts")).to_be_hidden()
    screenshot(page, "coiffeur-offline-waiting")
    assert game.hands.count() == 1

    page.reload()
    expect(page.locator(WAITING)).to_have_count(3)
    expect(page.locator("#net-status")).to_contain_text("Offline")

    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT)
    expect(page.locator("#coiffeur-hand-form .points-input")).to_have_value("200")
    expect(page.locator(".coiffeur-error-summary")).to_be_visible()
    screenshot(page, "coiffeur-offline-back")
    stored = [(h.number, h.record["team"], h.record["row"]) for h in game.hands.order_by("number")]
    assert stored == [(1, 0, "obe-abe"), (2, 1, "misere"), (3, 0, "hearts")]
    assert HandChange.objects.filter(game=game).count() == 3


def test_a_sheet_filled_offline_says_who_won_before_it_is_sent(phone, live_server):
    page = phone
    game = start_sheet(page, live_server)
    rows = preset("coiffeur").names
    hand(page, 0, rows[0], 100)
    controlled(page)
    page.context.set_offline(True)
    hand(page, 1, rows[0], 90)
    for row in rows[1:]:
        hand(page, 0, row, 100)
        hand(page, 1, row, 90)
    expect(page.locator("#table .provisional-over")).to_contain_text(
        "Winner: Anne & Claude — waiting to be sent."
    )
    expect(page.locator("#coiffeur-hand-form")).to_be_hidden()
    screenshot(page, "coiffeur-offline-won")

    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT)
    expect(page.locator(".coiffeur-verdict")).to_contain_text("Winner: Anne & Claude, by")
    assert game.hands.count() == 20
    assert game.result().over
