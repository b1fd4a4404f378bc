"""The big slate on a phone lying on the table: both slates on one screen, the one for
the team across turned to face it, following the game as another phone records."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot
from tests.e2e.test_table import record
from tests.factories import game_document, hand, import_in_club

TURNED = "matrix(-1, 0, 0, -1, 0, 0)"  # rotate(180deg), as the browser computes it
LANDSCAPE = {"width": PHONE["height"], "height": PHONE["width"]}


def fits_the_screen(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollHeight <= window.innerHeight"
        " && document.documentElement.scrollWidth <= window.innerWidth"
    )


def small_targets(page) -> list[str]:
    """Links and buttons shown smaller than 44 × 44 px."""
    return page.evaluate(
        """() => [...document.querySelectorAll('a, button')]
          .filter(e => e.offsetParent !== null)
          .filter(e => e.getBoundingClientRect().width < 44
                    || e.getBoundingClientRect().height < 44)
          .map(e => e.textContent.trim())"""
    )


def test_both_slates_face_their_teams_and_follow_the_game(page, live_server, scorer):
    game = import_in_club(
        game_document(
            [
                hand("hearts", [95, 62]),
                hand("spades", [120, 37]),
                hand("clubs", [157, 0], match=0),
                hand("diamonds", [40, 117]),
            ]
        )
    )  # 512 : 216
    page.goto(f"{live_server.url}/games/{game.pk}/slate/")

    near, across = page.locator(".half.near"), page.locator(".half.across")
    expect(near.locator(".team-total")).to_have_text("512")
    expect(across.locator(".team-total")).to_have_text("216")
    expect(near.get_by_text("488 to go out")).to_be_visible()
    expect(across.get_by_text("784 to go out")).to_be_visible()
    expect(near.locator(".berg-badge")).to_have_text("Berg ✓")
    expect(across.locator(".berg-badge")).to_have_count(0)
    assert across.evaluate("e => getComputedStyle(e).transform") == TURNED
    assert near.evaluate("e => getComputedStyle(e).transform") == "none"
    assert across.bounding_box()["y"] < near.bounding_box()["y"]  # across on top
    for slate in page.locator(".chalk svg[data-number]").all():
        assert slate.bounding_box()["width"] > 300  # readable across the table
    assert fits_the_screen(page)
    assert small_targets(page) == []
    screenshot(page, "big-slate-portrait")

    page.set_viewport_size(LANDSCAPE)
    assert fits_the_screen(page)
    assert across.evaluate("e => getComputedStyle(e).transform") == TURNED
    assert across.bounding_box()["x"] < near.bounding_box()["x"]  # side by side
    assert small_targets(page) == []
    screenshot(page, "big-slate-landscape")
    page.set_viewport_size(PHONE)

    # the scorer's phone records a hand: the big slate follows within a poll or two
    scorer_phone = page.context.new_page()
    scorer_phone.goto(f"{live_server.url}/games/{game.pk}/table/")
    record(scorer_phone, "Hearts", 100, typed="Les Nells")  # 57 : 100
    scorer_phone.close()
    expect(across.locator(".team-total")).to_have_text("316", timeout=15_000)
    expect(near.locator(".team-total")).to_have_text("569")

    page.get_by_role("link", name="Go to the table").click()
    page.wait_for_selector("#hand-form")


def test_a_game_over_shows_the_winner_and_rubicon_on_both_halves(page, live_server, scorer):
    won = [hand("hearts", [157, 0], match=0)] * 3 + [hand("spades", [120, 37])]  # 891 : 37
    game = import_in_club(game_document([*won, hand("clubs", [140, 17])]))  # 1031 : 54

    page.goto(f"{live_server.url}/games/{game.pk}/slate/")

    expect(page.locator(".half.near .winner")).to_have_text("Winner: Les Bourgs")
    expect(page.locator(".half.across .rubicon")).to_have_text("Rubicon: Les Nells")
    assert not has_horizontal_scroll(page)
    assert fits_the_screen(page)
    screenshot(page, "big-slate-game-over")
    page.set_viewport_size(LANDSCAPE)
    assert fits_the_screen(page)
    screenshot(page, "big-slate-game-over-landscape")


def test_long_names_and_a_game_of_fixed_hands_still_fit(page, live_server, scorer):
    document = game_document([hand("hearts", [95, 62])] * 5, preset="tournament")
    document["teams"][0]["name"] = "Jassfreunde Oberwil-Lieli Mittwochsrunde"
    document["teams"][1]["players"] = ["Maximiliane Huber-Steiner", "Jean-Baptiste Rochat"]
    game = import_in_club(document)

    page.goto(f"{live_server.url}/games/{game.pk}/slate/")

    expect(page.locator(".half.near").get_by_text("11 hands left")).to_be_visible()
    expect(page.locator(".berg-badge")).to_have_count(0)
    assert not has_horizontal_scroll(page)
    assert fits_the_screen(page)
    screenshot(page, "big-slate-fixed-hands")
