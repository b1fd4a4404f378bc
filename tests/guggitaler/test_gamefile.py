"""Guggitaler's game files (game-format.md "Guggitaler"), without a database: random
games are written, read back and written again unchanged, their ``result`` compared on
the way in; a broken file is refused naming the hand and the field, the first in the
format's order."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from scoring.kinds.guggitaler.gamefile import GuggiRecord, read_game, write_game
from scoring.kinds.guggitaler.rules import play
from scoring.rules import RulesError
from scoring.rules.gamefile import loads
from tests.guggitaler.games import BREAKS, document, random_game, random_hand

SEED = 20261203


def refusal(data: Any) -> tuple[int | None, str]:
    with pytest.raises(RulesError) as caught:
        read_game(data)
    first = caught.value.problems[0]
    return first.hand, first.field


def example() -> dict[str, Any]:
    text = """{
      "format": "jass-game/1", "name": "Guggitaler bei Grosi", "played_on": "2026-12-02",
      "ruleset": {"preset": "guggitaler", "players": 4,
                  "categories": [["tricks", 5], ["schellen", 10], ["ober", 20], ["king", 40],
                                 ["last-trick", 50]],
                  "domino": true, "credits": [150, 100, 55, 0], "series": 1},
      "players": ["Anne", "Bernard", "Claude", "Denise"],
      "hands": [
        {"category": "tricks", "counts": [3, 2, 4, 0]},
        {"category": "schellen", "counts": [2, 3, 4, 0]},
        {"category": "ober", "counts": [1, 0, 2, 1]},
        {"category": "king", "counts": [0, 0, 1, 0]},
        {"category": "last-trick", "counts": [1, 0, 0, 0]},
        {"category": "domino", "places": [4, 1, 3, 2]}
      ],
      "result": {
        "hands": [{"points": [15, 10, 20, 0], "totals": [15, 10, 20, 0]},
                  {"points": [20, 30, 40, 0], "totals": [35, 40, 60, 0]},
                  {"points": [20, 0, 40, 20], "totals": [55, 40, 100, 20]},
                  {"points": [0, 0, 40, 0], "totals": [55, 40, 140, 20]},
                  {"points": [50, 0, 0, 0], "totals": [105, 40, 140, 20]},
                  {"points": [0, -150, -55, -100], "totals": [105, -110, 85, -80]}],
        "totals": [105, -110, 85, -80], "over": true, "ranks": [4, 1, 3, 2], "winner": 1,
        "rubicon": false
      }
    }"""
    data = loads(text)
    assert isinstance(data, dict)
    return data


def test_the_formats_example_is_read_and_written_back_as_it_is():
    data = example()
    record = read_game(data)

    assert (record.name, str(record.played_on)) == ("Guggitaler bei Grosi", "2026-12-02")
    assert record.players == ("Anne", "Bernard", "Claude", "Denise")
    assert write_game(record) == data


def test_random_games_round_trip_with_their_result():
    rng = random.Random(SEED)
    for i in range(300):
        ruleset, hands = random_game(rng)
        data = document(ruleset, hands, name=f"Game {i}")
        data["result"] = play(ruleset, hands).to_dict()
        text = json.dumps(data)

        record = read_game(loads(text))
        written = write_game(record)

        assert written == data, f"game {i} (seed {SEED})"
        assert read_game(json.loads(json.dumps(written))) == record
        assert record.result() == play(ruleset, hands)


def test_a_file_without_result_is_read_and_its_result_written():
    rng = random.Random(SEED + 1)
    ruleset, hands = random_game(rng)
    record = read_game(document(ruleset, hands))

    assert write_game(record)["result"] == play(ruleset, hands).to_dict()


def test_a_preset_alone_is_filled_in_and_x_keys_are_ignored():
    data = example()
    data["ruleset"] = {"preset": "guggitaler-jassbuch", "players": 3, "x-club": "Grosi"}
    data["players"] = ["Anne", "Bernard", "Claude"]
    data["x-app"] = "Jasstafel"
    data["hands"] = [
        {"category": "tricks", "counts": [5, 4, 3], "trump": "obe-abe", "x-note": "quick"},
        {
            "category": "schellen",
            "counts": [9, 0, 0],
            "weis": [[], []],
            "stoeck": None,
            "match": None,
            "cards": None,
        },
    ]
    del data["result"]

    written = write_game(read_game(data))

    assert written["ruleset"] == {
        "preset": "guggitaler-jassbuch",
        "players": 3,
        "categories": [
            ["tricks", 1],
            ["schellen", 2],
            ["ober", 4],
            ["king", 8],
            ["last-trick", 10],
        ],
        "domino": True,
        "credits": [30, 20, 14],
        "series": 1,
    }
    assert written["hands"][0] == {"category": "tricks", "counts": [5, 4, 3], "trump": "obe-abe"}
    assert written["result"]["totals"] == [23, 4, 3]


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        (lambda d: d["ruleset"].update(preset="schieber"), (None, "ruleset.preset")),
        (lambda d: d["ruleset"].update(players=5), (None, "ruleset.players")),
        (lambda d: d["ruleset"].update(series=11), (None, "ruleset.series")),
        (lambda d: d["ruleset"].update(credits=[0, 55, 100, 150]), (None, "ruleset.credits[1]")),
        (lambda d: d.update(players=["Anne", "Bernard", "Claude"]), (None, "players")),
        (lambda d: d.update(players=["Anne", "Bernard", "Claude", " "]), (None, "players[3]")),
        (lambda d: d.update(players=["Anne", "Bernard", "Claude", "anne"]), (None, "players")),
        (lambda d: d.update(teams=[]), (None, "teams")),
        (lambda d: d.update(hands={}), (None, "hands")),
        (lambda d: d["hands"].append({"category": "tricks", "counts": [9, 0, 0, 0]}), (7, "hands")),
        (lambda d: d["hands"].__setitem__(2, "ober"), (3, "hand")),
        (lambda d: d["hands"][1].update(category="ober"), (2, "category")),
        (lambda d: d["hands"][1].update(counts=[2, 3, 4, 1]), (2, "counts")),
        (lambda d: d["hands"][1].update(counts=[2, 3, 4]), (2, "counts")),
        (lambda d: d["hands"][1].pop("counts"), (2, "counts")),
        (lambda d: d["hands"][5].update(counts=[0, 0, 0, 0]), (6, "counts")),
        (lambda d: d["hands"][5].update(places=[1, 1, 3, 2]), (6, "places")),
        (lambda d: d["hands"][4].update(places=[1, 2, 3, 4]), (5, "places")),
        (lambda d: d["hands"][0].update(trump="hearts"), (1, "trump")),
        (lambda d: d["hands"][0].update(weis=[["seq3", 20], []]), (1, "weis")),
        (lambda d: d["hands"][0].update(stoeck=0), (1, "stoeck")),
        (lambda d: d["hands"][0].update(match=0), (1, "match")),
        (lambda d: d["hands"][0].update(cards=[100, 57]), (1, "cards")),
        (lambda d: d["hands"][0].update(chooser="Anne"), (1, "chooser")),
        (lambda d: d["result"].update(totals=[105, -110, 85, -81]), (None, "result.totals")),
        (lambda d: d["result"].update(winner=None), (None, "result.winner")),
        (lambda d: d["result"].update(ranks=[3, 1, 3, 2]), (None, "result.ranks")),
        (lambda d: d["result"].update(over=False), (None, "result.over")),
        (lambda d: d["result"].update(rubicon=True), (None, "result.rubicon")),
        (lambda d: d["result"]["hands"][5].update(points=[0, -1, -5, -9]), (6, "result.points")),
        (lambda d: d["result"].update(difference=0), (None, "result.difference")),
    ],
)
def test_a_broken_file_is_refused_naming_the_hand_and_field(change, refused):
    data = example()
    change(data)

    assert refusal(data) == refused


def test_the_first_broken_hand_is_named_and_in_it_the_first_broken_rule():
    data = example()
    data["hands"][1].update(trump="hearts", weis=[20])  # trump before Weis
    data["hands"][3].update(counts=[1, 1, 0, 0])

    assert refusal(data) == (2, "trump")
    data["hands"][1].update(counts=[9, 9, 0, 0], places=[1, 2, 3, 4])  # counts first
    assert refusal(data) == (2, "counts")


def test_the_ruleset_is_refused_before_the_players_and_the_players_before_the_hands():
    data = example()
    data["ruleset"]["domino"] = "yes"
    data["players"] = []
    data["hands"][0]["counts"] = [1, 1, 1, 1]

    assert refusal(data) == (None, "ruleset.domino")
    data["ruleset"]["domino"] = True
    assert refusal(data) == (None, "players")
    data["players"] = ["Anne", "Bernard", "Claude", "Denise"]
    assert refusal(data) == (1, "counts")


def test_random_broken_hands_are_refused_naming_the_hand_and_field():
    rng = random.Random(SEED + 2)
    seen = set()
    while len(seen) < len(BREAKS):
        ruleset, hands = random_game(rng)
        played = rng.randint(0, min(len(hands), ruleset.hands - 1))
        data = document(ruleset, hands[:played])
        hand = random_hand(rng, ruleset, played, "spread").to_dict()
        breaking = rng.choice(BREAKS)
        field = breaking(rng, ruleset, hand)
        data["hands"].append(hand)
        original = copy.deepcopy(data)

        assert refusal(data) == (played + 1, field), f"{breaking.__name__}: {hand}"
        assert data == original  # nothing read changes the file
        seen.add(breaking)


def test_a_record_written_is_a_record_read():
    rng = random.Random(SEED + 3)
    ruleset, hands = random_game(rng)
    record = GuggiRecord("", None, ruleset, ("A", "B", "C", "D")[: ruleset.players], tuple(hands))

    assert read_game(write_game(record)) == record
