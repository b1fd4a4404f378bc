"""A scorer plays a whole Coiffeur sheet on a 390 px phone in German (issue 25): starts
it from the new game page, records the seed's ten rows for both sides (card points, a
match, misère, a struck row, a counter-match), corrects one hand and undoes another, and
reads the winner. Screenshots go to test-artifacts/coiffeur-game-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.kinds.coiffeur.sheet import preset
from scoring.models import Game, PlayerResult
from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in

pytestmark = pytest.mark.e2e

# Online, the server's answer, not the phone's: a last hand is first shown "over" by the
# phone (.provisional-over) while it is still on its way. Offline, that is all there is.
NEXT_HAND = """n => {
  const input = document.querySelector('#coiffeur-hand-form input[name=hand_number]');
  return !input || Number(input.value) > n || document.querySelector('.coiffeur-error-summary')
    || (!navigator.onLine && document.querySelector('.provisional-over'));
}"""


@pytest.fixture
def german(browser, live_server, transactional_db):
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role

    club = Club.objects.create(name="Jass-Club Test", slug="test-club")
    user = get_user_model().objects.create_user("scorer", password="jass-test-pw")
    Member.objects.create(club=club, name="Scorer", user=user, role=Role.SCORER)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="de-CH"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in(page, live_server, "scorer", "jass-test-pw")
    yield page
    context.close()


def hand(page, side: int, row: str, points: int | None = None, outcome: str = "cards") -> None:
    """One hand as a scorer taps it: the side (chosen already when it is its turn), its
    row, the card points or what the hand came to, save."""
    form = page.locator("#coiffeur-hand-form")
    number = int(form.locator("input[name=hand_number]").input_value())
    side_input = form.locator(f".coiffeur-sides input[value='{side}']")
    if not side_input.is_checked():
        form.locator(f"label[for='{side_input.get_attribute('id')}']").click()
    row_input = form.locator(f".rows-of-{side} input[value='{row}']")
    form.locator(f"label[for='{row_input.get_attribute('id')}']").click()
    if outcome != "cards":
        choice = form.locator(f".coiffeur-outcomes input[value='{outcome}']")
        form.locator(f"label[for='{choice.get_attribute('id')}']").click()
    if points is not None:
        form.locator(".points-input").fill(str(points))
    form.locator("button.save-hand").click()
    page.wait_for_function(NEXT_HAND, arg=number)


def test_a_whole_sheet_in_german_on_a_phone(german, live_server):
    page = german
    page.goto(f"{live_server.url}/games/new/")
    page.locator("a[href='/games/new/coiffeur/']").click()
    for side, names in enumerate((("Anne", "Claude"), ("Bernard", "Denise"))):
        for seat, name in enumerate(names):
            page.fill(f"#id_side_{side}_player_{seat}", name)
    page.locator("form.new-game button[type=submit]").first.click()
    page.wait_for_selector("#coiffeur-hand-form")
    assert not has_horizontal_scroll(page)
    screenshot(page, "coiffeur-game-start-de")

    rows = preset("coiffeur").names  # clubs ×1 … choice ×10
    for index, row in enumerate(rows):
        if row == "hearts":
            hand(page, 0, row, outcome="match")
            hand(page, 1, row, 40)
        elif row == "misere":
            hand(page, 0, row, 20)  # 157 − 20 = 137 × 8
            hand(page, 1, row, 60)  # 97 × 8
        elif row == "slalom":
            hand(page, 0, row, outcome="struck")
            hand(page, 1, row, outcome="counter")
        else:
            hand(page, 0, row, 90 + index)
            hand(page, 1, row, 70)
        if index == 4:
            screenshot(page, "coiffeur-game-half-de")
    game = Game.objects.get()
    assert game.hands.count() == 20

    # a correction: hand 2 (Bernard & Denise's clubs) had 71, not 70
    page.goto(f"{live_server.url}/games/{game.pk}/hands/2/")
    page.locator(".points-input").fill("71")
    page.locator("button.save-hand").click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/table/")
    assert game.hands.get(number=2).record["cards"] == 71

    # an undo of the last hand, then the same hand again
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Spiel 20 zurücknehmen").click()
    page.wait_for_function("() => document.querySelector('#coiffeur-hand-form')")
    assert game.hands.count() == 19
    hand(page, 1, "choice", 70)

    expect(page.locator(".coiffeur-verdict")).to_contain_text("Sieg: Anne & Claude, mit")
    assert not has_horizontal_scroll(page)
    screenshot(page, "coiffeur-game-over-de")
    plain = [(i, r) for i, r in enumerate(rows) if r not in ("hearts", "misere", "slalom")]
    a = sum((90 + i) * (i + 1) for i, _row in plain) + 257 * 3 + 137 * 8
    b = 70 * sum(i + 1 for i, _row in plain)
    b += 1 + 40 * 3 + 97 * 8  # 71 in clubs after the correction
    assert game.result().totals == (a, b)
    won = {r.team: r.won for r in PlayerResult.objects.filter(game=game)}
    assert won == {0: True, 1: False}
