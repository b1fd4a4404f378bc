"""The game file ``jass-game/1`` (game-format.md): reading it checked, writing it whole."""

from __future__ import annotations

import copy
import datetime as dt
import json
from typing import Any

import pytest

from scoring.kinds.team.rules import (
    FORMAT,
    GameRecord,
    Hand,
    Problem,
    RulesError,
    Team,
    play,
    preset,
    read_game,
)
from tests.rules.builders import game_dict, hand_dict, lead_in, only_problem, problems_of

EXAMPLE: dict[str, Any] = {
    "format": "jass-game/1",
    "name": "Club night, table 3",
    "played_on": "2026-11-20",
    "ruleset": {
        "preset": "chibre",
        "target": 1000,
        "end": "first-out",
        "hands": None,
        "weis": "small",
        "stoeck": True,
        "match_bonus": 100,
        "multipliers": {"spades": 1},
        "trumps": ["hearts", "diamonds", "clubs", "spades", "obe-abe", "unde-ufe"],
    },
    "teams": [
        {"name": "Les Bourgs", "players": ["Anne", "Claude"]},
        {"name": "Les Nells", "players": ["Bernard", "Denise"]},
    ],
    "hands": [
        {
            "trump": "hearts",
            "cards": [95, 62],
            "match": None,
            "weis": [["seq3", 50], []],
            "stoeck": 0,
            "out_first": None,
            "chooser": "Anne",
            "chibre": False,
        }
    ],
    "result": {
        "hands": [{"points": [185, 62], "totals": [185, 62]}],
        "totals": [185, 62],
        "over": False,
        "winner": None,
        "rubicon": False,
    },
}


def example() -> dict[str, Any]:
    return copy.deepcopy(EXAMPLE)


def refused(data: object) -> list[Problem]:
    with pytest.raises(RulesError) as excinfo:
        read_game(data)
    return problems_of(excinfo)


