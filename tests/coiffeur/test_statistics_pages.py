"""Coiffeur in the club's statistics (issue 25): a player's page has a Coiffeur line
(games, wins, average per cell, matches) and the club's page ranks the season's
Coiffeur players (wins, then average per cell), summed from the stored rows and the
closed months' totals like the team-game and Différenzler lines, which stay as they
were, at no extra query."""

from __future__ import annotations

import copy
import datetime as dt
import re
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Club, Member
from scoring import services, statistics
from scoring.kinds.coiffeur.gamefile import CoiffeurRecord, Side
from scoring.models import DayTotal, Game, MonthTotal, PlayerResult
from tests.coiffeur.sheets import COUNTERED, EIGHT, FULL_EIGHT, OPENING, PENALTY, SEED
from tests.factories import game_document, hand, import_in_club
from tests.test_differenzler_games import DOCUMENT as DIFFERENZLER

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SEASON = "?start=2025-01-01&end=2025-12-31"
OWN = ["Cells struck", "Sheets with a counter-match suffered"]  # Coiffeur's own figures


def coiffeur(club: Club, date: str, ruleset, hands, sides=("Anne", "Claude"), *others: str):
    """A Coiffeur game file stored in ``club``: the first side ``sides``, the second
    ``others`` (Bernard and Denise when not given)."""
    second = others or ("Bernard", "Denise")
    record = CoiffeurRecord(
        name=f"Coiffeur {date}",
        played_on=dt.date.fromisoformat(date),
        ruleset=ruleset,
        sides=(Side(" & ".join(sides), tuple(sides)), Side(" & ".join(second), second)),
        hands=tuple(hands),
    )
    return services.import_game(record.to_dict(), club=club)


def sheets(club: Club) -> None:
    """Anne & Claude against Bernard & Denise: a full sheet of eight rows won by Anne's
    side (every cell 100 card points × its row against 90: 3600 in 8 cells, 3240 in 8)
    and the seed's sheet begun (Anne's side 490 + a match 257 in 2 cells, Bernard's side
    1096 + a struck 0 in 2). Emil & Fränzi suffer a counter-match in hearts against
    Gina & Hans (penalty 100 × 3 = −300 in their one cell; the bonus of 100 is in no
    cell). One more sheet, the season before, must not count."""
    coiffeur(club, "2025-03-01", EIGHT, FULL_EIGHT)
    coiffeur(club, "2025-04-15", SEED, OPENING)
    coiffeur(club, "2025-06-30", PENALTY, COUNTERED, ("Emil", "Fränzi"), "Gina", "Hans")
    coiffeur(club, "2024-12-31", EIGHT, FULL_EIGHT, ("Bernard", "Denise"), "Anne", "Claude")


def others(club: Club) -> None:
    """A team game (Anne and Claude make 95 of 157) and a Différenzler game, in the
    season."""
    team = game_document([hand("hearts", [95, 62]), hand("spades", [100, 57])])
    team["played_on"] = "2025-05-01"
    import_in_club(team, club.slug)
    differenzler = copy.deepcopy(DIFFERENZLER)
    differenzler["played_on"] = "2025-05-02"
    import_in_club(differenzler, club.slug)


def member(name: str) -> Member:
    return Member.objects.get(name=name)


def player_page(client, club: Club, name: str, season: str = SEASON):
    url = reverse("clubs:player", args=[club.slug, member(name).pk]) + season
    return client.get(url, **EN)


def table(html: str, css: str) -> str:
    """The table whose last class is ``css`` in a page."""
    found = re.search(rf'<table class="[^"]*\b{css}">(.*?)</table>', html, re.S)
    assert found, css
    return found.group(1)


def cells(html: str) -> list[list[str]]:
    """A table's rows as the texts of their cells (links and marks stripped)."""
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in rows
    ]


def test_the_rows_are_the_sides_figures_the_pages_sum(club):
    sheets(club)
    rows = {
        (r.player.name, r.game.played_on.isoformat()): (r.hands, r.points, r.matches_made, r.won)
        for r in PlayerResult.objects.filter(kind="coiffeur").select_related("player", "game")
    }
    assert rows[("Anne", "2025-03-01")] == (8, 3600, 0, True)
    assert rows[("Bernard", "2025-03-01")] == (8, 3240, 0, False)
    assert rows[("Anne", "2025-04-15")] == (2, 747, 1, False)
    assert rows[("Denise", "2025-04-15")] == (2, 1096, 0, False)
    assert rows[("Emil", "2025-06-30")] == (1, -300, 0, False)
    assert rows[("Hans", "2025-06-30")] == (0, 0, 0, False)


