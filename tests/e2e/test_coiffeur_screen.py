"""The Coiffeur table screen while its answers are slow and after each change (issue
34): what the scorer taps while a Save's answer is on its way is kept when the screen is
drawn again; the focus lands on the next hand's rows, a refusal or the verdict, never on
the page's body, and the polite status line says what changed; offline, the Diff.
column and the counter-match bonuses follow the waiting hands."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from clubs.models import Club
from scoring import services
from scoring.kinds.coiffeur.gamefile import read_game
from scoring.kinds.coiffeur.rules import CoiffeurHand
from scoring.kinds.coiffeur.sheet import preset
from scoring.models import Game
from tests.e2e.conftest import screenshot
from tests.e2e.test_coiffeur_game import hand
from tests.e2e.test_offline import controlled
from tests.e2e.test_offline import phone as cellar_phone

phone = cellar_phone  # a scorer's phone, signed in (club "keller")
pytestmark = pytest.mark.e2e

FOCUS = "() => document.activeElement && document.activeElement !== document.body"
FOCUSED = "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : ''"


def sheet(ruleset: dict | None = None, hands: list[CoiffeurHand] = ()) -> Game:
    document = {
        "format": "jass-game/1",
        "name": "Coiffeur im Keller",
        "ruleset": ruleset or {"preset": "coiffeur"},
        "teams": [
            {"name": "Anne & Claude", "players": ["Anne", "Claude"]},
            {"name": "Bernard & Denise", "players": ["Bernard", "Denise"]},
        ],
        "hands": [h.to_dict() for h in hands],
    }
    club = Club.objects.get(slug="keller")
    return services.start_once(
        read_game(document), club=club, suit_style="french", form_key=uuid.uuid4()
    )


def table(page, live_server, game: Game) -> None:
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    page.wait_for_selector("#coiffeur-hand-form")


def tap(page, selector: str) -> None:
    """A thumb on a radio button: its label."""
    target = page.locator(selector)
    page.locator(f"label[for='{target.get_attribute('id')}']").click()


def hold_saves(page) -> list:
    """The table's Saves held back on their way (each route is continued by the test)."""
    held: list = []
    page.route(
        "**/coiffeur/hands/",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    return held


def save_held(page, held: list) -> None:
    """Save, and wait until its request has left and is held back: bounded, failing
    with a message, never hanging."""
    count = len(held)
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/coiffeur/hands/")):
        page.locator("#coiffeur-hand-form button.save-hand").click()
    for _attempt in range(200):  # the request's event comes just before its route's
        if len(held) > count:
            return
        page.wait_for_timeout(10)
    pytest.fail("the Save left the phone but was never held back by the route")


def stored(game: Game) -> list[tuple]:
    return [
        (h.number, h.record["team"], h.record["row"], h.record["cards"])
        for h in game.hands.order_by("number")
    ]


@pytest.mark.parametrize("answer", ["after the form moved on", "at once"])
def test_what_is_tapped_while_the_answer_is_slow_is_kept(phone, live_server, answer):
    page = phone
    game = sheet(hands=[CoiffeurHand(0, "obe-abe", 98)])
    table(page, live_server, game)
    held = hold_saves(page)
    form = page.locator("#coiffeur-hand-form")
    tap(page, ".rows-of-1 input[value='spades']")  # Bernard & Denise's turn: chosen
    form.locator(".points-input").fill("60")
    save_held(page, held)  # the Save left: its answer is held back
    # At once, for the next hand: Bernard & Denise again (its button is checked from
    # hand 2 already: a tap that changes nothing), hearts, 80 card points.
    tap(page, ".coiffeur-sides input[value='1']")
    tap(page, ".rows-of-1 input[value='hearts']")
    form.locator(".points-input").fill("80")
    if answer == "after the form moved on":  # the waiting hand counted on the phone first
        page.wait_for_function(
            "() => document.querySelector('#coiffeur-hand-form [name=hand_number]').value === '3'"
        )
    held[0].continue_()
    page.wait_for_selector("#table[data-hands='2']")
    page.wait_for_function(
        "() => document.querySelector('#coiffeur-hand-form [name=hand_number]').value === '3'"
    )
    expect(form.locator(".coiffeur-sides input[value='1']")).to_be_checked()
    expect(form.locator(".rows-of-1 input[value='hearts']")).to_be_checked()
    expect(form.locator(".points-input")).to_have_value("80")
    page.unroute("**/coiffeur/hands/")
    form.locator("button.save-hand").click()
    page.wait_for_selector("#table[data-hands='3']")
    assert stored(game) == [(1, 0, "obe-abe", 98), (2, 1, "spades", 60), (3, 1, "hearts", 80)]


def test_taps_during_a_slow_save_are_not_typed_into_the_hand_offered_again(phone, live_server):
    """Issue 34 review: hand 2 is sent; while its answer is on its way another phone
    records hand 2, and the scorer taps on for hand 3 (Anne & Claude, hearts, 90). The
    server offers the scorer's hand 2 again as hand 3, with why: it is shown as typed
    (Bernard & Denise, spades, 60), never mixed with the taps made meanwhile."""
    page = phone
    game = sheet(hands=[CoiffeurHand(0, "obe-abe", 98)])
    table(page, live_server, game)
    held = hold_saves(page)
    form = page.locator("#coiffeur-hand-form")
    tap(page, ".rows-of-1 input[value='spades']")
    form.locator(".points-input").fill("60")
    save_held(page, held)
    other = services.Author(device="the other phone")
    services.record_hand(
        game, CoiffeurHand(0, "clubs", 50), number=2, form_key=uuid.uuid4(), author=other
    )
    tap(page, ".coiffeur-sides input[value='0']")
    tap(page, ".rows-of-0 input[value='hearts']")
    form.locator(".points-input").fill("90")
    held[0].continue_()
    page.wait_for_function("() => document.activeElement.id === 'coiffeur-form-errors'")
    errors = page.locator("#coiffeur-form-errors")
    expect(errors).to_contain_text("Hand 2 was already recorded on another phone")
    expect(form.locator("[name=hand_number]")).to_have_value("3")
    expect(form.locator(".coiffeur-sides input[value='1']")).to_be_checked()
    expect(form.locator(".rows-of-1 input[value='spades']")).to_be_checked()
    expect(form.locator(".rows-of-0 input[value='hearts']")).not_to_be_checked()
    expect(form.locator(".points-input")).to_have_value("60")
    page.unroute("**/coiffeur/hands/")
    form.locator("button.save-hand").click()
    page.wait_for_selector("#table[data-hands='3']")
    assert stored(game) == [(1, 0, "obe-abe", 98), (2, 0, "clubs", 50), (3, 1, "spades", 60)]


def test_the_focus_follows_a_save_a_refusal_and_an_undo_and_each_is_said(phone, live_server):
    page = phone
    game = sheet()
    table(page, live_server, game)
    said = page.locator("#table-said")

    hand(page, 0, "hearts", 80)
    page.wait_for_function(FOCUS)
    focused = page.evaluate(FOCUSED)
    assert 'name="row_1"' in focused, focused  # the next side's rows
    expect(said).to_have_text(
        "Hand 1 recorded: ♥ Hearts · Anne & Claude: 80 → 240. Totals 240 : 0."
    )

    # refused: the problems at the top of the form, focused
    tap(page, ".rows-of-1 input[value='spades']")
    page.locator("#coiffeur-hand-form .points-input").fill("158")
    page.locator("#coiffeur-hand-form button.save-hand").click()
    page.wait_for_selector("#coiffeur-form-errors")
    page.wait_for_function("() => document.activeElement.id === 'coiffeur-form-errors'")
    expect(page.locator("#coiffeur-form-errors")).to_contain_text("At most 157 card points")

    page.locator("#coiffeur-hand-form .points-input").fill("57")
    page.locator("#coiffeur-hand-form button.save-hand").click()
    page.wait_for_selector("#table[data-hands='2']")
    page.wait_for_function(FOCUS)
    assert 'name="row_0"' in page.evaluate(FOCUSED)

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#table form[action$='/undo/'] button").click()
    page.wait_for_selector("#table[data-hands='1']")
    page.wait_for_function(FOCUS)
    assert 'name="row_1"' in page.evaluate(FOCUSED)
    expect(said).to_have_text("Hand 2 taken back. Totals 240 : 0.")

    # a correction saved: back at the table, the focus on what it says
    page.locator("#table .hand-edit").first.click()
    page.locator("#coiffeur-hand-form .points-input").fill("81")
    page.locator("#coiffeur-hand-form button.save-hand").click()
    page.wait_for_selector("#table .messages")
    page.wait_for_function("() => document.activeElement.classList.contains('messages')")
    expect(page.locator("#table .messages")).to_contain_text("Hand 1 corrected.")


def test_the_last_row_typed_on_two_phones_says_why_below_with_the_focus(phone, live_server):
    page = phone
    rows = preset("coiffeur").names
    hands = [CoiffeurHand(side, row, 60 - side) for row in rows for side in (0, 1)][:-1]
    game = sheet(hands=hands)
    table(page, live_server, game)
    other = services.Author(device="the other phone")
    services.record_hand(
        game, CoiffeurHand(1, "choice", 70), number=20, form_key=uuid.uuid4(), author=other
    )
    tap(page, ".rows-of-1 input[value='choice']")  # the other phone was first
    page.locator("#coiffeur-hand-form .points-input").fill("77")
    page.locator("#coiffeur-hand-form button.save-hand").click()
    page.wait_for_selector("#coiffeur-form-errors")
    page.wait_for_function("() => document.activeElement.id === 'coiffeur-form-errors'")
    errors = page.locator("#coiffeur-form-errors")
    expect(errors).to_contain_text("The sheet was full after hand 20")
    expect(errors).to_contain_text("What was typed: Free choice ×10 · Bernard & Denise: 77")
    expect(page.locator(".coiffeur-verdict")).to_be_visible()
    assert stored(game)[-1] == (20, 1, "choice", 70)


def test_offline_the_difference_and_the_counter_match_bonus_follow_the_waiting_hands(
    phone, live_server
):
    page = phone
    game = sheet({"preset": "coiffeur", "counter_bonus": 100}, [CoiffeurHand(0, "hearts", 80)])
    table(page, live_server, game)
    controlled(page)
    page.context.set_offline(True)
    hand(page, 1, "hearts", 50)  # hearts ×3: 240 − 150 = +90
    hand(page, 0, "spades", outcome="counter")  # A's counter-match: B receives 100
    page.wait_for_function(FOCUS)  # saved on the phone: the next hand's rows, not the body
    assert 'name="row_1"' in page.evaluate(FOCUSED)
    sheet_table = page.locator("#table .coiffeur-table")
    hearts = sheet_table.locator("tbody tr").nth(2)
    expect(hearts.locator(".row-diff .total-waiting")).to_have_text("+90")
    expect(sheet_table.locator(".total-diff .total-waiting")).to_have_text("→ −10")
    bonus = sheet_table.locator("tfoot .bonus-line")
    expect(bonus.locator("th")).to_have_text("Counter-match bonus")
    expect(bonus.locator("td.cell").nth(1).locator(".total-waiting")).to_have_text("→ 100")
    totals = sheet_table.locator(".total-line td.total .total-waiting")
    expect(totals).to_have_text(["→ 240", "→ 250"])
    page.context.set_offline(False)
    page.wait_for_selector("#table[data-hands='3']")
    expect(sheet_table.locator("tfoot .bonus-line td.cell").nth(1)).to_have_text("100")
    expect(sheet_table.locator(".total-diff")).to_have_text("−10")


def test_a_sheet_typed_in_the_clubs_words_is_played_as_it_says(phone, live_server):
    """Issue 34: "Misär ×8" is misère; a name the sheet does not know is asked, never
    guessed, and the answer is what the sheet counts."""
    page = phone
    page.goto(f"{live_server.url}/games/new/coiffeur/")
    for side, names in enumerate((("Anne", "Claude"), ("Bernard", "Denise"))):
        for seat, name in enumerate(names):
            page.fill(f"#id_side_{side}_player_{seat}", name)
    page.locator("details summary").click()
    rows = "Eicheln ×1\nSchellen ×2\nSchilten ×3\nRosen ×4\nObe ×5\nUnde ×6\nMisär ×8\nNüt ×9"
    page.fill("#id_rows", rows)
    page.locator("form.new-game button[type=submit]").first.click()
    question = page.get_by_role("group", name="Line 8, “Nüt ×9”: how is this row played?")
    expect(question).to_be_visible()
    expect(page.locator("#id_rows").locator("xpath=..")).to_contain_text(
        "the sheet does not know this name"
    )
    expect(question.locator("input").first).to_be_focused()
    screenshot(page, "coiffeur-start-asks-a-rows-mode")
    question.get_by_text("Free choice").click()
    page.locator("form.new-game button[type=submit]").first.click()
    page.wait_for_selector("#coiffeur-hand-form")
    game = Game.objects.get()
    assert game.ruleset["rows"][6:] == [["misere", 8, "Misär"], ["choice", 9, "Nüt"]]
    hand(page, 0, "misere", 40)
    expect(page.locator("#table .coiffeur-table tbody tr.misere .cell").first).to_contain_text(
        "936"
    )


def test_the_game_page_says_the_hand_its_live_poll_brings(phone, live_server):
    page = phone
    game = sheet(hands=[CoiffeurHand(0, "hearts", 80)])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#page-said")).to_have_text("")
    other = services.Author(device="the table's phone")
    services.record_hand(
        game, CoiffeurHand(1, "misere", 40), number=2, form_key=uuid.uuid4(), author=other
    )
    expect(page.locator("#page-said")).to_have_text(
        "Hand 2 recorded: Misère · Bernard & Denise: 40 → 936. Totals 240 : 936.",
        timeout=15_000,  # the poll asks every 5 s
    )
