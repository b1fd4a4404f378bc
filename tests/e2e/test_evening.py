"""A Schieber evening in Striche on a phone (RULES.md §12): two games with changing
partners played at the table, the table screen's tally of the evening (also offline),
the game page's way to the evening, the evening's page following a hand typed on
another phone, and the club's Strich table set by its admin."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from clubs.models import Club, Member
from tests.e2e.conftest import has_horizontal_scroll, screenshot
from tests.e2e.test_offline import controlled
from tests.e2e.test_offline import phone as phone  # the scorer's phone with its service worker
from tests.e2e.test_table import record

LIVE = 15_000  # the live poll asks every 5 s


def start_striche_game(page, live_server, seats: list[str], target: int | None = None) -> None:
    """Start a game counted in Striche from the new-game page, as the scorer does."""
    page.goto(f"{live_server.url}/games/new/team/")
    page.locator(".preset-grid label", has_text="Chibre to 1000").click()
    for seat, name in enumerate(seats):
        page.fill(f"#id_seat_{seat}", name)
    page.get_by_label("Count in Striche").check()
    if target:
        page.locator("main details summary").first.click()
        page.fill("#id_target", str(target))
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_selector("#hand-form[data-ready]")


def rows(table) -> list[list[str]]:
    return [
        [cell.strip() for cell in row.locator("td, th").all_inner_texts()]
        for row in table.locator("tbody tr").all()
    ]


def test_two_games_with_changing_partners_make_the_evenings_tally(page, live_server, scorer):
    club = Club.objects.get(slug="test-club")
    for name in ("Anne", "Beat", "Carla", "Dario"):
        Member.objects.create(club=club, name=name)

    # game 1: Anne & Beat against Carla & Dario, to 500
    start_striche_game(page, live_server, ["Anne", "Carla", "Beat", "Dario"], target=500)
    record(page, "Hearts", match="Anne & Beat")  # Anne chose: a Matsch, and the Berg
    record(page, "Clubs", 157)
    record(page, "Spades", 100)  # out at 514 : 57, Carla & Dario Schneider
    expect(page.get_by_role("heading", name="Winner: Anne & Beat")).to_be_visible()

    # game 2: partners change, Anne & Carla against Beat & Dario
    start_striche_game(page, live_server, ["Anne", "Beat", "Carla", "Dario"])
    record(page, "Hearts", match="Beat & Dario")  # Anne chose: a Kontermatsch
    page.reload()  # the table screen as a phone opens it: the evening drawn in
    snapshot = page.locator(".evening-snapshot")
    expect(snapshot).to_be_visible()
    assert rows(snapshot) == [
        ["1", "Beat", "8", "0", "+8"],
        ["2", "Anne", "6", "2", "+4"],
        ["3", "Dario", "2", "6", "-4"],
        ["4", "Carla", "0", "8", "-8"],
    ]
    assert not has_horizontal_scroll(page)
    screenshot(page, "evening-table-snapshot")
    table_url = page.url

    page.get_by_role("link", name=re.compile("^Game of")).first.click()  # the game's page
    page.get_by_role("link", name=re.compile("The evening of .* in Striche")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Evening of")
    players = page.get_by_role("table", name="Players")
    teams = page.get_by_role("table", name="Teams")
    assert rows(players) == [
        ["1", "Beat", "2", "8", "0", "+8"],
        ["2", "Anne", "2", "6", "2", "+4"],
        ["3", "Dario", "2", "2", "6", "-4"],
        ["4", "Carla", "2", "0", "8", "-8"],
    ]
    assert rows(teams) == [
        ["1", "Anne & Beat", "1", "6", "0", "+6"],
        ["2", "Beat & Dario", "1", "2", "0", "+2"],
        ["3", "Anne & Carla", "1", "0", "2", "-2"],
        ["4", "Carla & Dario", "1", "0", "6", "-6"],
    ]
    assert not has_horizontal_scroll(page)
    screenshot(page, "evening-page")

    # another phone records a hand of game 2: the evening's page follows by itself
    other = page.context.new_page()
    other.goto(table_url)
    other.wait_for_selector("#hand-form[data-ready]")
    record(other, "Spades", match="Anne & Carla")  # Beat chose: a Kontermatsch
    other.close()

    expect(players.locator("tbody tr").first).to_contain_text("Anne", timeout=LIVE)
    assert rows(page.get_by_role("table", name="Players")) == [
        ["1", "Anne", "2", "8", "2", "+6"],
        ["1", "Beat", "2", "8", "2", "+6"],
        ["3", "Carla", "2", "2", "8", "-6"],
        ["3", "Dario", "2", "2", "8", "-6"],
    ]
    screenshot(page, "evening-page-after-live")

    # the club's page: the season's Strich difference and the evening; Anne's page too
    page.goto(f"{live_server.url}/clubs/test-club/")
    board = page.locator("table.leaderboard")
    expect(board.get_by_role("columnheader", name="Strich difference")).to_be_visible()
    expect(board.locator("tr", has_text="Anne").locator(".striche-difference")).to_have_text("+6")
    assert not has_horizontal_scroll(page)
    screenshot(page, "evening-club-page")
    page.get_by_role("link", name="Anne", exact=True).first.click()
    expect(page.locator(".player-stats")).to_contain_text("Strich difference")
    evening = page.locator("table.member-evenings tbody tr")
    expect(evening).to_have_count(1)
    assert [cell.strip() for cell in evening.locator("td").all_inner_texts()] == [
        "2",
        "8",
        "2",
        "+6",
    ]
    screenshot(page, "evening-player-page")


def test_a_club_admin_sets_the_strich_table_on_a_phone(page, live_server, scorer):
    from clubs.models import Role
    from scoring.models import ClubStriche

    Member.objects.filter(user=scorer).update(role=Role.ADMIN)
    page.goto(f"{live_server.url}/clubs/test-club/settings/")
    page.get_by_role("link", name="Strich table of the Schieber evenings").click()
    expect(page.get_by_role("heading", name="Strich table")).to_be_visible()
    expect(page.get_by_label("Sieg")).to_have_value("2")

    page.get_by_label("Sieg").fill("12")
    page.get_by_label("The Schneider counts").uncheck()
    page.get_by_label("the Striche made").check()
    page.get_by_role("button", name="Save").click()

    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Sieg: a whole number of Striche from 1 to 10.")
    assert not has_horizontal_scroll(page)
    screenshot(page, "strich-table-refused")
    assert not ClubStriche.objects.exists()
    alert.get_by_role("link").click()  # the list leads to the box
    expect(page.get_by_label("Sieg")).to_be_focused()

    page.get_by_label("Sieg").fill("3")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_text("Strich table saved.")).to_be_visible()
    table = ClubStriche.objects.get()
    assert (table.sieg, table.with_schneider, table.rank_by) == (3, False, "made")
    screenshot(page, "strich-table-saved")


def test_the_table_screen_shows_the_evenings_tally_offline(phone, live_server):
    page = phone
    start_striche_game(page, live_server, ["Anne", "Bernard", "Claude", "Denise"])
    record(page, "Hearts", match="Anne & Claude")  # Anne chose: a Matsch
    page.reload()  # the screen drawn anew, with the evening as it is now
    controlled(page)  # and kept by the phone's service worker

    page.context.set_offline(True)
    page.reload()

    snapshot = page.locator(".evening-snapshot")
    expect(snapshot).to_be_visible()
    assert rows(snapshot) == [
        ["1", "Anne", "1", "0", "+1"],
        ["1", "Claude", "1", "0", "+1"],
        ["3", "Bernard", "0", "1", "-1"],
        ["3", "Denise", "0", "1", "-1"],
    ]
    screenshot(page, "evening-table-snapshot-offline")
    page.context.set_offline(False)


def test_the_tally_follows_each_hand_and_counts_the_waiting_ones_offline(phone, live_server):
    from tests.e2e.test_accessibility import serious_violations
    from tests.e2e.test_offline import ALL_SENT

    page = phone
    start_striche_game(page, live_server, ["Anne", "Bernard", "Claude", "Denise"])
    snapshot = page.locator(".evening-snapshot")
    expect(snapshot).to_contain_text("Anne")

    # saved online: the hand's answer brings the evening's tally, no reload
    record(page, "Hearts", match="Anne & Claude")  # Anne chose: a Matsch
    expect(snapshot.locator("tbody tr").first).to_contain_text("+1")
    assert rows(snapshot) == [
        ["1", "Anne", "1", "0", "+1"],
        ["1", "Claude", "1", "0", "+1"],
        ["3", "Bernard", "0", "1", "-1"],
        ["3", "Denise", "0", "1", "-1"],
    ]
    expect(snapshot.locator(".evening-provisional")).to_be_hidden()
    controlled(page)

    # offline: the waiting hand's Striche are added, marked provisional, places kept
    page.context.set_offline(True)
    record(page, "Clubs", match="Bernard & Denise")  # Bernard chose: a Matsch
    expect(page.locator("#table .hand-item.waiting")).to_have_count(1)
    note = snapshot.locator(".evening-provisional")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Provisional")
    assert rows(snapshot) == [
        ["1", "Anne", "1", "1", "0"],
        ["1", "Claude", "1", "1", "0"],
        ["3", "Bernard", "1", "1", "0"],
        ["3", "Denise", "1", "1", "0"],
    ]
    expect(snapshot.locator("tr.provisional")).to_have_count(4)
    assert not has_horizontal_scroll(page)
    screenshot(page, "evening-table-snapshot-provisional")

    # back online: the hand reaches the server, whose answer is the tally as it is now
    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT, timeout=LIVE)
    expect(note).to_be_hidden()
    expect(snapshot.locator("tbody tr").first).to_contain_text("Anne")
    assert rows(snapshot) == [
        ["1", "Anne", "1", "1", "0"],
        ["1", "Bernard", "1", "1", "0"],
        ["1", "Claude", "1", "1", "0"],
        ["1", "Denise", "1", "1", "0"],
    ]
    expect(snapshot.locator("tr.provisional")).to_have_count(0)
    screenshot(page, "evening-table-snapshot-after-sending")
    assert serious_violations(page) == []
