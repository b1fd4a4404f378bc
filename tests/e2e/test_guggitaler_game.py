"""A Guggitaler game on a 390 px phone (issue 36), in French then in German: started from
the new game page, hands typed as each player's count, counts that do not add up refused
on the phone naming the counts, hands saved offline waiting with their provisional totals
(guggitaler.js) and sent once, in order, when the network returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import Game, HandChange
from tests.e2e.conftest import has_horizontal_scroll, screenshot
from tests.e2e.test_offline import ALL_SENT, controlled
from tests.e2e.test_offline import phone as cellar_phone

phone = cellar_phone  # the scorer's phone of the team game's cellar tests, signed in

pytestmark = pytest.mark.e2e
WAITING = "#table .hand-item.waiting"


def speak(page, live_server, language: str) -> None:
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )


def counts(page, values) -> None:
    for seat, value in enumerate(values):
        page.fill(f"#guggitaler-hand-form .count-input >> nth={seat}", str(value))
    page.locator("#guggitaler-hand-form .save-hand").click()


def test_a_guggitaler_game_played_partly_offline_in_french_and_german(phone, live_server):
    page = phone
    speak(page, live_server, "fr")
    page.goto(f"{live_server.url}/games/new/")
    page.locator("a[href='/games/new/guggitaler/']").click()
    expect(page.locator("h1")).to_have_text("Nouvelle partie de Guggitaler")
    for seat, name in enumerate(("Anne", "Bernard", "Claude", "Denise")):
        page.fill(f"#id_player_{seat}", name)
    page.locator("form.new-game button[type=submit]").first.click()
    page.wait_for_selector("#guggitaler-hand-form")
    game = Game.objects.get()
    expect(page.locator("#table .hand-heading")).to_have_text("Donne 1 : Pas de plis")
    counts(page, (3, 2, 4, 0))
    expect(page.locator("#table .hand-heading")).to_have_text("Donne 2 : Pas de Schellen")
    controlled(page)
    page.context.set_offline(True)

    # counts that do not add up: refused on the phone, the counts named, nothing kept
    counts(page, (0, 5, 2, 1))
    summary = page.locator("#guggitaler-form-errors")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Schellen pris")
    expect(summary).to_contain_text("Les comptes font 8, pas 9")
    expect(page.locator(WAITING)).to_have_count(0)
    screenshot(page, "guggitaler-refused-fr")
    # a count out of its bounds: beside that player's field alone, with the bounds
    for wrong in ((99999999999, 0, 0, 0), (-1, 5, 2, 2)):
        counts(page, wrong)
        expect(page.locator("#id_count_0-error")).to_have_text(
            "Saisissez un nombre entier de 0 à 9."
        )
        expect(page.locator("#guggitaler-hand-form .count-input.is-invalid")).to_have_count(1)
        expect(page.locator("#counts-error")).to_have_count(0)
        expect(page.locator(WAITING)).to_have_count(0)
    counts(page, (0, 5, 2, 2))
    expect(page.locator(WAITING)).to_have_count(1)
    expect(page.locator("#table .hand-heading")).to_have_text("Donne 3 : Pas d’Ober")
    counts(page, (1, 1, 1, 1))
    expect(page.locator(WAITING)).to_have_count(2)
    # the totals with the waiting hands: Anne 15 + 0 + 20, Bernard 10 + 50 + 20…
    expect(page.locator("#table .total-line .total-waiting")).to_have_text(
        ["→ 35", "→ 80", "→ 60", "→ 40"]
    )
    # and the ranks follow them (3, 2, 4, 1 after hand 1; the lowest first)
    expect(page.locator("#table .rank-line .rank-waiting")).to_have_text(
        ["→ 1.", "→ 4.", "→ 3.", "→ 2."]
    )
    expect(page.locator("#net-status")).to_contain_text("Hors ligne")
    assert not has_horizontal_scroll(page)
    screenshot(page, "guggitaler-offline-fr")
    assert game.hands.count() == 1

    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT)
    assert [h.record["counts"] for h in game.hands.order_by("number")] == [
        [3, 2, 4, 0],
        [0, 5, 2, 2],
        [1, 1, 1, 1],
    ]

    # the same table in German, the rest of the game, the domino offline
    speak(page, live_server, "de")
    page.reload()
    expect(page.locator("#table .hand-heading")).to_have_text("Spiel 4: Nicht den Rosenkönig")
    counts(page, (0, 0, 1, 0))
    expect(page.locator("#table .hand-heading")).to_have_text("Spiel 5: Nicht den letzten Stich")
    controlled(page)
    page.context.set_offline(True)
    counts(page, (1, 0, 0, 0))
    expect(page.locator("#table .hand-heading")).to_have_text("Spiel 6: Domino")
    counts(page, (2, 1, 4, 3))
    expect(page.locator("#table .provisional-over")).to_contain_text(
        "Tiefstes Total: Bernard — wartet auf das Senden."
    )
    expect(page.locator("#table .hand-heading")).to_be_hidden()  # no seventh hand
    assert not has_horizontal_scroll(page)
    screenshot(page, "guggitaler-offline-de")

    page.context.set_offline(False)
    page.wait_for_function(ALL_SENT)
    expect(page.locator("#table .game-outcome")).to_contain_text(
        "Sieger: Bernard (das tiefste Total)"
    )
    screenshot(page, "guggitaler-over-de")
    assert game.hands.count() == 6
    assert game.result().winner == 1
    assert HandChange.objects.filter(game=game).count() == 6
