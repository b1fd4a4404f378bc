"""A phone with no room to keep a hand (IndexedDB failing, at once or later): Save
sends the hand straight to the server, as the form itself would, and it is stored
once. Before, a storage that threw at once left Save switched off and sent nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e.test_table import start_game, totals

NO_ROOM = {
    # the request fails after it is made: the common way a full or refused store fails
    "later": """Object.defineProperty(window, 'indexedDB', {get() { return { open() {
      const asked = {};
      setTimeout(() => {
        asked.error = new DOMException('no room', 'QuotaExceededError');
        if (asked.onerror) asked.onerror();
      }, 0);
      return asked; } }; }});""",
    # the store throws as it is asked
    "at once": """Object.defineProperty(window, 'indexedDB', {get() { return { open() {
      throw new DOMException('no room', 'QuotaExceededError'); } }; }});""",
}


@pytest.mark.parametrize("how", list(NO_ROOM))
def test_a_phone_without_room_saves_the_hand_straight_to_the_server(page, live_server, scorer, how):
    page.context.add_init_script(NO_ROOM[how])
    start_game(page, live_server)
    posts = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" else None)

    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".points-input").fill("95")
    form.locator("button.save-hand").click()

    expect(page.locator("#hand-form button.save-hand")).to_have_text("Save hand 2")
    expect(page.locator("#hand-form button.save-hand")).to_be_enabled()
    assert [h.record["trump"] for h in Hand.objects.all()] == ["hearts"]
    assert totals(page) == ["95", "62"]
    assert len(posts) == 1
    assert posts[0].headers.get("hx-request") == "true"  # the table part came back
