"""The Différenzler scorer's screen offline (issue 34): nothing it does is a silent
no-op and nothing typed is lost. A status line says online or offline; offline, a Save
or a trump tap is not sent, and a note beside it, focused, says it needs a connection
and that what was typed stays; back online the note says so and one tap saves. The card
points are checked on the phone as the server checks them, in the server's words, and a
seeded differential test compares the phone's refusals with the server's. In French, at
390 px (the page fixture's phone)."""

from __future__ import annotations

import json
import random
import re
import uuid
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring.forms import problem_message
from scoring.kinds.differenzler import estimates
from scoring.kinds.differenzler.forms import PointsForm
from scoring.kinds.differenzler.rules import check_cards, fill_cards
from scoring.models import Game
from scoring.rules import SUITS, RulesError
from scoring.services import Author
from tests.e2e.conftest import PHONE, sign_in
from tests.e2e.test_differenzler import PLAYERS
from tests.e2e.test_offline import KEPT

pytestmark = pytest.mark.e2e

DIFFERENZLER_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "differenzler.js"
SEED = 20261128
FOCUSED = "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 300) : ''"
# Every htmx request the screen starts (synchronously, as the Save or the tap is handled).
COUNT_SENT = """() => { window.sent = [];
  document.addEventListener('htmx:beforeRequest', e => {
    const elt = e.detail.elt;
    if (elt && elt.id !== 'live') window.sent.push(e.detail.requestConfig.path); }); }"""


def fr(text: str) -> str:
    with translation.override("fr"):
        said = translation.gettext(text)
    assert said != text, f"not translated into French: {text!r}"
    return said


