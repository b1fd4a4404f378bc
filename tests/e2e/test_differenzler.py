"""A Différenzler evening on phones (issue 15): the scorer's phone and each player's own
phone, or one phone passed round. No page and no answer a player's phone receives holds
another player's estimate before the hand is scored."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from scoring.models import Game, Hand
from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot

pytestmark = pytest.mark.e2e

PLAYERS = ("Anne", "Bernard", "Claude", "Denise")
# Two hands; no estimate equals any number the pages show otherwise (totals, points…)
ESTIMATES = ((101, 112, 123, 134), (143, 151, 139, 147))
CARDS = ((40, 30, 37, 50), (60, 20, 47, 30))
REVEAL_WAIT = 6_000  # the phones poll every 3 s


def start(page, live_server, hands: int = 2) -> Game:
    page.goto(f"{live_server.url}/games/new/")
    page.get_by_role("link", name=re.compile("Différenzler: four players")).click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#id_seat_{seat}", name)
    page.fill("#id_hands", str(hands))
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/\d+/table/$"))
    return Game.objects.get()


def masked(box) -> bool:
    """Whether a box hides what is typed in it (dots), without being a password box that
    the browser would offer to save and fill in for the next player. Waits for the page's
    style sheet, which a loaded machine may still be reading when the box is there."""
    try:
        box.page.wait_for_function(
            "e => getComputedStyle(e).webkitTextSecurity === 'disc'",
            arg=box.element_handle(),
            timeout=5_000,
        )
    except PlaywrightTimeout:
        return False
    return box.get_attribute("type") == "text"


class Phone:
    """A player's own phone: a browser context of its own, which records the text of
    every answer it receives from the site."""

    def __init__(self, browser, live_server, url: str) -> None:
        self.context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB"
        )
        self.received: list[str] = []
        own_host = urlsplit(live_server.url).netloc

        def keep(route):
            if urlsplit(route.request.url).netloc != own_host:
                route.abort()
                return
            response = route.fetch()
            if "text" in response.headers.get("content-type", ""):
                self.received.append(response.text())
            route.fulfill(response=response)

        self.context.route("**/*", keep)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.page.goto(url)

    def close(self) -> None:
        # a live poll may still be in flight: let it go rather than fail on it
        self.context.unroute_all(behavior="ignoreErrors")
        self.context.close()

    def estimate(self, value: int) -> None:
        box = self.page.locator("input.estimate-input")
        box.fill(str(value))
        assert masked(box)
        self.page.get_by_role("button", name="Seal my estimate").click()
        expect(self.page.locator(".alert-success")).to_contain_text("Your estimate is sealed")

    def shows_none_of(self, values) -> None:
        text = self.page.locator("body").inner_text()
        for value in values:
            assert not re.search(rf"\b{value}\b", text), f"{value} on the page"
        for answer in self.received:
            for value in values:
                assert not re.search(rf">\s*{value}\s*<", answer), f"{value} sent to the phone"


def test_a_whole_game_with_each_player_on_their_own_phone(scorer, page, browser, live_server):
    game = start(page, live_server)
    links = {link.seat: link for link in game.seat_links.all()}
    expect(page.locator(".seat-codes summary")).to_contain_text("own phones")
    page.locator(".seat-codes summary").click()
    expect(page.locator(".seat-code svg")).to_have_count(4)
    screenshot(page, "differenzler-scorer-codes")
    phones = [
        Phone(browser, live_server, f"{live_server.url}{links[seat].get_absolute_url()}")
        for seat in range(4)
    ]
    expect(phones[0].page.get_by_role("heading", name="Anne")).to_be_visible()

    for number, (estimates, cards) in enumerate(zip(ESTIMATES, CARDS, strict=True), start=1):
        if number == 1:
            page.get_by_role("button", name="♥ Hearts").click()
            expect(page.locator(".chosen-trump")).to_contain_text("Hearts")
        else:
            page.get_by_role("button", name="Draw at random").click()
            expect(page.locator(".open-hand")).to_contain_text("drawn")
        for seat, phone in enumerate(phones):
            expect(phone.page.locator("#seat-screen")).to_contain_text(
                f"Hand {number} of 2", timeout=REVEAL_WAIT
            )
            phone.estimate(estimates[seat])
        # the scorer sees who has estimated, never how much
        expect(page.locator(".estimate-list .estimated")).to_have_count(4, timeout=REVEAL_WAIT)
        screenshot(page, f"differenzler-scorer-hand-{number}-estimated")
        assert not any(str(value) in page.locator("main").inner_text() for value in estimates)
        for seat, phone in enumerate(phones):
            phone.shows_none_of(v for other, v in enumerate(estimates) if other != seat)
        if number == 1:
            screenshot(phones[1].page, "differenzler-own-phone-sealed")

        page.get_by_role("button", name="Start the hand").click()
        for seat in range(3):  # three typed, the fourth 157 minus the others
            page.fill(f"#id_cards_{seat}", str(cards[seat]))
        expect(page.locator("#id_cards_3")).to_have_attribute("placeholder", str(cards[3]))
        screenshot(page, f"differenzler-scorer-hand-{number}-points")
        with page.expect_response(lambda response: "/points/" in response.url) as saved:
            page.get_by_role("button", name="Save the hand").click()
        # the answer itself shows the hand scored (not only the next poll)
        answer = saved.value.text()
        assert 'class="last-hand"' in answer
        assert f"Hand {number}:" in answer
        expect(page.locator(".last-hand")).to_contain_text(f"Hand {number}")

        for phone in phones:
            # everyone sees the estimates, the differences and the totals
            expect(phone.page.locator(".last-hand")).to_contain_text(
                f"Hand {number}", timeout=REVEAL_WAIT
            )
            revealed = phone.page.locator(".last-hand .revealed-estimate").all_inner_texts()
            assert revealed == [str(value) for value in estimates]

    assert Hand.objects.filter(game=game).count() == 2
    result = game.result()
    assert result.over
    assert result.totals == (144, 213, 178, 201)
    expect(page.locator("#diff-table")).to_contain_text("Anne won")
    for phone in phones:
        expect(phone.page.locator("#seat-screen")).to_contain_text("Anne won", timeout=REVEAL_WAIT)
        assert not has_horizontal_scroll(phone.page)
    screenshot(phones[0].page, "differenzler-own-phone-over")
    for phone in phones:
        phone.close()


def test_one_phone_passed_round(scorer, page, live_server):
    game = start(page, live_server, hands=1)
    page.get_by_role("button", name="♠ Spades").click()
    for seat, name in enumerate(PLAYERS):
        page.get_by_role("link", name=f"Type here ({name})").click()
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        box = page.locator("input.estimate-input")
        assert masked(box)
        box.fill(str(ESTIMATES[0][seat]))
        if seat == 0:
            screenshot(page, "differenzler-passed-round-typing")
        page.get_by_role("button", name="Seal my estimate").click()
        expect(page.locator(".messages")).to_contain_text(
            f"Estimate of {name} sealed. Pass the phone on."
        )
        text = page.locator("main").inner_text()
        assert not any(str(value) in text for value in ESTIMATES[0])
    expect(page.locator(".estimate-list .estimated")).to_have_count(4)
    page.get_by_role("button", name="Start the hand").click()
    # a typo refused: the points stay as typed, with the message
    for seat, points in enumerate((40, 30, 37, 51)):
        page.fill(f"#id_cards_{seat}", str(points))
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".points-form")).to_contain_text("40 + 30 + 37 + 51 = 158")
    expect(page.locator("#id_cards_3")).to_have_value("51")
    page.fill("#id_cards_3", "")
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".last-hand")).to_contain_text("Hand 1")
    assert page.locator(".last-hand .revealed-estimate").all_inner_texts() == [
        str(value) for value in ESTIMATES[0]
    ]
    assert game.hands.get().read().cards == (40, 30, 37, 50)
    assert not has_horizontal_scroll(page)
    screenshot(page, "differenzler-passed-round-over")


def test_an_estimate_being_typed_survives_the_seat_screens_redraw(
    scorer, page, browser, live_server
):
    """The seat's screen follows the game by itself (the trump chosen, a hand scored):
    digits a player has typed but not yet sealed stay in the box, with the focus."""
    game = start(page, live_server)
    link = game.seat_links.get(seat=2)
    phone = Phone(browser, live_server, f"{live_server.url}{link.get_absolute_url()}")
    box = phone.page.locator("input.estimate-input")
    expect(phone.page.locator("#seat-screen")).to_contain_text("The trump is not chosen yet")
    box.focus()
    phone.page.keyboard.type("77")
    page.get_by_role("button", name="♥ Hearts").click()
    expect(phone.page.locator("#seat-screen")).to_contain_text("Hearts", timeout=REVEAL_WAIT)
    expect(box).to_have_value("77")
    expect(box).to_be_focused()
    phone.page.get_by_role("button", name="Seal my estimate").click()
    expect(phone.page.locator(".alert-success")).to_contain_text("Your estimate is sealed")
    assert game.estimates.get(number=1, seat=2).value == 77
    phone.context.unroute_all(behavior="ignoreErrors")
    phone.close()
