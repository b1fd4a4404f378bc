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
SEALED = (60, 88, 121, 133)  # no clock's minutes, nor any other number a seat's page shows


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
            if number == 1 and table.number == 1:  # another's code: a wrong code, counted
                phone.fill("#code-0", table.codes[1])
                phone.locator(".sign-form:has(#code-0) button").click()
                expect(phone.locator("#code-error-0")).to_contain_text(
                    "This is not the code on this player's slip (2 more tries"
                )
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
        # (the passes closed before are a line each)
        expect(page.locator(f"#pass-{number} .table-line.state-confirmed")).to_have_count(2)
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


def test_a_cheating_tablemate_cannot_change_another_players_estimate(
    director,  # noqa: F811
    browser,
    live_server,
):
    """Four players on four phones, each opening the seat code of their own slip; Beat
    also holds the table's link (every player does) and saw Anna's slip. Nothing he
    tries changes Anna's sealed 60, and Anna's phone tells her it was tried."""
    import datetime as dt

    from clubs.models import Club
    from scoring.models import Game, SeatLink
    from tests.e2e.test_differenzler import Phone
    from tournaments import services
    from tournaments.models import Tournament

    tournament = Tournament.objects.create(
        club=Club.objects.get(slug="barn"),
        name="Preisjass",
        date=dt.date(2026, 12, 5),
        format="differenzler",
        passes=1,
        hands=1,
        tie_breaks=["exact", "best-hand", "draw"],
    )
    for name in PLAYERS[:4]:
        services.check_in(services.register(tournament, name=name, player_1=name, player_2=""))
    table = services.publish_pass(services.schedule_next_pass(tournament)).tables.get()
    game = Game.objects.get(pk=table.game_id)
    names = game.seat_names()
    slips = {  # the seat code printed on each player's own slip
        link.seat: f"{live_server.url}{link.get_absolute_url()}"
        for link in SeatLink.objects.filter(game=game, revoked_at__isnull=True)
    }
    victim, cheater = 0, 1
    phones = {seat: Phone(browser, live_server, slips[seat]) for seat in range(4)}
    table_phone = phones[cheater].context.new_page()  # Beat's phone also holds the table
    table_phone.goto(f"{live_server.url}/t/{table.token}/")
    expect(table_phone.locator(".seat-codes")).to_have_count(0)  # no seat codes shown
    expect(table_phone.locator("svg")).to_have_count(0)
    table_phone.get_by_role("button", name="♥ Hearts").click()
    for seat, value in enumerate(SEALED):
        expect(phones[seat].page.locator("#seat-screen")).to_contain_text("Hearts", timeout=15_000)
        phones[seat].estimate(value)
    expect(phones[victim].page.locator(".own-estimate")).to_contain_text("60")

    # Beat scans Anna's slip: her seat is held by her phone
    phones[cheater].page.goto(slips[victim])
    expect(phones[cheater].page.locator(".alert-warning")).to_contain_text(
        "This seat is open on another phone"
    )
    screenshot(phones[cheater].page, "differenzler-seat-held-elsewhere")
    # then the phone passed round: no box for Anna, and the address typed by hand refused
    table_phone.reload()
    row = table_phone.locator(".estimate-list li").filter(has_text=names[victim])
    expect(row).to_contain_text("on their phone")
    expect(row.get_by_role("link")).to_have_count(0)
    table_phone.goto(f"{live_server.url}/games/{game.pk}/estimate/{victim}/")
    table_phone.locator("input.estimate-input").fill("150")
    table_phone.get_by_role("button", name="Seal my estimate").click()
    expect(table_phone.locator("body")).to_contain_text("own phone holds their seat")

    warned = phones[victim].page.locator(".refusals")
    # the seat's phone polls every 3 s: on a busy machine a poll can come late
    expect(warned).to_contain_text("another phone tried to open your seat", timeout=15_000)
    expect(warned).to_contain_text("on the phone passed round", timeout=15_000)
    expect(phones[victim].page.locator(".own-estimate")).to_contain_text("60")
    assert not has_horizontal_scroll(phones[victim].page)
    screenshot(phones[victim].page, "differenzler-seat-warned")
    assert game.estimates.get(number=1, seat=victim).value == 60
    for seat, phone in phones.items():  # nobody else's estimate reached a phone
        phone.shows_none_of(v for other, v in enumerate(SEALED) if other != seat)
    for phone in phones.values():
        phone.context.close()


