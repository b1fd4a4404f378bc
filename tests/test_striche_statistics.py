"""The statistics rows of a game counted in Striche (RULES.md §12): each player's row
keeps the Striche the team made and received, as the hands make them after every
change, and ``rebuild_statistics --check`` compares them too."""

from __future__ import annotations

import json
import random

import pytest
from django.core.management import call_command

from scoring.kinds.team.rules import GameRecord, Team
from scoring.models import Game, PlayerResult
from tests.factories import import_in_club
from tests.rules.striche_games import random_striche_game
from tests.test_table import new_game, post_hand

pytestmark = pytest.mark.django_db

TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))


def striche_of(game: Game) -> dict[str, tuple[int | None, int | None]]:
    return {
        row.player.name: (row.striche_made, row.striche_received)
        for row in PlayerResult.objects.filter(game=game).select_related("player")
    }


def test_each_players_row_keeps_the_striche_made_and_received(client):
    game = new_game(striche={})
    assert striche_of(game) == dict.fromkeys(("Anne", "Claude", "Bernard", "Denise"), (0, 0))

    post_hand(client, game, trump="hearts", match="0")  # Anne chose: Matsch 1
    post_hand(client, game, trump="clubs", match="0")  # Bernard chose: Kontermatsch 2, Berg 1

    made = striche_of(game)
    assert made["Anne"] == made["Claude"] == (4, 0)
    assert made["Bernard"] == made["Denise"] == (0, 4)

    undo = client.post(
        f"/games/{game.pk}/undo/",
        {"hand_number": 2, "form_key": "6f1c1f52-7a6e-4a8e-9d53-0d5b3a0a2b11"},
    )
    assert undo.status_code in (200, 302)
    assert striche_of(game)["Anne"] == (1, 0)


def test_a_game_without_striche_keeps_none(club):
    game = new_game()
    assert set(striche_of(game).values()) == {(None, None)}


def test_imported_games_keep_their_striche_and_the_check_agrees(club, capsys):
    expected = {}
    for seed in range(8):
        ruleset, hands = random_striche_game(random.Random(seed))
        record = GameRecord(f"Game {seed}", None, ruleset, TEAMS, tuple(hands))
        document = json.loads(json.dumps(record.to_dict()))
        game = import_in_club(document)
        expected[game.pk] = [team["total"] for team in document["result"]["striche"]]
    for game_id, totals in expected.items():
        made = striche_of(Game.objects.get(pk=game_id))
        assert made["Anne"] == (totals[0], totals[1])
        assert made["Denise"] == (totals[1], totals[0])

    call_command("rebuild_statistics", "--check")
    assert "0 differ" in capsys.readouterr().out

    row = PlayerResult.objects.filter(game_id=next(iter(expected))).first()
    row.striche_made = 99
    row.save()
    with pytest.raises(SystemExit):
        call_command("rebuild_statistics", "--check")
    assert "1 differ" in capsys.readouterr().out
    call_command("rebuild_statistics")
    assert PlayerResult.objects.get(pk=row.pk).striche_made != 99
