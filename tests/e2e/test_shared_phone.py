"""A phone that several people use (issue 23): signing out asks about the hands still
waiting, then the phone forgets the table screens, the hands and the last tables it
kept; a hand is sent, and recorded, only for whoever typed it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring.models import Game, HandChange
from tests.e2e.conftest import PHONE, screenshot, sign_in
from tests.e2e.test_differenzler import PLAYERS
from tests.e2e.test_offline import KEPT, controlled, waiting_rows
from tests.e2e.test_table import record, start_game

pytestmark = pytest.mark.e2e

PASSWORD = "jass-test-pw"
WHAT_THE_PHONE_KEEPS = """async () => {
  const names = (await indexedDB.databases()).map(d => d.name);
  const pages = (await caches.has('jassclub-pages'))
    ? (await (await caches.open('jassclub-pages')).keys()).map(k => new URL(k.url).pathname) : [];
  return {caches: await caches.keys(), pages: pages, databases: names,
    local: localStorage.length, workers: (await navigator.serviceWorker.getRegistrations()).length};
}"""
WAITING_HANDS = """() => new Promise(resolve => {
  const open = indexedDB.open('jassclub');
  open.onsuccess = () => {
    const all = open.result.transaction('waiting').objectStore('waiting').getAll();
    all.onsuccess = () => {
      open.result.close();
      resolve(all.result.filter(Array.isArray).flat().map(h => h.number));  // not the tables
    };
  };
})"""


@pytest.fixture
def shared(browser, live_server, transactional_db):
    """One phone (a browser context) at a club evening; two scorers of the club who
    each sign in on it in turn. No request routing: it would switch off the service
    worker's own handling of requests, which is tested."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role

    club = Club.objects.create(name="Jass-Club Keller", slug="keller")
    for name in ("anna", "beat"):
        user = get_user_model().objects.create_user(name, password=PASSWORD)
        Member.objects.create(club=club, name=name.title(), user=user, role=Role.SCORER)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="en-GB"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    refused = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    sign_in(page, live_server, "anna", PASSWORD)
    yield page
    context.close()
    assert refused == [], "the page broke its own Content-Security-Policy"


def user(name: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)


def hand_2_waiting(page, live_server) -> Game:
    """Anna's game: hand 1 saved online (the worker keeps the screen), hand 2 saved in
    the cellar, and the table screen left while still offline, so that nothing sends it."""
    start_game(page, live_server)
    record(page, "Hearts", 100)
    controlled(page)
    page.context.set_offline(True)
    record(page, "Spades", 90)
    expect(waiting_rows(page)).to_have_count(1)
    page.goto(f"{live_server.url}/account/")  # offline: the page for pages never kept
    page.context.set_offline(False)
    open_online(page, f"{live_server.url}/account/")
    return Game.objects.get()


def start_differenzler(page, live_server) -> Game:
    page.goto(f"{live_server.url}/games/new/")
    page.get_by_role("link", name=re.compile("Différenzler: four players")).click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#id_seat_{seat}", name)
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/\d+/table/$"))
    return Game.objects.latest("pk")


def open_online(page, url: str) -> None:
    """Open ``url`` just after the network came back: the service worker may still
    find none for a moment, and answer with the page for pages never kept."""
    for _ in range(5):
        page.goto(url)
        if page.get_by_role("heading", name="No connection").count() == 0:
            return
        page.wait_for_timeout(500)


def sending_round_ended(page) -> None:
    """Wait until the round of sending that the table screen starts on opening has
    ended (offline.js marks it on <html>): a hand kept on the phone for whoever is
    signed in would have been sent in it, and its answer come back."""
    expect(page.locator("html")).to_have_attribute("data-sending", "false")


def shown_offline(page, url: str) -> str:
    """The text a page at ``url`` shows with the network cut (nothing when it fails)."""
    try:
        page.goto(url)
    except PlaywrightError:
        return ""
    return page.locator("body").inner_text()


