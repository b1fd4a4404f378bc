"""Rulesets and presets (game-format.md "ruleset", RULES.md §4, §6, §9)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.kinds.team.rules import (
    PRESETS,
    TRUMPS,
    Hand,
    RulesError,
    Ruleset,
    hand_points,
    parse_ruleset,
    preset,
)
from tests.rules.builders import problems_of

ALL_ONE = dict.fromkeys(TRUMPS, 1)

EXPECTED_PRESETS: dict[str, dict[str, Any]] = {
    "chibre": {
        "preset": "chibre",
        "target": 1000,
        "end": "first-out",
        "hands": None,
        "weis": "small",
        "stoeck": True,
        "match_bonus": 100,
        "multipliers": ALL_ONE,
        "trumps": list(TRUMPS),
    },
    "pique-double": {
        "preset": "pique-double",
        "target": 1500,
        "end": "first-out",
        "hands": None,
        "weis": "small",
        "stoeck": True,
        "match_bonus": 100,
        "multipliers": {**ALL_ONE, "spades": 2},
        "trumps": list(TRUMPS),
    },
    "schieber-2500": {
        "preset": "schieber-2500",
        "target": 2500,
        "end": "first-out",
        "hands": None,
        "weis": "small",
        "stoeck": True,
        "match_bonus": 100,
        "multipliers": {
            "hearts": 2,
            "diamonds": 2,
            "clubs": 1,
            "spades": 1,
            "obe-abe": 3,
            "unde-ufe": 3,
        },
        "trumps": list(TRUMPS),
    },
    "tournament": {
        "preset": "tournament",
        "target": None,
        "end": "fixed-hands",
        "hands": 16,
        "weis": "none",
        "stoeck": False,
        "match_bonus": 0,
        "multipliers": ALL_ONE,
        "trumps": list(TRUMPS),
    },
    "differenzler": {
        "preset": "differenzler",
        "target": None,
        "end": "fixed-hands",
        "hands": 12,
        "weis": "none",
        "stoeck": False,
        "match_bonus": 0,
        "multipliers": ALL_ONE,
        "trumps": ["hearts", "diamonds", "clubs", "spades"],
    },
}


def field_of(data: object) -> list[str]:
    with pytest.raises(RulesError) as excinfo:
        parse_ruleset(data)
    return [p.field for p in problems_of(excinfo)]


# --- presets ---------------------------------------------------------------------------


def test_the_presets_of_the_format_exist():
    assert set(PRESETS) == set(EXPECTED_PRESETS)


@pytest.mark.parametrize("name", sorted(EXPECTED_PRESETS))
def test_preset_fields_are_exactly_those_of_game_format(name):
    assert preset(name).to_dict() == EXPECTED_PRESETS[name]
    assert parse_ruleset({"preset": name}) == preset(name)


def test_tournament_preset_has_no_target_and_no_half_target():
    ruleset = preset("tournament")
    assert ruleset.target is None
    assert ruleset.half_target is None


def test_no_preset_means_chibre_values():
    ruleset = parse_ruleset({})
    assert ruleset.preset is None
    assert {k: v for k, v in ruleset.to_dict().items() if k != "preset"} == {
        k: v for k, v in EXPECTED_PRESETS["chibre"].items() if k != "preset"
    }


def test_default_ruleset_object_is_chibre():
    assert Ruleset() == preset("chibre")


def test_multiplier_of_each_mode():
    schieber = preset("schieber-2500")
    assert [schieber.multiplier(mode) for mode in TRUMPS] == [2, 2, 1, 1, 3, 3]
    assert preset("pique-double").multiplier("spades") == 2
    assert preset("pique-double").multiplier("hearts") == 1


@pytest.mark.parametrize(("bonus", "expected"), [(100, 257), (50, 207), (0, 157)])
def test_match_card_points_are_what_a_match_hand_counts_before_its_multiplier(bonus, expected):
    ruleset = parse_ruleset({"preset": "chibre", "match_bonus": bonus})

    assert ruleset.match_card_points == expected
    assert hand_points(ruleset, Hand("hearts", (157, 0), match=0)) == (expected, 0)


def test_half_target():
    assert preset("chibre").half_target == 500
    assert parse_ruleset({"target": 1001}).half_target == 500.5


# --- overrides -------------------------------------------------------------------------


def test_override_next_to_a_preset_keeps_the_rest_of_the_preset():
    ruleset = parse_ruleset({"preset": "pique-double", "target": 2000})
    assert ruleset.preset == "pique-double"
    assert ruleset.target == 2000
    assert ruleset.multiplier("spades") == 2
    assert ruleset.weis == "small"


def test_override_several_fields():
    ruleset = parse_ruleset(
        {
            "preset": "chibre",
            "end": "whole-hand",
            "weis": "large",
            "stoeck": False,
            "match_bonus": 0,
            "trumps": ["spades", "hearts"],
        }
    )
    assert ruleset.end == "whole-hand"
    assert ruleset.weis == "large"
    assert ruleset.stoeck is False
    assert ruleset.match_bonus == 0
    assert ruleset.trumps == ("hearts", "spades")  # kept in the order of TRUMPS


def test_override_tournament_hands():
    ruleset = parse_ruleset({"preset": "tournament", "hands": 12})
    assert ruleset.hands == 12
    assert ruleset.end == "fixed-hands"
    assert ruleset.target is None


def test_multipliers_left_out_are_one():
    ruleset = parse_ruleset({"preset": "chibre", "multipliers": {"obe-abe": 3}})
    assert ruleset.multiplier("obe-abe") == 3
    assert all(ruleset.multiplier(mode) == 1 for mode in TRUMPS if mode != "obe-abe")
    assert ruleset.to_dict()["multipliers"] == {**ALL_ONE, "obe-abe": 3}


def test_multipliers_given_replace_the_presets_whole_map():
    # "any field given next to it overrides the preset" + "modes left out are ×1"
    ruleset = parse_ruleset({"preset": "pique-double", "multipliers": {"hearts": 2}})
    assert ruleset.multiplier("hearts") == 2
    assert ruleset.multiplier("spades") == 1


def test_chibre_turned_into_fixed_hands():
    ruleset = parse_ruleset({"end": "fixed-hands", "target": None, "hands": 8})
    assert (ruleset.end, ruleset.target, ruleset.hands) == ("fixed-hands", None, 8)


def test_x_keys_in_ruleset_are_ignored():
    assert parse_ruleset({"preset": "chibre", "x-colour": "green"}) == preset("chibre")


@pytest.mark.parametrize("name", sorted(set(EXPECTED_PRESETS) - {"differenzler"}))
def test_ruleset_round_trip(name):
    ruleset = parse_ruleset({"preset": name, "multipliers": {"unde-ufe": 4}})
    assert parse_ruleset(ruleset.to_dict()) == ruleset
    assert Ruleset.from_dict(ruleset.to_dict()) == ruleset


# --- refused fields --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"target": 0}, "ruleset.target"),
        ({"target": -1000}, "ruleset.target"),
        ({"target": "1000"}, "ruleset.target"),
        ({"target": 1000.0}, "ruleset.target"),
        ({"target": True}, "ruleset.target"),
        ({"target": None}, "ruleset.target"),  # first-out needs a target
        ({"preset": "tournament", "target": 1000}, "ruleset.target"),
        ({"end": "sudden-death"}, "ruleset.end"),
        ({"hands": 16}, "ruleset.hands"),  # first-out: hands must be null
        ({"preset": "tournament", "hands": 0}, "ruleset.hands"),
        ({"preset": "tournament", "hands": True}, "ruleset.hands"),
        ({"preset": "tournament", "hands": None}, "ruleset.hands"),
        ({"weis": "medium"}, "ruleset.weis"),
        ({"weis": None}, "ruleset.weis"),
        ({"stoeck": 1}, "ruleset.stoeck"),
        ({"stoeck": "yes"}, "ruleset.stoeck"),
        ({"match_bonus": -1}, "ruleset.match_bonus"),
        ({"match_bonus": True}, "ruleset.match_bonus"),
        ({"match_bonus": 100.0}, "ruleset.match_bonus"),
        ({"multipliers": {"spades": 0}}, "ruleset.multipliers.spades"),
        ({"multipliers": {"spades": True}}, "ruleset.multipliers.spades"),
        ({"multipliers": {"spades": 1.5}}, "ruleset.multipliers.spades"),
        ({"multipliers": {"spades": "2"}}, "ruleset.multipliers.spades"),
        ({"multipliers": {"trumpf": 2}}, "ruleset.multipliers.trumpf"),
        ({"multipliers": [2, 2]}, "ruleset.multipliers"),
        ({"trumps": []}, "ruleset.trumps"),
        ({"trumps": "hearts"}, "ruleset.trumps"),
        ({"trumps": ["hearts", "joker"]}, "ruleset.trumps"),
        ({"trumps": ["hearts", "hearts"]}, "ruleset.trumps"),
        ({"preset": "jass"}, "ruleset.preset"),
        ({"colour": "green"}, "ruleset.colour"),
    ],
)
def test_bad_field_is_refused_naming_it(data, field):
    fields = field_of(data)
    assert fields == [field]


def test_message_says_what_is_wrong():
    with pytest.raises(RulesError) as excinfo:
        parse_ruleset({"multipliers": {"spades": 0}})
    problem = problems_of(excinfo)[0]
    assert "0" in problem.message
    assert "1 or more" in problem.message
    assert str(problem).startswith("ruleset.multipliers.spades: ")


def test_every_bad_field_is_named_at_once():
    fields = field_of({"target": 0, "weis": "medium", "match_bonus": -5, "colour": 1})
    assert set(fields) == {
        "ruleset.target",
        "ruleset.weis",
        "ruleset.match_bonus",
        "ruleset.colour",
    }


def test_fixed_hands_from_chibre_needs_null_target_and_hands():
    fields = field_of({"end": "fixed-hands"})
    assert set(fields) == {"ruleset.target", "ruleset.hands"}


def test_first_out_from_tournament_needs_a_target_and_no_hands():
    fields = field_of({"preset": "tournament", "end": "first-out"})
    assert set(fields) == {"ruleset.target", "ruleset.hands"}


def test_ruleset_not_an_object():
    assert field_of([1, 2]) == ["ruleset"]
    assert field_of("chibre") == ["ruleset"]


@pytest.mark.parametrize("bad", [["chibre"], {"name": "chibre"}])
def test_unhashable_preset_is_refused_not_crashing(bad):
    assert field_of({"preset": bad}) == ["ruleset.preset"]
