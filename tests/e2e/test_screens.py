"""Screens (issue 24, item 6): the projector's standings at 1920 x 1080 with the legend
in sight on every page, the names as plain text and each header over its column; the
Différenzler game page within a 390 px phone in French, German, Italian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, own_host_only, sign_in
from tests.e2e.test_projector import SCREEN

SHOTS = Path("/tmp/shots")
FIRST = ("Anne-Catherine", "Jean-Baptiste", "Marie-Thérèse", "Hans-Ueli", "Beat", "Cilgia", "Ida")
LAST = ("Müller-Studer", "Oberholzer-Rüegg", "Vuilleumier", "Zimmermann", "Caflisch", "Roth")

# Each shown page's table, column by column: the header cell and the column's cells,
# their edges, their text alignment and the edges of their first text (a number's
# digits without the * or † hanging after them).
COLUMNS = """
pages => pages.flatMap(page => Array.from(page.querySelectorAll('table')).flatMap(table => {
  const firstText = cell => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT,
      {acceptNode: node => node.textContent.trim() && !node.parentElement.closest('.hanging-mark')
        ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP});
    const node = walker.nextNode();
    if (!node) return {left: null, right: null};  // a mark alone: a bye in the pass so far
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect();
  };
  const edges = cell => {
    const box = cell.getBoundingClientRect();
    const text = firstText(cell);
    const align = {start: 'left', end: 'right'}[getComputedStyle(cell).textAlign]
      || getComputedStyle(cell).textAlign;
    return {left: box.left, right: box.right, align, textLeft: text.left, textRight: text.right,
            text: cell.textContent.trim()};
  };
  const heads = Array.from(table.tHead.rows[0].cells);
  return heads.map((head, index) => ({
    head: edges(head),
    cells: Array.from(table.tBodies[0].rows).map(row => edges(row.cells[index])),
  }));
}))
"""


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), caret="initial")


def within(box, width: int, height: int) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


def check_projector_page(page, name: str) -> None:
    """What a projector page must show at 1920 x 1080; a screenshot of it."""
    shot(page, name)
    legend = page.locator(".standings-legend")
    expect(legend).to_be_visible()
    assert within(legend.bounding_box(), **SCREEN), f"legend {legend.bounding_box()}"
    shown = page.locator(".projector-page:not([hidden])")
    for row in shown.locator("tbody tr").all():
        assert within(row.bounding_box(), **SCREEN), f"row {row.inner_text()!r} cut off"
    # names as plain text, not underlined links
    assert shown.locator("tbody a").count() == 0
    decorations = shown.locator("tbody .name-column").evaluate_all(
        "cells => cells.flatMap(cell => [cell, ...cell.querySelectorAll('*')])"
        ".map(e => getComputedStyle(e).textDecorationLine)"
    )
    assert decorations
    assert set(decorations) == {"none"}
    # each header over its column: the same edges, the same alignment, numbers' digits
    # ending where their header's text ends
    for column in shown.evaluate_all(COLUMNS):
        head = column["head"]
        for cell in column["cells"]:
            where = f"{head['text']!r} over {cell['text']!r}"
            assert abs(cell["left"] - head["left"]) <= 1, where
            assert abs(cell["right"] - head["right"]) <= 1, where
            assert cell["align"] == head["align"], where
            if cell["textLeft"] is None:
                continue
            if head["align"] == "right":
                assert abs(cell["textRight"] - head["textRight"]) <= 1, where
            else:
                assert abs(cell["textLeft"] - head["textLeft"]) <= 1, where


@pytest.fixture
def projector_for(browser, live_server):
    """A director's 1920 x 1080 screen, the clock in the test's hands."""
    contexts = []

    def open_(club, locale: str):
        from django.contrib.auth import get_user_model

        from clubs.models import Member, Role

        user = get_user_model().objects.create_user("director", password="jass-test-pw")
        Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
        context = browser.new_context(viewport=SCREEN, locale=locale)
        contexts.append((context, own_host_only(context, live_server)))
        page = context.new_page()
        page.clock.install()
        sign_in(page, live_server, "director", "jass-test-pw")
        return page

    yield open_
    for context, elsewhere in contexts:
        context.close()
        assert elsewhere == []


@pytest.fixture
def busy_sixty(transactional_db):
    """60 teams with long names, three passes closed, ties broken, the fourth pass half
    played: the rows that wrapped to two or three lines and pushed the legend off."""
    from clubs.models import Club
    from tests.tournaments.test_services import play_out, tournament
    from tournaments import services

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    t = tournament(club, name="Grosser Preisjass", passes=4)
    for n in range(1, 61):
        entry = services.register(
            t, name=f"Team {n:02} Zürioberland-Tösstal", player_1=f"A{n}", player_2=f"B{n}"
        )
        services.check_in(entry)
    for number in range(1, 4):
        played = services.publish_pass(services.schedule_next_pass(t))
        for index, table in enumerate(played.tables.all()):
            play_out(table, 40 + (index * 7 + number * 3) % 60)
            services.decide_table(table)
        services.close_pass(played)
    running = services.publish_pass(services.schedule_next_pass(t))
    for table in list(running.tables.all())[:10]:
        play_out(table, 90)
        services.decide_table(table)
    return t


@pytest.fixture
def differenzler_42(transactional_db):
    """41 players with long names, a late one, two passes closed and the third begun:
    byes (*), passes missed (†) and ties broken by a draw."""
    from clubs.models import Club
    from scoring.models import Game
    from tests.tournaments.test_differenzler_tournament import (
        HANDS,
        differenzler,
        play,
        players,
        sign_all,
    )
    from tournaments import services

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    t = differenzler(club, name="Differenzler-Meisterschaft", passes=4)
    players(t, [f"{first} {last}" for first in FIRST for last in LAST][:41])
    for _ in range(2):
        played = services.publish_pass(services.schedule_next_pass(t))
        for table in played.tables.all():
            play(Game.objects.get(pk=table.game_id), HANDS)
            sign_all(table)
        services.close_pass(played)
    late = services.register(t, name="Jon Spät", player_1="Jon Spät", player_2="")
    services.check_in(late)
    running = services.publish_pass(services.schedule_next_pass(t))
    for table in list(running.tables.all())[:4]:
        play(Game.objects.get(pk=table.game_id), HANDS)
        sign_all(table)
    return t


def standings_url(live_server, tournament) -> str:
    return f"{live_server.url}{reverse('tournaments:standings', args=[tournament.pk])}?big=1"


def test_the_projector_shows_sixty_teams_on_one_line_each_with_the_legend(
    projector_for, live_server, busy_sixty
):
    page = projector_for(busy_sixty.club, "de-CH")
    page.goto(standings_url(live_server, busy_sixty))
    expect(page.locator(".projector-counter")).to_have_text("1 / 2")
    check_projector_page(page, "projector-60-teams-page-1")
    expect(page.locator(".standings-legend")).to_contain_text("(bei Punktgleichheit")

    page.clock.fast_forward("00:10")
    expect(page.locator(".projector-counter")).to_have_text("2 / 2")
    check_projector_page(page, "projector-60-teams-page-2")
    # the last page alone keeps a page's width: its columns stay where they were
    widths = page.locator(".projector-page:not([hidden])").evaluate_all(
        "pages => pages.map(p => p.getBoundingClientRect().width)"
    )
    assert widths
    assert max(widths) < 0.6 * SCREEN["width"]


def test_the_projector_shows_a_differenzler_tournament_with_its_legend(
    projector_for, live_server, differenzler_42
):
    page = projector_for(differenzler_42.club, "fr-CH")
    page.goto(standings_url(live_server, differenzler_42))
    expect(page.locator(".projector-counter")).to_have_text("1 / 2")
    check_projector_page(page, "projector-differenzler-page-1")
    expect(page.locator(".standings-legend")).to_contain_text("†")

    page.clock.fast_forward("00:10")
    expect(page.locator(".projector-counter")).to_have_text("2 / 2")
    check_projector_page(page, "projector-differenzler-page-2")
    expect(page.locator(".projector-page:not([hidden])")).to_contain_text("10†")


NAMES = (
    "Anne-Catherine Müller-Studer",
    "Jean-Baptiste Oberholzer-Rüegg",
    "Marie-Thérèse Vuilleumier-Favre",
    "Hans-Ueli Zimmermann-Bachmann",
)


def differenzler_document(hands: int) -> dict:
    """A Différenzler game of 12 hands between four long names, ``hands`` of them
    played, with differences of up to three digits."""
    played = []
    for number in range(hands):
        cards = [(37 + 29 * number) % 120, (81 + 13 * number) % 37, 0, 0]
        cards[2] = (157 - cards[0] - cards[1]) // 2
        cards[3] = 157 - sum(cards[:3])
        estimates = [(cards[seat] + 97 * (seat + number)) % 158 for seat in range(4)]
        suits = ("hearts", "spades", "diamonds", "clubs")
        played.append({"trump": suits[number % 4], "estimates": estimates, "cards": cards})
    return {
        "format": "jass-game/1",
        "name": "Différenzler, Tisch 7",
        "played_on": "2026-11-20",
        "ruleset": {"preset": "differenzler", "hands": 12},
        "players": list(NAMES),
        "hands": played,
    }


@pytest.fixture
def two_games(transactional_db):
    """A finished Différenzler game (12 hands, totals) and one at hand 7 of 12, in a club
    whose scorer can open both."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role
    from tests.factories import import_in_club

    club = Club.objects.create(name="Jass-Club Test", slug="test-club")
    user = get_user_model().objects.create_user("scorer", password="jass-test-pw")
    Member.objects.create(club=club, name="Scorer", user=user, role=Role.SCORER)
    return {
        "over": import_in_club(differenzler_document(12)),
        "in-progress": import_in_club(differenzler_document(7)),
    }


