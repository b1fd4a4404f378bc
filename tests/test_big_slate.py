"""The big slate: both slates on a phone lying on the table, for whoever may see the
table screen; the Berg marked once a team has made half the target; live."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Game
from tests.factories import game_document, hand, import_in_club
from tests.test_live import poll_url
from tests.test_table import new_game, post_hand
from tests.test_tournament_table_screen import phone, table  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def big_slate(browser: Client, game: Game, **headers) -> str:
    response = browser.get(
        reverse("scoring:big_slate", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en", **headers
    )
    assert response.status_code == 200
    return response.content.decode()


def half(html: str, team: int) -> str:
    """What one team's half of the screen says."""
    found = re.search(rf'<section class="half[^"]*" data-team="{team}".*?</section>', html, re.S)
    assert found, f"no half for team {team}"
    return found.group(0)


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_each_half_shows_its_team_total_and_points_needed(client):
    game = import_in_club(game_document([hand("hearts", [95, 62])]))

    html = big_slate(client, game)

    near, across = words(half(html, 0)), words(half(html, 1))
    assert near.startswith("Les Bourgs Anne · Claude 95")
    assert "905 to go out" in near
    assert across.startswith("Les Nells Bernard · Denise 62")
    assert "938 to go out" in across
    assert 'class="half near"' in html
    assert 'class="half across"' in html
    assert html.count('data-number="') == 2  # two chalk slates
    assert html.count('data-target="1000"') == 2  # and under each the way to 1000


def test_the_page_is_its_own_screen_with_its_own_styles_and_a_way_back(client):
    game = new_game()

    html = big_slate(client, game)

    assert "css/big_slate.css" in html
    assert "css/jassclub.css" not in html  # the site's header and footer are not drawn
    assert "style=" not in html  # the Content-Security-Policy allows no inline style
    assert f'href="{reverse("scoring:table", args=[game.pk])}"' in html
    assert "Go to the table" in html
    assert '<noscript><meta http-equiv="refresh"' in html  # follows without JavaScript too


def test_the_berg_is_marked_only_once_a_team_has_made_half_the_target(client):
    climbing = [hand("hearts", [157, 0])] * 3 + [hand("hearts", [28, 129])]  # 499 : 129
    below = import_in_club(game_document(climbing))
    half_made = import_in_club(game_document([*climbing, hand("hearts", [1, 156])]))  # 500 : 285

    before, after = big_slate(client, below), big_slate(client, half_made)

    assert "Berg ✓" not in before
    assert 'data-berg="1"' not in before
    assert "Berg ✓" in words(half(after, 0))  # exactly half is made
    assert 'data-berg="1"' in half(after, 0)
    assert "Berg ✓" not in half(after, 1)
    assert 'data-berg="0"' in half(after, 1)


def test_a_game_over_names_the_winner_and_rubicon_and_needs_nothing_more(client):
    game = import_in_club(game_document([hand("hearts", [157, 0], match=0)] * 4))  # 1028 : 0

    html = big_slate(client, game)

    winner, loser = words(half(html, 0)), words(half(html, 1))
    assert "Winner: Les Bourgs" in winner
    assert "Berg ✓" in winner
    assert "Winner: Les Bourgs" in loser
    assert "Rubicon: Les Nells" in loser
    assert "to go out" not in html


def test_a_game_of_fixed_hands_says_how_many_are_left_and_has_no_berg(client):
    game = new_game("tournament")
    post_hand(client, game, trump="hearts", points="100")

    html = big_slate(client, game)

    assert "15 hands left" in words(half(html, 0))
    assert "to go out" not in html
    assert "data-berg" not in html
    assert "Berg" not in words(html)


def test_a_member_who_does_not_score_sees_it(club, make_user):
    game = new_game()
    member = Client()
    member.force_login(make_user("member", club))

    assert "Les Bourgs" in big_slate(member, game)


def test_a_stranger_is_refused(club, make_user):
    game = new_game()
    stranger = Client()
    stranger.force_login(make_user())
    url = reverse("scoring:big_slate", args=[game.pk])

    assert stranger.get(url).status_code == 404
    assert stranger.get(reverse("scoring:big_slate_live", args=[game.pk])).status_code == 404
    assert Client().get(url).status_code == 302  # nobody signed in: to the sign-in page
    assert "Les Bourgs" not in stranger.get(url).content.decode()


def test_a_tournament_table_sees_it_through_its_link(phone, table):  # noqa: F811
    html = big_slate(phone, table.game)

    assert "Team 1" in html
    assert "Team 2" in html
    assert "4 hands left" in html
    assert Client().get(reverse("scoring:big_slate", args=[table.game_id])).status_code == 302


def test_a_finished_tournament_game_names_no_winner(phone, table):  # noqa: F811
    from tests.test_tournament_table_screen import ORDER, record

    for number, trump in enumerate(ORDER, start=1):
        record(phone, table, number, trump)

    html = big_slate(phone, table.game)

    assert html.count("All hands played") == 2
    assert "Winner" not in words(html)


def test_it_follows_the_game_live(client):
    game = new_game()
    url = poll_url(big_slate(client, game))
    first = client.get(url)
    post_hand(client, game, trump="hearts", points="100")

    unchanged = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    answer = client.get(url).content.decode()

    assert url.startswith(reverse("scoring:big_slate_live", args=[game.pk]))
    assert unchanged.status_code == 200  # the game changed: no 304
    assert 'hx-trigger="load"' in answer
    assert 'hx-select="#board"' in answer
    assert f'hx-get="{reverse("scoring:big_slate", args=[game.pk])}"' in answer


def test_htmx_gets_the_slates_alone(client):
    game = new_game()

    html = big_slate(client, game, HTTP_HX_REQUEST="true")

    assert html.lstrip().startswith('<main id="board"')
    assert "<head>" not in html


@pytest.mark.parametrize("count", [1, 3])
def test_queries_do_not_grow_with_hands(client, django_assert_num_queries, count):
    game = import_in_club(game_document([hand("hearts", [95, 62])] * count))

    # session, user, game, its teams, players and hands, the user's roles
    with django_assert_num_queries(7):
        html = big_slate(client, game)

    assert f'data-total="{95 * count}"' in html


def test_the_table_screen_links_to_it(client):
    game = new_game()
    post_hand(client, game, trump="hearts", points="100")

    html = client.get(reverse("scoring:table", args=[game.pk])).content.decode()

    assert f'href="{reverse("scoring:big_slate", args=[game.pk])}"' in html


def test_the_game_page_links_to_it(client):
    game = new_game()

    html = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert f'href="{reverse("scoring:big_slate", args=[game.pk])}"' in html
