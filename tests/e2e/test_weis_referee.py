"""The Weis referee on a phone: settle a dispute with and without JavaScript, a clear
message for what cannot be, a game's names for its scorer, and thumb-sized targets."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot
from tests.e2e.test_table import start_game
from tests.e2e.test_table_comfort import SMALL_TARGETS


def weis(page, seat: int, kind: str, top: str | None = None, suit: str | None = None) -> None:
    page.select_option(f"#id_kind{seat}", label=kind)
    if top:
        page.select_option(f"#id_top{seat}", label=top)
    if suit:
        page.select_option(f"#id_suit{seat}", label=suit)


def test_referee_on_a_phone_settles_a_tie_by_trump(page, live_server, transactional_db):
    page.goto(f"{live_server.url}/weis-referee/")
    page.locator(".trump-grid label", has_text="Spades").click()
    weis(page, 0, "Four in a row (50)", "K", "♣ Clubs")
    weis(page, 1, "Four in a row (50)", "K", "♠ Spades")
    page.get_by_role("button", name="Who scores the Weis?").click()

    verdict = page.locator(".verdict")
    expect(verdict.locator("h2")).to_have_text("Weis for Team 2")
    expect(verdict).to_contain_text(
        "Equal points, cards and top card: Player 2's four in a row (50) is in trump "
        "(♠ Spades), Player 1's is not."
    )
    expect(verdict).to_contain_text("All of Team 2's Weis count; Team 1's none.")
    expect(verdict).to_be_in_viewport()
    assert "kind1=seq4" in page.url  # the verdict can be shared and reloaded
    expect(page.locator("#id_suit1")).to_have_value("spades")  # what was chosen stays

    assert not has_horizontal_scroll(page)
    small = page.evaluate(SMALL_TARGETS)
    screenshot(page, "weis-referee")
    assert small == [], "smaller than 44 px:\n" + "\n".join(small)


def test_referee_shows_what_cannot_be_beside_the_field(page, live_server, transactional_db):
    page.goto(f"{live_server.url}/weis-referee/")
    weis(page, 2, "Five in a row (100)", "8", "♥ Hearts")
    weis(page, 3, "Three in a row (20)", "A")
    page.get_by_role("button", name="Who scores the Weis?").click()

    expect(page.locator("#id_top2_error")).to_have_text(
        "A sequence of 5 cards cannot have 8 as its top card: it would go below the 6"
    )
    expect(page.locator("#id_suit3")).to_have_accessible_description("A sequence needs a suit")
    expect(page.locator(".verdict")).to_have_count(0)
    screenshot(page, "weis-referee-refused")


def test_referee_works_without_javascript(browser, live_server, transactional_db):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/weis-referee/")
    page.locator(".trump-grid label", has_text="Unde-ufe").click()
    weis(page, 0, "Three in a row (20)", "Q", "♣ Clubs")
    weis(page, 3, "Three in a row (20)", "8", "♦ Diamonds")
    page.get_by_role("button", name="Who scores the Weis?").click()

    expect(page.locator(".verdict")).to_contain_text(
        "Equal points and cards: in unde-ufe the lower top card wins, Player 4's (8 against Q)."
    )
    context.close()


def test_referee_from_a_game_names_its_players(page, live_server, scorer):
    start_game(page, live_server)
    game_id = page.url.rstrip("/").split("/")[-2]
    page.goto(f"{live_server.url}/weis-referee/?game={game_id}")
    expect(page.locator("#id_kind0")).to_have_accessible_name("Weis")
    expect(page.locator("#id_leader_0 + label")).to_have_text("Anne")
    expect(page.locator("#id_style_1")).to_be_checked(checked=False)  # Chibre: small Weis
    weis(page, 1, "Four Jacks (200)")
    weis(page, 2, "Four 9s (150)")
    page.get_by_role("button", name="Who scores the Weis?").click()

    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("Bernard's four Jacks (200) beats Claude's four 9s (150)")
    expect(verdict.locator("h2")).to_have_text("Weis for Bernard & Denise")
    expect(verdict.locator(".verdict-players")).to_have_count(0)  # the team's name says it
    screenshot(page, "weis-referee-game")
