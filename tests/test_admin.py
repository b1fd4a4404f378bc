"""The Django admin stores only what the rules engine accepts."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scoring import rules, services
from scoring.models import Game, Hand
from tests.factories import game_document, hand

pytestmark = pytest.mark.django_db


def change_form_data(game: Game, hands: list[dict]) -> dict:
    data = {
        "name": game.name,
        "played_on": game.played_on.isoformat() if game.played_on else "",
        "ruleset": '{"preset": "chibre"}',
        "teams-TOTAL_FORMS": "2",
        "teams-INITIAL_FORMS": "2",
        "hands-TOTAL_FORMS": str(len(hands)),
        "hands-INITIAL_FORMS": str(game.hands.count()),
    }
    for index, team in enumerate(game.teams.order_by("index")):
        data |= {
            f"teams-{index}-id": team.pk,
            f"teams-{index}-game": game.pk,
            f"teams-{index}-index": team.index,
            f"teams-{index}-name": team.name,
        }
    stored = list(game.hands.order_by("number"))
    for index, fields in enumerate(hands):
        prefix = f"hands-{index}-"
        if index < len(stored):
            data[prefix + "id"] = stored[index].pk
        data[prefix + "game"] = game.pk
        data |= {prefix + key: "" if value is None else value for key, value in fields.items()}
    return data


def admin_hand(number: int, cards_0: int, cards_1: int, **fields) -> dict:
    """A hand as typed in the admin: its number and its game file's record."""
    record = {"trump": "hearts", "cards": [cards_0, cards_1], "weis": [[], []], **fields}
    return {"number": number, "record": json.dumps(record)}


def test_admin_edit_keeps_a_valid_game(admin_client):
    game = services.import_game(game_document([hand("hearts", [95, 62])]))
    url = reverse("admin:scoring_game_change", args=[game.pk])

    response = admin_client.post(url, change_form_data(game, [admin_hand(1, 100, 57)]))

    assert response.status_code == 302
    assert Hand.objects.get().record["cards"] == [100, 57]
    assert game.result().totals == (100, 57)


def test_admin_refuses_a_hand_that_breaks_a_rule(admin_client):
    game = services.import_game(game_document([hand("hearts", [95, 62])]))
    url = reverse("admin:scoring_game_change", args=[game.pk])

    response = admin_client.post(
        url, change_form_data(game, [admin_hand(1, 100, 57, stoeck=0, trump="obe-abe")])
    )

    assert response.status_code == 200
    assert "hand 1: stoeck: Stöck is only counted when a suit is trump" in response.content.decode()
    assert Hand.objects.get().read() == rules.Hand(trump="hearts", cards=(95, 62))


def test_admin_says_which_hand_is_no_hand_of_the_game_file(admin_client):
    game = services.import_game(game_document([hand("hearts", [95, 62])]))
    url = reverse("admin:scoring_game_change", args=[game.pk])
    data = change_form_data(game, [admin_hand(1, 100, 57)])
    data["hands-0-record"] = '{"cards": [100, 57]}'  # no trump

    response = admin_client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")  # the message is translated

    assert response.status_code == 200
    assert "Hand 1 is not a hand of the game file" in response.content.decode()
    assert Hand.objects.get().record["cards"] == [95, 62]


def test_admin_pages_open(admin_client):
    game = services.import_game(game_document([hand("hearts", [95, 62])]))

    for url in (
        reverse("admin:scoring_game_changelist"),
        reverse("admin:scoring_game_change", args=[game.pk]),
        reverse("admin:scoring_team_changelist"),
    ):
        assert admin_client.get(url).status_code == 200


def test_a_tournament_games_hands_and_tables_are_read_only_in_the_admin(admin_client, club):
    from tests.tournaments.test_services import play_out, teams, tournament
    from tournaments import services

    t = tournament(club)
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    play_out(table)

    game_page = admin_client.get(reverse("admin:scoring_game_change", args=[table.game_id]))
    pass_page = admin_client.get(reverse("admin:tournaments_pass_change", args=[first.pk]))

    assert game_page.status_code == 200
    assert 'name="hands-0-record"' not in game_page.content.decode()
    assert pass_page.status_code == 200
    assert 'name="tables-0-state"' not in pass_page.content.decode()
