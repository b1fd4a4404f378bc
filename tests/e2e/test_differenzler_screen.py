"""The Différenzler scorer's screen while answers are slow and when the live poll draws
it anew (issue 34): a trump tapped while the first tap's answer is on its way is the one
chosen; card points being typed survive a redraw; after a Save, a refusal and a
reopened hand the focus is on what comes next, never the page's body, and the polite
status line says what changed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.kinds.differenzler import estimates
from scoring.services import Author
from tests.e2e.test_differenzler import PLAYERS, start

pytestmark = pytest.mark.e2e

FOCUS = "() => document.activeElement && document.activeElement !== document.body"
FOCUSED = "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : ''"
REDRAWN = "() => !document.getElementById('diff-table').dataset.old"


def started_hand(page, game) -> None:
    """Hand 1's trump chosen and its four estimates sealed on the phone passed round,
    the hand started: the card points form on the scorer's screen."""
    estimates.choose_trump(game, 1, "hearts")
    for seat, value in enumerate((40, 30, 50, 37)):
        estimates.seal_estimate(game, 1, seat, value)
    estimates.start_hand(game, 1, tuple(PLAYERS))
    page.reload()
    page.wait_for_selector(".points-form")


def hold_first_trump(page) -> list:
    """The first trump's request held back (the test continues it); every one is noted."""
    held: list = []

    def route(route) -> None:
        if route.request.method == "POST":
            held.append(route)
            if len(held) == 1:
                return
        route.continue_()

    page.route("**/trump/", route)
    return held


def tap_held(page, trump: str, held: list) -> None:
    """Tap a trump and wait until its request has left and is held back: bounded,
    failing with a message, never hanging."""
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/trump/")):
        page.get_by_role("button", name=trump).click()
    for _attempt in range(200):  # the request's event comes just before its route's
        if held:
            return
        page.wait_for_timeout(10)
    pytest.fail(f"the tap on {trump} left the phone but was never held back by the route")


def test_the_last_trump_tapped_during_a_slow_answer_is_the_one_chosen(scorer, page, live_server):
    game = start(page, live_server)
    held = hold_first_trump(page)
    tap_held(page, "♥ Hearts", held)  # the first tap left: its answer is held back
    page.get_by_role("button", name="♠ Spades").click()  # no: spades was turned up
    held[0].continue_()
    expect(page.locator(".chosen-trump")).to_have_text("♠ Spades")
    page.wait_for_function(FOCUS)
    page.unroute("**/trump/")
    assert estimates.state(game, 0).trump == "spades"
    page.reload()
    expect(page.locator(".chosen-trump")).to_have_text("♠ Spades")


def test_a_trump_refused_is_not_sent_again_and_its_refusal_stays(scorer, page, live_server):
    """Issue 34 review: hearts is the trump and a player has estimated with it; the
    scorer taps spades (refused: the estimates were made with hearts), and clubs while
    that answer is on its way. The refusal is shown, focused, and stays: neither
    choice is sent again behind the scorer's back."""
    game = start(page, live_server)
    estimates.choose_trump(game, 1, "hearts")
    estimates.seal_estimate(game, 1, 0, 40)
    page.reload()
    held = hold_first_trump(page)
    tap_held(page, "♠ Spades", held)
    page.get_by_role("button", name="♣ Clubs").click()
    held[0].continue_()
    refusal = page.locator("#diff-table .alert-danger[role=alert]")
    expect(refusal).to_contain_text("Players have estimated hand 1 with this trump")
    # the refusal drawn, differenzler.js has decided: it would have sent clubs first
    page.wait_for_function("() => document.activeElement.matches('.alert-danger[role=alert]')")
    assert len(held) == 1, [route.request.post_data for route in held]
    expect(page.locator(".chosen-trump")).to_have_text("♥ Hearts")
    page.unroute("**/trump/")
    assert estimates.state(game, 0).trump == "hearts"


def test_card_points_being_typed_survive_the_live_polls_redraw(scorer, page, live_server):
    game = start(page, live_server)
    started_hand(page, game)
    page.fill("#id_cards_0", "40")
    page.locator("#id_cards_1").focus()
    page.keyboard.type("30")
    page.evaluate("() => { document.getElementById('diff-table').dataset.old = '1'; }")
    links = estimates.seat_links(game, Author(device="test"))  # the seats' codes made,
    estimates.hold_seat(links[2], None, "Claude's phone")  # and a phone holds one
    page.wait_for_function(REDRAWN, timeout=15_000)
    expect(page.locator("#id_cards_0")).to_have_value("40")
    expect(page.locator("#id_cards_1")).to_have_value("30")
    expect(page.locator(".points-form .fourth")).to_have_text("")
    page.fill("#id_cards_2", "37")
    expect(page.locator(".points-form .fourth")).to_contain_text("50")


def test_the_focus_follows_a_save_a_refusal_and_a_reopened_hand(scorer, page, live_server):
    game = start(page, live_server)
    started_hand(page, game)
    said = page.locator("#table-said")
    for seat, points in enumerate((40, 30, 37, 51)):  # 158: refused
        page.fill(f"#id_cards_{seat}", str(points))
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".points-form")).to_contain_text("40 + 30 + 37 + 51 = 158")
    page.wait_for_function(FOCUS)
    assert "cards" in page.evaluate(FOCUSED) or "alert" in page.evaluate(FOCUSED)
    page.fill("#id_cards_3", "")
    page.get_by_role("button", name="Save the hand").click()
    expect(said).to_have_text("Hand 1 recorded.")
    page.wait_for_function(FOCUS)
    assert 'name="trump"' in page.evaluate(FOCUSED)  # hand 2 starts at its trump

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Correct the points of hand 1").click()
    expect(said).to_have_text("The card points of hand 1 are to be typed again.")
    page.wait_for_function(FOCUS)
    assert 'id="id_cards_0"' in page.evaluate(FOCUSED)
    assert game.hands.count() == 0


def test_back_from_an_estimate_sealed_on_the_phone_passed_round_the_focus_is_on_what_it_says(
    scorer, page, live_server
):
    start(page, live_server)
    page.get_by_role("link", name="Type here (Anne)").click()
    page.locator("input.estimate-input").fill("44")
    page.get_by_role("button", name="Seal my estimate").click()
    expect(page.locator("#diff-table .messages")).to_contain_text("Estimate of Anne sealed.")
    page.wait_for_function("() => document.activeElement.classList.contains('messages')")


LIVE_TRIES = """() => { window.liveTries = 0; window.sendErrors = 0;
  document.addEventListener('htmx:beforeRequest', e => {
    if (e.detail.elt && e.detail.elt.id === 'live') window.liveTries++; });
  document.addEventListener('htmx:sendError', () => window.sendErrors++); }"""


def test_the_live_poll_rests_offline_and_goes_on_online(scorer, page, live_server):
    """Offline the scorer's screen sends no poll that can only fail (the console stays
    clean, no htmx:sendError each time); back online it polls again."""
    start(page, live_server)
    page.evaluate(LIVE_TRIES)
    page.context.set_offline(True)
    page.wait_for_function("() => window.liveTries >= 2", timeout=15_000)
    assert page.evaluate("window.sendErrors") == 0

    with page.expect_request(lambda r: "/live/" in r.url, timeout=15_000):
        page.context.set_offline(False)
    assert page.evaluate("window.sendErrors") == 0
