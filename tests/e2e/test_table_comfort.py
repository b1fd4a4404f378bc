"""Comfort at the table, from the trial (issue 13): trump then digits, a hint for a
match typed as points, the Weis section kept open, and thumb-sized targets."""

from __future__ import annotations

from tests.e2e.conftest import screenshot
from tests.e2e.test_table import TEAM_0, record, start_game

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
    record(page, "Hearts", 95, weis=(TEAM_0, [20]), stoeck=TEAM_0)
    form = page.locator("#hand-form")
    details = form.locator("details.extras")
    if not details.get_attribute("open"):
        details.locator("summary").click()
    form.get_by_role("button", name="+ 50", exact=True).click()  # a chip to remove it

    small = page.evaluate(SMALL_TARGETS)
    screenshot(page, "table-touch-targets")
    assert small == [], "smaller than 44 px:\n" + "\n".join(small)
