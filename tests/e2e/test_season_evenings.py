"""A season counting the club's evenings at phone size: a club admin adds the club's
Schieber evening in Striche and its Différenzler evening to a season and sees the
players ranked, on a page axe finds nothing serious in."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import has_horizontal_scroll, screenshot, sign_in
from tests.e2e.test_accessibility import serious_violations

EVENING_FILES = (
    "striche-evening-1",
    "striche-evening-2",
    "striche-evening-3",
    "differenzler-table-3",
    "differenzler-table-4",
)


@pytest.fixture
def two_evenings(transactional_db):
    """The demo's two evenings (scoring/demo) played in a club of their own."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role
    from scoring import services
    from tournaments.management.commands.load_demo import DEMO_DIR

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    user = get_user_model().objects.create_user("president", password="jass-test-pw")
    Member.objects.create(club=club, name="Präsidentin", user=user, role=Role.ADMIN)
    for name in ("Anne", "Bernard", "Claude", "Denise", "Ueli"):
        Member.objects.create(club=club, name=name)
    for file in EVENING_FILES:
        document = json.loads((DEMO_DIR / f"{file}.json").read_text(encoding="utf-8"))
        services.import_game(document, club=club)
    return club


def test_an_admin_counts_two_evenings_in_a_season_and_sees_the_players_ranked(
    page, live_server, two_evenings
):
    from seasons import services
    from seasons.models import Season

    club = two_evenings
    sign_in(page, live_server, "president", "jass-test-pw")
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    page.get_by_role("link", name="Season championships").click()
    page.get_by_label("Name").fill("Clubmeisterschaft")
    page.get_by_role("button", name="Create the season").click()
    expect(page.get_by_text("The season is created")).to_be_visible()

    events = page.locator("#id_event")
    events.select_option(label="Schieber evening in Striche · Oct. 16, 2026 (Club evening)")
    page.get_by_role("button", name="Count this event").click()
    expect(page.get_by_text("Schieber evening in Striche counts in the season.")).to_be_visible()
    events.select_option(label="Différenzler evening · Nov. 22, 2026 (Club evening)")
    page.locator("#id_final").check()
    page.get_by_role("button", name="Count this event").click()
    expect(page.get_by_text("Différenzler evening counts in the season.")).to_be_visible()
    screenshot(page, "season-evenings-settings-phone")
    assert serious_violations(page) == []

    page.get_by_role("link", name="Standings: Clubmeisterschaft").click()
    board = page.locator("table.season-board")
    expect(board).to_be_visible()
    listed = page.locator("ol.season-events")
    expect(listed).to_contain_text("Schieber evening in Striche Oct. 16, 2026")
    expect(listed).to_contain_text("Différenzler evening Nov. 22, 2026")
    expect(listed.get_by_role("link", name="Schieber evening in Striche")).to_have_attribute(
        "href", f"/clubs/{club.slug}/evenings/2026-10-16/"
    )
    table = services.standings(Season.objects.get())
    assert [e.state for e in table.events] == ["counted", "counted"]
    rows = board.locator("tbody tr")
    assert rows.count() == 8  # five in Striche, all five among the Différenzler eight
    for number, line in enumerate(table.lines):
        expect(rows.nth(number).locator("th")).to_contain_text(line.player)
        expect(rows.nth(number).locator("td").first).to_have_text(str(line.rank))
    assert not has_horizontal_scroll(page)
    screenshot(page, "season-evenings-standings-phone")
    assert serious_violations(page) == []

    # the Différenzler evening leads to its page too: the players ranked by their sums
    listed.get_by_role("link", name="Différenzler evening").click()
    expect(page).to_have_url(re.compile(r"/evenings/2026-11-22/$"))
    section = page.locator(".differenzler-evening")
    expect(section.get_by_role("heading", name="Différenzler", exact=True)).to_be_visible()
    ranked = section.locator("table.differenzler-lines tbody tr")
    expect(ranked).to_have_count(8)
    expect(ranked.first.locator("td").first).to_have_text("1")
    assert not has_horizontal_scroll(page)
    screenshot(page, "evening-differenzler-phone")
    assert serious_violations(page) == []
