"""The exact last hand (RULES.md §6, game-format.md ``cards_at_out``): each team keeps
what it had taken when the first team went out; without that count the result says
``estimated``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from scoring.kinds.team.rules import (
    CARD_POINTS,
    GameRecord,
    Hand,
    RulesError,
    Team,
    parse_ruleset,
    play,
    preset,
    read_game,
)
from scoring.kinds.team.rules import game as engine
from scoring.kinds.team.rules import hand as hand_rules
from tests.rules.builders import lead_in, only_problem, problems_of

CHIBRE = preset("chibre")  # target 1000, first out, ×1 everywhere
TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))


def test_the_count_at_going_out_finds_the_rubicon_the_whole_hand_hides():
    # the example: the loser at 480 before the hand, 19 card points when the
    # winner went out, 57 in the whole hand
    before = lead_in(933, 480)
    last = Hand("hearts", (100, 57))

    estimated = play(CHIBRE, [*before, last])
    exact = play(CHIBRE, [*before, Hand("hearts", (100, 57), cards_at_out=(80, 19))])

    assert (estimated.totals, estimated.rubicon, estimated.estimated) == ((1033, 537), False, True)
    assert (exact.totals, exact.rubicon, exact.estimated) == ((1013, 499), True, False)
    assert exact.winner == 0
    assert exact.out_on == "tricks"
    assert exact.hands[-1].points == (80, 19)


def test_the_count_alone_is_enough_the_whole_hand_may_be_left_out():
    result = play(CHIBRE, [*lead_in(933, 480), Hand("hearts", None, cards_at_out=(80, 19))])

    assert result.totals == (1013, 499)
    assert result.rubicon


def test_weis_stoeck_and_the_multiplier_count_with_the_card_points_at_going_out():
    ruleset = parse_ruleset({"preset": "chibre", "multipliers": {"spades": 2}})
    # team 1 has its Stöck counted and 50 of Weis; ×2: 2 × (20 + 50 + 40) = 220
    hand = Hand("spades", (60, 97), weis=((), ("seq4",)), stoeck=1, cards_at_out=(30, 40))

    result = play(ruleset, [*lead_in(400, 856), hand])

    assert result.hands[-1].points == (60, 220)
    assert result.totals == (460, 1076)
    assert (result.winner, result.rubicon, result.estimated) == (1, True, False)


def test_out_first_may_name_the_team_the_count_takes_out():
    both_cross = Hand("hearts", (80, 77), cards_at_out=(75, 30), out_first=0)

    result = play(CHIBRE, [*lead_in(930, 930), both_cross])

    assert result.totals == (1005, 960)
    assert (result.winner, result.estimated) == (0, False)


def test_a_game_that_ends_on_stoeck_or_weis_is_never_estimated():
    result = play(CHIBRE, [*lead_in(990, 580), Hand("hearts", None, stoeck=0)])

    assert (result.out_on, result.estimated) == ("stoeck", False)
    assert "estimated" in result.to_dict()
    assert "estimated" not in play(CHIBRE, lead_in(300, 328)).to_dict()  # not over yet


@pytest.mark.parametrize(
    ("hand", "template"),
    [
        (Hand("hearts", (100, 57), cards_at_out=(100, 53)), hand_rules.AT_OUT_SUM),
        (Hand("hearts", (100, 57), cards_at_out=(101, 0)), hand_rules.AT_OUT_OVER_CARDS),
        (Hand("hearts", (157, 0), match=0, cards_at_out=(80, 0)), hand_rules.AT_OUT_WITH_MATCH),
        (Hand("hearts", (100, 57), cards_at_out=(80, -1)), hand_rules.AT_OUT_SHAPE),
        (Hand("hearts", (100, 57), cards_at_out=(80,)), hand_rules.AT_OUT_SHAPE),  # type: ignore[arg-type]
        (Hand("hearts", (100, 57), cards_at_out=(20, 19)), engine.AT_OUT_NOBODY),
        (Hand("hearts", (100, 57), cards_at_out=(80, 19), out_first=1), engine.AT_OUT_OTHER_TEAM),
        (
            Hand("hearts", None, weis=(("seq5",), ()), cards_at_out=(0, 0)),
            engine.AT_OUT_BEFORE_TRICKS,
        ),
    ],
)
def test_a_wrong_count_at_going_out_is_refused_naming_the_hand(hand, template):
    with pytest.raises(RulesError) as excinfo:
        play(CHIBRE, [*lead_in(933, 480), hand])

    problem = only_problem(problems_of(excinfo))
    assert (problem.hand, problem.field, problem.template) == (10, "cards_at_out", template)


def test_both_teams_at_the_target_by_the_count_is_refused():
    with pytest.raises(RulesError) as excinfo:
        play(CHIBRE, [*lead_in(930, 930), Hand("hearts", (80, 77), cards_at_out=(75, 75))])

    assert only_problem(problems_of(excinfo)).template == engine.AT_OUT_BOTH


def test_a_count_in_a_hand_before_the_last_or_in_another_game_is_refused():
    with pytest.raises(RulesError) as excinfo:
        play(CHIBRE, [Hand("hearts", (100, 57), cards_at_out=(50, 20))])
    assert only_problem(problems_of(excinfo)).template == engine.AT_OUT_NOBODY

    with pytest.raises(RulesError) as excinfo:
        play(preset("tournament"), [Hand("hearts", (100, 57), cards_at_out=(50, 20))])
    assert only_problem(problems_of(excinfo)).template == engine.AT_OUT_NOT_FIRST_OUT


# --- random games, both ways -------------------------------------------------------------


def oracle(
    target: int, before: tuple[int, int], at_out: tuple[int, int], m: int
) -> dict[str, Any] | None:
    """What RULES.md §6 says, written out again for a plain last hand (no Weis, no
    Stöck) whose count at going out is ``at_out``, after totals ``before``: ``None``
    when it does not take exactly one team to the target (the file is refused)."""
    totals = [before[0] + m * at_out[0], before[1] + m * at_out[1]]
    crossed = [team for team in (0, 1) if totals[team] >= target]
    if len(crossed) != 1:
        return None
    winner = crossed[0]
    return {"totals": totals, "winner": winner, "rubicon": 2 * totals[1 - winner] < target}


@st.composite
def exact_games(draw: st.DrawFn):
    target = draw(st.sampled_from([1000, 1500, 2500]))
    m = draw(st.integers(1, 3))
    ruleset = parse_ruleset({"preset": "chibre", "target": target, "multipliers": {"spades": m}})
    winner = draw(st.integers(0, 1))
    lead = [0, 0]
    lead[winner] = 10 * draw(st.integers(max(0, target - 150 * m) // 10, target // 10 - 1))
    lead[1 - winner] = 10 * draw(st.integers(0, target // 10 - 1))
    if draw(st.booleans()):  # after the last trick
        first = draw(st.integers(0, CARD_POINTS))
        at_out = (first, CARD_POINTS - first)
    else:
        first = draw(st.integers(0, CARD_POINTS - 5))
        at_out = (first, draw(st.integers(0, CARD_POINTS - 5 - first)))
    rest = CARD_POINTS - sum(at_out)
    extra = draw(st.integers(0, rest))
    cards = None if draw(st.booleans()) else (at_out[0] + extra, at_out[1] + rest - extra)
    try:
        before = lead_in(lead[0], lead[1])
    except AssertionError:  # totals no run of plain hands makes (850 : 0)
        assume(False)
    hands = [*before, Hand("spades", cards, cards_at_out=at_out)]
    return ruleset, (lead[0], lead[1]), at_out, m, hands


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(exact_games())
def test_random_exact_last_hands_round_trip_with_the_oracles_totals_and_rubicon(case):
    ruleset, before, at_out, m, hands = case
    expected = oracle(ruleset.target, before, at_out, m)
    record = GameRecord("Exact", None, ruleset, TEAMS, tuple(hands))
    event("refused" if expected is None else "rubicon" if expected["rubicon"] else "exact")
    if expected is None:  # broken: refused, naming the last hand and the count
        with pytest.raises(RulesError) as excinfo:
            play(ruleset, hands)
        problem = problems_of(excinfo)[0]
        assert (problem.hand, problem.field) == (len(hands), "cards_at_out")
        return

    data = json.loads(json.dumps(record.to_dict()))
    again = read_game(data)

    written = data["result"]
    assert (written["totals"], written["winner"], written["rubicon"]) == (
        expected["totals"],
        expected["winner"],
        expected["rubicon"],
    )
    assert written["estimated"] is False
    assert again == record
    assert again.result() == play(ruleset, hands)
    assert again.to_dict() == data


def test_a_file_whose_result_disagrees_with_the_count_is_refused_naming_the_field():
    hands = [*lead_in(933, 480), Hand("hearts", (100, 57), cards_at_out=(80, 19))]
    data = GameRecord("Exact", None, CHIBRE, TEAMS, tuple(hands)).to_dict()
    data["result"]["rubicon"] = False

    with pytest.raises(RulesError) as excinfo:
        read_game(json.loads(json.dumps(data)))

    assert only_problem(problems_of(excinfo)).field == "result.rubicon"

    data["result"]["rubicon"] = True
    data["result"]["estimated"] = True
    with pytest.raises(RulesError) as excinfo:
        read_game(json.loads(json.dumps(data)))
    assert only_problem(problems_of(excinfo)).field == "result.estimated"


@pytest.mark.parametrize(
    ("before", "loser_cards", "decides"),
    [
        # the loser below half before the hand; the whole hand takes it to…
        (450, 49, False),  # 499: below half either way, the count changes nothing
        (450, 50, True),  # 500, exactly half: made with the whole hand, maybe not with the count
        (450, 51, True),  # 501
        (499, 1, True),  # 500 from one point below half
        (500, 7, False),  # already at half before the hand: no count can take it below
    ],
)
def test_the_count_decides_rubicon_exactly_at_half_the_target(before, loser_cards, decides):
    """RULES.md §6: Rubicon is below half the target; exactly half is made. The count at
    going out decides it when the whole hand lifts the loser from below half to half
    or more, at exactly half too."""
    last = Hand("hearts", (CARD_POINTS - loser_cards, loser_cards))
    # the winner between 900 and 990 before the hand, where plain hands reach both totals
    lead = next(hands for a in range(900, 991) if (hands := _reachable(a, before)))

    result = play(CHIBRE, [*lead, last])

    assert (result.winner, result.out_on, result.estimated) == (0, "tricks", True)
    assert result.totals[1] == before + loser_cards
    assert result.rubicon is (2 * result.totals[1] < CHIBRE.target)
    assert engine.count_decides_rubicon(CHIBRE, result) is decides


def _reachable(a: int, b: int) -> list[Hand] | None:
    try:
        return lead_in(a, b)
    except AssertionError:
        return None
