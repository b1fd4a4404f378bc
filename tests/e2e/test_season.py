"""A season championship at phone size: a club admin defines a season over two
tournaments played to the end, with the second as the final, and sees the ranking,
each player's points per event, on a page axe finds nothing serious in."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import has_horizontal_scroll, screenshot, sign_in
from tests.e2e.test_accessibility import serious_violations


@pytest.fixture
def two_tournaments(transactional_db):
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role
    from tests.tournaments.test_services import play_pass, teams, tournament
    from tournaments import services

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    user = get_user_model().objects.create_user("president", password="jass-test-pw")
    Member.objects.create(club=club, name="Präsidentin", user=user, role=Role.ADMIN)
    made = []
    for name, day in (("Frühlingsjass", 1), ("Herbstfinal", 20)):
        t = tournament(club, name=name, date=dt.date(2026, 3, day), passes=1)
        teams(t, 6)
        play_pass(services.schedule_next_pass(t))
        made.append(t)
    return club, made


def test_an_admin_defines_a_season_over_two_tournaments_and_sees_the_ranking(
    page, live_server, two_tournaments
):
    from seasons import services
    from seasons.models import Season

    club, _tournaments = two_tournaments
    sign_in(page, live_server, "president", "jass-test-pw")
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    page.get_by_role("link", name="Season championships").click()

    page.get_by_label("Name").fill("Jahresmeisterschaft 2026")
    page.get_by_label("Best results counted").fill("0")  # refused, beside the field
    page.get_by_role("button", name="Create the season").click()
    expect(page.locator("#id_best").locator("..")).to_contain_text(
        "Best results counted: empty for all, or a whole number from 1 to 100."
    )
    page.get_by_label("Best results counted").fill("")
    page.get_by_role("button", name="Create the season").click()
    expect(page.get_by_text("The season is created")).to_be_visible()

    page.locator("#id_event").select_option(label="Frühlingsjass · March 1, 2026 (Tournament)")
    page.get_by_role("button", name="Count this event").click()
    expect(page.get_by_text("Frühlingsjass counts in the season.")).to_be_visible()
    page.locator("#id_event").select_option(label="Herbstfinal · March 20, 2026 (Tournament)")
    page.locator("#id_final").check()
    page.get_by_role("button", name="Count this event").click()
    expect(page.get_by_text("Herbstfinal counts in the season.")).to_be_visible()
    screenshot(page, "season-settings-phone")
    assert serious_violations(page) == []

    page.get_by_role("link", name="Standings: Jahresmeisterschaft 2026").click()
    board = page.locator("table.season-board")
    expect(board).to_be_visible()
    table = services.standings(Season.objects.get())
    leader = table.lines[0]
    first_row = board.locator("tbody tr").first
    expect(first_row.locator("td").first).to_have_text("1")
    expect(first_row.locator("th")).to_contain_text(leader.player)
    expect(board.locator("thead")).to_contain_text("Herbstfinal")
    expect(board.locator("thead")).to_contain_text("final")
    assert board.locator("tbody tr").count() == 12  # six teams of two
    expect(board.locator("td.event-column", has_text="–")).to_have_count(0)  # all played both
    assert [line.played for line in table.lines] == [2] * 12
    assert table.columns[1].event.weight == 2
    assert not has_horizontal_scroll(page)  # the board scrolls inside its own box
    screenshot(page, "season-standings-phone")
    assert serious_violations(page) == []


def test_the_season_on_a_projector_and_on_a_players_page(browser, live_server, two_tournaments):
    from clubs.models import Member
    from seasons import services

    club, made = two_tournaments
    season = services.create_season(
        club,
        "Jahresmeisterschaft 2026",
        services.SettingsValues([25, 18, 15, 12, 10, 8, 6, 4, 2, 1], None, 1, 1, ["wins"]),
    )
    for t in made:
        services.add_event(season, "tournament", str(t.pk), None, t == made[-1])
    leader = services.standings(season).lines[0]
    member = Member.objects.create(club=club, name=leader.player)
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-CH")
    page = context.new_page()
    sign_in(page, live_server, "president", "jass-test-pw")
    page.goto(f"{live_server.url}/seasons/{season.pk}/?big=1")
    expect(page.locator(".projector-page table")).to_be_visible()
    expect(page.locator(".standings-qr svg")).to_be_visible()
    expect(page.locator(".projector-page thead")).to_contain_text("Herbstfinal")
    screenshot(page, "season-projector")
    page.goto(f"{live_server.url}/clubs/{club.slug}/players/{member.pk}/")
    expect(page.get_by_role("heading", name="Jahresmeisterschaften")).to_be_visible()
    expect(page.locator(".season-ranks")).to_contain_text("Rang 1")
    screenshot(page, "season-player-page")
    context.close()
