"""The Django admin stores only what the rules engine accepts."""

from __future__ import annotations

import copy
import json

import pytest
from django.urls import reverse

from scoring import services, statistics
from scoring.kinds.team import rules
from scoring.models import Game, Hand, PlayerResult
from tests.factories import game_document, hand
from tests.rules.test_coiffeur import EXAMPLE as COIFFEUR

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


def test_a_hand_changed_in_the_admin_changes_the_statistics_rows(admin_client, club):
    game = services.import_game(game_document([hand("hearts", [95, 62])]), club)
    url = reverse("admin:scoring_game_change", args=[game.pk])

    admin_client.post(url, change_form_data(game, [admin_hand(1, 100, 57)]))

    rows = PlayerResult.objects.filter(game=game).order_by("team")
    assert [row.points for row in rows] == [100, 100, 57, 57]
    assert sorted(statistics.rebuilt_rows(Game.objects.with_everything().get()), key=_key) == (
        sorted(rows, key=_key)
    )


def _key(row: PlayerResult) -> tuple:
    return (row.player_id, row.team, row.points, row.hands, row.won, row.finished)


def coiffeur_form_data(game: Game, record: dict) -> dict:
    data = change_form_data(game, [{"number": 1, "record": json.dumps(record)}])
    return data | {"ruleset": json.dumps(game.ruleset)}


def test_a_coiffeur_game_is_kept_and_checked_by_its_own_rules_in_the_admin(admin_client):
    game = services.import_game(copy.deepcopy(COIFFEUR))
    url = reverse("admin:scoring_game_change", args=[game.pk])
    record = Hand.objects.get().record

    refused = admin_client.post(url, coiffeur_form_data(game, record | {"cards": 200}))

    assert refused.status_code == 200
    assert "hand 1: cards:" in refused.content.decode()
    assert Hand.objects.get().record["cards"] == 98

    rowless = {key: value for key, value in record.items() if key != "row"}
    broken = admin_client.post(url, coiffeur_form_data(game, rowless), HTTP_ACCEPT_LANGUAGE="en")
    assert broken.status_code == 200
    assert "Hand 1 is not a hand of the game file" in broken.content.decode()

    renamed = coiffeur_form_data(game, record | {"cards": 100}) | {"name": "Coiffeur im Keller"}
    assert admin_client.post(url, renamed).status_code == 302
    game.refresh_from_db()
    assert (game.name, game.ruleset["preset"], game.result().totals) == (
        "Coiffeur im Keller",
        "coiffeur",
        (500, 0),
    )
