"""A game counted in Striche on a phone (RULES.md §12): "who reached the Berg first?"
asked before saving as "who went out first?" is, each team's Striche as hands come in,
and offline the waiting hands' Striche counted provisionally (rules.js)."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Game, Hand
from tests.e2e.conftest import has_horizontal_scroll, screenshot
from tests.e2e.test_accessibility import serious_violations
from tests.e2e.test_offline import ALL_SENT, controlled, phone  # noqa: F401 (a fixture)
from tests.e2e.test_table import TEAM_1, record


def start_in_striche(page, live_server) -> None:
    page.goto(f"{live_server.url}/games/new/team/")
    page.locator(".preset-grid label", has_text="Chibre to 1000").click()
    page.get_by_label("Count in Striche").check()
    for seat, name in enumerate(["Anne", "Bernard", "Claude", "Denise"]):
        page.fill(f"#id_seat_{seat}", name)
    screenshot(page, "striche-new-game")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_selector("#hand-form[data-ready]")


def cell(page, award: str, team: int):
    return page.locator(f'#table .striche-table [data-striche="{award}-{team}"]')


def test_who_reached_the_berg_first_is_asked_before_saving(page, live_server, scorer):
    start_in_striche(page, live_server)
    assert Game.objects.get().rules.striche is not None
    for _ in range(6):
        record(page, "Hearts", 78)  # 468 : 474 after six
    form = page.locator("#hand-form")
    question = form.locator(".field-berg-first")
    expect(question).to_be_hidden()

    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("80")  # 548 : 551: both reach 500 on their tricks
    expect(question).to_be_visible()
    form.locator(".points-input").fill("10")  # 478 : 621: only one
    expect(question).to_be_hidden()
    form.locator(".points-input").fill("80")
    expect(question).to_be_visible()

    form.locator("button.save-hand").click()  # not answered: asked, nothing sent
    expect(question).to_have_attribute("role", "alert")
    assert Hand.objects.count() == 6
    assert not has_horizontal_scroll(page)
    question.scroll_into_view_if_needed()
    screenshot(page, "striche-berg-first-asked")
    assert serious_violations(page) == []

    question.locator("label", has_text=TEAM_1).click()
    form.locator("button.save-hand").click()
    expect(form.locator("input[name=hand_number]")).to_have_value("8")

    assert Hand.objects.get(number=7).record["berg_first"] == 1
    expect(cell(page, "berg", 1)).to_have_text("1")
    expect(cell(page, "berg", 0)).to_have_text("0")
    expect(cell(page, "total", 1)).to_have_text("1")
    summary = page.locator("#table .striche-details summary")
    expect(summary).to_contain_text("Striche 0 : 1")  # folded: the totals
    expect(summary.locator(".striche-waiting")).to_be_hidden()
    summary.click()
    page.locator(".striche-table").scroll_into_view_if_needed()
    screenshot(page, "striche-table-screen")
    assert serious_violations(page) == []

    game = Game.objects.get()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator('.striche-table [data-striche="berg-1"]')).to_have_text("1")
    assert not has_horizontal_scroll(page)
    page.locator(".striche-table").scroll_into_view_if_needed()
    screenshot(page, "striche-game-page")
    assert serious_violations(page) == []
    page.goto(f"{live_server.url}/games/{game.pk}/slate/")
    expect(page.locator('.striche-line [data-striche="total-1"]')).to_have_text("1")
    screenshot(page, "striche-big-slate")
    assert serious_violations(page) == []


def test_offline_the_waiting_hands_striche_are_counted_provisionally(phone, live_server):  # noqa: F811
    page = phone
    start_in_striche(page, live_server)
    record(page, "Hearts", 100)
    controlled(page)
    page.context.set_offline(True)

    # hand 2: Bernard chooses, Anne and Claude take all nine tricks: a Kontermatsch
    record(page, "Clubs", match="Anne & Claude")

    expect(page.locator("#table .hand-item.waiting")).to_have_count(1)
    expect(cell(page, "kontermatsch", 0)).to_have_text("2")
    expect(cell(page, "kontermatsch", 0)).to_have_class("text-end provisional")
    expect(cell(page, "total", 0)).to_have_text("2")
    expect(cell(page, "berg", 0)).to_have_text("0")  # 357 : 57, below 500
    expect(page.locator("#table .striche-waiting")).to_be_visible()
    expect(page.locator("#table .striche-details summary")).to_contain_text("Striche 2 : 0")
    page.locator("#table .striche-details summary").click()
    page.locator(".striche-table").scroll_into_view_if_needed()
    screenshot(page, "striche-offline-provisional")

    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT)
    expect(cell(page, "kontermatsch", 0)).to_have_text("2")
    expect(cell(page, "kontermatsch", 0)).not_to_have_class("text-end provisional")
    assert Hand.objects.get(number=2).record["match"] == 0