@pytest.fixture
def french(browser, live_server, transactional_db):
    """A scorer signed in on a 390 px phone in French."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role

    club = Club.objects.create(name="Jass-Club Test", slug="test-club")
    user = get_user_model().objects.create_user("scorer", password="jass-test-pw")
    Member.objects.create(club=club, name="Scorer", user=user, role=Role.SCORER)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="fr-CH"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in(page, live_server, "scorer", "jass-test-pw")
    yield page, club, user
    context.close()


def table(french, live_server, started: bool = True) -> Game:
    """A Différenzler game of two hands on the scorer's screen: hand 1's trump chosen,
    its estimates sealed and (``started``) the hand started."""
    page, club, user = french
    game = estimates.start_game(
        club=club,
        name="Différenzler",
        players=tuple(PLAYERS),
        hands=2,
        trumps=SUITS,  # type: ignore[arg-type]
        played_on=None,
        suit_style="french",
        form_key=uuid.uuid4(),
        author=Author(device="t", user=user),
    )
    if started:
        estimates.choose_trump(game, 1, "hearts")
        for seat, value in enumerate((40, 30, 50, 37)):
            estimates.seal_estimate(game, 1, seat, value)
        estimates.start_hand(game, 1, tuple(PLAYERS))
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    page.evaluate(COUNT_SENT)
    return game


def type_points(page, values) -> None:
    for seat, value in enumerate(values):
        page.fill(f"#id_cards_{seat}", value)


SAVE = ".points-form button[type=submit]"
REDRAWN = "() => !document.getElementById('diff-table').dataset.old"


def test_offline_a_save_is_not_sent_silently_and_what_was_typed_stays(french, live_server):
    page, _club, _user = french
    game = table(french, live_server)
    status = page.locator("#net-status")
    expect(status).to_have_text(fr("Online"))
    expect(status).to_have_attribute("role", "status")

    page.context.set_offline(True)
    expect(status).to_have_text(fr("Offline"))
    type_points(page, ("40", "30", "50", ""))
    page.locator(SAVE).click()
    note = page.locator("#net-note")
    expect(note).to_have_text(
        fr(
            "Not sent: this needs a connection. What you typed stays on this screen; "
            "tap again once the connection is back."
        )
    )
    expect(note).to_have_attribute("role", "alert")
    assert 'id="net-note"' in page.evaluate(FOCUSED)
    assert page.evaluate("window.sent") == []  # nothing attempted, no htmx:sendError
    for seat, value in enumerate(("40", "30", "50", "")):
        expect(page.locator(f"#id_cards_{seat}")).to_have_value(value)

    page.context.set_offline(False)
    expect(status).to_have_text(fr("Online"))
    expect(note).to_have_text(
        fr("The connection is back, but nothing was sent yet: tap again to send it.")
    )
    assert 'id="net-note"' in page.evaluate(FOCUSED)  # the note said anew keeps the focus
    page.locator(SAVE).click()  # one tap
    expect(page.locator("#table-said")).to_have_text(
        fr("Hand %%(number)s recorded.").replace("%%(number)s", "1")
    )
    expect(note).to_have_count(0)
    hand = game.hands.get()
    assert hand.record["cards"] == [40, 30, 50, 37]


def test_offline_a_trump_tap_is_refused_in_words_and_not_sent_on_return(french, live_server):
    page, _club, _user = french
    game = table(french, live_server, started=False)
    page.context.set_offline(True)
    page.locator('.trump-grid button[value="spades"]').click()
    note = page.locator("#net-note")
    expect(note).to_contain_text(
        fr(
            "Not sent: this needs a connection. What you typed stays on this screen; "
            "tap again once the connection is back."
        )
    )
    assert 'id="net-note"' in page.evaluate(FOCUSED)
    assert page.evaluate("window.sent") == []
    # back online the screen says so; the tap is sent only when made again
    page.context.set_offline(False)
    expect(note).to_have_text(
        fr("The connection is back, but nothing was sent yet: tap again to send it.")
    )
    assert not estimates.state(game, 0).trump
    page.locator('.trump-grid button[value="spades"]').click()
    expect(page.locator(".chosen-trump")).to_contain_text("Pique")
    assert estimates.state(game, 0).trump == "spades"


def test_card_points_typed_offline_survive_a_reload(french, live_server):
    """Typed, refused for want of a connection, the page reloaded offline (this phone has
    no service worker: the browser's own offline page) and opened again once the
    connection is back: the card points are on the form again, the note beside them."""
    page, _club, _user = french
    game = table(french, live_server)
    page.context.set_offline(True)
    type_points(page, ("40", "30", "", "50"))
    page.locator(SAVE).click()
    expect(page.locator("#net-note")).to_be_visible()
    with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED"):
        page.reload()
    page.context.set_offline(False)
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    for seat, value in enumerate(("40", "30", "", "50")):
        expect(page.locator(f"#id_cards_{seat}")).to_have_value(value)
    expect(page.locator("#net-status")).to_have_text(fr("Online"))
    page.locator(SAVE).click()
    expect(page.locator("#table-said")).to_have_text(
        fr("Hand %%(number)s recorded.").replace("%%(number)s", "1")
    )
    assert game.hands.get().record["cards"] == [40, 30, 37, 50]


def test_what_was_typed_offline_and_its_note_survive_the_live_polls_redraw(french, live_server):
    page, _club, _user = french
    game = table(french, live_server)
    page.context.set_offline(True)
    type_points(page, ("40", "", "50", "30"))
    page.locator(SAVE).click()
    expect(page.locator("#net-note")).to_be_visible()
    page.evaluate("() => { document.getElementById('diff-table').dataset.old = '1'; }")
    page.context.set_offline(False)
    links = estimates.seat_links(game, Author(device="test"))  # the screen changes elsewhere:
    estimates.hold_seat(links[2], None, "Claude's phone")  # the poll draws it anew
    page.wait_for_function(REDRAWN, timeout=15_000)
    for seat, value in enumerate(("40", "", "50", "30")):
        expect(page.locator(f"#id_cards_{seat}")).to_have_value(value)
    expect(page.locator("#net-note")).to_have_text(
        fr("The connection is back, but nothing was sent yet: tap again to send it.")
    )
    page.wait_for_function("() => document.activeElement !== document.body")


@pytest.mark.parametrize("offline", [False, True])
def test_the_phone_refuses_card_points_as_the_server_does(french, live_server, offline):
    """220 in all, then three making 120 + 100: refused on the phone in the server's
    French words, the summary focused; a box out of range gets its message beside it.
    Nothing is sent."""
    page, _club, _user = french
    game = table(french, live_server)
    page.context.set_offline(offline)
    type_points(page, ("40", "30", "50", "100"))
    page.locator(SAVE).click()
    summary = page.locator(".points-form .alert-danger[role=alert]")
    expect(summary).to_have_text(
        fr("{a} + {b} + {c} + {d} = {sum}, but the cards of a hand make {total}").format(
            a=40, b=30, c=50, d=100, sum=220, total=157
        )
    )
    assert "alert-danger" in page.evaluate(FOCUSED)
    type_points(page, ("40", "30", "", "158"))
    page.locator(SAVE).click()
    expect(summary).to_have_count(0)
    beside = page.locator("#id_cards_3-error")
    expect(beside).to_have_text(fr("Card points are 0 to 157."))
    expect(page.locator("#id_cards_3")).to_have_attribute("aria-describedby", "id_cards_3-error")
    assert 'id="id_cards_3"' in page.evaluate(FOCUSED)
    assert page.evaluate("window.sent") == []
    assert game.hands.count() == 0


# --- the phone's check and the server's, on random card points ---------------------------


def server_refusals(values: list[str]) -> list[list]:
    """What the server says of the four boxes, as record_points and score_hand check
    them: the form's boxes, then fill_cards and check_cards (a hand's whole)."""
    data = {"form_key": str(uuid.uuid4()), "hand_number": "1"}
    data.update({f"cards_{seat}": value for seat, value in enumerate(values)})
    form = PointsForm(data)
    if not form.is_valid():
        return [
            [int(name[-1]), str(error)] for name, errors in form.errors.items() for error in errors
        ]
    try:
        cards = fill_cards(form.cards)
    except RulesError as error:
        return [[-1, problem_message(problem)] for problem in error.problems]
    return [[-1, problem_message(problem)] for problem in check_cards(cards)]


def random_box(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.15:
        return ""
    if roll < 0.7:
        return str(rng.randint(0, 80))
    if roll < 0.8:
        return str(rng.choice([-1, -12, 158, 200, 999, 157, 0]))
    return rng.choice(
        ["4.0", " 12 ", "1_0", "+7", "-0", "abc", "²", "5 ²", "1.5", "1__0", "0x1", "", " "]
    )


def test_the_phones_refusals_of_card_points_are_the_servers(browser, db):
    rng = random.Random(SEED)
    cases = [[random_box(rng) for _seat in range(4)] for _case in range(600)]
    cases += [["40", "30", "50", "100"], ["40", "30", "50", ""], ["100", "60", "", ""]]
    kinds: set[str] = set()
    page = browser.new_page()
    try:
        page.set_content("<html></html>")
        page.add_script_tag(path=str(DIFFERENZLER_JS))
        with translation.override("fr"):
            words = PointsForm().phone_words
            expected = [server_refusals(values) for values in cases]
        phone = json.loads(
            page.evaluate(
                "([cases, words]) => JSON.stringify(cases.map((c) => JassDiffCheck(c, words)))",
                [cases, words],
            )
        )
    finally:
        page.close()
    for values, server, mine in zip(cases, expected, phone, strict=True):
        assert mine == server, f"{values}: the server says {server}, the phone {mine}"
        kinds.update(message for _field, message in server)
    assert (
        len(kinds) >= 5
    )  # every kind of refusal was met (not a whole number, range, the hand's three)
    assert sum(1 for refusals in expected if not refusals) > 20  # and hands taken


def test_a_reload_offline_shows_the_kept_screen_with_what_was_typed(french, live_server):
    """A phone whose service worker is installed (a team or Coiffeur table opened on it
    before) keeps the Différenzler screen too: reloaded offline, it is shown as kept,
    with its script, the card points typed and the status line saying offline."""
    page, _club, _user = french
    table(french, live_server)
    page.evaluate(f"() => navigator.serviceWorker.register({reverse('scoring:service_worker')!r})")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()  # through the worker, which keeps it
    page.wait_for_function(KEPT)
    page.context.set_offline(True)
    type_points(page, ("", "30", "50", "40"))
    page.locator(SAVE).click()
    expect(page.locator("#net-note")).to_be_visible()
    page.reload()  # offline: the worker's copy
    for seat, value in enumerate(("", "30", "50", "40")):
        expect(page.locator(f"#id_cards_{seat}")).to_have_value(value)
    expect(page.locator("#net-status")).to_have_text(fr("Offline"))
    page.locator(SAVE).click()
    expect(page.locator("#net-note")).to_be_visible()
    assert 'id="net-note"' in page.evaluate(FOCUSED)


def test_offline_the_screens_links_and_a_reopen_say_they_need_a_connection(french, live_server):
    """The phone passed round (a link), and taking hand 1 back (asked first): offline
    neither leaves the screen for the browser's error page nor asks a question whose
    answer cannot be sent; the note says why, beside it."""
    page, _club, _user = french
    game = table(french, live_server, started=False)
    estimates.choose_trump(game, 1, "hearts")
    for seat, value in enumerate((40, 30, 50, 37)):
        estimates.seal_estimate(game, 1, seat, value)
    estimates.start_hand(game, 1, tuple(PLAYERS))
    estimates.record_points(
        game, 1, (40, 30, 50, None), form_key=uuid.uuid4(), author=Author(device="t")
    )
    page.reload()
    page.evaluate(COUNT_SENT)
    url = page.url
    page.context.set_offline(True)
    page.on("dialog", lambda dialog: pytest.fail(f"asked offline: {dialog.message}"))
    page.locator(".estimate-list a").first.click()
    note = page.locator("#net-note")
    expect(note).to_be_visible()
    assert page.url == url
    assert 'id="net-note"' in page.evaluate(FOCUSED)
    page.locator('form[action$="/reopen/"] button').click()
    expect(page.locator("#net-note + form")).to_have_attribute("action", re.compile("reopen"))
    assert page.evaluate("window.sent") == []
    assert game.hands.count() == 1


def test_a_save_that_gets_no_answer_online_says_so(french, live_server):
    """The phone thinks it is online but the request gets no answer (a cellar's weak
    Wi-Fi): the note says the Save needs a connection, and the card points stay."""
    page, _club, _user = french
    game = table(french, live_server)
    page.route("**/points/", lambda route: route.abort("internetdisconnected"))
    type_points(page, ("40", "30", "50", ""))
    page.locator(SAVE).click()
    expect(page.locator("#net-note")).to_have_text(
        fr(
            "Not sent: this needs a connection. What you typed stays on this screen; "
            "tap again once the connection is back."
        )
    )
    assert 'id="net-note"' in page.evaluate(FOCUSED)
    for seat, value in enumerate(("40", "30", "50", "")):
        expect(page.locator(f"#id_cards_{seat}")).to_have_value(value)
    page.unroute("**/points/")
    page.locator(SAVE).click()
    expect(page.locator("#net-note")).to_have_count(0)
    expect(page.locator("#table-said")).to_have_text(
        fr("Hand %%(number)s recorded.").replace("%%(number)s", "1")
    )
    assert game.hands.count() == 1
