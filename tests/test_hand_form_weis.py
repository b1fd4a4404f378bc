"""The hand form records Weis by kind (issue 13, item 5): stored and exported as kinds,
an old game's bare numbers shown as kinds and kept as they were when left alone, the
engine's refusals beside the Weis; and "who went out first?" carried for the script."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.kinds.team.rules import most_weis
from scoring.kinds.team.weis_entry import shown_kinds
from scoring.models import Game, Hand
from tests.factories import game_document, hand, import_in_club
from tests.test_table import correct, new_game, post_hand, totals

pytestmark = pytest.mark.django_db


def weis_fieldset(html: str) -> str:
    return re.search(r'<fieldset class="field-weis.*?</fieldset>', html, re.S).group(0)


# -- recorded by kind ------------------------------------------------------------------------


def test_weis_by_kind_is_stored_as_kinds(client):
    game = new_game()

    post_hand(
        client,
        game,
        trump="hearts",
        points="95",
        weis_team="1",
        weis_seq3="2",
        weis_four_jacks="1",
    )

    assert Hand.objects.get().record["weis"] == [[], ["seq3", "seq3", "four-jacks"]]
    assert totals(game) == (95, 62 + 20 + 20 + 200)


def test_game_file_exports_the_kinds(client):
    game = new_game()
    post_hand(client, game, trump="clubs", points="80", weis_team="0", weis_four_nines="1")

    document = client.get(reverse("scoring:game_file", args=[game.pk])).json()

    assert document["hands"][0]["weis"] == [["four-nines"], []]
    assert document["result"]["totals"] == [230, 77]


def test_large_weis_offers_each_kind_at_the_games_points(client):
    game = new_game(weis="large")

    html = client.get(
        reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    post_hand(client, game, trump="hearts", points="100", weis_team="0", weis_seq6="1")

    assert '<label for="id_weis_seq6">Six in a row (150)</label>' in html
    assert '<label for="id_weis_four_jacks">Four Jacks (200)</label>' in html
    assert 'data-kind="seq9" data-name="Nine in a row" data-points="300"' in html
    assert Hand.objects.get().record["weis"] == [["seq6"], []]
    assert totals(game) == (250, 57)


def test_small_weis_counts_long_runs_as_a_hundred(client):
    game = new_game()

    html = client.get(
        reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    assert '<label for="id_weis_seq6">Six in a row (100)</label>' in html
    # the common kinds first, the long runs after them
    kinds = re.findall(r'data-kind="([a-z0-9-]+)"', html)
    assert kinds[:6] == ["seq3", "seq4", "seq5", "four-jacks", "four-nines", "four-aces"]
    assert kinds[-4:] == ["seq6", "seq7", "seq8", "seq9"]


def test_a_game_without_weis_has_no_weis_fields(client):
    game = new_game("tournament")

    html = client.get(reverse("scoring:table", args=[game.pk])).content.decode()

    assert "weis-count" not in html
    assert "field-weis" not in html


# -- old games: bare numbers -----------------------------------------------------------------


def old_game(weis: list, **ruleset: object) -> Game:
    return import_in_club(game_document([hand("hearts", [95, 62], weis=[weis, []])], **ruleset))


def test_bare_numbers_of_an_old_game_are_shown_as_kinds(client):
    game = old_game([20, 50, 100, 200])

    response = client.get(reverse("scoring:correct_hand", args=[game.pk, 1]))

    initial = response.context["form"].initial
    shown = {name: initial[name] for name in initial if name.startswith("weis_")}
    assert shown == {
        "weis_team": "0",
        "weis_seq3": 1,
        "weis_seq4": 1,
        "weis_seq5": 1,  # 100 could be any run of five or more, or four 10s, Qs, Ks or As
        "weis_four_jacks": 1,  # 200 in small Weis
    }
    html = response.content.decode()
    assert 'name="weis_four_jacks" id="id_weis_four_jacks"' in html
    assert re.search(r'name="weis_seq5"[^>]*value="1"', html)


def test_correcting_the_points_keeps_the_bare_numbers_exactly(client):
    game = old_game([50, 20, 200])

    response = correct(
        client,
        game,
        1,
        trump="hearts",
        points="100",
        weis_team="0",
        weis_seq3="1",
        weis_seq4="1",
        weis_four_jacks="1",
    )

    assert response.status_code == 302
    assert Hand.objects.get().record["weis"] == [[50, 20, 200], []]  # the order kept too
    assert totals(game) == (370, 57)


def test_correcting_a_bare_number_to_another_kind_stores_kinds(client):
    game = old_game([20, 100])  # the 100 was four Aces, shown as five in a row

    correct(
        client,
        game,
        1,
        trump="hearts",
        points="95",
        weis_team="0",
        weis_seq3="1",
        weis_four_aces="1",
    )

    assert Hand.objects.get().record["weis"] == [["seq3", "four-aces"], []]
    assert totals(game) == (215, 62)


def test_large_weis_bare_numbers_each_four_shown_once():
    assert shown_kinds((200, 200, 150, 150), "large") == [
        "four-jacks",
        "seq7",
        "four-nines",
        "seq6",
    ]
    assert shown_kinds((300, 250, 20, "seq3"), "large") == ["seq9", "seq8", "seq3", "seq3"]
    assert shown_kinds((100, 100), "small") == ["seq5", "seq5"]


def test_a_correction_moving_the_weis_to_the_other_team_is_stored(client):
    game = old_game([20])

    correct(client, game, 1, trump="hearts", points="95", weis_team="1", weis_seq3="1")

    assert Hand.objects.get().record["weis"] == [[], ["seq3"]]


# -- the engine's refusals beside the Weis ---------------------------------------------------


@pytest.mark.parametrize(
    ("weis", "message"),
    [
        ({"weis_four_jacks": "2"}, "Each four-of-a-kind exists once per hand"),
        ({"weis_seq5": "3", "weis_seq4": "1"}, "Needs more than the 18 cards a team holds"),
    ],
)
def test_impossible_weis_are_refused_beside_the_weis_fields(client, weis, message):
    game = new_game()

    response = post_hand(client, game, trump="hearts", points="95", weis_team="0", **weis)

    assert response.status_code == 422
    html = response.content.decode()
    assert message in weis_fieldset(html)
    assert '<details class="extras" open>' in html  # the section open to show it
    assert response.context["form"].errors["weis_team"] == [message]
    assert Hand.objects.count() == 0


def test_impossible_weis_on_a_correction_are_refused_beside_the_weis(client):
    game = old_game([200])

    response = correct(
        client, game, 1, trump="hearts", points="95", weis_team="0", weis_four_jacks="2"
    )

    assert response.status_code == 422
    assert "Each four-of-a-kind exists once per hand" in weis_fieldset(response.content.decode())
    assert Hand.objects.get().record["weis"] == [[200], []]


# -- "who went out first?" carried for the script ---------------------------------------------

HIDDEN_QUESTION = '<fieldset class="field-out-first" hidden>'


def table_html(client, game: Game) -> str:
    url = reverse("scoring:table", args=[game.pk])
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_question_is_carried_hidden_while_both_teams_could_cross(client):
    game = new_game(target=300)
    post_hand(client, game, trump="hearts", points="78")  # 78 : 79

    html = table_html(client, game)

    assert HIDDEN_QUESTION in html
    assert "Both teams reach the target in this hand." in html
    assert 'name="out_first" id="id_out_first_0" value="0">' in html  # nothing chosen


def test_questions_of_going_out_are_carried_hidden_from_the_first_hand(client):
    # 0 : 0 of 1000: no hand takes a team out yet, but hands saved offline move the
    # totals on from those the page was drawn with
    game = new_game()

    html = table_html(client, game)

    assert HIDDEN_QUESTION in html
    # the count is offered closed, under "Stopped when a team went out" (issue 34)
    assert '<details class="stopped">' in html
    assert '<fieldset class="field-at-out" aria-describedby="at-out-why">' in html


@pytest.mark.parametrize("end", ["whole-hand", "fixed-hands"])
def test_question_is_not_carried_when_the_game_does_not_end_first_out(client, end):
    fixed = end == "fixed-hands"
    game = new_game(end=end, target=None if fixed else 150, hands=16 if fixed else None)

    assert "field-out-first" not in table_html(client, game)


def test_question_after_a_refused_save_is_shown_not_hidden(client):
    game = new_game(target=150)
    post_hand(client, game, trump="hearts", points="78")

    response = post_hand(client, game, htmx=True, trump="hearts", points="78")

    html = response.content.decode()
    assert (
        '<fieldset class="field-out-first is-invalid" aria-describedby="out-first-errors">' in html
    )
    assert HIDDEN_QUESTION not in html


def test_correction_page_carries_no_hidden_question(client):
    game = new_game(target=300)
    post_hand(client, game, trump="hearts", points="78")

    html = client.get(reverse("scoring:correct_hand", args=[game.pk, 1])).content.decode()

    assert "field-out-first" not in html


def test_the_question_answered_before_saving_is_stored(client):
    game = new_game(target=150)
    post_hand(client, game, trump="hearts", points="78")  # 78 : 79

    response = post_hand(client, game, trump="hearts", points="78", out_first="0")

    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=2).record["out_first"] == 0


def test_the_hand_form_carries_the_chooser_for_the_script(client):
    game = new_game()

    assert 'data-chooser="Anne"' in table_html(client, game)


# -- the bound behind the hidden question -----------------------------------------------------


def test_most_weis_bounds_a_teams_weis_in_one_hand():
    assert most_weis("small") == 900  # 18 cards at four Jacks' 50 a card
    assert most_weis("large") == 600 + 750  # two runs of nine, and each four-of-a-kind
    assert most_weis("none") == 0


# -- digits that isdigit() accepts and int() refuses (issue 34, item 10) ---------------------


@pytest.mark.parametrize("typed", ["²", "50 ²", "5²", "١٠٠"])
def test_weis_as_points_with_other_digits_are_refused_naming_the_field(client, typed):
    """A superscript passes ``str.isdigit()`` and fails ``int()``; Arabic-Indic digits
    pass both: neither is a Weis written as a slate writes it."""
    game = new_game()

    response = post_hand(
        client, game, trump="hearts", points="95", weis_team="0", weis_values=typed
    )

    assert response.status_code == 422
    errors = response.context["form"].errors["weis_values"]
    assert len(errors) == 1
    assert "is not a Weis of this game" in errors[0]
    summary = re.search(r'<div id="form-errors".*?</div>', response.content.decode(), re.S)
    assert ">Or Weis as points</a>: " in summary.group(0)  # the field, named at the top
    assert Hand.objects.count() == 0


def test_weis_as_points_with_a_superscript_on_a_correction_are_refused(client):
    game = old_game([200])

    response = correct(
        client, game, 1, trump="hearts", points="95", weis_team="0", weis_values="50 ²"
    )

    assert response.status_code == 422
    assert "² is not a Weis of this game" in response.context["form"].errors["weis_values"][0]
    assert Hand.objects.get().record["weis"] == [[200], []]
