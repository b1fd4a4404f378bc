"""A season of six events on a 390 px phone, in English and Italian: the standings show
each player's rank, name, total, events played and wins without scrolling sideways
(the events' columns scroll inside their own box), the projector page does not make
the whole page scroll sideways, and a weight refused on the settings page is said
beside it as typed, with and without htmx."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in
from tests.e2e.test_accessibility import serious_violations

EVENTS = ("Frühlingsjass", "Maienjass", "Sommerjass", "Herbstjass", "Wintercup", "Jahresfinal")


@pytest.fixture
def six_events(transactional_db):
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role
    from seasons import services
    from tests.tournaments.test_services import play_pass, teams, tournament
    from tournaments import services as tournament_services

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    user = get_user_model().objects.create_user("president", password="jass-test-pw")
    Member.objects.create(club=club, name="Präsidentin", user=user, role=Role.ADMIN)
    season = services.create_season(
        club,
        "Jahresmeisterschaft 2026",
        services.SettingsValues([25, 18, 15, 12, 10, 8, 6, 4, 2, 1], None, None, 1, ["wins"]),
    )
    for day, name in enumerate(EVENTS, start=1):
        t = tournament(club, name=name, date=dt.date(2026, day, 12), passes=1)
        teams(t, 4)
        play_pass(tournament_services.schedule_next_pass(t))
        services.add_event(season, "tournament", str(t.pk), None, name == EVENTS[-1])
    return season


def page_width(page) -> int:
    """The page's width in CSS pixels: a phone's browser widens its layout to what
    overflows, so the page is measured against the phone's own width."""
    return page.evaluate("document.documentElement.scrollWidth")


def within_screen(page, selector: str) -> bool:
    """Whether the element is wholly inside the phone's width as the page opens."""
    box = page.locator(selector).bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_season_on_a_phone_shows_the_summing_columns_without_scrolling(
    browser, live_server, six_events, language
):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=language
    )
    page = context.new_page()
    sign_in(page, live_server, "president", "jass-test-pw")
    page.goto(f"{live_server.url}/seasons/{six_events.pk}/")
    board = page.locator("table.season-board")
    expect(board).to_be_visible()
    for column in ("rank", "name", "total", "played", "wins"):
        assert within_screen(page, f"table.season-board thead th.col-{column}"), column
        assert within_screen(page, f"table.season-board tbody tr:first-child .col-{column}"), column
    assert not has_horizontal_scroll(page)
    assert page_width(page) <= PHONE["width"]
    screenshot(page, f"season-phone-{language}")
    assert serious_violations(page) == []

    page.goto(f"{live_server.url}/seasons/{six_events.pk}/?big=1")
    expect(page.locator(".projector-page table").first).to_be_visible()
    assert not has_horizontal_scroll(page)
    assert page_width(page) <= PHONE["width"]  # its table scrolls in its own box
    region = page.locator(".projector-page [role=region]").first
    expect(region).to_have_attribute("tabindex", "0")  # reachable by keyboard
    screenshot(page, f"season-projector-phone-{language}")
    assert serious_violations(page) == []
    context.close()


@pytest.mark.parametrize("htmx", [True, False])
def test_a_weight_refused_is_said_beside_it_as_typed(browser, live_server, six_events, htmx):
    from seasons.models import SeasonEvent

    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="it" if htmx else "en",
        java_script_enabled=htmx,
    )
    page = context.new_page()
    sign_in(page, live_server, "president", "jass-test-pw")
    event = SeasonEvent.objects.get(name="Sommerjass")
    page.goto(f"{live_server.url}/seasons/{six_events.pk}/settings/")
    weight = page.locator(f"#id_e{event.pk}-weight")
    typed = "6" if htmx else "abc"
    weight.fill(typed)
    page.locator(f"#event-{event.pk} button[type=submit]").first.click()
    item = page.locator(f"#event-{event.pk}")
    expect(item.locator(".invalid-feedback")).to_be_visible()
    expect(page.locator(f"#id_e{event.pk}-weight")).to_have_value(typed)
    expect(page.locator(f"#id_e{event.pk}-weight")).to_have_attribute("aria-invalid", "true")
    expect(item.locator(".error-summary a")).to_have_attribute("href", f"#id_e{event.pk}-weight")
    assert "Assicurati" not in item.inner_text()
    assert not has_horizontal_scroll(page)
    assert page_width(page) <= PHONE["width"]
    screenshot(page, f"season-weight-refused-phone-{'it' if htmx else 'en-no-js'}")
    if htmx:  # axe runs in the page
        assert serious_violations(page) == []
    event.refresh_from_db()
    assert event.weight == 1
    context.close()