def test_signing_out_asks_sends_the_waiting_hand_and_the_phone_forgets(shared, live_server):
    page = shared
    game = hand_2_waiting(page, live_server)  # the worker now keeps every table screen
    diff = start_differenzler(page, live_server)
    page.wait_for_function(KEPT)
    assert page.locator(".seat-code svg").count() == 4  # folded away, but on the page
    game_url = f"{live_server.url}/games/{diff.pk}/table/"
    page.context.set_offline(True)
    assert "Anne" in shown_offline(page, game_url)  # before: the Différenzler table, with codes
    assert page.locator(".seat-code svg").count() == 4
    page.context.set_offline(False)

    open_online(page, f"{live_server.url}/account/")
    page.evaluate("() => localStorage.setItem('left-by', 'anna')")
    sign_out = page.get_by_role("button", name="Sign out")
    sign_out.click()
    dialog = page.get_by_role("alertdialog", name="Hands are waiting on this phone")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Hands you saved that are not sent yet: 1.")
    expect(dialog.get_by_role("link")).to_have_text(re.compile(r"hand 2$"))
    send = dialog.get_by_role("button", name="Send my hands, then sign out")
    expect(send).to_be_focused()
    screenshot(page, "sign-out-hands-waiting")

    page.keyboard.press("Escape")  # cancel: nothing sent, still signed in
    expect(dialog).to_be_hidden()
    expect(sign_out).to_be_focused()
    assert game.hands.count() == 1

    page.keyboard.press("Enter")  # the keyboard alone: open again, send
    expect(send).to_be_focused()
    page.context.set_offline(True)
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("status")).to_have_text(
        "No connection: nothing was sent and nothing deleted. Try again once online, "
        "or delete them."
    )
    expect(send).to_be_focused()
    screenshot(page, "sign-out-no-connection")
    assert page.evaluate(WAITING_HANDS) == [2]
    page.context.set_offline(False)
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Signed out")
    screenshot(page, "signed-out")
    assert [h.number for h in game.hands.order_by("number")] == [1, 2]
    assert HandChange.objects.get(game=game, hand_number=2).user == user("anna")

    kept = page.evaluate(WHAT_THE_PHONE_KEEPS)
    assert kept["pages"] == []
    assert "jassclub-pages" not in kept["caches"]
    assert "jassclub" not in kept["databases"]  # the hands waiting and the last tables
    assert kept["local"] == 0
    assert kept["workers"] == 0
    page.context.set_offline(True)
    for url in (game_url, f"{live_server.url}/games/{game.pk}/table/"):
        text = shown_offline(page, url)
        assert "Anne" not in text
        assert page.locator(".seat-code svg, #hand-form").count() == 0
    page.context.set_offline(False)


