"""Games counted in Striche travel through import_game and export_game whole (issue 35:
"random team games with a Strich table round-trip with each team's Striche"), and a
broken file is refused naming its field."""

from __future__ import annotations

import json
import random

import pytest

from scoring.kinds.team.rules import GameRecord, Team
from scoring.models import Game
from tests.rules.striche_games import random_striche_game
from tests.test_game_file_commands import run, stored_rows, write

pytestmark = pytest.mark.django_db

TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))


def document(seed: int) -> dict:
    ruleset, hands = random_striche_game(random.Random(seed))
    record = GameRecord(f"Stammtisch {seed}", None, ruleset, TEAMS, tuple(hands))
    return json.loads(json.dumps(record.to_dict()))


def test_random_games_with_a_strich_table_round_trip(tmp_path):
    for seed in range(12):
        written = document(seed)
        status, out, err = run("import_game", write(tmp_path, f"{seed}.json", written))
        assert (status, err) == (0, "")
        exported = json.loads(run("export_game", out.strip())[1])
        assert exported["ruleset"]["striche"] == written["ruleset"]["striche"]
        assert exported["hands"] == written["hands"]
        assert exported["result"] == written["result"]
        assert [team["total"] for team in exported["result"]["striche"]] == [
            sum(v for k, v in team.items() if k != "total") for team in written["result"]["striche"]
        ]
        Game.objects.filter(pk=int(out.strip())).delete()  # (else refused: stored already)
        status, again, _ = run("import_game", write(tmp_path, f"{seed}b.json", exported))
        assert status == 0
        assert json.loads(run("export_game", again.strip())[1]) == exported
    assert Game.objects.count() == 12


def a_game_with_striche() -> dict:
    for seed in range(100):
        written = document(seed)
        if any(team["total"] for team in written["result"]["striche"]):
            return written
    raise AssertionError("no game with Striche in 100 seeds")


@pytest.mark.parametrize(
    ("break_it", "expected"),
    [
        (
            lambda d: d["ruleset"]["striche"].update(sieg=0),
            "ruleset.striche.sieg: must be a whole number from 1 to 10, not 0",
        ),
        (
            lambda d: d["ruleset"]["striche"].update(stake=5),
            "ruleset.striche.stake: unknown field",
        ),
        (
            lambda d: d["ruleset"].update(end="fixed-hands", target=None, hands=12),
            "ruleset.striche: only a game played to a target",
        ),
        (
            lambda d: d["hands"][0].update(match=0, cards=[157, 0], chooser=None),
            "hand 1: chooser: a match counts as a Matsch or a Kontermatsch",
        ),
        (
            lambda d: d["hands"][0].update(berg_first=0),
            "hand 1: berg_first: only given in the hand where both teams reach the Berg",
        ),
        (
            lambda d: d["result"]["striche"][0].update(total=99),
            "result.striche[0].total: the file says 99, the hands give",
        ),
    ],
)
def test_a_broken_file_is_refused_naming_the_field(tmp_path, break_it, expected):
    broken = a_game_with_striche()
    assert "berg_first" not in broken["hands"][0]  # no tie in a first hand
    break_it(broken)
    before = stored_rows()
    status, out, err = run("import_game", write(tmp_path, "broken.json", broken))
    assert (status, out) == (1, "")
    assert expected in err, err
    assert stored_rows() == before
