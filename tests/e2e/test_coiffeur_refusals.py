"""The Coiffeur table screen refuses on the phone what the server refuses (issue 34):
the real hand form filled at random (seeded), valid and broken, is judged by the
server's CoiffeurHandForm and engine and by coiffeur_offline.js; both refuse the same
hands beside the same fields, in the same words. Offline, a refused hand is neither
kept nor sent; a broken hand kept from before (a page without the checks) breaks
neither the provisional sheet nor the next hand's form."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from scoring.kinds.coiffeur.forms import CoiffeurHandForm
from scoring.kinds.coiffeur.storage import hands_of, ruleset_of, sides_of
from scoring.models import Game
from tests.e2e.conftest import screenshot
from tests.e2e.test_coiffeur_game import german, hand  # noqa: F401
from tests.e2e.test_coiffeur_offline import phone, start_sheet  # noqa: F401
from tests.e2e.test_offline import ALL_SENT, controlled

pytestmark = pytest.mark.e2e

SEED = 20261128
CASES = 250
WAITING = "#table .hand-item.waiting"
# every refusal the hand form can meet, by its words (English)
KINDS = {
    "side missing": "Choose the side that announced.",
    "row missing": "Choose the row played by",
    "row played": "has already played",
    "not whole": "as a whole number",
    "below 0": "never below 0",
    "above 157": "At most 157 card points",
    "points missing": "Type the card points (0 to 157), or choose",
    "struck with points": "A struck row has no card points",
    "match points": "A match in",
    "misère match points": "A match in Misère is 0",
    "counter-match points": "A counter-match in",
    "misère counter-match points": "A counter-match in Misère leaves 157",
}

# Fills the form's controls as a scorer may leave them (a radio of a played row stands
# for a form drawn before that cell was filled), lets the phone judge it without sending
# (JassOfflineKind.recheck draws its problems as a refused Save does), and reads back
# what the browser would send and what the phone says beside each field and above.
FILL_AND_JUDGE = """(c) => {
  const form = document.getElementById('coiffeur-hand-form');
  form.querySelectorAll('.stale').forEach((input) => {
    input.value = input.dataset.was;
    input.classList.remove('stale');
  });
  form.querySelectorAll('input[type=radio]').forEach((input) => { input.checked = false; });
  if (c.team !== null) form.querySelector(`input[name=team][value="${c.team}"]`).checked = true;
  if (c.row !== null) {
    const input = form.querySelectorAll(`.rows-of-${c.team} input:not(:disabled)`)[c.row];
    if (c.stale) {
      input.dataset.was = input.value;
      input.value = c.stale;
      input.classList.add('stale');
    }
    input.checked = true;
  }
  form.querySelector(`input[name=outcome][value="${c.outcome}"]`).checked = true;
  form.querySelector('input[name=points]').value = c.points;
  const data = {};
  for (const [name, value] of new FormData(form)) data[name] = value;
  window.JassOfflineKind.recheck(form);
  const said = {};
  form.querySelectorAll('.client-said').forEach((n) => {
    said[n.id.replace(/-error$/, '')] = n.textContent;
  });
  const summary = [...form.querySelectorAll('.client-check li')].map((li) => li.textContent);
  const links = [...form.querySelectorAll('.client-check li a')]
    .map((a) => a.getAttribute('href').slice(1));
  return {data, said, summary, links};
}"""


def random_typing(rng: random.Random, open_rows: list[list[str]], played: list[list[str]]):
    """What a scorer may leave in the form: a side or none, one of its open rows or none
    (now and then one it played, on a form drawn before), card points or not, odd ones
    too, and what the hand came to."""
    team = rng.choice([0, 0, 1, 1, 0, None])
    row = stale = None
    if team is not None and rng.random() < 0.85:
        row = rng.randrange(len(open_rows[team]))
        if "misere" in open_rows[team] and rng.random() < 0.35:  # its own match rules
            row = open_rows[team].index("misere")
        if played[team] and rng.random() < 0.1:
            stale = rng.choice(played[team])
    whole = ["", str(rng.randint(0, 157)), str(rng.randint(0, 157)), "0", "157", "158", "200"]
    points = rng.choice([*whole, "-5", "12.0", "12.5", "1e2"])  # "12.0" is 12 to Django
    outcome = rng.choice(["cards", "cards", "cards", "match", "counter", "struck"])
    return {"team": team, "row": row, "stale": stale, "points": points, "outcome": outcome}


def test_the_coiffeur_form_is_refused_on_the_phone_as_on_the_server(phone, live_server):  # noqa: F811
    page = phone
    start_sheet(page, live_server)
    hand(page, 0, "obe-abe", 98)
    hand(page, 1, "misere", 20)
    hand(page, 0, "hearts", outcome="match")
    game = Game.objects.get()
    ruleset, hands = ruleset_of(game), hands_of(game)
    side_names = tuple(side.name for side in sides_of(game))
    played = [[h.row for h in hands if h.team == side] for side in (0, 1)]
    open_rows = [[r for r in ruleset.names if r not in played[side]] for side in (0, 1)]
    rng = random.Random(SEED)
    seen: Counter[str] = Counter()

    for number in range(CASES):
        typed = random_typing(rng, open_rows, played)
        judged = page.evaluate(FILL_AND_JUDGE, typed)
        with translation.override("en"):  # the phone's language
            form = CoiffeurHandForm(
                judged["data"], ruleset=ruleset, hands=hands, side_names=side_names
            )
            server = {name: " ".join(errors) for name, errors in form.errors.items()}
            lines = [(str(line.label or ""), line.message) for line in form.error_summary]
        assert judged["said"] == server, f"case {number}: {typed}\nserver {server}\nphone {judged}"
        # the list at the top: each problem, named by its field's label, a link to it
        summary = [f"{label}: {message}" if label else message for label, message in lines]
        assert judged["summary"] == summary, f"case {number}: {typed}"
        assert judged["links"] == [line.anchor for line in form.error_summary if line.anchor]
        seen.update(list(server))
        seen["valid"] += not server
        said = " ".join(server.values())
        seen.update(kind for kind, words in KINDS.items() if words in said)

    # the draw reaches every refusal the form can meet, beside each field, and valid hands
    assert set(KINDS) | {"team", "row_0", "row_1", "points", "valid"} <= set(seen), seen
    assert seen["valid"] >= 15, seen
    # the form is left as it was: nothing was sent
    assert game.hands.count() == 3


def _save(page, side: int, row: str | None, points: str) -> None:
    form = page.locator("#coiffeur-hand-form")
    side_input = form.locator(f".coiffeur-sides input[value='{side}']")
    if not side_input.is_checked():
        form.locator(f"label[for='{side_input.get_attribute('id')}']").click()
    if row is not None:
        row_input = form.locator(f".rows-of-{side} input[value='{row}']")
        form.locator(f"label[for='{row_input.get_attribute('id')}']").click()
    form.locator(".points-input").fill(points)
    form.locator("button.save-hand").click()


def test_the_testers_hands_are_refused_offline_in_german_and_nothing_is_queued(german, live_server):  # noqa: F811
    """The tester's steps: offline, a side and a row with 170 card points, Save; then a
    side with no row, 50, Save. Both refused on the phone, said at the top (focused,
    each a link to its control) and beside the field; nothing waits to be sent."""
    page = german
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = start_sheet(page, live_server)
    hand(page, 0, "obe-abe", 98)
    controlled(page)
    page.context.set_offline(True)

    _save(page, 1, "hearts", "170")
    summary = page.locator("#coiffeur-form-errors")
    expect(summary).to_be_focused()
    expect(summary).to_have_attribute("role", "alert")
    with translation.override("de"):
        most = str(CoiffeurHandForm.base_fields["points"].error_messages["max_value"])
        no_row = gettext("Choose the row played by %(side)s.") % {"side": "Bernard & Denise"}
    expect(summary.locator("li")).to_have_text([f"Kartenpunkte: {most}"])
    expect(summary.locator("li a")).to_have_attribute("href", "#id_points")
    expect(page.locator("#points-error")).to_have_text(most)
    expect(page.locator("#id_points")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(WAITING)).to_have_count(0)
    screenshot(page, "coiffeur-refused-on-the-phone")

    # a side with no row: the second side chosen, its rows none, 50
    page.locator("#coiffeur-hand-form .rows-of-1 input:checked").evaluate("n => n.checked = false")
    _save(page, 1, None, "50")
    expect(summary).to_be_focused()
    expect(summary.locator("li")).to_have_count(1)
    expect(summary.locator("li")).to_have_text([f"Zeile: {no_row}"])
    expect(summary.locator("li a")).to_have_attribute("href", "#id_row_1_0")
    expect(page.locator("#row_1-error")).to_be_visible()
    expect(page.locator(WAITING)).to_have_count(0)
    expect(page.locator("#net-status")).not_to_contain_text("Warten auf Versand")

    # corrected, it goes: the row chosen, 50, waiting to be sent
    _save(page, 1, "hearts", "50")
    expect(page.locator(WAITING)).to_have_count(1)
    expect(page.locator("#coiffeur-form-errors")).to_have_count(0)
    expect(page.locator("#coiffeur-hand-form input[name=hand_number]")).to_have_value("3")
    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT)
    stored = [
        (h.number, h.record["team"], h.record["row"], h.record["cards"])
        for h in game.hands.order_by("number")
    ]
    assert stored == [(1, 0, "obe-abe", 98), (2, 1, "hearts", 50)]
    assert errors == []


def test_waiting_hands_without_a_row_break_neither_the_sheet_nor_the_next_form(phone, live_server):  # noqa: F811
    """The tester's two broken hands kept (on a page from before the phone refused
    them: no checks), a row with 170 card points and a side without a row: back online
    the server refuses the first; dropping it redraws the screen with the second behind
    it, no page error; dropped too, the next hand is typed and sent."""
    page = phone
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = start_sheet(page, live_server)
    hand(page, 0, "obe-abe", 98)
    controlled(page)
    page.context.set_offline(True)

    page.locator("#coiffeur-checks").evaluate("n => n.remove()")  # as before this change
    _save(page, 1, "hearts", "170")
    expect(page.locator(WAITING)).to_have_count(1)
    expect(page.locator("#coiffeur-hand-form input[name=hand_number]")).to_have_value("3")
    expect(page.locator("#coiffeur-hand-form .rows-of-1 input:checked")).to_have_count(0)
    _save(page, 1, None, "50")  # a side, no row
    expect(page.locator(WAITING)).to_have_count(2)
    # neither counts: no cell, no total moved
    expect(page.locator("#table .cell-waiting")).to_have_count(0)
    expect(page.locator("#table .total-line .total-waiting")).to_have_count(0)
    expect(page.locator("#coiffeur-hand-form input[name=hand_number]")).to_have_value("4")

    page.context.set_offline(False)
    for number in (2, 2):  # the first refused, dropped; the second takes its number
        note = page.locator("#table .refused-hand")
        expect(note).to_contain_text(f"{number}")
        note.locator("button").first.click()  # drop it …
        note.locator("button").first.click()  # … yes
        expect(page.locator("#coiffeur-hand-form input[name=hand_number]")).to_have_value(
            str(number)
        )
        assert errors == []
    expect(page.locator("#table .refused-hand")).to_have_count(0)
    expect(page.locator(WAITING)).to_have_count(0)
    hand(page, 1, "hearts", 50)
    expect(page.locator("#coiffeur-hand-form input[name=hand_number]")).to_have_value("3")
    stored = [(h.number, h.record["team"], h.record["row"]) for h in game.hands.order_by("number")]
    assert stored == [(1, 0, "obe-abe"), (2, 1, "hearts")]
    assert errors == []
