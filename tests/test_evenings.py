"""A club's Schieber evening in Striche (RULES.md §12, "The evening"): its games of one
date, the tally per team and per player as stored with every hand, its page followed
live, the table screen's snapshot, the club's and a player's pages, and its ranking
for a season (§15)."""

from __future__ import annotations

import datetime as dt
import re
from unittest import mock

import pytest
from django.urls import reverse

from clubs.models import Club, Member
from scoring import evenings, services
from scoring.models import ClubStriche, Game
from scoring.rules import gamefile, parse_ruleset, preset
from tests.test_table import post_hand

pytestmark = pytest.mark.django_db

NIGHT = dt.date(2026, 11, 20)


def striche_game(
    club: Club,
    team_0: tuple[str, str],
    team_1: tuple[str, str],
    *,
    on: dt.date = NIGHT,
    name: str = "Game",
    striche: dict | None = None,
    target: int = 1000,
) -> Game:
    """A game to ``target`` counted in Striche (§12's table unless ``striche``), Anne…
    seated as given: team 0's first player chooses first."""
    ruleset = parse_ruleset(
        {**preset("chibre").to_dict(), "target": target, "striche": striche or {}}
    )
    return services.start_game(
        club=club,
        name=name,
        ruleset=ruleset,
        teams=(gamefile.Team("A", team_0), gamefile.Team("B", team_1)),
        first_chooser=0,
        suit_style="french",
        played_on=on,
    )


def schneider(client, club: Club, team_0, team_1, **kwargs) -> Game:
    """A game to 500 that team 0 wins with the loser at 0: Berg 1, Sieg 2, Schneider 2,
    a Matsch of the team that chose (team 0's first player, hand 1): 6 : 0 with §12's
    table."""
    game = striche_game(club, team_0, team_1, target=500, **kwargs)
    assert post_hand(client, game, trump="hearts", match="0").status_code == 302  # 257 : 0
    assert post_hand(client, game, trump="hearts", points="157").status_code == 302  # 414
    saved = post_hand(client, game, trump="hearts", points="100", at_out_0="86", at_out_1="0")
    assert saved.status_code == 302
    return game


def kontermatsch(client, club: Club, team_0, team_1, **kwargs) -> Game:
    """An unfinished game to 1000: team 1 takes all nine tricks where team 0 chose
    (hand 1): a Kontermatsch, 0 : 2 (257 points, below the Berg)."""
    game = striche_game(club, team_0, team_1, **kwargs)
    assert post_hand(client, game, trump="hearts", match="1").status_code == 302
    return game


@pytest.fixture
def members(club):
    return {
        name: Member.objects.create(club=club, name=name)
        for name in ("Anne", "Beat", "Carla", "Dario")
    }


def lines(html: str, table: str) -> list[tuple[str, ...]]:
    """The rows of an evening's table (``players`` or ``teams``) as the page shows them."""
    section = html.split(f">{table}</h2>")[1]
    body = section.split("<tbody>")[1].split("</tbody>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    return [
        tuple(
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        )
        for row in rows
    ]


def test_an_evening_with_changing_partners_gives_each_player_his_teams_striche(
    client, club, members
):
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), name="Table 1")  # 6 : 0
    # Beat, Dario 2 : Anne, Carla 0
    kontermatsch(client, club, ("Anne", "Carla"), ("Beat", "Dario"), name="Table 1, again")
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=NIGHT + dt.timedelta(1))

    page = client.get(
        reverse("clubs:evening", args=[club.slug, "2026-11-20"]), HTTP_ACCEPT_LANGUAGE="en"
    )

    assert page.status_code == 200
    html = page.content.decode()
    assert lines(html, "Players") == [
        ("1", "Beat", "2", "8", "0", "+8"),
        ("2", "Anne", "2", "6", "2", "+4"),
        ("3", "Dario", "2", "2", "6", "-4"),
        ("4", "Carla", "2", "0", "8", "-8"),
    ]
    assert lines(html, "Teams") == [
        ("1", "Anne & Beat", "1", "6", "0", "+6"),
        ("2", "Beat & Dario", "1", "2", "0", "+2"),
        ("3", "Anne & Carla", "1", "0", "2", "-2"),
        ("4", "Carla & Dario", "1", "0", "6", "-6"),
    ]
    assert "Table 1, again" in html
    assert "In progress" in html
    # partners changed: the season takes the players, places 1 to 4
    ranking = evenings.evening_ranking(club, NIGHT)
    assert [(e.place, e.names, e.players[0].member) for e in ranking] == [
        (1, ("Beat",), members["Beat"].pk),
        (2, ("Anne",), members["Anne"].pk),
        (3, ("Dario",), members["Dario"].pk),
        (4, ("Carla",), members["Carla"].pk),
    ]