def a_finished_game() -> GameRecord:
    """A first-out game with Weis, Stöck, a match, out_first and chooser/chibre."""
    hands = [
        Hand("hearts", (95, 62), weis=(("seq3", 50), ()), stoeck=0, chooser="Anne"),
        Hand("spades", (0, 157), match=1, weis=(("four-jacks",), ()), chooser="Bernard"),
        Hand("obe-abe", (80, 77), weis=((), (100,)), chooser="Claude", chibre=True),
        *lead_in(685, 414),  # (950, 910)
        Hand("diamonds", (60, 97), out_first=1),  # (1010, 1007): both cross
    ]
    record = GameRecord(
        name="Club night, table 3",
        played_on=dt.date(2026, 11, 20),
        ruleset=preset("chibre"),
        teams=(Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise"))),
        hands=tuple(hands),
    )
    result = record.result()
    assert result.over
    assert result.winner == 1
    return record


# --- the example of the format -------------------------------------------------------------


def test_the_example_of_game_format_reads():
    record = read_game(example())
    assert record.name == "Club night, table 3"
    assert record.played_on == dt.date(2026, 11, 20)
    assert record.ruleset == preset("chibre")
    assert record.teams == (
        Team("Les Bourgs", ("Anne", "Claude")),
        Team("Les Nells", ("Bernard", "Denise")),
    )
    assert record.hands == (
        Hand("hearts", (95, 62), weis=(("seq3", 50), ()), stoeck=0, chooser="Anne"),
    )
    result = record.result()
    assert result.hands[0].points == (185, 62)
    assert result.to_dict() == EXAMPLE["result"]


def test_the_example_written_again_is_the_example():
    written = read_game(example()).to_dict()
    assert written["format"] == FORMAT == "jass-game/1"
    assert written["hands"] == EXAMPLE["hands"]
    assert written["teams"] == EXAMPLE["teams"]
    assert written["result"] == EXAMPLE["result"]
    assert written["played_on"] == "2026-11-20"
    # the ruleset is written out in full
    assert written["ruleset"] == preset("chibre").to_dict()


def test_result_is_optional():
    data = example()
    del data["result"]
    assert read_game(data).result().totals == (185, 62)


def test_optional_hand_fields_have_defaults():
    data = game_dict(hands=[{"trump": "hearts", "cards": [95, 62]}])
    hand = read_game(data).hands[0]
    assert hand == Hand("hearts", (95, 62))


def test_empty_game_and_no_date():
    data = game_dict(hands=[], played_on=None)
    record = read_game(data)
    assert record.hands == ()
    assert record.played_on is None
    assert read_game(record.to_dict()) == record


# --- round trip ----------------------------------------------------------------------------


def test_round_trip_gives_an_equal_record_and_the_same_result():
    record = a_finished_game()
    data = record.to_dict()
    again = read_game(data)
    assert again == record
    assert again.result() == record.result()
    assert again.to_dict() == data


def test_round_trip_through_json_text():
    record = a_finished_game()
    again = read_game(json.loads(json.dumps(record.to_dict())))
    assert again == record
    assert again.result() == record.result()


def test_round_trip_of_a_game_ended_on_stoeck_without_cards():
    record = GameRecord(
        "Stöck",
        None,
        preset("chibre"),
        (Team("A", ("a", "b")), Team("B", ("c", "d"))),
        (*lead_in(985, 899), Hand("hearts", None, stoeck=0)),
    )
    data = json.loads(json.dumps(record.to_dict()))
    assert data["hands"][-1]["cards"] is None
    assert data["result"]["hands"][-1]["points"] == [20, 0]
    assert data["result"]["winner"] == 0
    again = read_game(data)
    assert again == record
    assert again.result() == record.result()


def test_round_trip_keeps_a_ruleset_with_overrides():
    data = game_dict(
        ruleset={"preset": "pique-double", "weis": "large", "trumps": ["spades", "hearts"]},
        hands=[hand_dict(trump="spades", cards=[100, 57], weis=[["seq8"], []])],
    )
    record = read_game(data)
    assert record.result().totals == (700, 114)  # 2 × (100 + 250), 2 × 57
    assert read_game(record.to_dict()) == record


def test_names_are_stripped():
    data = game_dict(name="  Table 3  ")
    data["teams"][0]["name"] = " Les Bourgs "
    assert read_game(data).name == "Table 3"
    assert read_game(data).teams[0].name == "Les Bourgs"


# --- x- keys and unknown keys --------------------------------------------------------------


def test_x_keys_are_ignored_at_every_level():
    data = example()
    data["x-exported-by"] = "jassclub 1.0"
    data["ruleset"]["x-colour"] = "green"
    data["teams"][0]["x-colour"] = "red"
    data["hands"][0]["x-duration"] = 240
    data["result"]["x-checked"] = True
    data["result"]["hands"][0]["x-note"] = "fine"
    record = read_game(data)
    plain = read_game(example())
    assert record == plain
    assert "x-exported-by" not in record.to_dict()


@pytest.mark.parametrize(
    ("where", "field", "hand"),
    [
        ((), "colour", None),
        (("ruleset",), "ruleset.colour", None),
        (("teams", 1), "teams[1].colour", None),
        (("hands", 0), "colour", 1),
        (("result",), "result.colour", None),
    ],
)
def test_unknown_keys_are_refused(where, field, hand):
    data = example()
    target = data
    for key in where:
        target = target[key]
    target["colour"] = "green"
    p = only_problem(refused(data))
    assert (p.field, p.hand) == (field, hand)
    assert "unknown field" in p.message


# --- tampered result -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("totals", [185, 63]),
        ("totals", [185]),
        ("over", True),
        ("over", 0),
        ("winner", 0),
        ("rubicon", True),
        ("rubicon", 0),
    ],
)
def test_a_tampered_result_is_refused_naming_the_field(key, value):
    data = example()
    data["result"][key] = value
    p = only_problem(refused(data))
    assert p.field == f"result.{key}"
    assert p.hand is None
    assert repr(value) in p.message


def test_a_tampered_winner_true_is_not_team_one():
    record = a_finished_game()
    data = record.to_dict()
    assert data["result"]["winner"] == 1
    data["result"]["winner"] = True
    p = only_problem(refused(data))
    assert p.field == "result.winner"


