"""A new visitor on a phone sees the demo games, switches language, opens a game."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.conftest import has_horizontal_scroll, screenshot, sign_in


@pytest.fixture
def demo(transactional_db):
    call_command("load_demo", stdout=io.StringIO())


def test_home_on_a_phone_shows_the_demo_games(page, live_server, demo, other_hosts):
    page.goto(live_server.url)
    screenshot(page, "welcome-en")
    sign_in(page, live_server, "demo-member", "jass-demo")

    cards = page.locator(".game-card")
    # two Schieber games, a Différenzler and a Coiffeur sheet; the evening in Striche's
    # three games and the Différenzler evening's second table
    assert cards.count() == 8
    expect(cards.filter(has_text="Différenzler, table 3")).to_contain_text("Heidi won")
    expect(cards.filter(has_text="Coiffeur")).to_contain_text("In progress")
    expect(cards.filter(has_text="Winner: Les Bourgs")).to_have_count(1)
    expect(page.get_by_text("Rubicon: Les Nells")).to_be_visible()
    expect(page.get_by_text("In progress").first).to_be_visible()
    assert not has_horizontal_scroll(page)
    screenshot(page, "home-en")
    assert other_hosts == []


def test_language_switch_without_javascript_then_open_a_game(page, live_server, demo):
    sign_in(page, live_server, "demo-member", "jass-demo")

    page.select_option("#language", "de")
    page.get_by_role("button", name="OK").click()
    page.wait_for_selector("html[lang=de]")
    expect(page.get_by_role("heading", name="Partien")).to_be_visible()
    expect(page.get_by_text("Schneider: Les Nells")).to_be_visible()

    page.get_by_role("link", name="Soirée du club, table 1").click()
    expect(page.get_by_role("heading", name="Soirée du club, table 1")).to_be_visible()
    assert page.locator("table.hands tbody tr").count() == 7
    assert page.locator(".team-total").all_inner_texts() == ["1119", "303"]
    assert not has_horizontal_scroll(page)
    screenshot(page, "game-de")


def test_a_differenzler_game_on_a_phone_in_german(page, live_server, demo):
    sign_in(page, live_server, "demo-member", "jass-demo")
    page.select_option("#language", "de")
    page.get_by_role("button", name="OK").click()
    page.wait_for_selector("html[lang=de]")

    page.get_by_role("link", name="Différenzler, table 3").click()
    expect(page.get_by_role("heading", name="Différenzler, table 3")).to_be_visible()
    expect(page.locator(".status")).to_contain_text("Heidi hat gewonnen")
    standings = page.locator("table.differenzler-standings tbody tr")
    assert [row.locator("th").inner_text() for row in standings.all()] == [
        "Heidi",
        "Ueli",
        "Köbi",
        "Vreni",
    ]
    expect(standings.first).to_contain_text("49")
    assert page.locator("table.differenzler-hands tbody tr").count() == 12
    expect(page.locator(".chart svg polyline")).to_have_count(4)
    assert not has_horizontal_scroll(page)
    screenshot(page, "differenzler-game-de")
