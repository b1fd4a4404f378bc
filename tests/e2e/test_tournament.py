"""A tournament evening of 8 teams over 3 passes, through the pages, on phones:
the director sets up and runs the passes, each table scores through its link, the
opponents confirm with their code, and the results sheet ranks the teams."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in

HANDS = 2
NEXT_HAND = """n => {
  const form = document.querySelector('#hand-form');
  return !form || Number(form.querySelector('input[name=hand_number]').value) > n;
}"""


@pytest.fixture
def director(page, live_server, transactional_db):
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    user = get_user_model().objects.create_user("director", password="jass-test-pw")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    sign_in(page, live_server, "director", "jass-test-pw")
    return page


def click(page, name: str) -> None:
    page.get_by_role("button", name=name).first.click()
    page.wait_for_load_state()


def sign(phone, side: int, code: str) -> None:
    """A team types the code of its own slip in its own box and confirms."""
    phone.fill(f"#code-{side}", code)
    phone.locator(f".sign-form:has(#code-{side}) button").click()


def test_eight_teams_over_three_passes(director, browser, live_server):
    from tournaments.models import Table, Tournament

    page = director
    page.goto(f"{live_server.url}/clubs/barn/tournaments/")
    page.fill("#id_name", "Preisjass")
    page.fill("#id_date", "2026-12-05")
    page.fill("#id_passes", "3")
    page.fill("#id_hands", str(HANDS))
    page.fill("#id_trump_order_text", "hearts, obe-abe")
    click(page, "Create the tournament")
    for n in range(1, 9):
        page.fill("#id_name", f"Team {n}")
        page.fill("#id_player_1", f"Anna {n}")
        page.fill("#id_player_2", f"Beat {n}")
        page.locator("form[action$='/entries/#register'] button").click()
        page.wait_for_load_state()
    for _ in range(3):  # the first teams one by one, as they come in ...
        page.get_by_role("button", name="Check in", exact=True).first.click()
        page.wait_for_load_state()
    expect(page.locator(".entry-counts")).to_have_text("8 registered · 3 present")
    click(page, "Check in everyone")  # ... then the room is full
    expect(page.locator(".entry-counts")).to_have_text("8 registered · 8 present")
    page.fill("#entry-q", "team 7")  # found as typed
    expect(page.locator(".entries .entry-line:visible")).to_have_count(1)
    page.fill("#entry-q", "")
    tournament = Tournament.objects.get()

    for number in range(1, 4):
        click(page, f"Draw pass {number}")
        click(page, "Publish the pass")
        expect(page.get_by_text("Pass published.")).to_be_visible()
        tables = list(Table.objects.filter(round__tournament=tournament, round__number=number))
        assert len(tables) == 4
        for table in tables:
            phone_context = browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB"
            )
            phone = phone_context.new_page()
            phone.goto(f"{live_server.url}/t/{table.token}/")
            for hand in range(1, HANDS + 1):
                # the imposed trump is already chosen: the digits, then save
                phone.locator(".points-input").fill(str(80 + 10 * table.number))
                phone.locator("button.save-hand").click()
                phone.wait_for_function(NEXT_HAND, arg=hand)
            # the team that kept the score signs, then the opponents confirm: on the
            # same phone, or on their own after scanning the table's code
            sign(phone, 0, table.codes[0])
            expect(phone.get_by_text(re.compile(r"^Signed for .+\. Now confirm"))).to_be_visible()
            if number == 2 and table.number == 3:
                phone.get_by_text("We do not agree with this result").click()
                phone.check("#dispute-side-1")
                phone.fill("#dispute-code", table.codes[1])
                phone.fill("#dispute-reason", "Hand 2 was ours")
                phone.get_by_role("button", name="Call the director").click()
                expect(phone.get_by_text("the tournament director will come")).to_be_visible()
                screenshot(phone, "tournament-table-disputed")
            elif table.number == 2:
                own = browser.new_context(
                    viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB"
                )
                opponents = own.new_page()
                opponents.goto(f"{live_server.url}/t/{table.token}/")
                sign(opponents, 1, table.codes[1])
                expect(opponents.get_by_text("Result confirmed. Thank you!")).to_be_visible()
                own.close()
            else:
                sign(phone, 1, table.codes[1])
                expect(phone.get_by_text("Result confirmed. Thank you!")).to_be_visible()
            if number == 1 and table.number == 1:
                assert not has_horizontal_scroll(phone)
                screenshot(phone, "tournament-table-confirmed")
            phone_context.close()
        page.reload()
        if number == 2:  # the disputed table: the director opens it from the count, decides
            page.locator(".evening-summary").get_by_role("link", name="1 disputed").click()
            disputed = page.locator(".table-line.state-disputed")
            expect(disputed).to_contain_text(re.compile(r"Disputed by .+: Hand 2 was ours"))
            screenshot(page, "tournament-director-disputed")
            disputed.get_by_role("button", name=re.compile("^Settle at")).click()
            page.wait_for_load_state()
        click(page, "Close the pass")
        expect(page.get_by_text("Pass closed.")).to_be_visible()

    met = [frozenset(t.seats) for t in Table.objects.filter(round__tournament=tournament)]
    assert len(met) == len(set(met)) == 12  # no two teams met twice
    assert not has_horizontal_scroll(page)
    screenshot(page, "tournament-director")

    response = page.request.get(f"{live_server.url}/tournaments/{tournament.pk}/results.pdf")
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=response.body(), capture_output=True, check=True
    ).stdout.decode()
    from tournaments import services

    ranking = services.current_standings(tournament)
    names = {e.pk: e.name for e in tournament.entries.all()}
    positions = [
        text.index(names[s.entry] + " ")
        if names[s.entry] + " " in text
        else text.index(names[s.entry])
        for s in ranking
    ]
    assert positions == sorted(positions)  # the sheet lists the teams in standing order
    assert str(ranking[0].total) in text

    # each team's own page, from the standings
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
    winner = names[ranking[0].entry]
    page.get_by_role("link", name=winner, exact=True).click()
    expect(page.get_by_role("heading", name=winner)).to_be_visible()
    expect(page.locator(".entry-passes > li")).to_have_count(3)
    assert not has_horizontal_scroll(page)
    screenshot(page, "tournament-entry")


def test_an_individual_tournament_in_french_and_german_at_360_px(browser, live_server, director):
    """The director works in French, a table's phone in German: five players, so
    one sits out; the table scores with the imposed trump, both sides sign."""
    from tournaments.models import Table, Tournament

    context = browser.new_context(
        viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True, locale="fr-CH"
    )
    page = context.new_page()
    sign_in(page, live_server, "director", "jass-test-pw")
    page.goto(f"{live_server.url}/clubs/barn/tournaments/")
    page.fill("#id_name", "Coupe individuelle")
    page.fill("#id_date", "2026-12-12")
    page.select_option("#id_format", "individual")
    page.fill("#id_passes", "2")
    page.fill("#id_hands", "1")
    page.fill("#id_trump_order_text", "Cœur")
    page.select_option("#id_tie_break_2", "draw")
    page.select_option("#id_tie_break_3", "")
    assert not has_horizontal_scroll(page)
    screenshot(page, "tournament-new-fr")
    click(page, "Créer le tournoi")
    for name in ("Anna", "Beat", "Chantal", "Dario", "Elsa"):
        page.fill("#id_player_1", name)  # a player plays under their own name
        page.locator("form[action$='/entries/#register'] button").click()
        page.wait_for_load_state()
    for _ in range(5):
        page.get_by_role("button", name="Pointer", exact=True).first.click()
        page.wait_for_load_state()
    click(page, "Tirer la passe 1")
    click(page, "Publier la passe")
    expect(page.get_by_text("Passe publiée.")).to_be_visible()
    tournament = Tournament.objects.get(name="Coupe individuelle")
    assert tournament.tie_breaks == ["best-pass", "draw"]
    assert tournament.trump_order == ["hearts"]
    table = Table.objects.get(round__tournament=tournament)
    assert len(table.seats) == 4
    expect(page.get_by_text("Exempt")).to_be_visible()
    assert not has_horizontal_scroll(page)
    screenshot(page, "tournament-director-fr")

    german = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-CH")
    phone = german.new_page()
    phone.goto(f"{live_server.url}/t/{table.token}/")
    expect(phone.locator("input[name=trump][value=hearts]")).to_be_checked()
    phone.locator(".points-input").fill("100")
    phone.locator("button.save-hand").click()
    phone.wait_for_function(NEXT_HAND, arg=1)
    expect(phone.get_by_text("Beide Teams bestätigen das Resultat")).to_be_visible()
    sign(phone, 1, "999999" if "999999" not in table.codes else "888888")
    expect(phone.get_by_text("Das ist nicht der Code auf dem Zettel dieses Teams")).to_be_visible()
    expect(phone.locator("#code-1")).to_have_value("")  # the refused code is gone
    screenshot(phone, "tournament-table-wrong-code-de")
    sign(phone, 1, table.codes[1])
    expect(phone.get_by_text("unterschrieben. Bestätigen Sie jetzt")).to_be_visible()
    assert not has_horizontal_scroll(phone)
    screenshot(phone, "tournament-table-signed-de")
    sign(phone, 0, table.codes[0])
    expect(phone.get_by_text("Resultat bestätigt. Danke!")).to_be_visible()
    table.refresh_from_db()
    assert table.state == Table.CONFIRMED
    german.close()
    context.close()


def test_a_late_team_plays_the_pass_it_comes_for_in_german(browser, live_server, director):
    """Issue 24: five teams play pass 1 (one sits out), a sixth and a seventh come for
    pass 2. The draft, read in German, gives the late teams tables and the bye to a
    team that has played pass 1; the director's choice of another bye is told."""
    import datetime as dt

    from clubs.models import Club
    from tests.tournaments.test_services import play_pass
    from tournaments import services
    from tournaments.models import Tournament

    t = Tournament.objects.create(
        club=Club.objects.get(slug="barn"), name="Preisjass", date=dt.date(2026, 12, 5), hands=2
    )
    for n in range(1, 6):
        services.check_in(
            services.register(t, name=f"Team {n}", player_1=f"A{n}", player_2=f"B{n}")
        )
    first = play_pass(services.schedule_next_pass(t))
    for name in ("Spät 1", "Spät 2"):
        services.check_in(
            services.register(t, name=name, player_1=f"{name} A", player_2=f"{name} B")
        )
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-CH")
    page = context.new_page()
    sign_in(page, live_server, "director", "jass-test-pw")
    page.goto(f"{live_server.url}{t.get_absolute_url()}")

    click(page, "Passe 2 auslosen")

    draft = page.locator("#pass-2")
    bye = t.entries.get(pk=t.schedule.get(number=2).byes[0])
    assert bye.name.startswith("Team")  # not a late team
    assert bye.pk != first.byes[0]
    expect(draft.get_by_text(f"Spielfrei: {bye.name}")).to_be_visible()
    expect(
        draft.get_by_text("Spielfrei hat zuerst, wer am meisten Passen gespielt hat")
    ).to_be_visible()
    form = draft.locator("form.sit-out")
    form.get_by_role("combobox").select_option(label="Spät 2")
    form.get_by_role("button", name="Spielfrei ändern").click()
    page.wait_for_load_state()
    expect(page.locator("#pass-2 .check")).to_contain_text(
        f"Spät 2 hat spielfrei, hat aber weniger Passen gespielt als {bye.name}"
    )
    assert not has_horizontal_scroll(page)
    screenshot(page, "tournament-late-team-de")
    context.close()