def test_hands_deleted_at_sign_out_are_never_sent_for_the_next_person(shared, live_server):
    page = shared
    game = hand_2_waiting(page, live_server)

    page.get_by_role("button", name="Sign out").click()
    dialog = page.get_by_role("alertdialog")
    dialog.get_by_role("button", name="Delete them and sign out").click()
    expect(page.locator("h1")).to_have_text("Signed out")

    sign_in(page, live_server, "beat", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    expect(page.locator("#net-status")).to_have_text("Online")
    sending_round_ended(page)
    assert game.hands.count() == 1
    assert not HandChange.objects.filter(user=user("beat")).exists()
    expect(waiting_rows(page)).to_have_count(0)


def test_a_hand_kept_for_one_person_waits_for_them_whoever_signs_in(shared, live_server):
    """Anna's session ends without signing out (it expired) while her hand 2 waits on
    the phone; Beat signs in on it. Neither his screen nor the server records her hand
    under his name: it waits for her, and is sent once she signs in again."""
    from django.contrib.sessions.models import Session

    page = shared
    start_game(page, live_server)
    record(page, "Hearts", 100)
    controlled(page)
    page.context.set_offline(True)
    record(page, "Spades", 90)
    game = Game.objects.get()
    Session.objects.all().delete()  # expired
    page.goto(f"{live_server.url}/account/")  # left while offline: the page for pages never kept
    page.context.set_offline(False)
    open_online(page, f"{live_server.url}/accounts/login/")

    sign_in(page, live_server, "beat", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    status = page.locator("#net-status")
    expect(status).to_contain_text("Kept for the person who typed them: 1")
    expect(waiting_rows(page)).to_have_count(0)  # not counted on Beat's screen
    sending_round_ended(page)
    assert game.hands.count() == 1

    # Were a screen drawn for Anna to send it while Beat is signed in (a script that
    # does not tell them apart), the server refuses it, and the phone keeps it for her.
    page.evaluate(
        """() => JassWaiting.all().then(games => {
          document.getElementById('table').dataset.typist = JassWaiting.typistOf(games[0].hands[0]);
          window.dispatchEvent(new Event('online'));
        })"""
    )
    expect(page.locator("#table .messages")).to_contain_text(
        "Hand 2 was typed by someone else who used this phone: it was not recorded under your name."
    )
    expect(status).to_contain_text("Kept for the person who typed them: 1")
    screenshot(page, "hand-kept-for-someone-else")
    assert page.evaluate(WAITING_HANDS) == [2]
    assert game.hands.count() == 1
    assert not HandChange.objects.filter(user=user("beat")).exists()

    sign_in(page, live_server, "anna", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("3")
    expect(status).not_to_contain_text("Kept for the person")
    expect(waiting_rows(page)).to_have_count(0)  # sent (the form shows hand 3 as it waits)
    assert HandChange.objects.get(game=game, hand_number=2).user == user("anna")


def wait_until(page, check: str) -> None:
    """Wait until ``check``, a promise of a boolean, is true. (``wait_for_function``
    takes a promise returned for a true value without waiting for it.)"""
    page.evaluate("() => { window.checked = false; }")
    page.wait_for_function(
        f"() => {{ ({check}).then(ok => {{ window.checked = ok; }}); return window.checked; }}"
    )


def kept_paths(page) -> list[str]:
    return page.evaluate(
        """() => caches.open('jassclub-pages').then(c => c.keys())
          .then(keys => keys.map(k => new URL(k.url).pathname))"""
    )


@pytest.mark.parametrize("how", ["over her session", "after it expired"])
def test_a_table_kept_for_one_person_is_shown_to_nobody_else(shared, live_server, how):
    """Anna's Différenzler table, with its four seat codes, is kept by the phone; she
    does not sign out. Beat signs in over her session, or after it expired (issue 34,
    item 8): the phone deletes what it kept for her, and offline shows him the page for
    pages never kept, not her table nor its codes (with them a player could hold
    another's seat). What the phone keeps for Beat is shown to him."""
    from django.contrib.sessions.models import Session

    page = shared
    start_game(page, live_server)  # Anna's team game: the service worker starts
    controlled(page)
    diff = start_differenzler(page, live_server)
    anna_table = f"{live_server.url}/games/{diff.pk}/table/"
    wait_until(page, f"({KEPT})()")
    page.context.set_offline(True)
    assert "Anne" in shown_offline(page, anna_table)  # kept for Anna, shown to her
    assert page.locator(".seat-code svg").count() == 4
    page.context.set_offline(False)

    if how == "after it expired":
        Session.objects.all().delete()
    open_online(page, f"{live_server.url}/accounts/login/")
    sign_in(page, live_server, "beat", PASSWORD)
    wait_until(  # every page kept for Anna deleted: her two tables
        page,
        """caches.open('jassclub-pages').then(c => c.keys())
          .then(keys => keys.every(k => new URL(k.url).pathname === '/sw/kept-for'))""",
    )

    page.context.set_offline(True)
    shown_offline(page, anna_table)
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    assert page.locator(".seat-code svg, #hand-form, #table").count() == 0
    screenshot(page, "kept-table-not-shown-to-the-next-person")
    page.context.set_offline(False)

    open_online(page, f"{live_server.url}/")
    start_game(page, live_server)  # Beat's own game
    beat_table = page.url
    controlled(page)
    beat_game = Game.objects.latest("pk")
    assert sorted(kept_paths(page)) == [f"/games/{beat_game.pk}/table/", "/sw/kept-for"]
    page.context.set_offline(True)
    page.goto(beat_table)
    expect(page.locator("#hand-form")).to_be_visible()
    assert page.evaluate("() => document.getElementById('table').dataset.typist") != ""
    page.context.set_offline(False)
    # nor does the phone's own copy of the last table keep Anna's (her team game's)
    wait_until(
        page,
        """idbKeyval.entries(idbKeyval.createStore('jassclub', 'waiting')).then(entries => {
          const pages = entries.filter(e => String(e[0]).startsWith('page '));
          const mine = document.getElementById('table').dataset.typist;
          return pages.length === 1 && pages[0][1].typist === mine; })""",
    )