def test_a_tampered_hand_points_is_refused_naming_the_hand():
    record = a_finished_game()
    data = record.to_dict()
    data["result"]["hands"][1]["points"] = [0, 258]
    p = only_problem(refused(data))
    assert (p.field, p.hand) == ("result.points", 2)
    assert "258" in p.message
    assert "257" in p.message
    assert str(p).startswith("hand 2: result.points: ")


def test_a_tampered_hand_totals_is_refused_naming_the_hand():
    record = a_finished_game()
    data = record.to_dict()
    data["result"]["hands"][2]["totals"] = [0, 0]
    p = only_problem(refused(data))
    assert (p.field, p.hand) == ("result.totals", 3)


def test_result_with_the_wrong_number_of_hands():
    data = example()
    data["result"]["hands"].append({"points": [0, 0], "totals": [185, 62]})
    p = only_problem(refused(data))
    assert p.field == "result.hands"
    assert "2" in p.message


def test_result_must_be_an_object():
    data = example()
    data["result"] = [185, 62]
    assert only_problem(refused(data)).field == "result"


# --- broken files --------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["jass-game/2", "jass-game", None, 1])
def test_wrong_format_string(fmt):
    data = example()
    data["format"] = fmt
    p = only_problem(refused(data))
    assert p.field == "format"
    assert "jass-game/1" in p.message


def test_missing_format():
    data = example()
    del data["format"]
    assert only_problem(refused(data)).field == "format"


@pytest.mark.parametrize("data", [[], "jass-game/1", None, 42])
def test_a_game_file_is_an_object(data):
    assert only_problem(refused(data)).field == "format"


def test_chooser_not_among_the_players():
    data = game_dict(hands=[hand_dict(), hand_dict(chooser="Zoé")])
    p = only_problem(refused(data))
    assert (p.field, p.hand) == ("chooser", 2)
    assert "Zoé" in p.message
    assert str(p).startswith("hand 2: chooser: ")


@pytest.mark.parametrize("chooser", [["Anne"], {"name": "Anne"}, 3, True])
def test_chooser_that_is_not_a_name_is_refused_not_crashing(chooser):
    data = game_dict(hands=[hand_dict(chooser=chooser)])
    p = only_problem(refused(data))
    assert (p.field, p.hand) == ("chooser", 1)


def test_duplicate_player_names():
    data = game_dict()
    data["teams"][1]["players"] = ["Bernard", "Anne"]
    p = only_problem(refused(data))
    assert p.field == "teams"
    assert "same name" in p.message


def test_duplicate_player_names_after_stripping():
    data = game_dict()
    data["teams"][1]["players"] = ["Bernard", " Anne "]
    assert only_problem(refused(data)).field == "teams"


@pytest.mark.parametrize(
    ("teams", "field"),
    [
        (None, "teams"),
        ([{"name": "A", "players": ["a", "b"]}], "teams"),
        ([{"name": "A", "players": ["a", "b"]}, "B"], "teams[1]"),
        (
            [{"name": "", "players": ["a", "b"]}, {"name": "B", "players": ["c", "d"]}],
            "teams[0].name",
        ),
        (
            [{"name": "A", "players": ["a", "b", "e"]}, {"name": "B", "players": ["c", "d"]}],
            "teams[0].players",
        ),
        (
            [{"name": "A", "players": ["a", "b"]}, {"name": "B", "players": ["c", 4]}],
            "teams[1].players[1]",
        ),
        (
            [{"name": "A", "players": ["a", "b"]}, {"name": "B", "players": ["c", "  "]}],
            "teams[1].players[1]",
        ),
    ],
)
def test_bad_teams(teams, field):
    data = game_dict(teams=teams)
    assert only_problem(refused(data)).field == field


