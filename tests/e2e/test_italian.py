"""Italian, the fourth language (issue 35, item 3): on a 390 px phone whose browser asks
for Italian, the pages a club evening uses speak Italian, leave no English sentence of the
site behind, and nothing runs off the screen (Italian words are long: "smazzata",
"segnapunti", "Il turno 3 è in corso")."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.e2e.conftest import PHONE, own_host_only, screenshot, sign_in
from tests.italian import english_sentences


@pytest.fixture
def demo_pages(transactional_db) -> dict[str, str]:
    from scoring.models import Game
    from tournaments.models import Tournament

    call_command("load_demo", stdout=io.StringIO())
    game = {g.name: g.pk for g in Game.objects.all()}
    tournament = Tournament.objects.get(name="Preisjass de la Bénichon")
    return {
        "games": "/",
        "new-game": "/games/new/",
        "new-team-game": "/games/new/team/",
        "new-coiffeur": "/games/new/coiffeur/",
        "new-differenzler": "/games/new/differenzler/",
        "club": "/clubs/demo/",
        "team-table": f"/games/{game['Pique double, table 2']}/table/",
        "team-game-over": f"/games/{game['Soirée du club, table 1']}/",
        "differenzler-table": f"/games/{game['Différenzler, table 3']}/table/",
        "coiffeur-table": f"/games/{game['Coiffeur in der Stube']}/table/",
        "tournament-office": f"/tournaments/{tournament.pk}/",
        "standings": f"/tournaments/{tournament.pk}/standings/",
        "members": "/clubs/demo/members/",
    }


def test_a_club_evening_in_italian_on_a_phone(browser, live_server, demo_pages):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="it-CH"
    )
    elsewhere = own_host_only(context, live_server)
    page = context.new_page()
    page.set_default_timeout(10_000)
    english = english_sentences()
    left, too_wide, not_italian = {}, [], []
    try:
        sign_in(page, live_server, "demo-admin", "jass-demo")
        for name, path in demo_pages.items():
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            if page.evaluate("document.documentElement.lang") != "it":
                not_italian.append(name)
            shown = page.locator("body").inner_text()
            titles = " ".join(
                page.locator("[title], [aria-label], [placeholder]").evaluate_all(
                    "els => els.map(e => [e.title, e.getAttribute('aria-label'),"
                    " e.getAttribute('placeholder')].filter(Boolean).join(' '))"
                )
            )
            found = sorted(piece for piece in english if piece in shown or piece in titles)
            if found:
                left[name] = found
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                too_wide.append(f"{name}: {width} px")
            # nor does a table scroll sideways inside its box (the leaderboard's headers)
            for box, wide, shown_width in page.locator(".table-responsive").evaluate_all(
                "boxes => boxes.map(b => [b.firstElementChild.className, b.scrollWidth,"
                " b.clientWidth])"
            ):
                if wide > shown_width:
                    too_wide.append(f"{name}: {box} {wide} px in {shown_width} px")
            screenshot(page, f"italian-{name}")
        # the same look-up finds the English of a page read in English
        context.set_extra_http_headers({"Accept-Language": "en"})
        page.goto(live_server.url + demo_pages["new-game"])
        in_english = [piece for piece in english if piece in page.locator("body").inner_text()]
    finally:
        context.close()

    assert len(english) > 500  # the catalogue's English, to look for
    assert len(in_english) > 5, in_english
    assert not_italian == []
    assert left == {}, "English left on an Italian page"
    assert too_wide == [], "an Italian page runs off a 390 px phone"
    assert elsewhere == []
