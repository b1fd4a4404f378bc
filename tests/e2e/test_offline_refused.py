"""A hand refused when the phone comes back online while later hands wait behind it
(issue 34, item 1): it stays on the form with its message and what was typed, also
after a reload; the later hands keep their numbers and wait; dropping it is asked,
saying how the later hands are renumbered."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Game
from tests.e2e.test_offline import ALL_SENT, one_hand_then_offline, phone, waiting_rows

__all__ = ["phone"]  # the fixture, used by name

REFUSED = "() => document.querySelector('#table .refused-hand') !== null"
NEXT_OR_REFUSED = """n => document.querySelector('#table .refused-hand')
  || Number(document.querySelector('#hand-form input[name=hand_number]').value) > n"""


def weis_as_points(page, trump: str, points: int, values: str) -> None:
    """A hand with a Weis typed as bare points (``30`` is no Weis of the game), saved
    from a screen drawn before the phone checked hands (kept from before a deploy, as
    in ``test_offline.py``): today's phone refuses it itself, so only such a screen
    lets the server be the one to refuse it."""
    page.evaluate("document.getElementById('hand-checks')?.remove()")
    number = int(page.locator("#hand-form input[name=hand_number]").input_value())
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text=trump).click()
    form.locator(".points-input").fill(str(points))
    details = form.locator("details.extras")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form.locator(".field-weis .choice-row label", has_text="Anne & Claude").click()
    form.locator("input[name=weis_values]").fill(values)
    form.locator("button.save-hand").click()
    page.wait_for_function(NEXT_OR_REFUSED, arg=number)


def refused_hand_two_with_three_behind(page, live_server):
    from tests.e2e.test_table import record

    game = one_hand_then_offline(page, live_server)
    weis_as_points(page, "Spades", 90, "30")
    record(page, "Clubs", 60)
    expect(waiting_rows(page)).to_have_count(2)
    page.context.set_offline(False)
    page.wait_for_function(REFUSED)
    return game


def expect_hand_two_refused(page) -> None:
    form = page.locator("#hand-form")
    expect(form.locator("input[name=hand_number]")).to_have_value("2")
    expect(form.locator("input[name=weis_values]")).to_have_value("30")
    expect(form.locator(".points-input")).to_have_value("90")
    expect(page.locator("#form-errors")).to_be_visible()
    expect(page.locator("#net-status")).to_contain_text("Hand 2 was not saved")
    expect(page.locator("#net-status")).to_contain_text("wait until hand 2 is saved")
    rows = waiting_rows(page)
    expect(rows).to_have_count(1)
    expect(rows.locator(".hand-no")).to_have_text("3")


def test_a_refused_hand_stays_and_the_later_one_keeps_its_number(phone, live_server):
    page = phone
    game = refused_hand_two_with_three_behind(page, live_server)
    expect_hand_two_refused(page)
    expect(page.locator("#form-errors")).to_be_focused()
    assert [h.number for h in game.hands.all()] == [1]

    # The game drawn anew (as "Show the game now" does): the refused hand comes back.
    page.evaluate(
        "() => { document.getElementById('table').dataset.old = '1';"
        " const show = document.createElement('a'); show.href = location.pathname;"
        " show.setAttribute('fx-action', location.pathname);"
        " show.setAttribute('fx-target', '#table');"
        " show.setAttribute('ext-fx-select', '#table'); document.body.append(show);"
        " show.dispatchEvent(new CustomEvent('fx:process', {bubbles: true}));"
        " show.click(); }"
    )
    page.wait_for_function("() => !document.querySelector('#table[data-old]')")
    page.wait_for_function(REFUSED)
    expect_hand_two_refused(page)

    page.reload()  # online: the refused hand is shown again, the later one waits
    page.wait_for_function(REFUSED)
    expect_hand_two_refused(page)
    page.context.set_offline(True)
    page.reload()  # offline: the same, from the phone
    page.wait_for_function(REFUSED)
    expect_hand_two_refused(page)
    page.context.set_offline(False)

    page.locator("#hand-form input[name=weis_values]").fill("20")
    page.locator("#hand-form button.save-hand").click()
    page.wait_for_function(ALL_SENT)
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("4")
    stored = {h.number: h.read() for h in game.hands.all()}
    assert sorted(stored) == [1, 2, 3]
    assert (stored[2].trump, list(stored[2].cards)) == ("spades", [90, 67])
    assert list(stored[2].weis[0]) == [20]
    assert (stored[3].trump, list(stored[3].cards)) == ("clubs", [60, 97])


def test_dropping_a_refused_hand_is_asked_and_says_the_renumbering(phone, live_server):
    page = phone
    game = refused_hand_two_with_three_behind(page, live_server)
    page.locator("#table .refused-hand button", has_text="Drop hand 2").click()
    question = page.locator("#table .refused-hand [role=alert]")
    expect(question).to_contain_text("Drop hand 2?")
    expect(question).to_contain_text("3 → 2")
    expect(page.locator("#table .refused-hand button", has_text="Keep it")).to_be_focused()
    page.locator("#table .refused-hand button", has_text="Keep it").click()
    expect(question).to_have_count(0)
    expect_hand_two_refused(page)  # kept, as it was

    page.locator("#table .refused-hand button", has_text="Drop hand 2").click()
    page.locator("#table .refused-hand button", has_text="Drop it").click()
    page.wait_for_function(ALL_SENT)
    expect(page.locator("#net-status")).to_contain_text("Hand 2 was dropped")
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("3")
    assert page.evaluate("document.activeElement !== document.body")
    stored = {h.number: h.read() for h in game.hands.all()}
    assert sorted(stored) == [1, 2]
    assert (stored[2].trump, list(stored[2].cards)) == ("clubs", [60, 97])


def test_a_refused_hand_before_an_offline_ending_keeps_the_ending_waiting(phone, live_server):
    """Chibre to 500: the hand that ends the game offline waits behind a refused one;
    the refused hand is on the form (not the game's end), and put right, both count."""
    from tests.e2e.test_offline import controlled
    from tests.e2e.test_table import record
    from tests.e2e.test_table_weis_and_out_first import start_game_to

    page = phone
    start_game_to(page, live_server, 500)
    page.wait_for_selector("#hand-form[data-ready]")
    record(page, "Hearts", 100)
    controlled(page)
    page.context.set_offline(True)
    weis_as_points(page, "Spades", 90, "30")
    record(page, "Clubs", match="Anne & Claude")
    form = page.locator("#hand-form")  # 100 + 90 + 257 + 257: Anne & Claude out
    form.locator(".field-trump label", has_text="Diamonds").click()
    form.locator(".field-match label", has_text="Anne & Claude").click()
    form.locator("button.save-hand").click()
    expect(page.locator("#table .provisional-over")).to_contain_text("Out first: Anne & Claude")

    page.context.set_offline(False)
    page.wait_for_function(REFUSED)
    expect_refused = page.locator("#hand-form input[name=weis_values]")
    expect(expect_refused).to_have_value("30")
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#table .provisional-over")).to_have_count(0)
    expect(waiting_rows(page).locator(".hand-no")).to_have_text(["4", "3"])
    page.reload()
    page.wait_for_function(REFUSED)
    expect(expect_refused).to_have_value("30")
    expect(waiting_rows(page)).to_have_count(2)

    expect_refused.fill("20")
    page.locator("#hand-form button.save-hand").click()
    expect(page.locator("#table .game-over")).to_contain_text(
        "Winner: Anne & Claude", timeout=15_000
    )
    game = Game.objects.get()
    assert [(h.number, h.record["trump"]) for h in game.hands.order_by("number")] == [
        (1, "hearts"),
        (2, "spades"),
        (3, "clubs"),
        (4, "diamonds"),
    ]


def test_what_is_put_right_while_the_page_asks_again_stays(phone, live_server):
    """After a reload the refused hand is sent once more for a fresh answer; what the
    scorer puts right before that answer comes is kept, and saved."""
    from tests.e2e.test_tap_during_redraw import HELD, answer_now, hold_hand_posts

    page = phone
    game = refused_hand_two_with_three_behind(page, live_server)
    HELD.clear()
    hold_hand_posts(page)
    page.reload()
    page.wait_for_function(REFUSED)  # from the phone, while the server is asked again
    weis = page.locator("#hand-form input[name=weis_values]")
    expect(weis).to_have_value("30")
    weis.fill("20")
    with page.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        while not HELD:
            page.wait_for_timeout(50)
        answer_now()
    assert answer.value.status == 422
    page.wait_for_function("() => document.querySelector('#form-errors')")
    expect(weis).to_have_value("20")
    page.unroute_all(behavior="ignoreErrors")
    page.locator("#hand-form button.save-hand").click()
    page.wait_for_function(ALL_SENT)
    stored = {h.number: h.read() for h in game.hands.all()}
    assert sorted(stored) == [1, 2, 3]
    assert list(stored[2].weis[0]) == [20]


def test_a_fix_saved_while_the_page_asks_again_is_sent(phone, live_server):
    """After a reload the refused hand is sent once more; the scorer puts it right and
    taps Save before that answer comes: the fix is what the server gets, once, and the
    hands behind it follow."""
    from tests.e2e.test_tap_during_redraw import HELD, answer_now, hold_hand_posts

    page = phone
    game = refused_hand_two_with_three_behind(page, live_server)
    HELD.clear()
    hold_hand_posts(page)
    page.reload()
    page.wait_for_function(REFUSED)  # from the phone, while the server is asked again
    while not HELD:
        page.wait_for_timeout(50)
    weis = page.locator("#hand-form input[name=weis_values]")
    weis.fill("20")
    page.locator("#hand-form button.save-hand").click()
    answer_now()  # the start-up round's answer: 422, for what was refused
    page.unroute_all(behavior="ignoreErrors")
    expect(page.locator("#table .refused-hand")).to_have_count(0, timeout=15_000)
    page.wait_for_function(ALL_SENT)
    stored = {h.number: h.read() for h in game.hands.all()}
    assert sorted(stored) == [1, 2, 3]
    assert list(stored[2].weis[0]) == [20]


def test_typing_goes_on_where_it_was_when_the_page_asks_again(phone, live_server):
    """The scorer types over the refused Weis while the page asks the server again after
    a reload: the answer redraws the form, and the next key lands where the last one
    did (not before it, not on the problems)."""
    from tests.e2e.test_tap_during_redraw import HELD, answer_now, hold_hand_posts

    page = phone
    game = refused_hand_two_with_three_behind(page, live_server)
    HELD.clear()
    hold_hand_posts(page)
    page.reload()
    page.wait_for_function(REFUSED)
    while not HELD:
        page.wait_for_timeout(50)
    weis = page.locator("#hand-form input[name=weis_values]")
    weis.select_text()
    page.keyboard.type("2")
    weis.evaluate("input => { input.dataset.before = '1'; }")
    answer_now()
    page.wait_for_function(
        "() => !document.querySelector('#hand-form input[name=weis_values][data-before]')"
    )
    page.keyboard.type("0")
    expect(weis).to_have_value("20")
    expect(weis).to_be_focused()
    page.unroute_all(behavior="ignoreErrors")
    page.locator("#hand-form button.save-hand").click()
    page.wait_for_function(ALL_SENT)
    assert list(game.hands.get(number=2).read().weis[0]) == [20]
