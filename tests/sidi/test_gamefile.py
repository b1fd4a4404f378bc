"""The Sidi section of ``jass-game/1`` (game-format.md "Sidi Barrani"): random games
round-trip through write and read with their result; broken files are refused naming
the hand and field, the first in the format's order."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from scoring.kinds.sidi.gamefile import SidiRecord, read_game
from scoring.rules.problems import RulesError
from tests.sidi.games import TEAMS, random_game

SEED = 36_2
GAMES = 300

EXAMPLE = {
    "format": "jass-game/1",
    "name": "Sidi am Mittwoch",
    "played_on": "2026-12-02",
    "ruleset": {
        "preset": "sidi",
        "target": 1500,
        "min_bid": 50,
        "match_value": 257,
        "doubling": "double",
        "weis": "small",
        "stoeck": True,
        "trumps": ["hearts", "diamonds", "clubs", "spades", "obe-abe", "unde-ufe"],
    },
    "teams": [
        {"name": "A", "players": ["Anne", "Claude"]},
        {"name": "B", "players": ["Bernard", "Denise"]},
    ],
    "hands": [
        {"team": 0, "trump": "spades", "bid": 120, "double": 1, "cards": [130, 27],
         "match": None, "weis": [[], []], "stoeck": None, "bidder": "Anne"},
        {"team": 1, "trump": "obe-abe", "bid": 120, "double": 2, "cards": [57, 100],
         "match": None, "weis": [["seq3"], []], "stoeck": None, "bidder": "Denise"},
    ],
    "result": {
        "hands": [
            {"points": [250, 27], "totals": [250, 27], "made": True},
            {"points": [317, 100], "totals": [567, 127], "made": False},
        ],
        "totals": [567, 127],
        "over": False,
        "winner": None,
        "rubicon": False,
    },
}  # fmt: skip


def refused(document: object) -> tuple[int | None, str]:
    with pytest.raises(RulesError) as caught:
        read_game(document)
    first = caught.value.problems[0]
    return first.hand, first.field


def test_the_format_example_reads_and_writes_back_as_it_is():
    record = read_game(copy.deepcopy(EXAMPLE))
    assert record.result().totals == (567, 127)
    assert record.to_dict() == EXAMPLE


def test_random_games_round_trip_with_their_result():
    rng = random.Random(SEED)
    for i in range(GAMES):
        ruleset, hands = random_game(rng)
        record = SidiRecord(f"Sidi {i}", None, ruleset, TEAMS, tuple(hands))
        text = json.dumps(record.to_dict())
        again = read_game(json.loads(text))
        assert again == record, f"game {i}: {text}"
        assert json.dumps(again.to_dict()) == text


def test_a_file_may_leave_out_what_has_a_default():
    document = copy.deepcopy(EXAMPLE)
    del document["result"]
    first = document["hands"][0]
    for key in ("double", "match", "weis", "stoeck", "bidder"):
        del first[key]
    first["x-note"] = "kept by another site"
    document["ruleset"] = {"preset": "sidi-157"}
    record = read_game(document)
    assert record.hands[0].double == 1
    assert record.ruleset.match_value == 157
    assert record.to_dict()["hands"][0] == {
        "team": 0,
        "trump": "spades",
        "bid": 120,
        "double": 1,
        "cards": [130, 27],
        "match": None,
        "weis": [[], []],
        "stoeck": None,
    }


# Ways to break one hand of a valid game's file, each with the field it must be refused on.
def set_value(key: str, *values: object):
    def breaking(rng: random.Random, data: dict[str, Any]) -> str:
        data[key] = rng.choice(values)
        return key

    breaking.__name__ = f"{key}={values}"
    return breaking


def drop(key: str):
    def breaking(rng: random.Random, data: dict[str, Any]) -> str:
        del data[key]
        return key

    breaking.__name__ = f"no {key}"
    return breaking


def foreign_field(rng: random.Random, data: dict[str, Any]) -> str:
    data["chooser"] = "Anne"
    return "chooser"


def both_weis(rng: random.Random, data: dict[str, Any]) -> str:
    data["weis"] = [["seq3"], [20]]
    return "weis"


def stranger(rng: random.Random, data: dict[str, Any]) -> str:
    data["bidder"] = "Zoé"
    return "bidder"


BREAKS = [
    set_value("team", 2, -1, "0", None, True),
    drop("team"),
    set_value("trump", "misere", "Spades", 3, None),
    set_value("bid", 0, 55, 151, 158, 300, "120", 120.5, None),
    drop("bid"),
    set_value("double", 0, 3, 8, None, "2"),
    set_value("match", 2, "0", True),
    set_value("cards", None, [157], [160, -3], [100, 56], "157", [100.5, 56.5]),
    drop("cards"),
    set_value("weis", None, [[]], [["seq10"], []], [[30], []], [["four-aces", "four-aces"], []]),
    both_weis,
    set_value("stoeck", 2, "1", True),
    set_value("out_first", 0, 1),
    set_value("cards_at_out", [100, 20]),
    set_value("bidder", 3, ["Anne"]),
    stranger,
    foreign_field,
]


def test_broken_hands_are_refused_naming_the_hand_and_field():
    rng = random.Random(SEED + 1)
    seen = set()
    for i in range(GAMES):
        ruleset, hands = random_game(rng)
        if not hands:
            continue
        document = SidiRecord(f"Sidi {i}", None, ruleset, TEAMS, tuple(hands)).to_dict()
        number = rng.randrange(len(hands))
        breaking = rng.choice(BREAKS)
        field = breaking(rng, document["hands"][number])
        seen.add(breaking.__name__)
        assert refused(document) == (number + 1, field), (breaking.__name__, document)
    assert seen == {breaking.__name__ for breaking in BREAKS}


def test_a_hand_after_the_end_is_refused():
    document = copy.deepcopy(EXAMPLE)
    document["ruleset"]["target"] = 200
    del document["result"]
    assert refused(document) == (2, "hands")


def test_a_result_that_does_not_match_is_refused_naming_its_field():
    cases = [
        (("hands", 1, "points"), [250, 28], (2, "result.points")),
        (("hands", 0, "made"), False, (1, "result.made")),
        (("hands", 0, "totals"), [250, 28], (1, "result.totals")),
        (("totals",), [567, 128], (None, "result.totals")),
        (("over",), True, (None, "result.over")),
        (("winner",), 0, (None, "result.winner")),
        (("rubicon",), True, (None, "result.rubicon")),
        (("estimated",), False, (None, "result.estimated")),
    ]
    for path, value, expected in cases:
        document = copy.deepcopy(EXAMPLE)
        place = document["result"]
        for step in path[:-1]:
            place = place[step]
        place[path[-1]] = value
        assert refused(document) == expected, path
    document = copy.deepcopy(EXAMPLE)
    document["result"]["hands"].pop()
    assert refused(document) == (None, "result.hands")
    document["result"] = [567, 127]
    assert refused(document) == (None, "result")


def test_the_first_refusal_follows_the_format_order():
    broken = copy.deepcopy(EXAMPLE)
    broken["result"]["totals"] = [0, 0]
    broken["hands"][1]["bid"] = 55
    broken["hands"][0]["x-seen"] = True
    broken["teams"] = [{"name": "A", "players": ["Anne"]}]
    broken["ruleset"]["target"] = 50
    assert refused(copy.deepcopy(broken)) == (None, "ruleset.target")
    broken["ruleset"]["target"] = 1500
    assert refused(copy.deepcopy(broken)) == (None, "teams")
    broken["teams"] = EXAMPLE["teams"]
    assert refused(copy.deepcopy(broken)) == (2, "bid")
    broken["hands"][1]["bid"] = 120
    assert refused(copy.deepcopy(broken)) == (None, "result.totals")
    broken["format"] = "jass-game/2"
    assert refused(broken) == (None, "format")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"teams": [{"name": "A", "players": ["Anne", "Claude"]}]}, "teams"),
        ({"hands": {"0": {}}}, "hands"),
        ({"hands": [[0, "spades", 120]]}, "hand"),
        ({"striche": {}}, "striche"),
        ({"ruleset": {"preset": "coiffeur"}}, "ruleset.preset"),
        ({"ruleset": {"preset": "sidi", "end": "whole-hand"}}, "ruleset.end"),
    ],
)
def test_a_broken_file_is_refused_naming_its_field(change, field):
    assert refused({**copy.deepcopy(EXAMPLE), **change})[1] == field


def test_a_game_file_holds_at_most_a_thousand_hands():
    document = copy.deepcopy(EXAMPLE)
    del document["result"]
    document["ruleset"]["target"] = 10_000
    document["hands"] = [EXAMPLE["hands"][0]] * 1001
    assert refused(document) == (1001, "hands")