def test_a_players_page_shows_their_coiffeur_line(client, club):
    sheets(club)

    page = player_page(client, club, "Anne")

    line = page.context["coiffeur"]
    assert (line.games, line.finished, line.wins, line.hands, line.points) == (2, 1, 1, 10, 4347)
    assert line.matches_made == 1
    assert line.average == pytest.approx(434.7)
    html = page.content.decode()
    assert '<h2 class="h5 mt-3">Coiffeur</h2>' in html
    assert cells(table(html, "coiffeur-stats")) == [
        ["Games", "2"],
        ["Wins", "1"],
        ["Average per cell", "434.7"],
        ["Matches", "1"],
        ["Cells struck", "0"],
        ["Sheets with a counter-match suffered", "0"],
    ]
    # Coiffeur alone: no team-game nor Différenzler line, and no "no game" either
    assert page.context["team"] is None
    assert page.context["differenzler"] is None
    assert 'player-stats"' not in html
    assert "differenzler-stats" not in html
    assert "No game in this period." not in html


def test_a_signed_average_and_a_player_with_no_cell(client, club):
    sheets(club)

    emil = cells(table(player_page(client, club, "Emil").content.decode(), "coiffeur-stats"))
    hans = cells(table(player_page(client, club, "Hans").content.decode(), "coiffeur-stats"))

    own = [["Cells struck", "0"], ["Sheets with a counter-match suffered"]]
    assert emil == [
        ["Games", "1"],
        ["Wins", "0"],
        ["Average per cell", "-300.0"],
        ["Matches", "0"],
        ["Cells struck", "0"],
        ["Sheets with a counter-match suffered", "1"],
    ]
    assert hans[:4] == [["Games", "1"], ["Wins", "0"], ["Average per cell", "–"], ["Matches", "0"]]
    assert hans[4:] == [own[0], [*own[1], "0"]]


def test_the_season_and_all_time(client, club):
    sheets(club)

    all_time = player_page(client, club, "Bernard", season="").context["coiffeur"]
    before = player_page(client, club, "Bernard", season="?end=2024-12-31")
    after = player_page(client, club, "Bernard", season="?start=2026-01-01").content.decode()

    # the sheet of 2024, won by Bernard's side this time: 3600 more in 8 cells
    assert (all_time.games, all_time.wins, all_time.hands, all_time.points) == (3, 1, 18, 7936)
    assert cells(table(before.content.decode(), "coiffeur-stats"))[2] == [
        "Average per cell",
        "450.0",
    ]
    assert "coiffeur-stats" not in after
    assert "No game in this period." in after


def test_the_club_page_ranks_coiffeur_players_by_wins_then_average_per_cell(client, club):
    sheets(club)
    others(club)

    page = client.get(club.get_absolute_url() + SEASON, **EN)

    html = page.content.decode()
    assert '<h2 class="h5 mt-4">Coiffeur</h2>' in html
    assert cells(table(html, "coiffeur-board")) == [
        # (its own figures are on each player's page: on the board they ran off a phone)
        ["#", "Player", "Games", "Wins", "Ø"],
        ["1", "Anne", "2", "1", "434.7"],
        ["2", "Claude", "2", "1", "434.7"],
        ["3", "Bernard", "2", "0", "433.6"],
        ["4", "Denise", "2", "0", "433.6"],
        ["5", "Emil", "1", "0", "-300.0"],
        ["6", "Fränzi", "1", "0", "-300.0"],
        ["7", "Gina", "1", "0", "–"],
        ["8", "Hans", "1", "0", "–"],
    ]
    assert 'title="Average per cell"' in html
    board = page.context["coiffeur"]
    assert [s.member.name for s in board][:3] == ["Anne", "Claude", "Bernard"]
    assert board[0].line.points == 4347
    assert board[0].line.hands == 10


def test_the_club_page_reads_the_closed_months_totals_as_it_read_the_rows(client, club):
    sheets(club)
    others(club)

    first = client.get(club.get_absolute_url(), **EN)  # sums the closed months
    assert MonthTotal.objects.filter(kind="coiffeur").exists()
    again = client.get(club.get_absolute_url(), **EN)  # reads them
    rows = statistics.both_lines(
        statistics.season_results(club, None, None), statistics.LEADERBOARD
    )

    assert first.context["coiffeur"] == again.context["coiffeur"]
    assert {s.member.pk: s.line for s in again.context["coiffeur"]} == rows.kinds["coiffeur"]
    anne = rows.kinds["coiffeur"][member("Anne").pk]
    assert (anne.games, anne.wins, anne.hands, anne.points) == (3, 1, 18, 7587)


def test_the_team_game_and_differenzler_lines_are_unchanged(client, club):
    others(club)
    board_before = client.get(club.get_absolute_url() + SEASON, **EN)
    page_before = player_page(client, club, "Anne")

    sheets(club)
    board = client.get(club.get_absolute_url() + SEASON, **EN)
    page = player_page(client, club, "Anne")

    assert board.context["team"] == board_before.context["team"]
    assert board.context["differenzler"] == board_before.context["differenzler"]
    assert page.context["team"] == page_before.context["team"]
    assert page.context["differenzler"] == page_before.context["differenzler"]
    line = page.context["team"]
    assert (line.games, line.hands, line.points) == (1, 2, 195)
    assert page.context["differenzler"].games == 1
    html, html_before = page.content.decode(), page_before.content.decode()
    for css in ("player-stats", "partners", "differenzler-stats"):
        assert table(html, css) == table(html_before, css)
    for css in ("leaderboard", "differenzler-board"):
        assert table(board.content.decode(), css) == table(board_before.content.decode(), css)
    assert "coiffeur-board" not in board_before.content.decode()
    assert "coiffeur-stats" not in page_before.content.decode()


