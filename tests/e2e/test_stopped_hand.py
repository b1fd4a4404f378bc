"""The stopped last hand (issue 34, RULES.md §6): a team thanks out in the middle of a
hand; the scorer knows each team's card points at that moment, not the whole hand's.
"Stopped when a team went out" takes only that count, with the trump and the Weis:
online, without a script, and offline."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e import test_offline
from tests.e2e.conftest import PHONE, screenshot, sign_in
from tests.e2e.test_offline import controlled
from tests.e2e.test_table import TEAM_0, TEAM_1, record, totals
from tests.e2e.test_table_weis_and_out_first import open_extras, start_game_to

phone = test_offline.phone  # the scorer's phone with its service worker (a fixture)


def stopped_hand(page) -> None:
    """Hand 2 of a game to 200 at 78 : 79: hearts, a Weis of 20 for the first team, and
    the game stopped when it went out with 102 card points, the others having 15."""
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    open_extras(page)
    form.locator(".field-weis .choice-row label", has_text=TEAM_0).click()
    form.locator("input[name=weis_values]").fill("20")
    stopped = form.locator("details.stopped")
    expect(stopped.locator(".field-at-out")).to_be_hidden()  # closed until asked for
    stopped.locator("summary", has_text="Stopped when a team went out").click()
    stopped.get_by_role("spinbutton", name=TEAM_0).fill("102")
    stopped.get_by_role("spinbutton", name=TEAM_1).fill("15")
    form.locator("button.save-hand").click()


def stored_as_typed() -> None:
    last = Hand.objects.get(number=2).record
    assert (last["cards"], last["cards_at_out"], last["weis"]) == (None, [102, 15], [[20], []])


def test_a_stopped_hand_is_saved_with_the_count_alone(page, live_server, scorer):
    start_game_to(page, live_server, 200)
    record(page, "Hearts", 78)  # 78 : 79

    stopped_hand(page)

    expect(page.locator("#table .game-over")).to_contain_text(TEAM_0)
    expect(page.locator("#table .game-over")).to_contain_text(f"Rubicon: {TEAM_1}")
    assert totals(page) == ["200", "94"]  # 78 + 20 + 102; 79 + 15
    stored_as_typed()
    screenshot(page, "table-stopped-hand")


def test_a_stopped_hand_without_javascript(browser, live_server, scorer):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    sign_in(page, live_server, "scorer", "jass-test-pw")
    start_game_to(page, live_server, 200, scripts=False)
    page.locator(".field-trump label", has_text="Hearts").click()
    page.locator(".points-input").fill("78")
    page.locator("button.save-hand").click()
    page.wait_for_selector("text=Save hand 2")

    stopped_hand(page)

    expect(page.locator("#table .game-over")).to_contain_text(f"Rubicon: {TEAM_1}")
    assert totals(page) == ["200", "94"]
    stored_as_typed()
    context.close()


def test_a_stopped_hand_offline_ends_the_game_on_the_phone(phone, live_server):
    page = phone
    start_game_to(page, live_server, 200)
    record(page, "Hearts", 78)
    controlled(page)
    page.context.set_offline(True)

    stopped_hand(page)

    expect(page.locator("#table .provisional-over")).to_contain_text(TEAM_0)
    expect(page.locator("#hand-form")).to_be_hidden()  # no next hand
    expect(page.locator("#table .hand-item.waiting .hand-points")).to_have_text("122 : 15")
    assert totals(page) == ["200", "94"]
    assert Hand.objects.count() == 1

    page.context.set_offline(False)
    expect(page.locator("#table .game-over")).to_contain_text(f"Rubicon: {TEAM_1}")
    stored_as_typed()
