"""What a ruleset, a game and a game file may hold (issue 11): bounds that Jass
allows, each refused with a message naming its field, and files that cannot
exhaust the reader (nesting, size of what a message repeats)."""

from __future__ import annotations

import json

import pytest

from scoring.kinds.team.rules import (
    MAX_FIXED_HANDS,
    MAX_GAME_HANDS,
    MAX_MATCH_BONUS,
    MAX_MULTIPLIER,
    MAX_TARGET,
    Hand,
    RulesError,
    parse_ruleset,
    play,
    read_game,
)
from scoring.rules import gamefile
from tests.rules.builders import problems_of


def document(played: list[dict] | None = None, /, **ruleset: object) -> dict:
    return {
        "format": "jass-game/1",
        "name": "Club night",
        "ruleset": {"preset": "chibre", **ruleset},
        "teams": [
            {"name": "Les Bourgs", "players": ["Anne", "Claude"]},
            {"name": "Les Nells", "players": ["Bernard", "Denise"]},
        ],
        "hands": played or [],
    }


BOUNDS = [
    ({"target": MAX_TARGET}, {"target": MAX_TARGET + 1}, "ruleset.target", MAX_TARGET),
    (
        {"preset": "tournament", "hands": MAX_FIXED_HANDS},
        {"preset": "tournament", "hands": MAX_FIXED_HANDS + 1},
        "ruleset.hands",
        MAX_FIXED_HANDS,
    ),
    (
        {"match_bonus": MAX_MATCH_BONUS},
        {"match_bonus": 10**12},
        "ruleset.match_bonus",
        MAX_MATCH_BONUS,
    ),
    (
        {"multipliers": {"spades": MAX_MULTIPLIER}},
        {"multipliers": {"spades": MAX_MULTIPLIER + 1}},
        "ruleset.multipliers.spades",
        MAX_MULTIPLIER,
    ),
]


@pytest.mark.parametrize(("largest", "beyond", "field", "most"), BOUNDS, ids=lambda v: str(v))
def test_each_bound_takes_its_largest_value_and_refuses_one_more_naming_the_field(
    largest, beyond, field, most
):
    parse_ruleset(largest)
    with pytest.raises(RulesError) as excinfo:
        parse_ruleset(beyond)

    [problem] = problems_of(excinfo)
    assert problem.field == field
    assert problem.message.startswith(f"must be at most {most}, not ")


def test_the_bounds_match_what_jass_plays():
    assert (MAX_TARGET, MAX_FIXED_HANDS, MAX_MATCH_BONUS, MAX_MULTIPLIER) == (10000, 100, 500, 10)


def test_a_game_file_with_a_match_bonus_of_10_to_the_12_is_refused():
    with pytest.raises(RulesError) as excinfo:
        read_game(document(match_bonus=10**12))

    assert str(excinfo.value) == "ruleset.match_bonus: must be at most 500, not 1000000000000"


def test_a_game_file_with_a_huge_multiplier_or_hands_is_refused():
    for ruleset, field in (
        ({"multipliers": {"hearts": 10**9}}, "ruleset.multipliers.hearts"),
        ({"preset": "tournament", "hands": 10**9}, "ruleset.hands"),
        ({"target": 10**9}, "ruleset.target"),
    ):
        with pytest.raises(RulesError) as excinfo:
            read_game(document(**ruleset))
        assert problems_of(excinfo)[0].field == field


def test_a_stored_ruleset_is_read_back_without_the_bounds():
    ruleset = parse_ruleset({"match_bonus": 10**12, "target": 10**6}, bounded=False)

    assert (ruleset.match_bonus, ruleset.target) == (10**12, 10**6)


def test_a_game_file_holds_at_most_the_hands_a_game_may_have():
    hands = [{"trump": "hearts", "cards": [95, 62]}] * (MAX_GAME_HANDS + 1)

    with pytest.raises(RulesError) as excinfo:
        read_game(document(hands))

    assert str(excinfo.value) == "hand 1001: hands: a game has at most 1000 hands"


def test_no_game_counts_more_hands_than_the_most_even_a_stored_one_without_a_target_bound():
    ruleset = parse_ruleset({"target": 10**6}, bounded=False)
    hands = [Hand("hearts", (95, 62))] * MAX_GAME_HANDS

    assert play(ruleset, hands).totals == (95_000, 62_000)
    with pytest.raises(RulesError) as excinfo:
        play(ruleset, [*hands, Hand("hearts", (95, 62))])
    assert str(excinfo.value) == "hand 1001: hands: a game has at most 1000 hands"


def test_a_fixed_hands_file_holds_at_most_its_hands():
    hands = [{"trump": "hearts", "cards": [95, 62]}] * 3

    with pytest.raises(RulesError) as excinfo:
        read_game(document(hands, preset="tournament", hands=2))

    assert problems_of(excinfo)[0].hand == 3


# -- reading the file's text --------------------------------------------------------------


@pytest.mark.parametrize("depth", [gamefile.MAX_DEPTH + 1, 900, 100_000])
def test_json_nested_too_deeply_is_one_problem_not_a_crash(depth):
    with pytest.raises(RulesError) as excinfo:
        gamefile.loads("[" * depth + "]" * depth)

    assert str(excinfo.value) == "json: not a game file: nested more than 32 levels deep"


def test_json_of_unclosed_brackets_100000_deep_is_one_problem():
    with pytest.raises(RulesError) as excinfo:
        gamefile.loads("[" * 100_000)

    assert problems_of(excinfo)[0].field == "json"


def test_a_document_nested_too_deeply_is_refused_by_read_game_too():
    nested: list = []
    for _ in range(5000):
        nested = [nested]

    with pytest.raises(RulesError) as excinfo:
        read_game({**document(), "x-notes": nested})

    assert problems_of(excinfo)[0].field == "json"


def test_a_game_file_and_a_backup_of_them_are_not_too_deep():
    one = document([{"trump": "hearts", "cards": [95, 62], "weis": [["seq3"], []]}])
    text = json.dumps([{**one, "result": read_game(one).to_dict()["result"]}])

    [data] = gamefile.loads(text)  # type: ignore[misc]
    assert read_game(data).hands[0].weis == (("seq3",), ())


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{nope", "Expecting property name enclosed in double quotes at line 1 column 2"),
        ("1" * 5000, "Exceeds the limit (4300 digits) for integer string conversion"),
    ],
)
def test_text_that_is_not_json_is_one_problem(text, reason):
    with pytest.raises(RulesError) as excinfo:
        gamefile.loads(text)

    [problem] = problems_of(excinfo)
    assert problem.field == "json"
    assert problem.message.startswith(f"not valid JSON ({reason}")


def test_a_message_repeats_at_most_a_line_of_a_huge_value():
    data = document()
    data["ruleset"]["match_bonus"] = "9" * 1_000_000
    data["ruleset"]["x" * 1_000_000] = 1

    with pytest.raises(RulesError) as excinfo:
        read_game(data)

    problems = problems_of(excinfo)
    assert {len(str(problem)) < 500 for problem in problems} == {True}
    assert any(str(p).startswith("ruleset.match_bonus: must be a whole number") for p in problems)
