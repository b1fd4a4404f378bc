"""The director's office during a pass (issue 24): each count at the top opens
exactly its tables, a table's number opens that table with the focus on it, the
tables that need the director come most urgent first, a correction returns to the
table on the director's page, and the page costs as many queries for one table as
for many."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Game
from tests.tournaments.evening import evening
from tests.tournaments.test_services import play_out, tournament
from tests.tournaments.test_services import teams as teams_of
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(club, make_user):
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(make_user("admin", club, name="director"))
    return browser


def shown_tables(page: str) -> list[int]:
    """The tables the page lists, in its order (the closed pass's among them)."""
    return [int(pk) for pk in re.findall(r'<li class="table-line[^"]*" id="table-(\d+)"', page)]


def opened(page: str) -> list[int]:
    """The tables shown open, everything at hand (the others are folded)."""
    return [
        int(pk) for pk in re.findall(r'class="table-line[^"]*table-open" id="table-(\d+)"', page)
    ]


def in_pass(night, ids: list[int]) -> list[int]:
    played = {table.pk for table in night.tables}
    return [pk for pk in ids if pk in played]


def test_each_count_at_the_top_links_to_exactly_its_tables(director, club):
    night = evening(club, 24)
    url = night.tournament.get_absolute_url()
    page = director.get(url).content.decode()
    confirmed = [night.paper, *night.settled]
    expected = {
        "confirmed": (f"{len(confirmed)} of 12 tables confirmed", confirmed),
        "disputed": ("1 disputed", [night.disputed]),
        "locked": ("1 locked", [night.locked]),
        "entered": ("3 entered, not confirmed", [night.locked, *night.entered]),
        "missing": (f"{len(night.missing)} not entered yet", night.missing),
        "paper": ("1 from a paper sheet", [night.paper]),
    }

    for show, (count, tables) in expected.items():
        assert re.search(rf'<a[^>]* href="\?show={show}">{count}</a>', page), show
        listed = director.get(f"{url}?show={show}").content.decode()
        assert in_pass(night, shown_tables(listed)) == sorted(t.pk for t in tables), show

    assert in_pass(night, shown_tables(page)) == [t.pk for t in night.tables]  # all of them
    assert opened(page) == []  # every table folded


def test_tables_that_need_the_director_come_most_urgent_first_those_to_act_on_opened(
    director, club
):
    night = evening(club, 24)

    page = director.get(night.tournament.get_absolute_url() + "?show=attention")
    html = page.content.decode()

    attention = 4 + len(night.missing)  # disputed, locked, two entered; not the paper one
    assert f"Needs attention: {attention} tables" in html
    assert in_pass(night, shown_tables(html)) == [
        night.disputed.pk,
        night.locked.pk,
        *(t.pk for t in night.entered),
        *(t.pk for t in night.missing),
    ]
    assert opened(html) == [night.disputed.pk, night.locked.pk]
    assert f"Needs attention: {attention} of 12 tables" in html  # where the focus lands
    assert "ready to close" not in html
    assert re.search(r'<h3 class="h6 mb-0" id="shown" tabindex="-1" autofocus>', html)
    disputed = html[html.index(f'id="table-{night.disputed.pk}"') :]
    assert re.search(r"Disputed by [^<:]+: Hand 2 was a match for us", disputed)
    assert "Settle at 400 : 228" in disputed


def test_a_tables_number_opens_that_table_with_the_focus_on_it(director, club):
    night = evening(club, 24)
    url = night.tournament.get_absolute_url()
    table = night.settled[2]

    html = director.get(f"{url}?table={table.number}").content.decode()

    assert opened(html) == [table.pk]
    line = html[html.index(f'id="table-{table.pk}"') :]
    assert re.match(
        rf'id="table-{table.pk}">\s*<h3 class="table-head h6 mb-0" tabindex="-1" autofocus>', line
    )
    assert "table link" in line.split("</li>")[0]
    assert len(shown_tables(html)) == 12  # the others of its pass, folded (pass 1: a line)
    assert 'name="table" id="jump-table"' in html
    assert f'value="{table.number}"' in html
    # the refresh while tables play keeps the table open but leaves the focus alone
    part = director.get(f"{url}?table={table.number}", HTTP_HX_REQUEST="true").content.decode()
    assert opened(part) == [table.pk]
    assert "autofocus" not in part
    assert f'hx-get="{url}?table={table.number}"' in part


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("13", "Pass 2 has no table 13."),
        ("x7", "Type a table&#x27;s number."),
        ("0", "Type a table&#x27;s number."),
    ],
)
def test_a_table_the_pass_does_not_have_is_said_beside_the_number(director, club, typed, said):
    night = evening(club, 24)

    html = director.get(night.tournament.get_absolute_url(), {"table": typed}).content.decode()

    assert f'id="jump-error" role="alert">{said}</p>' in html
    assert 'aria-invalid="true" aria-describedby="jump-error"' in html
    assert opened(html) == []


