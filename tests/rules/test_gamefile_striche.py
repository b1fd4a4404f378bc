"""The game file of a game counted in Striche (game-format.md "Striche"): the Strich
table, ``chooser`` and ``berg_first`` in the hands, ``result.striche`` written and
compared, and the refusals in the format's order."""

from __future__ import annotations

import json
import random

import pytest

from scoring.kinds.team.rules import GameRecord, RulesError, Team, read_game
from scoring.kinds.team.rules.striche import (
    BERG_FIRST_NEEDED,
    BERG_FIRST_NO_STRICHE,
    CHOOSER_NEEDED,
)
from tests.rules.builders import game_dict, hand_dict, lead_in, problems_of
from tests.rules.striche_games import random_striche_game
from tests.rules.test_striche import example_hands

TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))


def refused(data):
    with pytest.raises(RulesError) as excinfo:
        read_game(data)
    return problems_of(excinfo)


def example_record() -> GameRecord:
    from scoring.kinds.team.rules import parse_ruleset

    ruleset = parse_ruleset({"preset": "chibre", "target": 2000, "striche": {}})
    return GameRecord("Stammtisch", None, ruleset, TEAMS, tuple(example_hands()))


def test_the_example_result_is_written_and_read_back():
    data = json.loads(json.dumps(example_record().to_dict()))
    assert data["ruleset"]["striche"]["berg_tie"] == "table"
    assert data["result"]["striche"] == [
        {"berg": 1, "sieg": 2, "matsch": 1, "kontermatsch": 0, "schneider": 2, "total": 6},
        {"berg": 0, "sieg": 0, "matsch": 0, "kontermatsch": 2, "schneider": 0, "total": 2},
    ]
    assert read_game(data) == example_record()


def test_a_game_without_striche_writes_none():
    record = GameRecord("x", None, example_record().ruleset.__class__(), TEAMS, ())
    data = record.to_dict()
    assert "striche" not in data["result"]
    assert "striche" not in data["ruleset"]


@pytest.mark.parametrize("seed", range(60))
def test_random_games_round_trip_with_each_teams_striche(seed):
    ruleset, hands = random_striche_game(random.Random(seed))
    record = GameRecord("Table 3", None, ruleset, TEAMS, tuple(hands))
    data = json.loads(json.dumps(record.to_dict()))
    again = read_game(data)
    assert again == record
    assert again.striche() == record.striche()
    assert again.to_dict() == data
    assert len(data["result"]["striche"]) == 2


def striche_file(hands, **table):
    return game_dict(hands, ruleset={"preset": "chibre", "striche": table})


def test_a_tampered_strich_is_refused_naming_team_and_field():
    data = example_record().to_dict()
    data["result"]["striche"][1]["kontermatsch"] = 1
    problem = refused(data)[0]
    assert problem.field == "result.striche[1].kontermatsch"
    assert problem.params == {"given": 1, "computed": 2}


@pytest.mark.parametrize(
    ("striche", "field"),
    [
        ({}, "result.striche"),
        ([{}, {}], "result.striche[0].berg"),
        ([{"bonus": 1}, {}], "result.striche[0].bonus"),
    ],
)
def test_a_broken_result_striche_is_refused(striche, field):
    data = example_record().to_dict()
    data["result"]["striche"] = striche
    assert refused(data)[0].field == field


def test_result_striche_without_a_table_is_refused():
    data = game_dict([hand_dict()])
    data["result"] = {"striche": [{}, {}]}
    problem = refused(data)[0]
    assert problem.field == "result.striche"


def test_a_team_field_of_the_result_comes_before_the_striche():
    data = example_record().to_dict()
    data["result"]["striche"][0]["total"] = 99
    data["result"]["winner"] = 1
    assert refused(data)[0].field == "result.winner"


def test_a_match_without_chooser_is_refused_naming_the_hand():
    problem = refused(striche_file([hand_dict(), hand_dict(cards=[157, 0], match=0)]))[0]
    assert (problem.hand, problem.field, problem.template) == (2, "chooser", CHOOSER_NEEDED)


def test_an_empty_chooser_is_refused():
    problem = refused(striche_file([hand_dict(cards=[157, 0], match=0, chooser="")]))[0]
    assert (problem.hand, problem.field) == (1, "chooser")


def test_berg_first_is_required_where_both_reach_the_line_on_tricks():
    hands = [h.to_dict() for h in lead_in(425, 426)] + [hand_dict(cards=[82, 75])]
    problem = refused(striche_file(hands))[0]
    assert (problem.hand, problem.field, problem.template) == (
        len(hands),
        "berg_first",
        BERG_FIRST_NEEDED,
    )
    hands[-1]["berg_first"] = 1
    record = read_game(striche_file(hands))
    assert record.striche().berg == 1
    assert record.to_dict()["hands"][-1]["berg_first"] == 1


def test_berg_first_in_a_game_without_striche_is_refused():
    problem = refused(game_dict([hand_dict(berg_first=0)]))[0]
    assert (problem.hand, problem.field, problem.template) == (
        1,
        "berg_first",
        BERG_FIRST_NO_STRICHE,
    )


def test_the_ruleset_table_comes_before_the_teams():
    data = striche_file([hand_dict()], sieg=0)
    data["teams"] = []
    assert refused(data)[0].field == "ruleset.striche.sieg"


def test_a_table_in_a_coiffeur_or_differenzler_file_is_refused():
    from scoring.kinds.coiffeur.sheet import parse_ruleset as coiffeur_ruleset

    with pytest.raises(RulesError) as excinfo:
        coiffeur_ruleset({"preset": "coiffeur", "striche": {}})
    assert any("striche" in p.field for p in problems_of(excinfo))
    data = game_dict([], ruleset={"preset": "differenzler", "striche": {}})
    assert refused(data)[0].field == "ruleset.striche"