@pytest.mark.parametrize("locale", ["fr-CH", "de-CH", "it-CH", "en-GB"])
def test_the_differenzler_game_page_fits_a_390_px_phone(browser, live_server, two_games, locale):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale
    )
    elsewhere = own_host_only(context, live_server)
    page = context.new_page()
    sign_in(page, live_server, "scorer", "jass-test-pw")
    too_wide = []
    for state, game in two_games.items():
        page.goto(f"{live_server.url}{reverse('scoring:game', args=[game.pk])}")
        expect(page.locator(".differenzler-hands")).to_contain_text("Anne-Catherine")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"differenzler-game-{state}-{locale}.png"), full_page=True)
        for table in ("standings", "hands"):
            page.locator(f".differenzler-{table}").screenshot(
                path=str(SHOTS / f"differenzler-game-{state}-{locale}-{table}.png")
            )
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide.append(f"{state}: the page {width} px")
        # nor does a table scroll sideways inside its box: all four players in sight
        for name, right in page.locator("main table").evaluate_all(
            "tables => tables.map(t => [t.className, t.getBoundingClientRect().right])"
        ):
            if right > PHONE["width"]:
                too_wide.append(f"{state}: {name} to {right:.0f} px")
    context.close()
    assert too_wide == [], locale
    assert elsewhere == []
