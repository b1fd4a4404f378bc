"""A director runs an evening of 60 teams from a phone, in German, then in French
(issue 14): the entries come in from a spreadsheet's CSV, everyone is checked in at
once, the pass is drawn and published, the summary says how far the tables are, the
seating list gives every name its table, and a closed pass folds away."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, has_horizontal_scroll, own_host_only, screenshot, sign_in

TEAMS = 60


@pytest.fixture
def office(browser, live_server, transactional_db, tmp_path):
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role
    from tests.tournaments.test_services import tournament

    club = Club.objects.create(name="Jass-Club Bärn", slug="baern", suit_style="german")
    user = get_user_model().objects.create_user("director", password="jass-test-pw")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    t = tournament(club, name="Grosser Preisjass", passes=3, hands=2)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="de-CH"
    )
    elsewhere = own_host_only(context, live_server)
    page = context.new_page()
    sign_in(page, live_server, "director", "jass-test-pw")
    sheet = tmp_path / "anmeldungen.csv"
    lines = ["Name;Spieler;Partner"] + [
        f"Team {n:02} Zürioberland;Jürg {n};Käthi {n}" for n in range(1, TEAMS + 1)
    ]
    sheet.write_bytes("\r\n".join(lines).encode("cp1252"))  # as Excel saves it
    yield page, t, sheet
    context.close()
    assert elsewhere == []


def test_a_director_runs_sixty_teams_from_a_phone_in_german_and_french(office, live_server):
    from tests.tournaments.test_services import play_out
    from tournaments import services
    from tournaments.models import Table

    page, t, sheet = office
    page.goto(live_server.url + t.get_absolute_url())
    page.get_by_text("Anmeldungen aus einer CSV-Datei übernehmen").click()
    page.set_input_files("#import input[type=file]", str(sheet))
    page.get_by_role("button", name="Importieren").click()
    expect(page.get_by_text("60 Anmeldungen aus der Datei übernommen.")).to_be_visible()
    expect(page.locator(".entry-counts")).to_have_text("60 angemeldet · 0 anwesend")

    page.get_by_role("button", name="Alle einchecken").click()
    expect(page.locator(".entry-counts")).to_have_text("60 angemeldet · 60 anwesend")
    page.get_by_role("button", name="Passe 1 auslosen").click()
    page.get_by_role("button", name="Passe veröffentlichen").click()
    expect(page.get_by_text("Passe veröffentlicht.")).to_be_visible()
    summary = page.locator(".evening-summary")
    expect(summary).to_contain_text("0 von 30 Tischen bestätigt")
    assert not has_horizontal_scroll(page)
    screenshot(page, "sixty-teams-director-de")

    tables = list(Table.objects.filter(round__tournament=t))
    for table in tables[:29]:  # 29 tables play and are settled; one is still playing
        play_out(table, 100)
        services.decide_table(table)
    page.reload()
    expect(summary).to_contain_text("29 von 30 Tischen bestätigt")

    page.get_by_role("link", name="Sitzliste").click()
    names = page.locator(".seating-by-name tbody tr")
    expect(names).to_have_count(TEAMS)
    first = names.first.locator("td")
    assert first.nth(0).inner_text().startswith("Team 01")
    assert not has_horizontal_scroll(page)
    screenshot(page, "sixty-teams-seating-de")

    play_out(tables[29], 100)
    services.decide_table(tables[29])
    page.go_back()
    page.reload()
    page.get_by_role("button", name="Passe abschliessen").click()
    expect(page.locator("details.pass-fold > summary")).to_contain_text("30 Tische")

    page.context.clear_cookies(name="django_language")
    page.goto(live_server.url + "/")
    page.select_option("select[name=language]", "fr")
    page.locator("form.language-switch button").click()
    page.goto(live_server.url + t.get_absolute_url())
    expect(page.locator(".evening-summary")).to_contain_text("30 sur 30 tables confirmées")
    expect(page.locator(".entry-counts")).to_have_text("60 inscrites · 60 présentes")
    expect(page.locator("details.pass-fold > summary")).to_contain_text("30 tables")
    assert not has_horizontal_scroll(page)
    screenshot(page, "sixty-teams-director-fr")


LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def evening_office(browser, live_server, transactional_db):
    """The director of 60 teams in the middle of pass 2 (tests/tournaments/evening.py),
    on a laptop and on a phone, in German."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role
    from tests.tournaments.evening import evening

    club = Club.objects.create(name="Jass-Club Bärn", slug="baern", suit_style="german")
    user = get_user_model().objects.create_user("director", password="jass-test-pw")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    night = evening(club, TEAMS, hands=12)
    contexts = []

    def open_page(viewport: dict, **device):
        context = browser.new_context(viewport=viewport, locale="de-CH", **device)
        contexts.append((context, own_host_only(context, live_server)))
        page = context.new_page()
        page.set_default_timeout(10_000)
        sign_in(page, live_server, "director", "jass-test-pw")
        return page

    yield night, open_page
    for context, elsewhere in contexts:
        context.close()
        assert elsewhere == []


