"""Going out at the table (issue 26): the count at going out asked first when it
decides Rubicon, a game that ends offline showing its winner before the network
returns, and the focus never left on the page's body."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Game, Hand
from tests.e2e import test_offline
from tests.e2e.conftest import screenshot
from tests.e2e.test_offline import controlled
from tests.e2e.test_table import TEAM_0, TEAM_1, record, totals
from tests.e2e.test_table_weis_and_out_first import open_extras, start_game_to

phone = test_offline.phone  # the scorer's phone with its service worker (a fixture)

TRUMP_FOCUSED = "() => document.activeElement && document.activeElement.name === 'trump'"
NOT_ON_BODY = "() => document.activeElement && document.activeElement !== document.body"


def test_a_count_that_decides_rubicon_is_asked_first_and_makes_the_rubicon(
    page, live_server, scorer
):
    start_game_to(page, live_server, 200)
    record(page, "Hearts", 78)  # 78 : 79
    page.wait_for_function(TRUMP_FOCUSED)  # after Save: the next hand's first control
    form = page.locator("#hand-form")
    count = form.locator(".field-at-out")
    expect(count).to_be_hidden()

    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".points-input").fill("130")  # Anne & Claude out; 79 + 27 would make half

    expect(count).to_be_visible()
    expect(count.locator(".at-out-decides")).to_be_visible()
    form.locator("button.save-hand").click()
    expect(form.locator("#id_at_out_0")).to_be_focused()  # asked first, nothing sent
    assert Hand.objects.count() == 1
    screenshot(page, "table-count-at-going-out-asked")

    form.locator("#id_at_out_0").fill("122")
    form.locator("#id_at_out_1").fill("15")
    form.locator("button.save-hand").click()

    expect(page.get_by_role("heading", name=f"Winner: {TEAM_0}")).to_be_visible()
    expect(page.locator("#table .game-over")).to_contain_text(f"Rubicon: {TEAM_1}")
    assert totals(page) == ["200", "94"]
    assert Hand.objects.get(number=2).record["cards_at_out"] == [122, 15]
    page.wait_for_function(NOT_ON_BODY)
    expect(page.locator("#table-said")).to_contain_text("Hand 2 recorded")
    screenshot(page, "table-count-at-going-out-rubicon")


def test_not_counted_is_a_tick_and_the_result_says_estimated(page, live_server, scorer):
    start_game_to(page, live_server, 200)
    record(page, "Hearts", 78)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".points-input").fill("130")
    form.locator(".field-at-out label.estimate").click()
    form.locator("button.save-hand").click()

    expect(page.get_by_role("heading", name=f"Winner: {TEAM_0}")).to_be_visible()
    expect(page.locator("#table .game-over")).to_contain_text("Estimated")
    assert totals(page) == ["208", "106"]


def test_a_refused_hand_takes_the_focus_to_its_problems(page, live_server, scorer):
    start_game_to(page, live_server, 1000)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".points-input").fill("200")  # refused on the phone, listed as the server lists it
    form.locator("button.save-hand").click()

    summary = page.locator("#form-errors")
    expect(summary).to_be_focused()
    expect(summary).to_have_attribute("role", "alert")
    expect(summary).to_contain_text("At most 157 card points.")
    summary.get_by_role("link", name="Card points").click()
    expect(form.locator(".points-input")).to_be_focused()
    expect(form.locator(".points-input")).to_have_attribute("aria-invalid", "true")


def test_a_game_that_ends_on_weis_offline_shows_its_winner_before_the_network_returns(
    phone, live_server
):
    page = phone
    start_game_to(page, live_server, 200)
    record(page, "Hearts", 78)  # 78 : 79
    controlled(page)
    page.context.set_offline(True)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    open_extras(page)
    form.locator(".field-weis .choice-row label", has_text=TEAM_0).click()
    form.locator("input[name=weis_values]").fill("150")  # off a paper slate: 78 + 150
    form.locator("button.save-hand").click()

    over = page.locator("#table .provisional-over")
    expect(over).to_contain_text(f"Out first: {TEAM_0} — waiting to be sent.")
    expect(page.locator("#hand-form")).to_be_hidden()  # no next hand
    expect(page.locator("#table .hand-item.waiting .hand-points")).to_have_text("150 : 0")
    screenshot(page, "offline-game-over-on-weis")
    assert Hand.objects.count() == 1

    page.context.set_offline(False)
    expect(page.get_by_role("heading", name=f"Winner: {TEAM_0}")).to_be_visible()
    assert Hand.objects.get(number=2).record["weis"] == [[150], []]


def test_both_teams_crossing_offline_are_asked_who_went_out_first(phone, live_server):
    page = phone
    start_game_to(page, live_server, 230)
    record(page, "Hearts", 78)  # 78 : 79
    controlled(page)
    page.context.set_offline(True)
    record(page, "Clubs", 78)  # 156 : 158, waiting on the phone
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Diamonds").click()
    form.locator(".points-input").fill("78")  # 234 : 237 with the hand waiting

    question = form.locator(".field-out-first")
    expect(question).to_be_visible()
    form.locator("button.save-hand").click()
    expect(question.locator("input[name=out_first]").first).to_be_focused()
    question.locator("label", has_text=TEAM_1).click()
    form.locator("button.save-hand").click()

    expect(page.locator("#table .provisional-over")).to_contain_text(
        f"Out first: {TEAM_1} — waiting to be sent."
    )
    expect(page.locator("#hand-form")).to_be_hidden()
    screenshot(page, "offline-both-cross-out-first")
    assert Hand.objects.count() == 1

    page.context.set_offline(False)
    expect(page.get_by_role("heading", name=f"Winner: {TEAM_1}")).to_be_visible()
    stored = Game.objects.with_everything().get().result()
    assert (stored.winner, stored.totals) == (1, (229, 237))


def test_undo_and_corrections_say_before_the_tap_that_they_need_a_connection(phone, live_server):
    page = phone
    start_game_to(page, live_server, 1000)
    record(page, "Hearts", 78)
    controlled(page)
    page.context.set_offline(True)

    undo = page.get_by_role("button", name="Undo hand 1")
    expect(undo).to_be_disabled()
    expect(page.locator("#table .needs-connection")).to_have_text(
        "Undo and corrections need a connection: they wait until it returns."
    )
    expect(page.locator("#table .hand-edit")).to_have_attribute("aria-disabled", "true")
    screenshot(page, "offline-undo-needs-connection")

    page.context.set_offline(False)
    expect(undo).to_be_enabled()
    expect(page.locator("#table .needs-connection")).to_have_count(0)


def test_a_keyboard_alone_records_a_game_with_a_correction_and_an_undo(page, live_server, scorer):
    start_game_to(page, live_server, 300)
    page.on("dialog", lambda dialog: dialog.accept())
    form = page.locator("#hand-form")

    def hand_by_keys(points: str) -> None:
        page.wait_for_function(TRUMP_FOCUSED)  # where the last Save left it
        page.keyboard.press("ArrowRight")  # the next trump
        page.keyboard.press("Tab")  # whose points
        page.keyboard.press("Tab")  # the points
        page.keyboard.type(points)
        page.keyboard.press("Enter")

    form.locator("#id_trump_0").focus()
    hand_by_keys("100")
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("2")
    page.wait_for_function(NOT_ON_BODY)
    hand_by_keys("200")  # refused: more than 157
    expect(page.locator("#form-errors")).to_be_focused()
    page.keyboard.press("Tab")  # the summary's link to the points
    page.keyboard.press("Enter")
    expect(form.locator(".points-input")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("60")
    page.keyboard.press("Enter")
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("3")
    page.wait_for_function(NOT_ON_BODY)

    page.get_by_role("button", name="Undo hand 2").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("2")
    page.wait_for_function(NOT_ON_BODY)
    expect(page.locator("#table-said")).to_contain_text("Hand 2 taken back.")

    page.locator("#table .hand-edit").first.focus()
    page.keyboard.press("Enter")  # the correction of hand 1, its own page
    points = page.locator("#hand-form .points-input")
    points.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("120")
    page.keyboard.press("Enter")
    expect(page.locator("#table .hand-list .hand-points").first).to_have_text("120 : 37")
    # back on a new table page: keys typed before its script is set up save plainly, and
    # the next hand's keys would be typed into a page being left (a rerun in CI)
    page.wait_for_selector("#hand-form[data-ready]")

    page.locator("#hand-form #id_trump_0").focus()
    hand_by_keys("157")
    hand_by_keys("150")  # 120 + 157 + 150 = 427: Anne & Claude out
    expect(page.get_by_role("heading", name=f"Winner: {TEAM_0}")).to_be_visible()
    page.wait_for_function(NOT_ON_BODY)


def test_a_hand_the_server_would_refuse_at_once_does_not_leave_the_phone(phone, live_server):
    page = phone
    start_game_to(page, live_server, 1000)
    record(page, "Hearts", 78)
    controlled(page)
    page.context.set_offline(True)
    form = page.locator("#hand-form")

    form.locator(".points-input").fill("60")  # no trump
    form.locator("button.save-hand").click()
    check = form.locator(".client-check")
    expect(check).to_have_text("Choose the trump of this hand.")
    expect(check).to_have_attribute("role", "alert")
    expect(form.locator("input[name=trump]").first).to_be_focused()

    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("")  # no card points, and nobody goes out
    form.locator("button.save-hand").click()
    expect(check).to_contain_text("Type one team's card points")
    expect(form.locator(".points-input")).to_be_focused()
    expect(page.locator("#table .hand-item.waiting")).to_have_count(0)
    expect(form.locator("input[name=hand_number]")).to_have_value("2")
