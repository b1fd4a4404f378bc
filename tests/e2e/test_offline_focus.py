"""Focus never falls to the page (issue 34, item 6) on the team screen: after a Save
offline, a refusal on reconnect, a refused hand saved again, an Undo and a saved
correction; and the live poll rests while offline (no failed request logged)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.test_offline import ALL_SENT, one_hand_then_offline, phone
from tests.e2e.test_offline_refused import weis_as_points
from tests.e2e.test_table import record

__all__ = ["phone"]  # the fixture, used by name

NOT_ON_BODY = """() => document.activeElement && document.activeElement !== document.body
  && document.contains(document.activeElement)"""


def test_the_focus_never_falls_to_the_page(phone, live_server):
    page = phone
    page.on("dialog", lambda dialog: dialog.accept())
    one_hand_then_offline(page, live_server)
    page.wait_for_function(NOT_ON_BODY)

    record(page, "Spades", 90)  # offline: the form is cleared for hand 3
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("3")
    page.wait_for_function(NOT_ON_BODY)
    weis_as_points(page, "Clubs", 60, "30")
    page.wait_for_function(NOT_ON_BODY)

    page.context.set_offline(False)  # hand 3 is refused on reconnect
    page.wait_for_function("() => document.querySelector('#table .refused-hand')")
    expect(page.locator("#form-errors")).to_be_focused()

    page.locator("#hand-form input[name=weis_values]").fill("20")
    page.locator("#hand-form button.save-hand").click()
    page.wait_for_function(ALL_SENT)
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("4")
    page.wait_for_function(NOT_ON_BODY)

    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.locator("#table-said")).to_contain_text("Hand 3 taken back.")
    page.wait_for_function(NOT_ON_BODY)

    page.locator("#table .hand-edit").first.click()  # the correction of hand 2, its own page
    page.locator("#hand-form .points-input").fill("100")
    page.locator("#hand-form button[type=submit]").last.click()
    expect(page.locator("#table .hand-list .hand-points").first).to_have_text("100 : 57")
    said = page.locator(".messages .alert", has_text="Hand 2 corrected.")
    expect(said).to_be_focused()


LIVE_TRIES = """() => { window.liveTries = 0; window.sendErrors = 0;
  document.addEventListener('fx:config', e => { if (e.target.id === 'live') window.liveTries++; });
  document.addEventListener('fx:error', () => window.sendErrors++); }"""


def test_the_live_poll_rests_offline_and_goes_on_online(phone, live_server):
    page = phone
    errors = []
    page.on("console", lambda m: errors.append(m.text) if "sendError" in m.text else None)
    one_hand_then_offline(page, live_server)
    page.evaluate(LIVE_TRIES)
    page.wait_for_function("() => window.liveTries >= 2", timeout=15_000)
    assert page.evaluate("window.sendErrors") == 0
    assert errors == []

    polled = []
    page.on("request", lambda r: polled.append(r.url) if "/live/" in r.url else None)
    page.context.set_offline(False)
    page.wait_for_event("request", lambda r: "/live/" in r.url, timeout=15_000)
    assert polled


def test_a_save_offline_that_ends_the_game_leaves_the_focus_on_its_word(phone, live_server):
    """Offline, the hand that takes a team out hides the form with its Save button: the
    focus goes to "Out first: … — waiting to be sent", not to the page (the QA saw the
    page's body 3 times of 3)."""
    from tests.e2e.test_offline import controlled
    from tests.e2e.test_table_weis_and_out_first import start_game_to

    page = phone
    start_game_to(page, live_server, 500)
    page.wait_for_selector("#hand-form[data-ready]")
    record(page, "Hearts", 100)
    controlled(page)
    page.context.set_offline(True)
    record(page, "Clubs", match="Anne & Claude")
    form = page.locator("#hand-form")  # 100 + 257 + 257: Anne & Claude out
    form.locator(".field-trump label", has_text="Diamonds").click()
    form.locator(".field-match label", has_text="Anne & Claude").click()
    form.locator("button.save-hand").click()
    over = page.locator("#table .provisional-over")
    expect(over).to_contain_text("Out first: Anne & Claude")
    expect(over).to_be_focused()
    page.context.set_offline(False)
