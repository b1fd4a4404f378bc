"""Weis by kind and "who went out first?" before saving (issue 13, item 5), on a phone."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Game, Hand
from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in
from tests.e2e.test_table import TEAM_0, TEAM_1, add_weis, record, start_game, totals

HAND_FROM_FORM = "() => window.JassTable.handFromForm(document.getElementById('hand-form'))"


def start_game_to(page, live_server, target: int, *, scripts: bool = True) -> None:
    page.goto(f"{live_server.url}/games/new/team/")
    page.locator(".preset-grid label", has_text="Chibre to 1000").click()
    for seat, name in enumerate(["Anne", "Bernard", "Claude", "Denise"]):
        page.fill(f"#id_seat_{seat}", name)
    page.locator("main details summary").first.click()
    page.fill("#id_target", str(target))
    page.get_by_role("button", name="Start the game").first.click()
    # with ``scripts``, the script's set-up done: a key pressed before it is a plain
    # form's (saved by a whole page, as without JavaScript; seen as a keyboard test's
    # focus on the body)
    page.wait_for_selector("#hand-form[data-ready]" if scripts else "#hand-form")


def open_extras(page) -> None:
    details = page.locator("#hand-form details.extras")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def test_who_went_out_first_is_asked_before_saving(page, live_server, scorer):
    start_game_to(page, live_server, 150)
    record(page, "Hearts", 78)  # 78 : 79
    form = page.locator("#hand-form")
    question = form.locator(".field-out-first")
    expect(question).to_be_hidden()

    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("78")  # 156 : 158: both cross on trick points

    expect(question).to_be_visible()
    expect(question).to_contain_text("Both teams reach the target in this hand.")
    assert not has_horizontal_scroll(page)
    question.scroll_into_view_if_needed()
    screenshot(page, "table-out-first-asked-before-saving")

    form.locator(".points-input").fill("20")  # 98 : 216: only Les Nells cross
    expect(question).to_be_hidden()
    form.locator(".points-input").fill("78")
    expect(question).to_be_visible()
    expect(form.locator("input[name=out_first]:checked")).to_have_count(0)

    question.locator("label", has_text=TEAM_1).click()
    form.locator("button.save-hand").click()

    expect(page.get_by_role("heading", name=f"Winner: {TEAM_1}")).to_be_visible()
    stored = Hand.objects.get(number=2)
    assert (stored.record["out_first"], stored.record["cards"]) == (1, [78, 79])
    assert totals(page) == ["149", "158"]  # the loser stops below the target
    screenshot(page, "table-out-first-answered")


def test_the_question_stays_hidden_when_one_team_crosses(page, live_server, scorer):
    start_game_to(page, live_server, 150)
    record(page, "Hearts", 78)
    form = page.locator("#hand-form")

    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("100")  # 178 : 136

    expect(form.locator(".field-out-first")).to_be_hidden()
    form.locator("button.save-hand").click()
    expect(page.get_by_role("heading", name=f"Winner: {TEAM_0}")).to_be_visible()
    assert Hand.objects.get(number=2).record["out_first"] is None


def test_weis_added_by_kind_are_stored_and_exported_as_kinds(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".points-input").fill("95")
    open_extras(page)
    form.locator(".field-weis .choice-row label", has_text=TEAM_0).click()

    add_weis(page, "seq3")
    add_weis(page, "four-jacks")
    add_weis(page, "seq3")
    add_weis(page, "seq6")  # a long run, in the row below
    chips = form.locator(".weis-chip")
    expect(chips).to_have_text(
        ["Three in a row 20 ×", "Three in a row 20 ×", "Four Jacks 200 ×", "Six in a row 100 ×"]
    )
    expect(form.locator(".weis-total")).to_have_text("= 340")
    expect(form.locator('.weis-kind[data-kind="four-jacks"]')).to_be_disabled()  # once a hand
    assert not has_horizontal_scroll(page)
    form.locator(".field-weis").scroll_into_view_if_needed()
    screenshot(page, "table-weis-by-kind")

    chips.first.click()  # one run of three less
    expect(form.locator(".weis-total")).to_have_text("= 320")
    typed = page.evaluate(HAND_FROM_FORM)
    form.locator("button.save-hand").click()
    expect(form.locator("input[name=hand_number]")).to_have_value("2")

    stored = Hand.objects.get()
    assert stored.record["weis"] == [["seq3", "four-jacks", "seq6"], []]
    assert typed == stored.read().to_dict()  # the script reads the form as the server
    assert totals(page) == ["415", "62"]
    document = page.request.get(f"{live_server.url}/games/{Game.objects.get().pk}/game.json")
    assert document.json()["hands"][0]["weis"] == [["seq3", "four-jacks", "seq6"], []]


def test_the_hand_read_by_the_script_is_the_hand_the_server_stores(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Spades").click()
    form.locator(".typed-team label", has_text=TEAM_1).click()
    form.locator(".points-input").fill("60")
    open_extras(page)
    form.locator(".field-weis .choice-row label", has_text=TEAM_1).click()
    add_weis(page, "seq4")
    form.locator(".field-stoeck label", has_text=TEAM_0).click()
    form.locator("label.chibre").click()

    typed = page.evaluate(HAND_FROM_FORM)
    form.locator("button.save-hand").click()
    expect(form.locator("input[name=hand_number]")).to_have_value("2")

    assert typed == Hand.objects.get().read().to_dict()
    assert typed["cards"] == [97, 60]
    assert typed["chibre"] is True


def test_weis_by_kind_without_javascript(browser, live_server, scorer):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    sign_in(page, live_server, "scorer", "jass-test-pw")
    start_game(page, live_server, scripts=False)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("80")
    form.locator("details.extras summary").click()
    form.locator(".field-weis .choice-row label", has_text=TEAM_1).click()

    form.get_by_label("Four 9s (150)").fill("1")
    form.get_by_label("Four in a row (50)").fill("1")
    assert not has_horizontal_scroll(page)
    form.locator(".field-weis").scroll_into_view_if_needed()
    screenshot(page, "table-weis-by-kind-without-javascript")
    form.locator("button.save-hand").click()
    page.wait_for_selector("text=Save hand 2")

    assert Hand.objects.get().record["weis"] == [[], ["seq4", "four-nines"]]
    assert totals(page) == ["80", "277"]
    context.close()
