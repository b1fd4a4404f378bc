"""The phone refuses offline what the server would refuse (issue 34): the hand stays on
the form with the message beside its field, nothing is kept to send, and the
provisional score does not count it."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e import test_offline
from tests.e2e.conftest import screenshot
from tests.e2e.test_offline import controlled
from tests.e2e.test_table import TEAM_0, record, totals
from tests.e2e.test_table_weis_and_out_first import open_extras, start_game_to

phone = test_offline.phone  # the scorer's phone with its service worker (a fixture)


def offline_at(page, live_server, target: int):
    start_game_to(page, live_server, target)
    record(page, "Hearts", 78)  # 78 : 79
    controlled(page)
    page.context.set_offline(True)
    return page.locator("#hand-form")


def nothing_kept(page) -> None:
    expect(page.locator("#table .hand-item.waiting")).to_have_count(0)
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("2")
    assert totals(page) == ["78", "79"]
    assert Hand.objects.count() == 1


def test_a_count_at_going_out_larger_than_the_hand_is_refused_on_the_phone(phone, live_server):
    page = phone
    form = offline_at(page, live_server, 200)
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator("details.stopped summary").click()
    form.locator("#id_at_out_0").fill("74")
    form.locator("#id_at_out_1").fill("80")  # 154: more than before the last trick, not 157

    form.locator("button.save-hand").click()

    said = "74 + 80 = 154: the card points taken when a team went out make at most 152"
    summary = form.locator("#form-errors")  # as the form lists the server's problems
    expect(summary).to_be_focused()
    expect(summary).to_have_attribute("role", "alert")
    expect(summary).to_contain_text("Hand 2 was not saved: 1 problem, see below.")
    expect(summary).to_contain_text(f"Card points when the first team went out: {said}")
    expect(form.locator(".field-at-out .client-said")).to_contain_text(said)  # beside the count
    expect(form.locator("#id_at_out_0")).to_have_attribute("aria-invalid", "true")
    summary.get_by_role("link", name="Card points when the first team went out").click()
    expect(form.locator("#id_at_out_0")).to_be_focused()
    expect(page.locator("#table .provisional-over")).to_have_count(0)  # nobody went out
    nothing_kept(page)
    screenshot(page, "offline-refused-count-at-going-out")

    form.locator("#id_at_out_0").fill("122")  # put right: saved, kept to send
    form.locator("#id_at_out_1").fill("15")
    form.locator("button.save-hand").click()
    expect(page.locator("#table .provisional-over")).to_contain_text(TEAM_0)
    expect(form.locator("#form-errors")).to_have_count(0)
    page.context.set_offline(False)
    expect(page.locator("#table .game-over")).to_contain_text("Rubicon")
    assert Hand.objects.get(number=2).record["cards_at_out"] == [122, 15]


def test_a_weis_the_game_does_not_have_is_refused_and_not_counted(phone, live_server):
    page = phone
    form = offline_at(page, live_server, 1000)
    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("100")
    open_extras(page)
    form.locator(".field-weis .choice-row label", has_text=TEAM_0).click()
    form.locator("input[name=weis_values]").fill("50 30")

    form.locator("button.save-hand").click()

    said = "30 is not a Weis of this game: 20, 50, 100, 150, 200."
    expect(form.locator("#form-errors")).to_be_focused()
    expect(form.locator("#form-errors li")).to_have_text(f"Or Weis as points: {said}")
    expect(form.locator(".weis-values .client-said")).to_have_text(said)
    nothing_kept(page)

    form.locator("input[name=weis_values]").fill("350")
    form.locator("button.save-hand").click()
    expect(form.locator("#form-errors li")).to_have_text(
        "Or Weis as points: 350 is not a Weis of this game: 20, 50, 100, 150, 200."
    )
    expect(form.locator(".weis-values .client-said")).to_have_count(1)  # said once, anew
    nothing_kept(page)

    form.locator("input[name=weis_values]").fill("50")
    form.locator("button.save-hand").click()
    expect(page.locator("#table .hand-item.waiting")).to_have_count(1)
    assert totals(page) == ["228", "136"]  # 78 + 100 + 50; 79 + 57
    page.context.set_offline(False)
    expect(page.locator("#table .hand-item.waiting")).to_have_count(0)
    assert Hand.objects.get(number=2).record["weis"] == [[50], []]


def test_a_weis_without_its_team_is_refused_online_too(page, live_server, scorer):
    start_game_to(page, live_server, 1000)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("100")
    open_extras(page)
    form.locator("input[name=weis_values]").fill("50")

    form.locator("button.save-hand").click()

    expect(form.locator("#form-errors li")).to_have_text("Weis for: Say which team won the Weis.")
    expect(form.locator("#form-errors")).to_be_focused()
    expect(form.locator(".field-weis .client-said")).to_have_text("Say which team won the Weis.")
    assert Hand.objects.count() == 0


def test_a_kept_hand_the_rules_refuse_counts_nothing_on_the_phone(phone, live_server):
    """A hand kept by a screen drawn before the phone knew the checks (kept by the
    service worker from before a deploy): a Weis of 30 is not counted provisionally."""
    page = phone
    form = offline_at(page, live_server, 1000)
    page.evaluate("document.getElementById('hand-checks').remove()")
    form.locator(".field-trump label", has_text="Clubs").click()
    form.locator(".points-input").fill("100")
    open_extras(page)
    form.locator(".field-weis .choice-row label", has_text=TEAM_0).click()
    form.locator("input[name=weis_values]").fill("30")
    form.locator("button.save-hand").click()

    waiting = page.locator("#table .hand-item.waiting")
    expect(waiting).to_have_count(1)
    expect(waiting.locator(".hand-points")).to_have_text("? : ?")
    assert totals(page) == ["78", "79"]  # not 208 : 136


def test_the_phone_says_it_in_the_readers_language(page, live_server, scorer):
    start_game_to(page, live_server, 1000)
    table = page.url
    page.select_option("#language", "de")
    page.get_by_role("button", name="OK").click()
    page.wait_for_selector("html[lang=de]")
    page.goto(table)
    form = page.locator("#hand-form[data-ready]")
    form.locator(".field-trump label", has_text="Kreuz").click()
    form.locator(".points-input").fill("200")

    form.locator("button.save-hand").click()

    summary = form.locator("#form-errors")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("Spiel 1 wurde nicht gespeichert: 1 Problem, siehe unten.")
    expect(summary.locator("li")).to_have_text(
        "Kartenpunkte: Höchstens 157 Kartenpunkte. Alle neun Stiche sind ein Match (257): "
        "Wählen Sie «Match»."
    )
    expect(form.locator(".points-hint")).to_be_hidden()  # said beside the box, not again in yellow
    assert Hand.objects.count() == 0
