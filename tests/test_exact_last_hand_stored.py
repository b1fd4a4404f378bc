"""A game file with the exact last hand (RULES.md §6, ``cards_at_out``) is stored, counted
in the statistics and exported as it came."""

from __future__ import annotations

import json

import pytest

from scoring import services
from scoring.kinds.team.rules import GameRecord, Hand, Team, preset
from scoring.models import PlayerResult
from tests.rules.builders import lead_in

CHIBRE = preset("chibre")
ESTIMATED = (
    "Estimated: the card points when the winner went out were not given, so the last hand "
    "counts in full, the loser's total capped below the target."
)
TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))


@pytest.mark.django_db
def test_an_exact_last_hand_is_stored_and_exported_as_its_file_said():
    hands = [*lead_in(933, 480), Hand("hearts", None, cards_at_out=(80, 19))]
    data = json.loads(json.dumps(GameRecord("Exact", None, CHIBRE, TEAMS, tuple(hands)).to_dict()))

    game = services.import_game(data)

    exported = services.export_game(game)
    assert exported["hands"] == data["hands"]
    assert exported["result"] == data["result"]
    assert exported["result"]["rubicon"] is True
    losers = PlayerResult.objects.filter(game=game, team=1)
    assert [(r.points, r.rubicon_suffered) for r in losers] == [(499, True), (499, True)]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("last", "shown"),
    [
        (Hand("hearts", (100, 57)), ["estimated", ESTIMATED]),
        (Hand("hearts", (100, 57), cards_at_out=(80, 19)), []),
    ],
    ids=["whole last hand", "count at going out"],
)
def test_the_game_page_says_when_the_last_hand_was_estimated(client, club, last, shown):
    from django.urls import reverse

    record = GameRecord("Exact", None, CHIBRE, TEAMS, (*lead_in(933, 480), last))
    game = services.import_game(json.loads(json.dumps(record.to_dict())), club=club)

    page = client.get(reverse("scoring:game", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    table = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")

    html = page.content.decode() + table.content.decode()
    assert ">estimated<" in html if shown else ">estimated<" not in html
    # said in words on the game's page and on its table (a phone shows no tooltip)
    assert (ESTIMATED in page.content.decode()) is bool(shown)
    assert (ESTIMATED in table.content.decode()) is bool(shown)
    assert ("Rubicon: " in page.content.decode()) is not bool(shown)