def test_a_closed_pass_is_a_line_whose_link_draws_its_tables_and_the_refresh_keeps_them(
    director, club
):
    night = evening(club, 24)
    url = night.tournament.get_absolute_url()
    first = list(Table.objects.filter(round__tournament=night.tournament, round__number=1))

    html = director.get(url).content.decode()

    assert shown_tables(html) == [t.pk for t in night.tables]  # the pass being played
    assert '<a href="?open=1#pass-1">Show the 12 tables of pass 1</a>' in html
    opened_page = director.get(url, {"open": "1"}).content.decode()
    assert shown_tables(opened_page) == [t.pk for t in first + night.tables]
    assert '<details class="pass-fold" open>' in opened_page
    assert "?open=1" not in opened_page.split('id="pass-1"')[1].split("</section>")[0]
    part = director.get(url, {"open": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert shown_tables(part) == [t.pk for t in first + night.tables]
    assert f'hx-get="{url}?open=1"' in part  # the refresh every 10 s keeps it drawn
    # a pass that is not closed, or none at all: the page as it is
    for wrong in ("2", "9", "x", "-1"):
        page = director.get(url, {"open": wrong})
        assert page.status_code == 200
        assert shown_tables(page.content.decode()) == [t.pk for t in night.tables]


def test_an_action_on_a_closed_pass_table_comes_back_with_its_pass_drawn(director, club):
    night = evening(club, 4)
    t = night.tournament
    closed = Table.objects.filter(round__tournament=t, round__number=1).first()

    done = director.post(
        reverse("tournaments:paper_totals", args=[t.pk, closed.pk]),
        {"first": "300", "second": "328", "reason": "the sheet"},
        follow=True,
    )

    assert done.redirect_chain == [(f"{t.get_absolute_url()}?open=1#table-{closed.pk}", 302)]
    assert closed.pk in shown_tables(done.content.decode())


def test_a_closed_pass_and_its_table_open_when_its_paper_sheet_is_refused(director, club):
    night = evening(club, 4)
    closed = Table.objects.filter(round__tournament=night.tournament, round__number=1).first()

    refused = director.post(
        reverse("tournaments:paper_totals", args=[night.tournament.pk, closed.pk]),
        {"first": "700", "second": "0", "reason": "the sheet"},
    )

    html = refused.content.decode()
    assert refused.status_code == 422
    assert f'hx-get="{night.tournament.get_absolute_url()}"' in html  # not the POST's
    assert '<details class="pass-fold" open>' in html
    assert opened(html) == [closed.pk]
    assert "autofocus" in html.split(f'id="table-{closed.pk}"')[1].split("</h3>")[0]


def test_an_action_on_a_table_comes_back_to_that_table_opened(director, club):
    night = evening(club, 12)
    t = night.tournament

    done = director.post(
        reverse("tournaments:decide", args=[t.pk, night.disputed.pk]),
        {"totals": "400:228", "reason": "checked hand 2"},
        follow=True,
    )

    assert done.redirect_chain == [(f"{t.get_absolute_url()}?table=1", 302)]
    html = done.content.decode()
    assert "Table 1 decided." in html
    assert opened(html) == [night.disputed.pk]
    night.disputed.refresh_from_db()
    assert night.disputed.state == Table.DECIDED


def test_a_correction_from_the_directors_page_returns_to_the_table_there(director, club):
    night = evening(club, 12)
    t = night.tournament
    table = night.disputed
    office = director.get(t.get_absolute_url() + "?show=disputed").content.decode()
    link = re.search(rf'href="(/games/{table.game_id}/hands/2/\?next=[^"]+)"', office)[1]
    assert link.endswith(f"?next=/tournaments/{t.pk}/%3Ftable%3D1")

    form = director.get(link).content.decode()
    assert f'<a href="/tournaments/{t.pk}/?table=1">← Back</a>' in form
    assert f'action="{link.replace("&", "&amp;")}"' in form
    version = re.search(r'name="version" value="([^"]+)"', form)[1]
    data = {"hand_number": 2, "form_key": uuid.uuid4(), "version": version}
    data |= {"trump": t.trump_of_hand(2), "points": "57", "typed_team": "0", "reason": ""}
    saved = director.post(link, data, follow=True)

    assert saved.redirect_chain == [(f"/tournaments/{t.pk}/?table=1", 302)]
    html = saved.content.decode()
    assert "Hand 2 corrected." in html
    assert opened(html) == [table.pk]
    assert Game.objects.get(pk=table.game_id).hands.get(number=2).read().cards[0] == 57
    assert "357 : 271" in html.split(f'id="table-{table.pk}"')[1].split("</h3>")[0]


def test_a_correction_of_a_settled_table_is_linked_only_from_the_opened_table(director, club):
    night = evening(club, 16)
    settled = night.settled[0]

    html = director.get(f"{night.tournament.get_absolute_url()}?table={settled.number}")

    line = html.content.decode().split(f'id="table-{settled.pk}"')[1].split("</li>")[0]
    assert "Correct hand:" in line
    assert f"/games/{settled.game_id}/hands/4/?next=" in line
    paper = html.content.decode().split(f'id="table-{night.paper.pk}"')[1].split("</li>")[0]
    assert "Correct hand:" not in paper  # its paper totals replace the hands


@pytest.mark.parametrize(
    "elsewhere", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]
)
def test_a_correction_never_returns_to_another_site(director, club, elsewhere):
    night = evening(club, 4)
    table = night.disputed
    url = reverse("scoring:correct_hand", args=[table.game_id, 1])
    form = director.get(url, {"next": elsewhere}).content.decode()
    assert "← Back" not in form
    assert f'action="{url}"' in form
    version = re.search(r'name="version" value="([^"]+)"', form)[1]
    data = {"hand_number": 1, "form_key": uuid.uuid4(), "version": version}
    data |= {"trump": night.tournament.trump_of_hand(1), "points": "99", "typed_team": "0"}

    saved = director.post(f"{url}?next={elsewhere}", data)

    assert saved.status_code == 302
    assert saved["Location"] == reverse("scoring:table", args=[table.game_id])


def test_a_differenzler_correction_returns_to_the_directors_page(director, club):
    from tests.tournaments.test_differenzler_tournament import differenzler, play, players

    t = differenzler(club)
    players(t)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.first()
    game = Game.objects.get(pk=table.game_id)
    play(game, [((40, 40, 40, 37), (40, 40, 40, 37)), ((30, 30, 50, 47), (30, 30, 50, 47))])
    services.dispute_table(table, 2, table.codes[2], "My hand 1 was 50")
    office = director.get(t.get_absolute_url() + "?show=disputed").content.decode()
    link = re.search(rf'href="(/games/{game.pk}/hands/1/\?next=[^"]+)"', office)[1]
    form = director.get(link).content.decode()
    version = re.search(r'name="version" value="([^"]+)"', form)[1]
    data = {"hand_number": 1, "form_key": uuid.uuid4(), "version": version}
    data |= {"cards_0": 40, "cards_1": 30, "cards_2": 50}

    saved = director.post(link, data)

    assert saved["Location"] == f"/tournaments/{t.pk}/?table={table.number}"
    assert Game.objects.get(pk=game.pk).hands.get(number=1).read().cards[2] == 50


@pytest.mark.parametrize("count", [2, 24])
def test_the_office_costs_the_same_queries_for_one_table_or_many(
    director, club, django_assert_num_queries, count
):
    night = evening(club, count)
    url = night.tournament.get_absolute_url()
    director.get(url)  # the session is read once like on every later page

    # session, user, tournament, club, membership; entries, passes with their tables
    # and events; the pass being played: its games, teams, players, hands, whether
    # any hand is played; the standings: entries, closed passes, their tables, the
    # games' last changes; the last results sheet, the club's members
    with django_assert_num_queries(20):
        page = director.get(url)
    with django_assert_num_queries(20):
        director.get(url + "?show=attention&table=1")
    # the passes alone, as htmx refreshes them every 10 s while tables play: neither
    # the standings, nor the last results sheet, nor the club's members
    with django_assert_num_queries(14):
        director.get(url, HTTP_HX_REQUEST="true")

    assert len(in_pass(night, shown_tables(page.content.decode()))) == count // 2


def test_a_team_tournament_without_a_closed_pass_opens_its_table_too(director, club):
    t = tournament(club)
    from tests.tournaments.test_services import teams

    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.last()
    play_out(table)

    html = director.get(f"{t.get_absolute_url()}?table=2").content.decode()

    assert opened(html) == [table.pk]
    assert "Sign for Team" in html.split(f'id="table-{table.pk}"')[1]


def test_a_table_decided_on_paper_needs_no_attention_and_the_pass_is_ready_to_close(director, club):
    """A result typed from a paper sheet is the director's decision: the table is
    settled. Once every table is, nothing needs attention and the pass may close;
    once it is closed its results are counted, and the page calls for nothing."""
    t = tournament(club)
    teams_of(t, 6)
    first = services.publish_pass(services.schedule_next_pass(t))
    paper, decided, last = first.tables.all()
    services.enter_paper_totals(paper, (400, 228))
    play_out(decided)
    services.decide_table(decided)
    url = t.get_absolute_url()
    page = director.get(url).content.decode()
    assert "Needs attention: 1 table" in page  # the last one, not played yet
    assert "ready to close" not in page
    listed = director.get(url + "?show=attention").content.decode()
    assert in_pass_of(first, shown_tables(listed)) == [last.pk]

    play_out(last)
    services.decide_table(last)

    page = director.get(url).content.decode()
    assert "Needs attention" not in page
    assert "Every table is settled: pass 1 is ready to close." in page
    assert re.search(r'<a[^>]* href="\?show=confirmed">3 of 3 tables confirmed</a>', page)
    assert re.search(r'<a[^>]* href="\?show=paper">1 from a paper sheet</a>', page)
    close = reverse("tournaments:close", args=[t.pk, 1])
    assert re.search(rf'<form method="post" action="{close}">.*?Close pass 1</button>', page, re.S)
    assert director.post(close).status_code == 302  # the button in the summary closes it
    first.refresh_from_db()
    assert first.state == "closed"

    page = director.get(url).content.decode()
    assert "Needs attention" not in page
    assert "ready to close" not in page
    assert re.search(r'<a[^>]* href="\?show=paper">1 from a paper sheet</a>', page)


def in_pass_of(round_, ids: list[int]) -> list[int]:
    played = {table.pk for table in round_.tables.all()}
    return [pk for pk in ids if pk in played]
