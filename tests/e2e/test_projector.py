"""The standings on a projector (issue 14): 60 teams on a 1920 x 1080 screen, the whole
width used, pages of 20 rows side by side that turn on their own round the whole field,
the legend on screen and a QR code of the standings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import own_host_only, screenshot, sign_in

SCREEN = {"width": 1920, "height": 1080}


@pytest.fixture
def sixty_teams(transactional_db):
    from clubs.models import Club
    from tests.tournaments.test_services import play_out, teams, tournament
    from tournaments import services

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    t = tournament(club, name="Grosser Preisjass", passes=4)
    teams(t, 60)
    first = services.publish_pass(services.schedule_next_pass(t))
    for number, table in enumerate(first.tables.all()):
        play_out(table, 40 + number * 2)
        services.decide_table(table)
    services.close_pass(first)
    return t


@pytest.fixture
def projector(browser, live_server, sixty_teams):
    from django.contrib.auth import get_user_model

    from clubs.models import Member, Role

    user = get_user_model().objects.create_user("director", password="jass-test-pw")
    Member.objects.create(club=sixty_teams.club, name="Director", user=user, role=Role.ADMIN)
    context = browser.new_context(viewport=SCREEN, locale="de-CH")
    elsewhere = own_host_only(context, live_server)
    page = context.new_page()
    page.clock.install()
    sign_in(page, live_server, "director", "jass-test-pw")
    yield page
    context.close()
    assert elsewhere == []


def shown_ranks(page) -> list[int]:
    return [
        int(text)
        for text in page.locator(
            ".projector-page:not([hidden]) tbody tr td:first-child"
        ).all_text_contents()
        if text.strip()
    ]


def test_sixty_teams_fill_the_screen_and_turn_round_the_whole_field(projector, live_server):
    from django.urls import reverse

    from tournaments.models import Tournament

    page = projector
    standings = reverse("tournaments:standings", args=[Tournament.objects.get().pk])
    page.goto(f"{live_server.url}{standings}?big=1")

    board = page.locator(".projector-pages")
    expect(board).to_be_visible()
    width = board.bounding_box()["width"]
    assert width > 0.9 * SCREEN["width"]  # the whole width, not two thirds of it
    first = shown_ranks(page)
    assert first == list(range(1, 41))  # two pages of 20 side by side
    for row in page.locator(".projector-page:not([hidden]) tbody tr").all():
        box = row.bounding_box()
        assert box["y"] + box["height"] <= SCREEN["height"]  # nobody cut off
    expect(page.locator(".standings-legend")).to_contain_text("*")
    expect(page.locator(".standings-legend")).to_contain_text("–")
    expect(page.locator(".standings-qr svg")).to_be_visible()
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".projector-counter")).to_have_text("1 / 2")
    screenshot(page, "projector-60-teams-page-1")

    page.clock.fast_forward("00:10")  # the next pages after 10 seconds
    expect(page.locator(".projector-counter")).to_have_text("2 / 2")
    assert shown_ranks(page) == list(range(41, 61))
    screenshot(page, "projector-60-teams-page-2")

    page.clock.fast_forward("00:10")  # and round again
    expect(page.locator(".projector-counter")).to_have_text("1 / 2")
    assert shown_ranks(page)[:1] == [1]