def test_thirteen_players_and_a_late_comer_over_three_passes(
    director,  # noqa: F811
    browser,
    live_server,
):
    """Issue 24's trial on the director's phone: 13 players, Nina comes for pass 2.
    The draft of pass 2 gives her a table and says in what order byes go; letting her
    sit out instead is told as a cost before publishing; no two players sit at the
    same table a third time. The tables are played through the services."""
    import datetime as dt
    from collections import Counter
    from itertools import combinations

    from clubs.models import Club
    from tests.tournaments.test_differenzler_tournament import HANDS as HANDS_PLAYED
    from tests.tournaments.test_differenzler_tournament import THIRTEEN, close, play, sign_all
    from tournaments import services
    from tournaments.models import Table, Tournament

    t = Tournament.objects.create(
        club=Club.objects.get(slug="barn"),
        name="Preisjass",
        date=dt.date(2026, 12, 5),
        format="differenzler",
        passes=3,
        hands=2,
        tie_breaks=["exact", "best-hand", "draw"],
    )
    for name in THIRTEEN:
        services.check_in(services.register(t, name=name, player_1=name, player_2=""))
    close(services.schedule_next_pass(t))
    page = director
    page.goto(f"{live_server.url}{t.get_absolute_url()}")
    page.fill("#id_player_1", "Nina")
    page.locator("form[action$='/entries/#register'] button").click()
    page.wait_for_load_state()
    page.locator(".entry-line", has_text="Nina").get_by_role("button", name="Check in").click()
    page.wait_for_load_state()
    expect(page.locator(".entry-counts")).to_have_text("14 registered · 14 present")

    click(page, "Draw pass 2")

    draft = page.locator("#pass-2")
    expect(draft.locator(".table-line", has_text="Nina")).to_have_count(1)
    expect(
        draft.get_by_text("Byes go first to those who have played the most passes")
    ).to_be_visible()
    expect(draft.locator(".check")).not_to_contain_text("avoidable")  # repeats it cannot help
    expect(draft.locator(".check")).not_to_contain_text("sits out")
    second = t.schedule.get(number=2)
    names = {e.pk: e.name for e in t.entries.all()}
    sitting = [names[i] for i in second.byes]
    expect(draft.get_by_text(f"Bye: {', '.join(sitting)}")).to_be_visible()
    assert not has_horizontal_scroll(page)
    screenshot(page, "differenzler-late-comer-draft")

    form = draft.locator("form.sit-out").filter(has_text=sitting[0])
    form.get_by_role("combobox").select_option(label="Nina")
    form.get_by_role("button", name="Change who sits out").click()
    page.wait_for_load_state()
    expect(page.locator("#pass-2 .check")).to_contain_text(
        f"Nina sits out, having played fewer passes than {sitting[0]}"
    )
    expect(page.get_by_text("Publish it with the warnings above")).to_be_visible()
    assert not has_horizontal_scroll(page)
    screenshot(page, "differenzler-late-comer-sits-out")

    click(page, "Draw again")  # the order's draw again: Nina plays
    expect(page.locator("#pass-2 .table-line", has_text="Nina")).to_have_count(1)
    click(page, "Publish the pass")
    expect(page.get_by_text("Pass published.")).to_be_visible()
    for table in Table.objects.filter(round__tournament=t, round__number=2):
        play(table.game, HANDS_PLAYED)
        sign_all(table)
    page.reload()
    click(page, "Close the pass")
    expect(page.get_by_text("Pass closed.")).to_be_visible()
    click(page, "Draw pass 3")
    expect(page.locator("#pass-3 .check")).not_to_contain_text("avoidable")

    met = Counter(
        frozenset(pair)
        for table in Table.objects.filter(round__tournament=t)
        for pair in combinations(table.seats, 2)
    )
    assert max(met.values()) <= 2
    byes = [i for p in t.schedule.all() for i in p.byes]
    assert len(byes) == len(set(byes)) == 5  # 1 + 2 + 2, nobody twice
