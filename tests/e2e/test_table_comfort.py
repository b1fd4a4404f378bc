"""Comfort at the table, from the trial (issue 13): trump then digits, a hint for a
match typed as points, the Weis section kept open, and thumb-sized targets."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e.conftest import PHONE, screenshot, sign_in
from tests.e2e.test_table import (
    TEAM_0,
    WAIT_FOR_NEXT_HAND_OR_ERROR,
    add_weis,
    record,
    start_game,
)

# Every visible control a thumb may hit, as the box it hits: a radio or checkbox
# drawn by its label counts by its label; one that is visually hidden is skipped.
SMALL_TARGETS = """() => {
  const small = [];
  const seen = new Set();
  const controls = 'a[href], button, input, select, textarea, label, summary';
  for (const el of document.querySelectorAll(controls)) {
    if (el.type === 'hidden') continue;
    const target = el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')
      ? el.closest('label') : el;
    if (seen.has(target)) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    const drawnByLabel = style.clip === 'rect(0px, 0px, 0px, 0px)';  // Bootstrap's .btn-check
    const invisible = box.width <= 1 || box.height <= 1 || style.visibility === 'hidden';
    if (invisible || drawnByLabel) continue;
    if (box.height < 44) {
      const text = (target.innerText || target.name || '').trim().slice(0, 30);
      small.push(`${target.tagName.toLowerCase()}.${target.className} "${text}" ` +
                 `${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return small;
}"""


def test_every_touch_target_on_the_table_screen_is_44_px_high(page, live_server, scorer):
    start_game(page, live_server)
    record(page, "Hearts", 95, weis=(TEAM_0, ["seq3"]), stoeck=TEAM_0)
    form = page.locator("#hand-form")
    details = form.locator("details.extras")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    add_weis(page, "seq4")  # a chip to remove it

    small = page.evaluate(SMALL_TARGETS)
    screenshot(page, "table-touch-targets")
    assert small == [], "smaller than 44 px:\n" + "\n".join(small)


MATCH_HINT = "At most 157 card points. All nine tricks are a match (257): choose Match."


def test_typing_more_than_157_says_to_choose_match(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    hint = form.locator(".points-hint")
    form.locator(".field-trump label", has_text="Hearts").click()
    expect(hint).to_be_hidden()

    form.locator(".points-input").press_sequentially("257")

    expect(hint).to_have_text(MATCH_HINT)
    expect(hint).to_be_visible()
    expect(form.locator(".other-value")).to_have_text("?")
    screenshot(page, "table-match-hint")
    form.locator(".field-match label", has_text=TEAM_0).click()
    expect(hint).to_be_hidden()
    expect(form.locator(".other-value")).to_have_text("257 / 0")


def test_more_than_157_saved_is_said_beside_the_box_not_again_in_yellow(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".points-input").fill("200")

    form.locator("button.save-hand").click()

    summary = form.locator("#form-errors")
    expect(summary).to_be_focused()
    expect(summary.locator("p")).to_have_text("Hand 1 was not saved: 1 problem, see below.")
    expect(summary.locator("li")).to_have_text(f"Card points: {MATCH_HINT}")
    expect(form.locator(".field-points .invalid-feedback")).to_have_text(MATCH_HINT)
    expect(form.locator(".points-hint")).to_be_hidden()  # the red words alone beside the box
    form.locator(".points-input").fill("201")
    expect(form.locator(".points-hint")).to_be_hidden()
    assert Hand.objects.count() == 0


def test_more_than_157_without_javascript_is_refused_with_the_same_words(
    browser, live_server, scorer
):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    sign_in(page, live_server, "scorer", "jass-test-pw")
    start_game(page, live_server, scripts=False)

    page.locator(".field-trump label", has_text="Hearts").click()
    page.locator(".points-input").fill("257")
    page.locator("button.save-hand").click()

    expect(page.locator(".field-points .invalid-feedback")).to_have_text(MATCH_HINT)
    expect(page.locator(".points-hint")).to_have_count(0)
    assert Hand.objects.count() == 0
    context.close()


SCROLL_Y = "() => window.scrollY"


def test_tapping_a_trump_puts_the_cursor_in_the_points_field(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    points = form.locator(".points-input")
    scrolled = page.evaluate(SCROLL_Y)

    form.locator(".field-trump label", has_text="Hearts").tap()

    expect(points).to_be_focused()
    assert page.evaluate(SCROLL_Y) == scrolled  # the field was in sight: no jump
    page.keyboard.type("95")
    form.locator("button.save-hand").tap()
    page.wait_for_function(WAIT_FOR_NEXT_HAND_OR_ERROR, arg=1)
    assert page.locator(".team-total").all_inner_texts() == ["95", "62"]


def test_a_trump_tapped_after_the_points_or_a_match_leaves_the_cursor(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    points = form.locator(".points-input")
    points.fill("95")
    form.locator(".field-trump label", has_text="Hearts").tap()
    expect(points).not_to_be_focused()

    points.fill("")
    form.locator(".field-match label", has_text=TEAM_0).tap()
    form.locator(".field-trump label", has_text="Clubs").tap()
    expect(points).not_to_be_focused()


def test_arrow_keys_move_through_the_trumps_without_jumping_to_the_points(
    page, live_server, scorer
):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    form.locator("input[name=trump]").first.focus()

    page.keyboard.press("ArrowRight")

    expect(form.locator("input[name=trump]").nth(1)).to_be_focused()
    expect(form.locator("input[name=trump]").nth(1)).to_be_checked()


def test_a_points_field_out_of_sight_is_brought_just_into_view(page, live_server, scorer):
    small_phone = {"width": 390, "height": 560}  # the trumps in sight, the points below
    page.set_viewport_size(small_phone)
    start_game(page, live_server)
    form = page.locator("#hand-form")
    bottom = "() => document.querySelector('.points-input').getBoundingClientRect().bottom"
    assert page.evaluate(bottom) > small_phone["height"] + 100
    # where the field's bottom is each time a scroll has ended
    page.evaluate(
        f"() => {{ window.scrollEnds = [];"
        f" document.addEventListener('scrollend', () => window.scrollEnds.push(({bottom})())); }}"
    )

    form.locator(".field-trump label", has_text="Spades").tap()

    expect(form.locator(".points-input")).to_be_focused()
    # Bootstrap scrolls smoothly: wait until a scroll has ended with the field in sight
    page.wait_for_function(
        "h => window.scrollEnds.some(b => b <= h + 1)", arg=small_phone["height"]
    )
    ends = page.evaluate("() => window.scrollEnds")
    assert small_phone["height"] - 2 <= ends[-1] <= small_phone["height"] + 1
    assert small_phone["height"] - 2 <= page.evaluate(bottom) <= small_phone["height"] + 1


def extras_open(page) -> bool:
    return page.locator("#hand-form details.extras").evaluate("details => details.open")


def test_the_weis_section_stays_open_after_a_hand_with_weis_or_stoeck(page, live_server, scorer):
    start_game(page, live_server)
    assert not extras_open(page)

    record(page, "Hearts", 95, weis=(TEAM_0, ["seq3"]))
    assert extras_open(page)
    record(page, "Clubs", 100)  # the section was open, but nothing in it was used
    assert not extras_open(page)
    record(page, "Spades", 80, stoeck=TEAM_0)
    assert extras_open(page)
    page.reload()  # the same tab remembers it
    assert extras_open(page)

    start_game(page, live_server)  # another game in the same tab starts closed
    assert not extras_open(page)
