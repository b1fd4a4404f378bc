"""A short Différenzler tournament on phones (issue 15): nine players, so one sits out
each pass, two passes of two-hand games. Each table scores through its link with
sealed estimates typed on the phone passed round; the four players confirm with the
codes of their own slips; the results sheet ranks them by the lowest difference."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot
from tests.e2e.test_tournament import click, director  # noqa: F401 (the fixture)

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Beat", "Cilgia", "Dario", "Erika", "Fritz", "Gina", "Hugo", "Ida"]
HANDS = 2
CARDS = (40, 30, 37)  # three typed; the fourth is 157 minus the others: 50


def play_table(phone, names: list[str], table_number: int) -> None:
    """The table's phone, passed round: each hand, the trump, the four sealed
    estimates, the start, the card points."""
    for number in range(1, HANDS + 1):
        phone.get_by_role("button", name="♥ Hearts").click()
        expect(phone.locator(".chosen-trump")).to_contain_text("Hearts")
        for seat, name in enumerate(names):
            phone.get_by_role("link", name=f"Type here ({name})").click()
            phone.locator("input.estimate-input").fill(str(30 + 5 * seat + table_number))
            phone.get_by_role("button", name="Seal my estimate").click()
            expect(phone.locator(".messages")).to_contain_text(f"Estimate of {name} sealed")
        phone.get_by_role("button", name="Start the hand").click()
        for seat, points in enumerate(CARDS):
            phone.fill(f"#id_cards_{seat}", str(points))
        phone.get_by_role("button", name="Save the hand").click()
        expect(phone.locator(".last-hand")).to_contain_text(f"Hand {number}")


def test_nine_players_over_two_passes(director, browser, live_server):  # noqa: F811
    from tournaments import services
    from tournaments.models import Table, Tournament

    page = director
    page.goto(f"{live_server.url}/clubs/barn/tournaments/")
    page.fill("#id_name", "Differenzler-Abend")
    page.fill("#id_date", "2026-12-05")
    page.fill("#id_trump_order_text", "hearts")  # typed for teams, then the format changed
    expect(page.locator("#id_hands_helptext")).to_be_hidden()
    page.select_option("#id_format", "differenzler")
    expect(page.locator("#id_hands_helptext")).to_be_visible()
    page.select_option("#id_format", "teams")
    expect(page.locator("#id_trump_order_text")).to_have_value("hearts")  # back as it was
    page.select_option("#id_format", "differenzler")  # and put aside: it is not sent
    # the form offers what a Différenzler tournament has: 12 hands, its tie-breaks
    expect(page.locator("#id_hands")).to_have_value("12")
    expect(page.locator("#id_tie_break_1")).to_have_value("exact")
    expect(page.locator("#div_id_weis")).to_be_hidden()
    offered = "#id_tie_break_2 option[value='{}']"
    assert page.eval_on_selector(offered.format("matches"), "option => option.hidden")
    assert not page.eval_on_selector(offered.format("best-hand"), "option => option.hidden")
    expect(page.locator("#div_id_trump_order_text")).to_be_hidden()
    screenshot(page, "differenzler-tournament-new")
    page.fill("#id_passes", "2")
    page.fill("#id_hands", str(HANDS))
    click(page, "Create the tournament")
    tournament = Tournament.objects.get()
    assert tournament.tie_breaks == ["exact", "best-hand", "draw"]  # its own, by default
    expect(page.locator(".trump-order")).to_contain_text("drawn or turned up at each table")
    for name in PLAYERS:
        page.fill("#id_player_1", name)
        page.locator("form[action$='/entries/#register'] button").click()
        page.wait_for_load_state()
    click(page, "Check in everyone")
    expect(page.locator(".entry-counts")).to_have_text("9 registered · 9 present")

    for number in (1, 2):
        click(page, f"Draw pass {number}")
        click(page, "Publish the pass")
        expect(page.get_by_text("Pass published.")).to_be_visible()
        if number == 1:
            assert not has_horizontal_scroll(page)
            screenshot(page, "differenzler-tournament-director")
        tables = list(Table.objects.filter(round__tournament=tournament, round__number=number))
        assert len(tables) == 2  # eight play, one sits out
        names = {e.pk: e.player_1 for e in tournament.entries.all()}
        for table in tables:
            context = browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB"
            )
            phone = context.new_page()
            phone.set_default_timeout(10_000)
            phone.goto(f"{live_server.url}/t/{table.token}/")
            seated = [names[i] for i in table.seats]
            play_table(phone, seated, table.number)
            expect(phone.get_by_text("The four players sign the result")).to_be_visible()
            if number == 1 and table.number == 1:  # a wrong code names the player's slip
                phone.fill("#code-0", table.codes[1])
                phone.locator(".sign-form:has(#code-0) button").click()
                expect(phone.locator("#code-error-0")).to_contain_text("another player's slip")
            for side, code in enumerate(table.codes):
                phone.fill(f"#code-{side}", code)
                phone.locator(f".sign-form:has(#code-{side}) button").click()
                if side < 3:
                    expect(phone.get_by_text(f"{seated[side]} signed.").first).to_be_visible()
            expect(phone.get_by_text("Result confirmed. Thank you!")).to_be_visible()
            # the table's phone stays on its table, which only the director changes now
            expect(phone.locator(".confirm")).to_contain_text("Result confirmed.")
            correct = phone.get_by_role("button", name=re.compile("Correct the points"))
            expect(correct).to_have_count(0)
            if number == 1 and table.number == 1:
                assert not has_horizontal_scroll(phone)
                screenshot(phone, "differenzler-tournament-confirmed")
            context.close()
        page.reload()
        expect(page.locator(".table-line.state-confirmed")).to_have_count(2 * number)
        click(page, "Close the pass")
        expect(page.get_by_text("Pass closed.")).to_be_visible()

    byes = [p.byes[0] for p in tournament.schedule.all()]
    assert len(set(byes)) == 2  # a second player sits out in pass 2

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
    expect(page.locator(".standings-legend")).to_contain_text("lowest total difference")
    assert not has_horizontal_scroll(page)
    screenshot(page, "differenzler-tournament-standings")

    response = page.request.get(
        f"{live_server.url}/tournaments/{tournament.pk}/results.pdf",
        headers={"Accept-Language": "en"},
    )
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=response.body(), capture_output=True, check=True
    ).stdout.decode()
    ranking = services.current_standings(tournament)
    names = {e.pk: e.name for e in tournament.entries.all()}
    lines = [line for line in text.splitlines() if line.strip()]
    order = [
        next(i for i, line in enumerate(lines) if re.search(rf"\b{names[s.entry]}\b", line))
        for s in ranking
    ]
    assert order == sorted(order)  # the sheet lists the players in standing order
    assert ranking[0].total <= ranking[-1].total
    assert "lowest total difference" in text
    assert "more exact estimates" in text
