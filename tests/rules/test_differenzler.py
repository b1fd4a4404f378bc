"""Différenzler (RULES.md §10, game-format.md "Différenzler"): its preset, a hand's
checks, the differences, ranks and winner, and its game file both ways."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.kinds.differenzler.gamefile import IndividualRecord, read_game
from scoring.kinds.differenzler.rules import (
    DiffHand,
    behind,
    check_cards,
    check_estimate,
    check_hand,
    differences,
    fill_cards,
    points_open,
    ranks,
)
from scoring.kinds.differenzler.rules import play as play_diff
from scoring.kinds.team.rules import TRUMPS, RulesError, parse_ruleset, play, preset
from tests.rules.builders import only_problem, problems_of

DIFF = preset("differenzler")
EXAMPLE: dict[str, Any] = {
    "format": "jass-game/1",
    "name": "Différenzler, table 2",
    "played_on": "2026-11-20",
    "ruleset": {"preset": "differenzler", "hands": 12},
    "players": ["Anne", "Bernard", "Claude", "Denise"],
    "hands": [{"trump": "hearts", "estimates": [40, 30, 50, 37], "cards": [45, 20, 60, 32]}],
    "result": {
        "hands": [{"points": [5, 10, 10, 5], "totals": [5, 10, 10, 5]}],
        "totals": [5, 10, 10, 5],
        "over": False,
        "ranks": [1, 3, 3, 1],
        "winner": None,
        "rubicon": False,
    },
}


def hand(estimates=(40, 30, 50, 37), cards=(45, 20, 60, 32), trump="hearts") -> DiffHand:
    return DiffHand(trump, tuple(estimates), tuple(cards))  # type: ignore[arg-type]


def refused(data: object) -> list[Any]:
    with pytest.raises(RulesError) as excinfo:
        read_game(data)
    return problems_of(excinfo)


# --- the preset ------------------------------------------------------------------------


def test_the_preset_is_twelve_hands_of_a_suit_with_nothing_but_cards():
    assert DIFF.individual
    assert (DIFF.end, DIFF.hands, DIFF.target) == ("fixed-hands", 12, None)
    assert (DIFF.weis, DIFF.stoeck, DIFF.match_bonus) == ("none", False, 0)
    assert DIFF.trumps == ("hearts", "diamonds", "clubs", "spades")
    assert {DIFF.multiplier(mode) for mode in TRUMPS} == {1}


def test_hands_and_trumps_may_be_overridden():
    ruleset = parse_ruleset({"preset": "differenzler", "hands": 8, "trumps": list(TRUMPS)})
    assert ruleset.hands == 8
    assert ruleset.trumps == TRUMPS


def test_its_own_values_written_out_are_accepted():
    assert parse_ruleset(DIFF.to_dict()) == DIFF


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("target", 1000),
        ("end", "first-out"),
        ("weis", "small"),
        ("stoeck", True),
        ("stoeck", 0),
        ("match_bonus", 100),
        ("multipliers", {"spades": 2}),
    ],
)
def test_an_override_of_a_fixed_field_is_refused(field, value):
    with pytest.raises(RulesError) as excinfo:
        parse_ruleset({"preset": "differenzler", field: value})
    problem = problems_of(excinfo)[0]
    assert problem.field == f"ruleset.{field}"
    assert "fixed by the differenzler preset" in problem.message


def test_hands_keep_the_bounds_of_a_fixed_hands_game():
    with pytest.raises(RulesError) as excinfo:
        parse_ruleset({"preset": "differenzler", "hands": 101})
    assert only_problem(problems_of(excinfo)).field == "ruleset.hands"


def test_the_team_engine_refuses_a_differenzler_ruleset():
    with pytest.raises(RulesError) as excinfo:
        play(DIFF, [])
    assert "differenzler" in problems_of(excinfo)[0].message


# --- one hand --------------------------------------------------------------------------


def test_a_valid_hand_breaks_nothing():
    assert check_hand(DIFF, hand()) == []


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"estimates": (40, 30, 158, 37)}, "estimates[2]", "from 0 to 157, not 158"),
        ({"estimates": (-1, 30, 50, 37)}, "estimates[0]", "not -1"),
        ({"estimates": (40, 30, 50)}, "estimates", "four whole numbers"),
        ({"estimates": (40, 30, 50, 37.5)}, "estimates", "four whole numbers"),
        ({"estimates": (40, 30, True, 37)}, "estimates", "four whole numbers"),
        ({"cards": (45, 20, 60, 33)}, "cards", "45 + 20 + 60 + 33 = 158"),
        ({"cards": (160, -3, 0, 0)}, "cards[0]", "not 160"),
        ({"cards": (45, 20, 60)}, "cards", "four whole numbers"),
        ({"trump": "obe-abe"}, "trump", "not allowed in this game"),
        ({"trump": "stars"}, "trump", "unknown trump mode"),
    ],
)
def test_each_broken_rule_is_said_once_naming_its_field(kwargs, field, words):
    problems = check_hand(DIFF, hand(**kwargs))
    assert problems[0].field == field
    assert words in problems[0].message


def test_every_broken_field_is_named():
    problems = check_hand(DIFF, hand(estimates=(200, 30, 50, 37), cards=(45, 20, 60, 40)))
    assert [p.field for p in problems] == ["estimates[0]", "cards"]


def test_one_phone_checks_its_own_estimate():
    assert check_estimate(0, 2) == []
    assert check_estimate(157, 2) == []
    assert [p.field for p in check_estimate(158, 2)] == ["estimates[2]"]
    assert [p.field for p in check_estimate("12", 3)] == ["estimates[3]"]


def test_obe_abe_when_the_club_allows_it():
    ruleset = parse_ruleset({"preset": "differenzler", "trumps": list(TRUMPS)})
    assert check_hand(ruleset, hand(trump="obe-abe")) == []


# --- a game ----------------------------------------------------------------------------


def test_the_example_of_the_format():
    result = play_diff(DIFF, [hand()])
    assert result.to_dict() == EXAMPLE["result"]
    assert result.leaders == (0, 3)
    assert result.exact == (0, 0, 0, 0)


def test_ranks_share_places():
    assert ranks((5, 10, 10, 5)) == (1, 3, 3, 1)
    assert ranks((3, 10, 10, 12)) == (1, 2, 2, 4)
    assert ranks((0, 0, 0, 0)) == (1, 1, 1, 1)


def test_the_lowest_total_wins_once_every_hand_is_played():
    ruleset = parse_ruleset({"preset": "differenzler", "hands": 2})
    first = hand(estimates=(45, 20, 60, 30), cards=(45, 20, 60, 32))  # 0 0 0 2
    second = hand(estimates=(50, 20, 60, 27), cards=(45, 20, 60, 32))  # 5 0 0 5
    result = play_diff(ruleset, [first, second])
    assert result.over
    assert result.totals == (5, 0, 0, 7)
    assert result.winner is None  # Bernard and Claude share first place
    assert result.exact == (1, 2, 2, 0)
    assert result.best_hand == (0, 0, 0, 2)
    assert behind(result.totals) == (5, 0, 0, 7)

    third = hand(estimates=(46, 20, 61, 32), cards=(45, 20, 60, 32))  # 1 0 1 0
    result = play_diff(ruleset, [first, third])
    assert (result.winner, result.ranks) == (1, (2, 1, 2, 4))


def test_no_winner_before_the_last_hand():
    result = play_diff(DIFF, [hand(estimates=(45, 21, 60, 32))])
    assert result.ranks[0] == 1
    assert result.winner is None
    assert not result.over
    assert points_open(DIFF, 1) == 11 * 157


def test_a_hand_after_the_last_one_is_refused():
    ruleset = parse_ruleset({"preset": "differenzler", "hands": 1})
    with pytest.raises(RulesError) as excinfo:
        play_diff(ruleset, [hand(), hand()])
    problem = only_problem(problems_of(excinfo))
    assert (problem.hand, problem.field) == (2, "hands")
    assert "over after hand 1" in problem.message


def test_a_broken_hand_is_named_by_its_number():
    with pytest.raises(RulesError) as excinfo:
        play_diff(DIFF, [hand(), hand(cards=(45, 20, 60, 31))])
    problem = only_problem(problems_of(excinfo))
    assert (problem.hand, problem.field) == (2, "cards")


# --- properties ------------------------------------------------------------------------


@st.composite
def diff_hands(draw: st.DrawFn) -> DiffHand:
    """A valid hand: four estimates 0–157 and four card points that make 157."""
    cuts = sorted(draw(st.lists(st.integers(0, 157), min_size=3, max_size=3)))
    bounds = [0, *cuts, 157]
    cards = tuple(bounds[i + 1] - bounds[i] for i in range(4))
    estimates = tuple(draw(st.lists(st.integers(0, 157), min_size=4, max_size=4)))
    trump = draw(st.sampled_from(DIFF.trumps))
    return DiffHand(trump, estimates, cards)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.lists(diff_hands(), max_size=12))
def test_differences_are_never_negative_and_cards_always_make_157(hands):
    result = play_diff(DIFF, hands)
    for played, counted in zip(hands, result.hands, strict=True):
        assert sum(played.cards) == 157
        assert check_hand(DIFF, played) == []
        assert all(point >= 0 for point in counted.points)
        assert counted.points == differences(played)
    assert result.totals == tuple(sum(h.points[s] for h in result.hands) for s in range(4))
    assert min(result.ranks) == 1
    assert result.over == (len(hands) == 12)
    if result.winner is not None:
        assert result.totals[result.winner] < min(
            t for seat, t in enumerate(result.totals) if seat != result.winner
        )


@settings(max_examples=100, deadline=None)
@given(st.lists(diff_hands(), max_size=12), st.lists(st.integers(-50, 300), min_size=4))
def test_cards_that_do_not_make_157_are_always_refused(hands, cards):
    bad = cards[:4]
    if len(bad) == 4 and all(0 <= c <= 157 for c in bad) and sum(bad) == 157:
        return
    assert check_cards(bad)
    with pytest.raises(RulesError):
        play_diff(DIFF, [*hands[:11], DiffHand("hearts", (0, 0, 0, 0), tuple(bad))])  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(st.lists(diff_hands(), max_size=12))
def test_the_game_file_goes_both_ways(hands):
    record = IndividualRecord(
        "Table 1", None, DIFF, ("Anne", "Bernard", "Claude", "Denise"), tuple(hands)
    )
    document = json.loads(json.dumps(record.to_dict()))
    assert read_game(document) == record


# --- the game file ---------------------------------------------------------------------


def test_the_example_file_is_read():
    record = read_game(copy.deepcopy(EXAMPLE))
    assert isinstance(record, IndividualRecord)
    assert record.players == ("Anne", "Bernard", "Claude", "Denise")
    assert record.hands == (hand(),)
    assert record.ruleset == DIFF
    written = record.to_dict()
    assert written["result"] == EXAMPLE["result"]
    assert written["players"] == EXAMPLE["players"]
    assert "teams" not in written


def with_hand(**fields: object) -> dict[str, Any]:
    data = copy.deepcopy(EXAMPLE)
    del data["result"]
    data["hands"][0].update(fields)
    return data


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"estimates": [40, 30, 50]}, "estimates"),
        ({"estimates": [40, 30, 50, 158]}, "estimates[3]"),
        ({"estimates": [40, 30, 50, 3.5]}, "estimates"),
        ({"cards": [45, 20, 60, 33]}, "cards"),
        ({"cards": [45, 20, 60, "32"]}, "cards"),
        ({"weis": [["seq3"], []]}, "weis"),
        ({"stoeck": 0}, "stoeck"),
        ({"match": 1}, "match"),
        ({"out_first": 0}, "out_first"),
        ({"chibre": True}, "chibre"),
    ],
)
def test_a_broken_hand_in_a_file_is_refused_naming_hand_and_field(fields, field):
    problem = refused(with_hand(**fields))[0]
    assert (problem.hand, problem.field) == (1, field)


def test_the_empty_values_of_weis_stoeck_and_match_are_accepted():
    data = with_hand(weis=[[], []], stoeck=None, match=None, out_first=None)
    assert read_game(data).hands == (hand(),)


@pytest.mark.parametrize(
    "players",
    [["Anne", "Bernard", "Claude"], ["Anne", "Bernard", "Claude", "Denise", "Eva"], "Anne"],
)
def test_not_four_players_is_refused(players):
    data = copy.deepcopy(EXAMPLE)
    data["players"] = players
    assert refused(data)[0].field == "players"


def test_empty_or_repeated_names_are_refused():
    data = copy.deepcopy(EXAMPLE)
    data["players"] = ["Anne", " ", "Claude", "Denise"]
    assert refused(data)[0].field == "players[1]"
    data["players"] = ["Anne", "Bernard", "anne", "Denise"]
    assert "same name" in refused(data)[0].message


def test_teams_are_refused_in_a_differenzler_file():
    data = copy.deepcopy(EXAMPLE)
    data["teams"] = [{"name": "A", "players": ["Anne", "Claude"]}]
    assert refused(data)[0].field == "teams"


def test_a_hand_after_the_last_one_in_a_file_is_refused():
    data = copy.deepcopy(EXAMPLE)
    data["ruleset"]["hands"] = 1
    data["hands"] *= 2
    del data["result"]
    problem = refused(data)[0]
    assert (problem.hand, problem.field) == (2, "hands")


def test_an_override_of_a_fixed_field_in_a_file_is_refused():
    data = copy.deepcopy(EXAMPLE)
    data["ruleset"]["match_bonus"] = 100
    assert refused(data)[0].field == "ruleset.match_bonus"


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("totals", [5, 10, 10, 6], "result.totals"),
        ("ranks", [1, 2, 3, 4], "result.ranks"),
        ("winner", 0, "result.winner"),
        ("over", True, "result.over"),
        ("rubicon", True, "result.rubicon"),
    ],
)
def test_a_result_that_does_not_match_is_refused(key, value, field):
    data = copy.deepcopy(EXAMPLE)
    data["result"][key] = value
    problem = only_problem(refused(data))
    assert problem.field == field
    assert "the hands give" in problem.message


def test_a_hand_result_that_does_not_match_names_the_hand():
    data = copy.deepcopy(EXAMPLE)
    data["result"]["hands"][0]["points"] = [5, 10, 10, 4]
    problem = only_problem(refused(data))
    assert (problem.hand, problem.field) == (1, "result.points")


def test_the_fourth_card_points_are_157_minus_the_three_typed():
    assert fill_cards((40, None, 37, 50)) == (40, 30, 37, 50)
    assert fill_cards((40, 30, 37, 50)) == (40, 30, 37, 50)  # four typed: checked by play
    with pytest.raises(RulesError) as excinfo:
        fill_cards((40, None, None, 50))
    assert only_problem(problems_of(excinfo)).field == "cards"
    with pytest.raises(RulesError) as excinfo:
        fill_cards((100, 50, 20, None))
    assert "make 170, more than the 157" in problems_of(excinfo)[0].message
