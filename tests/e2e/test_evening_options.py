"""The evening as clubs count it (issue 35, item 4) on a 390 px phone: the standings
and the projector with each team's worst pass dropped and the columns their tie notes
cite, and the director's office saying when a pass is ready to close."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in


@pytest.fixture
def evening(transactional_db):
    """Twelve teams, worst pass dropped: two passes closed, the third's tables all
    settled, one of them from a paper sheet. A director to sign in."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role
    from tests.tournaments.test_services import play_out, tournament
    from tournaments import services

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    user = get_user_model().objects.create_user("director", password="jass-test-pw")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    t = tournament(club, name="Grosser Preisjass", passes=4, drop_worst=True)
    for n in range(1, 13):
        entry = services.register(
            t, name=f"Team {n:02} Zürioberland", player_1=f"A{n}", player_2=f"B{n}"
        )
        services.check_in(entry)
    for number in range(1, 4):
        played = services.publish_pass(services.schedule_next_pass(t))
        tables = list(played.tables.all())
        for index, table in enumerate(tables):
            if number == 3 and index == 0:
                services.enter_paper_totals(table, (400, 228))
                continue
            play_out(table, 40 + (index * 7 + number * 13) % 60)
            services.decide_table(table)
        if number < 3:
            services.close_pass(played)
    return t


@pytest.fixture
def phone(browser, live_server, evening):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="en-GB"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in(page, live_server, "director", "jass-test-pw")
    yield page
    context.close()


def test_the_standings_on_a_phone_show_the_total_and_the_tie_notes_columns(
    phone, live_server, evening
):
    phone.goto(f"{live_server.url}{reverse('tournaments:standings', args=[evening.pk])}")

    board = phone.locator("table.standings-board")
    heads = board.locator("thead th:visible").all_inner_texts()
    assert heads == ["#", "Name", "Total", "Best pass", "Matches", "Pass 3 so far"]
    expect(phone.locator(".standings-legend")).to_contain_text(
        "Each team's worst pass does not count, once it has played two."
    )
    assert not has_horizontal_scroll(phone)
    screenshot(phone, "evening-options-standings-phone")

    phone.set_viewport_size({"width": 1024, "height": 800})  # the passes in sight
    heads = board.locator("thead th:visible").all_inner_texts()
    assert heads == ["#", "Name", "Pass 1", "Pass 2", "Total", "Matches", "Pass 3 so far"]
    assert board.locator("tbody s.dropped:visible").count() == 12  # one pass each
    screenshot(phone, "evening-options-standings-wide")


def test_the_projector_strikes_the_dropped_pass_through(phone, live_server, evening):
    url = reverse("tournaments:standings", args=[evening.pk])
    phone.set_viewport_size({"width": 1280, "height": 800})
    phone.goto(f"{live_server.url}{url}?big=1")

    expect(phone.locator(".projector-page s.dropped").first).to_be_visible()
    assert phone.locator(".projector-page:not([hidden]) s.dropped").count() == 12
    screenshot(phone, "evening-options-projector")

    phone.set_viewport_size(PHONE)
    phone.goto(f"{live_server.url}{url}?big=1")
    expect(phone.locator(".projector-page thead th.best-pass-column").first).to_be_visible()
    screenshot(phone, "evening-options-projector-phone")


def test_the_office_says_the_pass_is_ready_to_close_and_needs_nothing(phone, live_server, evening):
    phone.goto(f"{live_server.url}{evening.get_absolute_url()}")

    summary = phone.locator(".evening-summary")
    expect(summary).to_contain_text("Every table is settled: pass 3 is ready to close.")
    expect(summary).not_to_contain_text("Needs attention")
    expect(summary).to_contain_text("1 from a paper sheet")
    assert not has_horizontal_scroll(phone)
    screenshot(phone, "evening-options-office-phone")

    summary.get_by_role("button", name="Close pass 3").click()

    expect(phone.locator(".evening-summary")).not_to_contain_text("ready to close")
    expect(phone.get_by_text("Pass closed.")).to_be_visible()