def page_loads(page) -> list[str]:
    """The pages the tab loads from now on (a redirect's end counts once)."""
    loads: list[str] = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and loads.append(frame.url))
    return loads


def test_the_office_at_sixty_teams_fits_three_screens_and_reaches_any_table_at_once(
    evening_office, live_server
):
    night, open_page = evening_office
    office = live_server.url + night.tournament.get_absolute_url()
    page = open_page(LAPTOP)
    page.goto(office)

    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 3 * LAPTOP["height"], f"{height} px: more than three screens"
    assert page.locator("#pass-2 details.table-fold").count() == 30  # every table folded
    assert not has_horizontal_scroll(page)
    screenshot(page, "sixty-teams-office-laptop-de")

    # a table by its number: typed, Enter, and there it is, open, the focus on it
    table = night.tables[16]
    loads = page_loads(page)
    page.fill("#jump-table", "17")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{office}?table=17")
    line = page.locator(f"#table-{table.pk}")
    expect(line.locator(".table-head")).to_be_focused()
    expect(line.get_by_role("link", name="Tischlink")).to_be_visible()
    assert len(loads) == 1
    screenshot(page, "sixty-teams-office-table-17-de")

    # each count at the top: exactly its tables, the focus on what is shown
    summary = page.locator(".evening-summary")
    for count, tables in (
        ("1 bestritten", [night.disputed]),
        ("1 gesperrt", [night.locked]),
        ("1 vom Papierblatt", [night.paper]),
    ):
        summary.get_by_role("link", name=count).click()
        shown = page.locator("#pass-2 .table-line")
        expect(shown).to_have_count(len(tables))
        assert shown.first.get_attribute("id") == f"table-{tables[0].pk}"
        expect(page.locator("#shown")).to_be_focused()
    summary.get_by_role("link", name="Handlungsbedarf: 17 Tische").click()
    expect(page.locator("#pass-2 .table-line")).to_have_count(17)
    expect(page.locator("#shown")).to_have_text("Handlungsbedarf: 17 von 30 Tischen")

    # a disputed table's hand corrected: two page loads, back on the table, opened
    summary.get_by_role("link", name="1 bestritten").click()
    disputed = page.locator(f"#table-{night.disputed.pk}")
    expect(disputed).to_contain_text("Hand 2 was a match for us")
    screenshot(page, "sixty-teams-office-disputed-de")
    loads = page_loads(page)
    disputed.locator(".hand-links").get_by_role("link", name="3", exact=True).click()
    expect(page.get_by_role("heading", name="Spiel 3 korrigieren")).to_be_visible()
    page.locator(".points-input").fill("57")
    screenshot(page, "sixty-teams-office-correction-de")
    page.locator("button.save-hand").click()
    page.wait_for_url(f"{office}?table=1")
    expect(page.get_by_text("Spiel 3 korrigiert.")).to_be_visible()
    expect(disputed.locator(".table-head")).to_be_focused()
    expect(disputed.locator(".table-head")).to_contain_text("1157 : 727")
    assert len(loads) == 2

    phone = open_page(PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    phone.goto(office)
    assert not has_horizontal_scroll(phone)
    screenshot(phone, "sixty-teams-office-phone-de")
    phone.fill("#jump-table", "30")
    phone.keyboard.press("Enter")
    expect(phone.locator(f"#table-{night.tables[29].pk} .table-head")).to_be_focused()
    assert not has_horizontal_scroll(phone)
    screenshot(phone, "sixty-teams-office-phone-table-30-de")
