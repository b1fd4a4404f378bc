"""A game's changes on a phone: each hand before and after, its Weis in the words of the
hand form's buttons, in the reader's language, and nothing wider than the screen."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect

from scoring import services
from scoring.services import Author
from tests.e2e.conftest import has_horizontal_scroll, screenshot
from tests.e2e.test_table import record
from tests.factories import game_document, hand, import_in_club


def test_changes_name_the_weis_in_words_on_a_phone(page, live_server, scorer):
    game = import_in_club(
        game_document(
            [
                hand("hearts", [95, 62]),
                hand("obe-abe", [100, 57], weis=[["seq3", "four-jacks"], []]),
            ]
        )
    )
    services.undo_last_hand(game, number=2, form_key=uuid.uuid4(), author=Author())
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    page.wait_for_selector("#hand-form[data-ready]")
    record(page, "Unde-ufe", 80, weis=("Les Nells", ["seq3", "seq3", "seq6"]))

    page.goto(f"{live_server.url}/games/{game.pk}/history/")

    changes = page.locator(".change")
    expect(changes.nth(0)).to_contain_text(
        "after: ↑ Unde-ufe · 80 : 77 · Weis Les Nells: 2 × Three in a row (20), Six in a row (100)"
    )
    expect(changes.nth(1)).to_contain_text(
        "before: ↓ Obe-abe · 100 : 57 · Weis Les Bourgs: Three in a row (20), Four Jacks (200)"
    )
    expect(page.locator("main")).not_to_contain_text("seq3")
    assert not has_horizontal_scroll(page)
    screenshot(page, "history-en")

    page.context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    page.reload()

    expect(changes.nth(1)).to_contain_text("Weis Les Bourgs: Dreiblatt (20), Vier Bauern (200)")
    assert not has_horizontal_scroll(page)
    screenshot(page, "history-de")