@pytest.mark.parametrize("page", ["club", "player"])
def test_coiffeur_games_cost_the_pages_no_query(client, club, page):
    others(club)
    url = (
        club.get_absolute_url()
        if page == "club"
        else reverse("clubs:player", args=[club.slug, member("Anne").pk])
    )
    client.get(url)  # the closed months summed
    with CaptureQueriesContext(connection) as without:
        client.get(url)

    sheets(club)
    client.get(url)
    with CaptureQueriesContext(connection) as with_coiffeur:
        response = client.get(url)

    assert response.context["coiffeur"]
    assert len(with_coiffeur) == len(without)


def test_a_kinds_own_figures_are_kept_in_its_rows_without_a_column(club):
    """Coiffeur's cells struck and counter-matches suffered (``lines.OWN``) are its rows'
    ``figures``, which ``rebuild_statistics --check`` compares like the columns."""
    sheets(club)
    rows = {
        (r.player.name, r.game.played_on.isoformat()): r.figures
        for r in PlayerResult.objects.filter(kind="coiffeur").select_related("player", "game")
    }

    assert rows[("Bernard", "2025-04-15")] == {"struck": 1, "countered": 0}
    assert rows[("Anne", "2025-04-15")] == {"struck": 0, "countered": 0}
    assert rows[("Emil", "2025-06-30")] == {"struck": 0, "countered": 1}
    assert rows[("Hans", "2025-06-30")] == {"struck": 0, "countered": 0}
    assert not PlayerResult.objects.exclude(kind="coiffeur").exclude(figures={}).exists()
    assert statistics.differing(Game.objects.all()) == []

    changed = PlayerResult.objects.get(player__name="Bernard", game__played_on="2025-04-15")
    changed.figures = {"struck": 2, "countered": 0}
    changed.save()
    assert statistics.differing(Game.objects.all()) == [changed.game_id]


def test_a_kinds_own_figures_are_summed_from_the_rows_and_the_closed_months(client, club):
    sheets(club)
    others(club)

    first = client.get(club.get_absolute_url(), **EN)  # sums the closed months
    totals = MonthTotal.objects.filter(kind="coiffeur", member=member("Bernard"))
    again = client.get(club.get_absolute_url(), **EN)  # reads them
    rows = statistics.both_lines(statistics.season_results(club, None, None), ())
    player = player_page(client, club, "Bernard", season="").context["coiffeur"]

    assert sorted(total.figures.get("struck", 0) for total in totals) == [0, 0, 1]
    bernard = {s.member.name: s.line for s in again.context["coiffeur"]}["Bernard"]
    assert [(f.label, f.value) for f in bernard.own] == [
        ("Cells struck", 1),
        ("Sheets with a counter-match suffered", 0),
    ]
    assert first.context["coiffeur"] == again.context["coiffeur"]
    assert rows.kinds["coiffeur"][member("Bernard").pk].own == bernard.own
    emil = rows.kinds["coiffeur"][member("Emil").pk]
    assert [f.value for f in emil.own] == [0, 1]
    assert [f.value for f in player.own] == [1, 0]
    assert statistics.differing_totals() == []
    april = totals.get(month="2025-04-01")
    april.figures = {}
    april.save()
    assert [month for _club, month in statistics.differing_totals()] == [dt.date(2025, 4, 1)]


def test_a_kinds_own_figures_are_summed_in_the_closed_days_totals(club):
    """In April 2025, the 15th closed: Bernard's struck cell is in the day's totals'
    ``figures``, the leaderboard is the rows' sum, and --check compares the figures."""
    sheets(club)
    others(club)

    with mock.patch("scoring.totals.today", return_value=dt.date(2025, 4, 20)):
        first = statistics.club_lines(club, None, None)  # sums the closed days
        again = statistics.club_lines(club, None, None)  # reads them
    day = DayTotal.objects.get(kind="coiffeur", member=member("Bernard"))
    rows = statistics.both_lines(
        statistics.season_results(club, None, None), statistics.LEADERBOARD
    )

    assert day.day == dt.date(2025, 4, 15)
    assert day.figures == {"struck": 1}
    assert first == again == rows
    bernard = again.kinds["coiffeur"][member("Bernard").pk]
    assert [(f.label, f.value) for f in bernard.own] == [
        ("Cells struck", 1),
        ("Sheets with a counter-match suffered", 0),
    ]
    assert statistics.differing_day_totals() == []
    DayTotal.objects.filter(pk=day.pk).update(figures={"struck": 2})
    assert statistics.differing_day_totals() == [(club, dt.date(2025, 4, 15))]