def test_a_broken_hand_refuses_the_file_naming_hand_and_field():
    data = game_dict(hands=[hand_dict(), hand_dict(cards=[95, 61])])
    p = only_problem(refused(data))
    assert (p.field, p.hand) == ("cards", 2)
    assert str(p) == "hand 2: cards: 95 + 61 = 156, but the cards of a hand make 157"


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        (hand_dict(weis=[["seq3"], ["seq4"]]), "weis"),
        (hand_dict(weis=[["seq10"], []]), "weis"),
        (hand_dict(weis=[[30], []]), "weis"),
        (hand_dict(trump="obe-abe", stoeck=0), "stoeck"),
        (hand_dict(trump="joker"), "trump"),
        (hand_dict(cards=[True, 156]), "cards"),
        (hand_dict(cards=[-5, 162]), "cards"),
        (hand_dict(match=0), "cards"),
        (hand_dict(match=True, cards=[157, 0]), "match"),
        (hand_dict(stoeck=True), "stoeck"),
        (hand_dict(chibre="no"), "chibre"),
        ({"cards": [95, 62]}, "trump"),
        ({"trump": "hearts"}, "cards"),
        ("hearts", "hand"),
    ],
)
def test_broken_hands_in_a_file(hand, field):
    data = game_dict(hands=[hand_dict(), hand])
    p = only_problem(refused(data))
    assert (p.field, p.hand) == (field, 2)


def test_a_hand_after_the_end_refuses_the_file():
    hands = [h.to_dict() for h in lead_in(900, 827)]
    hands += [hand_dict(cards=[120, 37]), hand_dict()]
    p = only_problem(refused(game_dict(hands=hands)))
    assert (p.field, p.hand) == ("hands", len(hands))


def test_out_first_missing_in_a_file():
    hands = [h.to_dict() for h in lead_in(950, 934)] + [hand_dict(cards=[80, 77])]
    p = only_problem(refused(game_dict(hands=hands)))
    assert (p.field, p.hand) == ("out_first", len(hands))


def test_a_bad_ruleset_refuses_the_file():
    data = game_dict(ruleset={"preset": "chibre", "multipliers": {"spades": 0}})
    assert only_problem(refused(data)).field == "ruleset.multipliers.spades"


def test_weis_in_a_tournament_file_is_refused():
    data = game_dict(ruleset={"preset": "tournament"}, hands=[hand_dict(weis=[[20], []])])
    p = only_problem(refused(data))
    assert (p.field, p.hand) == ("weis", 1)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"played_on": "20.11.2026"}, "played_on"),
        ({"played_on": 20261120}, "played_on"),
        ({"name": "x" * 201}, "name"),
        ({"name": 3}, "name"),
        ({"hands": None}, "hands"),
        ({"hands": {"trump": "hearts"}}, "hands"),
    ],
)
def test_bad_game_fields(fields, field):
    data = game_dict()
    data.update(fields)
    assert only_problem(refused(data)).field == field


def test_missing_ruleset():
    data = game_dict()
    del data["ruleset"]
    assert only_problem(refused(data)).field == "ruleset"


# --- problems ------------------------------------------------------------------------------


def test_problem_str_formats_hand_field_message():
    assert str(Problem("cards", "wrong", 3)) == "hand 3: cards: wrong"
    assert str(Problem("result.totals", "wrong")) == "result.totals: wrong"


def test_rules_error_says_the_first_problem():
    error = RulesError([Problem("cards", "first", 1), Problem("weis", "second", 2)])
    assert str(error) == "hand 1: cards: first"
    assert isinstance(error, ValueError)
    with pytest.raises(ValueError, match="at least one"):
        RulesError([])


def test_record_result_equals_play():
    record = a_finished_game()
    assert record.result() == play(record.ruleset, record.hands)


# --- strictness of the result -------------------------------------------------------------


def test_unknown_key_in_a_hand_result_is_refused():
    data = example()
    data["result"]["hands"][0]["colour"] = "green"
    p = only_problem(refused(data))
    assert p.field == "result.colour"
    assert p.hand == 1


@pytest.mark.parametrize("where", ["points", "totals", "top"])
def test_true_in_a_result_is_not_one(where):
    data = game_dict(ruleset={"preset": "tournament"}, hands=[hand_dict(cards=[1, 156])])
    data["result"] = {
        "hands": [{"points": [1, 156], "totals": [1, 156]}],
        "totals": [1, 156],
        "over": False,
        "winner": None,
        "rubicon": False,
    }
    read_game(data)  # the honest file is fine
    if where == "top":
        data["result"]["totals"] = [True, 156]
    else:
        data["result"]["hands"][0][where] = [True, 156]
    p = only_problem(refused(data))
    assert p.field == ("result.totals" if where == "top" else f"result.{where}")
