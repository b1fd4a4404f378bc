"""A Sidi Barrani game at a 390 px phone, in French and in German (issue 36 item 2):
started from its page, a contract made online, then in a cellar a doubled contract that
fails counted onto the slates by sidi.js, a hand without its bid refused on the phone
naming the field, and the waiting hands sent once and in order when the network
returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import Game, HandChange
from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in
from tests.e2e.test_accessibility import serious_violations
from tests.e2e.test_offline import ALL_SENT, controlled

pytestmark = pytest.mark.e2e
WAITING = "#table .hand-item.waiting"
WORDS = {
    "fr": {
        "bid": "Mise",
        "contracts": "Contrats réussis\u00a0: 1, manqués\u00a0: 0",
        "made": "réussi",
    },
    "de": {"bid": "Gebot", "contracts": "Kontrakte erfüllt: 1, gescheitert: 0", "made": "erfüllt"},
}


@pytest.fixture(params=["fr", "de"])
def phone(request, browser, live_server, transactional_db):
    """A scorer's phone in the language of ``request.param``, signed in (no request
    routing: it would switch off the service worker's handling of requests)."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role

    club = Club.objects.create(name="Jass-Club Sidi", slug="sidi")
    user = get_user_model().objects.create_user("sidi", password="jass-test-pw")
    Member.objects.create(club=club, name="Scorer", user=user, role=Role.SCORER)
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=f"{request.param}-CH",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in(page, live_server, "sidi", "jass-test-pw")
    yield request.param, page
    context.close()


def contract(page, team, trump, bid=None, points=None, typed_team=None, double=None):
    """Tap a hand as a scorer does: the bidding team, the trump (its button's place), the
    bid, the card points of a team, the double; then Save."""
    form = page.locator("#sidi-hand-form")
    form.locator(f"label[for=id_team_{team}]").click()
    form.locator(f"label[for=id_trump_{trump}]").click()
    if bid is not None:
        form.locator("#id_bid").select_option(str(bid))
    form.locator(f"label[for=id_typed_team_{team if typed_team is None else typed_team}]").click()
    if double is not None:
        form.locator(f"label[for=id_double_{double}]").click()
    form.locator("#id_points").fill("" if points is None else str(points))
    form.locator(".save-hand").click()


def test_a_sidi_game_played_partly_offline(phone, live_server):
    language, page = phone
    words = WORDS[language]
    page.goto(f"{live_server.url}/games/new/sidi/")
    assert serious_violations(page) == []
    for seat, name in enumerate(("Anne", "Bernard", "Claude", "Denise")):
        page.fill(f"#id_seat_{seat}", name)
    page.locator("form.new-game button[type=submit]").first.click()
    page.wait_for_selector("#sidi-hand-form")
    game = Game.objects.get()

    contract(page, 0, 0, bid=120, points=130)  # Anne & Claude make 120 in hearts: 250 : 27
    expect(page.locator("#table .hand-item")).to_have_count(1)
    expect(page.locator("#table .team-total").first).to_have_text("250")
    expect(page.locator("#table .contracts").first).to_have_text(words["contracts"])
    expect(page.locator("#table .hand-outcome")).to_have_text(words["made"])
    assert not has_horizontal_scroll(page)
    assert serious_violations(page) == []  # WCAG 2.2 AA as far as axe tells
    screenshot(page, f"sidi-{language}-online")

    controlled(page)
    page.context.set_offline(True)
    # Bernard & Denise bid 100 obe-abe, doubled, and take 57: failed, A 100 + 2 × 100
    contract(page, 1, 4, bid=100, points=57, double=1)
    expect(page.locator(WAITING)).to_have_count(1)
    expect(page.locator("#table .total-waiting")).to_have_text(["→ 550", "→ 84"])
    # no bid chosen: the phone refuses it before it leaves, naming the field
    contract(page, 0, 1, points=90)
    summary = page.locator("#sidi-form-errors")
    expect(summary).to_be_visible()
    expect(summary.locator("a")).to_have_text(words["bid"])
    expect(page.locator(WAITING)).to_have_count(1)
    screenshot(page, f"sidi-{language}-offline-refused")
    contract(page, 0, 1, bid=80, points=90)  # made: 90 + 80 : 67
    expect(page.locator(WAITING)).to_have_count(2)
    expect(page.locator("#table .total-waiting")).to_have_text(["→ 720", "→ 151"])
    assert not has_horizontal_scroll(page)
    screenshot(page, f"sidi-{language}-offline-waiting")
    assert game.hands.count() == 1

    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT)
    expect(page.locator("#table .team-total").first).to_have_text("720")
    screenshot(page, f"sidi-{language}-back-online")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator(".sidi-hands .hand-item")).to_have_count(3)
    assert serious_violations(page) == []
    screenshot(page, f"sidi-{language}-game-page")
    stored = [(h.number, h.record["team"], h.record["bid"]) for h in game.hands.order_by("number")]
    assert stored == [(1, 0, 120), (2, 1, 100), (3, 0, 80)]
    assert HandChange.objects.filter(game=game).count() == 3
