"""What the table screen says offline follows the hands waiting on the phone (issue 34):
the points to go out, for each multiplier too, and nothing to go out once a team has."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e import test_offline
from tests.e2e.test_offline import controlled
from tests.e2e.test_table import TEAM_0, record, start_game, totals
from tests.e2e.test_table_weis_and_out_first import open_extras, start_game_to

phone = test_offline.phone  # the scorer's phone with its service worker (a fixture)


def needed(page, team: int):
    return page.locator(f"#table .team-score[data-team='{team}'] .needed")


def test_to_go_out_follows_the_waiting_hands_for_every_multiplier(phone, live_server):
    page = phone
    start_game(page, live_server, "Pique double to 1500")  # spades ×2
    record(page, "Hearts", 100)  # 100 : 57
    expect(needed(page, 0)).to_contain_text("1400 to go out")
    expect(needed(page, 0)).to_contain_text("×2: 700")
    controlled(page)
    page.context.set_offline(True)

    record(page, "Spades", 100)  # ×2: 200 : 114, waiting

    assert totals(page) == ["300", "171"]
    expect(needed(page, 0)).to_contain_text("1200 to go out")
    expect(needed(page, 0)).to_contain_text("×2: 600")
    expect(needed(page, 1)).to_contain_text("1329 to go out")
    expect(needed(page, 1)).to_contain_text("×2: 665")


def test_a_team_that_went_out_offline_has_nothing_left_to_go(phone, live_server):
    page = phone
    start_game_to(page, live_server, 200)
    record(page, "Hearts", 78)  # 78 : 79
    controlled(page)
    page.context.set_offline(True)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    open_extras(page)
    form.locator(".field-weis .choice-row label", has_text=TEAM_0).click()
    form.locator("input[name=weis_values]").fill("150")  # 228: out on Weis
    form.locator("button.save-hand").click()

    expect(page.locator("#table .provisional-over")).to_contain_text(TEAM_0)
    expect(needed(page, 0)).to_be_hidden()  # not "0 to go out"
    expect(needed(page, 1)).to_be_hidden()  # the game is over
