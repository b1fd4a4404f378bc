"""A team game counted in Striche at the table (RULES.md §12): started so from the new
game page, its hands recorded with "who reached the Berg first?" asked as "who went out
first?" is, and each team's Striche on the table screen, the game page and the big
slate, as stored."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.kinds.team.rules import StrichTable
from scoring.kinds.team.striche_setting import strich_table_for
from scoring.models import Game, Hand
from tests.test_table import new_game, post_hand, start

pytestmark = pytest.mark.django_db


def striche_game(**overrides) -> Game:
    return new_game(striche={}, **overrides)


def page(client, name: str, game: Game) -> str:
    return client.get(reverse(name, args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()


def cell(html: str, award: str, team: int) -> str:
    found = re.search(rf'data-striche="{award}-{team}">(\d+)<', html)
    assert found, f"no {award} of team {team}"
    return found.group(1)


def test_a_game_started_in_striche_counts_with_the_clubs_table(client, club):
    response = start(client, striche="on")

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.rules.striche == strich_table_for(club) == StrichTable()
    assert game.ruleset["striche"] == StrichTable().to_dict()


def test_a_game_started_without_striche_has_none(client):
    start(client)

    assert Game.objects.get().rules.striche is None
    assert "data-striche" not in page(client, "scoring:table", Game.objects.get())


def test_striche_without_a_target_is_refused_beside_the_box(client):
    response = start(client, striche="on", preset="tournament")

    assert response.status_code == 422
    html = response.content.decode()
    assert "Only a game played to a target" in html
    assert Game.objects.count() == 0


def test_the_table_shows_each_teams_striche_as_hands_come_in(client):
    game = striche_game()
    html = page(client, "scoring:table", game)
    assert [cell(html, "total", team) for team in (0, 1)] == ["0", "0"]
    assert "Kontermatsch" in html

    post_hand(client, game, trump="hearts", match="0")  # Anne chose: a Matsch
    post_hand(client, game, trump="clubs", match="0")  # Bernard chose: a Kontermatsch

    html = page(client, "scoring:table", game)
    assert cell(html, "matsch", 0) == "1"
    assert cell(html, "kontermatsch", 0) == "2"
    assert cell(html, "berg", 0) == "1"  # 514 points
    assert cell(html, "total", 0) == "4"
    assert cell(html, "total", 1) == "0"
    for name in ("scoring:game", "scoring:big_slate"):
        shown = page(client, name, game)
        assert cell(shown, "total", 0) == "4", name


def test_both_teams_at_the_berg_on_tricks_the_form_asks_who_was_first(client):
    game = striche_game()
    for _ in range(6):
        assert post_hand(client, game, trump="hearts", points="78").status_code == 302
    # 468 : 474, and this hand takes both over 500 on their tricks
    html = page(client, "scoring:table", game)
    assert "field-berg-first" in html  # carried hidden for the script

    refused = post_hand(client, game, trump="hearts", points="80")

    assert refused.status_code == 422
    html = refused.content.decode()
    assert "which one reached it first?" in html
    assert re.search(r'<fieldset class="field-berg-first is-invalid"', html)
    assert Hand.objects.filter(game=game).count() == 6

    saved = post_hand(client, game, trump="hearts", points="80", berg_first="1")

    assert saved.status_code == 302
    assert Hand.objects.get(game=game, number=7).record["berg_first"] == 1
    html = page(client, "scoring:table", game)
    assert (cell(html, "berg", 0), cell(html, "berg", 1)) == ("0", "1")
    assert "field-berg-first" not in html  # the Berg is had: no more question
    history = page(client, "scoring:history", game)
    assert "reached the Berg first: Les Nells" in history


def test_berg_first_where_it_is_not_asked_is_refused_beside_it(client):
    game = striche_game()

    response = post_hand(client, game, trump="hearts", points="80", berg_first="0")

    assert response.status_code == 422
    assert "leave “Who reached the Berg first?” unanswered" in response.content.decode()
    assert Hand.objects.count() == 0


def test_the_sieg_and_schneider_when_the_game_is_over(client):
    game = striche_game(target=500)
    for _ in range(3):
        post_hand(client, game, trump="hearts", points="157")  # 471 : 0
    post_hand(client, game, trump="hearts", points="100", at_out_0="29", at_out_1="0")

    html = page(client, "scoring:game", game)
    assert (cell(html, "sieg", 0), cell(html, "schneider", 0), cell(html, "berg", 0)) == (
        "2",
        "2",
        "1",
    )
    assert cell(html, "total", 0) == "5"


def test_the_big_slate_gives_the_berg_badge_to_the_first_team_alone(client):
    game = striche_game()
    for _ in range(6):
        post_hand(client, game, trump="hearts", points="78")
    post_hand(client, game, trump="hearts", points="80", berg_first="1")  # 548 : 551

    html = page(client, "scoring:big_slate", game)

    assert html.count('class="berg-badge"') == 1
    assert re.search(r'data-team="1".*?berg-badge', html, re.S)