def test_fixed_teams_make_the_evenings_ranking_of_teams_and_ties_share_the_place(
    client, club, members
):
    for table in range(2):
        kontermatsch(client, club, ("Anne", "Beat"), ("Carla", "Dario"), name=f"Game {table}")
    schneider(client, club, ("Beat", "Anne"), ("Dario", "Carla"))  # seats swapped
    kontermatsch(client, club, ("Urs", "Vreni"), ("Walter", "Xaver"))  # guests

    ranking = evenings.evening_ranking(club, NIGHT)

    # Anne & Beat: 6 made, 4 received (+2); Walter & Xaver +2; Carla & Dario −2; Urs & Vreni −2
    assert [(e.place, e.names, e.games, e.difference) for e in ranking] == [
        (1, ("Anne", "Beat"), 3, 2),
        (1, ("Walter", "Xaver"), 1, 2),
        (3, ("Carla", "Dario"), 3, -2),
        (3, ("Urs", "Vreni"), 1, -2),
    ]
    assert [person.member for person in ranking[1].players] == [None, None]


def test_the_club_may_rank_its_evenings_by_the_striche_made(client, club, members):
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"))  # 6 : 0
    kontermatsch(client, club, ("Erika", "Fritz"), ("Anne", "Carla"))  # 0 : 2
    by_difference = evenings.evening(club, NIGHT)
    ClubStriche.objects.create(club=club, rank_by="made")

    by_made = evenings.evening(club, NIGHT)

    assert [(ln.names[0], ln.difference, ln.place) for ln in by_difference.tally.players] == [
        ("Anne", 8, 1),
        ("Beat", 6, 2),
        ("Erika", -2, 3),
        ("Fritz", -2, 3),
        ("Carla", -4, 5),
        ("Dario", -6, 6),
    ]
    assert [(ln.names[0], ln.made, ln.place) for ln in by_made.tally.players] == [
        ("Anne", 8, 1),
        ("Beat", 6, 2),
        ("Carla", 2, 3),
        ("Dario", 0, 4),
        ("Erika", 0, 4),
        ("Fritz", 0, 4),
    ]
    html = client.get(
        reverse("clubs:evening", args=[club.slug, "2026-11-20"]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Ranked by the Striche made." in html


def test_a_game_without_striche_is_no_part_of_the_evening(client, club, members):
    plain = services.start_game(
        club=club,
        name="No Striche",
        ruleset=preset("chibre"),
        teams=(gamefile.Team("A", ("Anne", "Beat")), gamefile.Team("B", ("Carla", "Dario"))),
        first_chooser=0,
        suit_style="french",
        played_on=NIGHT,
    )
    assert post_hand(client, plain, trump="hearts", match="0").status_code == 302

    found = evenings.evening(club, NIGHT)

    assert found.games == ()
    html = client.get(
        reverse("clubs:evening", args=[club.slug, "2026-11-20"]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "No game of the club counted in Striche on this date, and no Différenzler game." in html
    game_page = client.get(reverse("scoring:game", args=[plain.pk])).content.decode()
    assert "/evenings/" not in game_page


@pytest.mark.parametrize("count", [1, 3])
def test_the_evening_page_reads_the_same_few_queries_at_any_size(
    client, club, members, django_assert_num_queries, count
):
    for _ in range(count):
        schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"))
    url = reverse("clubs:evening", args=[club.slug, "2026-11-20"])

    # session, user, club, memberships; the club's Strich table; the evening's rows; its
    # Différenzler games' rows (the page shows a date's Différenzler evening too)
    with django_assert_num_queries(7):
        response = client.get(url)

    assert len(response.context["evening"].games) == count


def test_the_evening_page_follows_the_hands_live(client, club, members):
    game = striche_game(club, ("Anne", "Beat"), ("Carla", "Dario"))
    page = client.get(reverse("clubs:evening", args=[club.slug, "2026-11-20"]))
    assert page.context["evening"].games[0].sides[0].made == 0
    poll = re.search(r'hx-get="([^"]+/live/\?shown=[0-9a-f]+)"', page.content.decode()).group(1)

    quiet = client.get(poll)
    assert quiet.status_code == 200
    assert "hx-select" not in quiet.content.decode()  # nothing new
    assert client.get(poll, HTTP_IF_NONE_MATCH=quiet["ETag"]).status_code == 304

    assert post_hand(client, game, trump="hearts", match="1").status_code == 302

    moved = client.get(poll)
    html = moved.content.decode()
    assert 'hx-select="#evening"' in html  # the page swaps the evening in anew
    assert 'hx-trigger="load"' in html


def test_a_date_that_is_no_date_is_a_404_and_another_club_sees_nothing(client, club):
    for day in ("2026-02-30", "20261120", "0999-01-01", "2026-11-2x"):
        assert client.get(reverse("clubs:evening", args=[club.slug, day])).status_code == 404
    other = Club.objects.create(name="Other", slug="other")
    assert client.get(reverse("clubs:evening", args=[other.slug, "2026-11-20"])).status_code == 404


def test_the_table_screen_keeps_the_evenings_tally_of_its_players(client, club, members):
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"))
    second = striche_game(club, ("Anne", "Carla"), ("Beat", "Dario"))

    html = client.get(
        reverse("scoring:table", args=[second.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    snapshot = html.split('class="evening-snapshot')[1].split("</section>")[0]
    assert "The evening in Striche" in snapshot
    rows = re.findall(
        r"<tr[^>]*><td>(\d+)</td><th[^>]*>(\w+)</th><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>",
        snapshot,
    )
    assert rows == [
        ("1", "Anne", "6", "0"),
        ("1", "Beat", "6", "0"),
        ("3", "Carla", "0", "6"),
        ("3", "Dario", "0", "6"),
    ]
    evening_url = reverse("clubs:evening", args=[club.slug, "2026-11-20"])
    assert evening_url in snapshot
    # the game page leads to its evening
    assert evening_url in client.get(reverse("scoring:game", args=[second.pk])).content.decode()


def test_the_club_and_player_pages_show_the_evenings_and_the_seasons_difference(
    client, club, members
):
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"))
    later = NIGHT + dt.timedelta(7)
    kontermatsch(client, club, ("Anne", "Carla"), ("Beat", "Dario"), on=later)

    club_page = client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    player = client.get(
        reverse("clubs:player", args=[club.slug, members["Anne"].pk]), HTTP_ACCEPT_LANGUAGE="en"
    )

    html = club_page.content.decode()
    assert [(e.date, e.games) for e in club_page.context["evenings"]] == [(later, 1), (NIGHT, 1)]
    assert reverse("clubs:evening", args=[club.slug, "2026-11-27"]) in html
    board = {s.member.name: s.line for s in club_page.context["team"]}
    assert (board["Anne"].striche_made, board["Anne"].striche_received) == (6, 2)
    assert board["Anne"].striche_difference == 4
    assert board["Beat"].striche_difference == 8
    assert "±: Striche made minus Striche received" in html
    assert "6 Striche" in html  # a game card says each team's Striche
    line = player.context["team"]
    assert (line.striche_games, line.striche_made, line.striche_received) == (2, 6, 2)
    assert [(e.date, e.made, e.received) for e in player.context["evenings"]] == [
        (later, 0, 2),
        (NIGHT, 6, 0),
    ]
    shown = player.content.decode()
    assert "Strich difference" in shown
    assert "+4" in shown


@pytest.mark.parametrize("count", [1, 3])
def test_the_club_and_player_pages_read_as_many_queries_with_more_evenings(
    client, club, members, django_assert_num_queries, count
):
    for day in range(count):
        schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=NIGHT + dt.timedelta(day))
    client.get(club.get_absolute_url())  # the closed months summed once

    # as tests/test_clubs.py pins them without Striche (the player page: with its season panels)
    with django_assert_num_queries(13):
        page = client.get(club.get_absolute_url())
    with django_assert_num_queries(14):
        player = client.get(reverse("clubs:player", args=[club.slug, members["Anne"].pk]))

    assert len(page.context["evenings"]) == len(player.context["evenings"]) == count
    assert player.context["team"].striche_made == 6 * count


def snapshot_rows(html: str) -> list[tuple[str, ...]]:
    """The table screen's tally of the evening: place, player, made, received, as shown."""
    snapshot = html.split('class="evening-snapshot')[1].split("</section>")[0]
    return re.findall(
        r"<tr[^>]*><td>(\d+)</td><th[^>]*>(\w+)</th><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>",
        snapshot,
    )


def test_a_hands_answer_carries_the_evenings_tally_as_it_is_now(client, club, members):
    game = striche_game(club, ("Anne", "Beat"), ("Carla", "Dario"))
    page = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert snapshot_rows(page.content.decode()) == [
        ("1", name, "0", "0") for name in ("Anne", "Beat", "Carla", "Dario")
    ]

    # a Kontermatsch of team 1 where team 0 chose: 0 : 2
    answer = post_hand(client, game, htmx=True, trump="hearts", match="1")

    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="table"')  # the hand's part, tally inside it
    assert snapshot_rows(html) == [
        ("1", "Carla", "2", "0"),
        ("1", "Dario", "2", "0"),
        ("3", "Anne", "0", "2"),
        ("3", "Beat", "0", "2"),
    ]
    # each line says its team in this game, for the phone's provisional Striche offline
    assert 'data-team="1" data-made="2" data-received="0"' in html
    assert "Provisional: with this game" in html  # the note the phone shows offline

    # the next game of the evening: its answer counts the first game too
    second = striche_game(club, ("Anne", "Carla"), ("Beat", "Dario"), name="Second")
    html = post_hand(client, second, htmx=True, trump="hearts", match="1").content.decode()
    assert snapshot_rows(html) == [
        ("1", "Dario", "4", "0"),
        ("2", "Beat", "2", "2"),
        ("2", "Carla", "2", "2"),
        ("4", "Anne", "0", "4"),
    ]


def test_the_live_poll_brings_the_tally_of_another_phones_hand(client, club, members):
    game = striche_game(club, ("Anne", "Beat"), ("Carla", "Dario"))
    assert post_hand(client, game, trump="hearts", match="1").status_code == 302

    # the poll's swap: the table page asked by htmx, #table selected from it
    polled = client.get(
        reverse("scoring:table", args=[game.pk]),
        headers={"HX-Request": "true"},
        HTTP_ACCEPT_LANGUAGE="en",
    )

    rows = snapshot_rows(polled.content.decode())
    assert ("1", "Carla", "2", "0") in rows
    assert ("3", "Anne", "0", "2") in rows


def test_a_hand_of_a_game_in_striche_costs_one_query_more_for_the_tally(
    client, club, members, django_assert_num_queries
):
    from scripts.bench_parts.queries import QUERY_BUDGET

    game = striche_game(club, ("Anne", "Beat"), ("Carla", "Dario"), target=5000)
    assert post_hand(client, game, htmx=True, trump="hearts", points="100").status_code == 200

    # a plain game's budget (tests/test_bench.py), and the evening's rows: the club's
    # Strich table comes with the game's row; the hand recorded on the evening itself (a
    # hand of a past day drops the club's totals from that day on: scoring.totals)
    with (
        mock.patch("scoring.totals.today", return_value=NIGHT),
        django_assert_num_queries(QUERY_BUDGET + 1),
    ):
        answer = post_hand(client, game, 2, htmx=True, trump="hearts", points="100")

    assert answer.status_code == 200
    assert snapshot_rows(answer.content.decode())
