"""A game hand by hand: going out, the winner and Rubicon (RULES.md §5, §6)."""

from __future__ import annotations

import pytest

from scoring.kinds.team.rules import (
    Hand,
    RulesError,
    hand_points,
    parse_ruleset,
    play,
    play_corrected,
    points_to_go_out,
    preset,
)
from tests.rules.builders import lead_in, only_problem, problems_of

CHIBRE = preset("chibre")
PIQUE = preset("pique-double")
TOURNAMENT = preset("tournament")
WHOLE_HAND = parse_ruleset({"end": "whole-hand"})


def refused(ruleset, hands):
    with pytest.raises(RulesError) as excinfo:
        play(ruleset, hands)
    return problems_of(excinfo)


def test_lead_in_builder_reaches_the_totals():
    for a, b in [(985, 114), (985, 899), (959, 985), (950, 934), (931, 952), (914, 499)]:
        result = play(CHIBRE, lead_in(a, b))
        assert result.totals == (a, b)
        assert not result.over


# --- a game that is not over -----------------------------------------------------------


def test_empty_game():
    result = play(CHIBRE, [])
    assert result.hands == ()
    assert result.totals == (0, 0)
    assert (result.over, result.winner, result.out_on, result.rubicon) == (
        False,
        None,
        None,
        False,
    )
    assert result.loser is None


def test_running_totals():
    hands = [
        Hand("hearts", (95, 62), weis=(("seq3", 50), ()), stoeck=0),
        Hand("spades", (0, 157), match=1),
        Hand("obe-abe", (80, 77), weis=((), (100,))),
    ]
    result = play(CHIBRE, hands)
    assert [h.points for h in result.hands] == [(185, 62), (0, 257), (80, 177)]
    assert [h.totals for h in result.hands] == [(185, 62), (185, 319), (265, 496)]
    assert result.totals == (265, 496)
    assert not result.over
    assert result.winner is None
    assert result.rubicon is False


def test_result_to_dict_is_the_format_shape():
    result = play(CHIBRE, [Hand("hearts", (95, 62), weis=(("seq3", 50), ()), stoeck=0)])
    assert result.to_dict() == {
        "hands": [{"points": [185, 62], "totals": [185, 62]}],
        "totals": [185, 62],
        "over": False,
        "winner": None,
        "rubicon": False,
    }


def test_points_to_go_out():
    assert points_to_go_out(CHIBRE, (985, 114)) == (15, 886)
    assert points_to_go_out(CHIBRE, (1005, 114)) == (0, 886)
    assert points_to_go_out(TOURNAMENT, (100, 57)) is None


# --- going out on Stöck ------------------------------------------------------------------


@pytest.mark.parametrize("cards", [(20, 137), None])
def test_going_out_on_stoeck_even_if_the_other_team_takes_more_tricks(cards):
    # team 0 at 985 with Stöck; team 1 at 899 would cross with its 137 trick points
    hands = [*lead_in(985, 899), Hand("hearts", cards, stoeck=0)]
    result = play(CHIBRE, hands)
    assert result.over
    assert result.winner == 0
    assert result.loser == 1
    assert result.out_on == "stoeck"
    assert result.hands[-1].points == (20, 0)
    assert result.totals == (1005, 899)
    assert result.rubicon is False


def test_going_out_on_stoeck_for_team_one():
    hands = [*lead_in(114, 985), Hand("hearts", None, stoeck=1)]
    result = play(CHIBRE, hands)
    assert (result.winner, result.out_on, result.totals) == (1, "stoeck", (114, 1005))
    assert result.rubicon is True


def test_going_out_on_stoeck_with_multiplier():
    hands = [*lead_in(1465, 0, trump="hearts"), Hand("spades", None, stoeck=0)]
    result = play(PIQUE, hands)
    assert result.winner == 0
    assert result.hands[-1].points == (40, 0)
    assert result.totals == (1505, 0)


# --- going out on Weis ---------------------------------------------------------------------


@pytest.mark.parametrize("cards", [(10, 147), None])
def test_going_out_on_weis(cards):
    hands = [*lead_in(950, 934), Hand("hearts", cards, weis=(("seq4",), ()))]
    result = play(CHIBRE, hands)
    assert (result.over, result.winner, result.out_on) == (True, 0, "weis")
    assert result.hands[-1].points == (50, 0)
    assert result.totals == (1000, 934)


def test_stoeck_of_the_other_team_counts_before_weis():
    # team 1's Stöck does not take it out, but it counts before team 0's Weis does
    hands = [*lead_in(950, 934), Hand("hearts", None, weis=(("seq4",), ()), stoeck=1)]
    result = play(CHIBRE, hands)
    assert (result.winner, result.out_on) == (0, "weis")
    assert result.hands[-1].points == (50, 20)
    assert result.totals == (1000, 954)


def test_stoeck_and_weis_of_one_team_together():
    # 985 + 20 Stöck = 1005 already: out on Stöck, the Weis no longer counts
    hands = [*lead_in(985, 899), Hand("hearts", None, weis=(("seq3",), ()), stoeck=0)]
    result = play(CHIBRE, hands)
    assert (result.winner, result.out_on, result.hands[-1].points) == (0, "stoeck", (20, 0))
    # 975 + 20 Stöck = 995, + 20 Weis = 1015: out on Weis
    hands = [*lead_in(975, 909), Hand("hearts", None, weis=(("seq3",), ()), stoeck=0)]
    result = play(CHIBRE, hands)
    assert (result.winner, result.out_on, result.hands[-1].points) == (0, "weis", (40, 0))


@pytest.mark.parametrize("stoeck_team", [0, 1])
def test_stoeck_beats_weis_when_both_would_cross_in_the_same_hand(stoeck_team):
    weis_team = 1 - stoeck_team
    before = [0, 0]
    before[stoeck_team], before[weis_team] = 985, 959
    weis = [(), ()]
    weis[weis_team] = ("seq4",)
    hands = [
        *lead_in(*before),
        Hand("hearts", (40, 117), weis=(weis[0], weis[1]), stoeck=stoeck_team),
    ]
    result = play(CHIBRE, hands)
    assert result.winner == stoeck_team
    assert result.out_on == "stoeck"
    expected = [0, 0]
    expected[stoeck_team] = 20
    assert result.hands[-1].points == tuple(expected)
    assert result.totals[weis_team] == 959


def test_weis_counts_before_the_other_teams_tricks():
    # team 1 would cross on tricks, team 0 crosses on its Weis first
    hands = [*lead_in(960, 924), Hand("hearts", (0, 157), weis=(("seq4",), ()))]
    result = play(CHIBRE, hands)
    assert (result.winner, result.out_on, result.totals) == (0, "weis", (1010, 924))


def test_going_out_on_weis_before_a_match_against_can_cancel_it():
    # counted the moment it reaches the target (RULES.md §6)
    hands = [*lead_in(960, 924), Hand("hearts", (0, 157), match=1, weis=(("seq4",), ()))]
    result = play(CHIBRE, hands)
    assert (result.winner, result.out_on, result.totals) == (0, "weis", (1010, 924))


# --- going out on tricks -----------------------------------------------------------------


def test_going_out_on_tricks():
    hands = [*lead_in(900, 827), Hand("hearts", (120, 37))]
    result = play(CHIBRE, hands)
    assert (result.over, result.winner, result.out_on) == (True, 0, "tricks")
    assert result.hands[-1].points == (120, 37)
    assert result.totals == (1020, 864)
    assert result.rubicon is False


def test_going_out_on_tricks_with_stoeck_and_weis_not_enough():
    # team 0: 900 + 20 Stöck = 920, then 100 on tricks; team 1's Weis does not cross
    hands = [*lead_in(900, 827), Hand("hearts", (100, 57), weis=((), ("seq3",)), stoeck=0)]
    result = play(CHIBRE, hands)
    assert (result.winner, result.out_on, result.totals) == (0, "tricks", (1020, 904))
    assert result.hands[-1].points == (120, 77)


def test_reaching_the_target_exactly_goes_out():
    hands = [*lead_in(900, 827), Hand("hearts", (100, 57))]
    result = play(CHIBRE, hands)
    assert (result.winner, result.totals) == (0, (1000, 884))


def test_both_teams_cross_on_tricks_need_out_first():
    hands = [*lead_in(950, 934), Hand("hearts", (80, 77))]
    p = only_problem(refused(CHIBRE, hands))
    assert p.field == "out_first"
    assert p.hand == len(hands)
    assert "both teams" in p.message


@pytest.mark.parametrize("out_first", [0, 1])
def test_out_first_says_who_won_when_both_cross_on_tricks(out_first):
    hands = [*lead_in(950, 934), Hand("hearts", (80, 77), out_first=out_first)]
    result = play(CHIBRE, hands)
    assert (result.over, result.winner, result.out_on) == (True, out_first, "tricks")
    # the loser had not reached the target when the winner went out: frozen below it
    assert result.totals == ((1030, 999) if out_first == 0 else (999, 1011))
    assert result.rubicon is False


def test_out_first_refused_when_only_one_team_crosses():
    hands = [*lead_in(900, 827), Hand("hearts", (120, 37), out_first=0)]
    p = only_problem(refused(CHIBRE, hands))
    assert (p.field, p.hand) == ("out_first", len(hands))
    assert "null" in p.message


def test_out_first_refused_when_nobody_crosses():
    p = only_problem(refused(CHIBRE, [Hand("hearts", (80, 77), out_first=1)]))
    assert (p.field, p.hand) == ("out_first", 1)


def test_out_first_refused_when_the_game_ends_on_stoeck():
    hands = [*lead_in(985, 899), Hand("hearts", (80, 77), stoeck=0, out_first=0)]
    p = only_problem(refused(CHIBRE, hands))
    assert p.field == "out_first"


def test_cards_missing_when_the_game_does_not_end_on_stoeck_or_weis():
    p = only_problem(refused(CHIBRE, [Hand("hearts", None, stoeck=0)]))
    assert (p.field, p.hand) == ("cards", 1)
    assert "missing" in p.message


def test_cards_missing_in_a_hand_that_would_end_on_tricks():
    hands = [*lead_in(900, 827), Hand("hearts", None)]
    p = only_problem(refused(CHIBRE, hands))
    assert (p.field, p.hand) == ("cards", len(hands))


# --- a hand after the end ------------------------------------------------------------------


def test_a_hand_after_the_game_ended_is_refused_naming_it():
    hands = [*lead_in(900, 827), Hand("hearts", (120, 37)), Hand("hearts", (95, 62))]
    p = only_problem(refused(CHIBRE, hands))
    assert p.field == "hands"
    assert p.hand == len(hands)
    assert f"after hand {len(hands) - 1}" in p.message
    assert str(p).startswith(f"hand {len(hands)}: hands: ")


def test_a_broken_hand_is_named_by_its_number():
    hands = [Hand("hearts", (95, 62)), Hand("hearts", (95, 62)), Hand("hearts", (95, 61))]
    p = only_problem(refused(CHIBRE, hands))
    assert (p.field, p.hand) == ("cards", 3)
    assert str(p).startswith("hand 3: cards: ")


def test_play_without_check_counts_as_given():
    result = play(CHIBRE, [Hand("hearts", (95, 62), out_first=0)], check=False)
    assert result.totals == (95, 62)


# --- Rubicon -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "loser", "rubicon"),
    [
        (1000, 499, True),
        (1000, 500, False),  # exactly half is made
        (1000, 501, False),
        (1001, 500, True),  # half of 1001 is 500.5
        (1001, 501, False),
        (999, 499, True),  # half of 999 is 499.5
        (999, 500, False),
    ],
)
def test_rubicon_when_the_loser_has_not_made_half_the_target(target, loser, rubicon):
    ruleset = parse_ruleset({"target": target})
    winner = 157 * 9 - loser  # 1413 in nine hands, nobody out yet
    hands = [*lead_in(winner, loser), Hand("hearts", (157, 0))]
    result = play(ruleset, hands)
    assert result.winner == 0
    assert result.totals == (winner + 157, loser)
    assert result.rubicon is rubicon


def test_rubicon_is_judged_when_the_winner_goes_out():
    # the loser's tricks after the winner went out on Stöck do not count
    hands = [*lead_in(985, 428), Hand("hearts", (20, 137), stoeck=0)]
    result = play(CHIBRE, hands)
    assert result.totals == (1005, 428)
    assert result.rubicon is True


def test_rubicon_for_team_zero_losing():
    hands = [*lead_in(0, 942), Hand("hearts", (0, 157))]
    result = play(CHIBRE, hands)
    assert (result.winner, result.loser, result.rubicon) == (1, 0, True)


# --- whole-hand end ----------------------------------------------------------------------


def test_whole_hand_the_higher_total_wins():
    hands = [*lead_in(950, 934), Hand("hearts", (80, 77))]
    result = play(WHOLE_HAND, hands)
    assert (result.over, result.winner, result.out_on) == (True, 0, "total")
    assert result.totals == (1030, 1011)


def test_whole_hand_the_last_hand_is_played_out():
    # first-out would stop on team 0's Stöck; whole hand counts everything
    hands = [*lead_in(985, 899), Hand("hearts", (20, 137), stoeck=0)]
    result = play(WHOLE_HAND, hands)
    assert result.hands[-1].points == (40, 137)
    assert result.totals == (1025, 1036)
    assert (result.winner, result.out_on) == (1, "total")


def test_whole_hand_equal_totals_play_on():
    hands = [*lead_in(931, 952), Hand("hearts", (89, 68))]
    result = play(WHOLE_HAND, hands)
    assert result.totals == (1020, 1020)
    assert not result.over
    assert result.winner is None
    result = play(WHOLE_HAND, [*hands, Hand("hearts", (57, 100))])
    assert (result.over, result.winner, result.totals) == (True, 1, (1077, 1120))


def test_whole_hand_refuses_out_first_and_missing_cards():
    hands = [*lead_in(950, 934), Hand("hearts", (80, 77), out_first=0)]
    assert only_problem(refused(WHOLE_HAND, hands)).field == "out_first"
    hands = [*lead_in(985, 899), Hand("hearts", None, stoeck=0)]
    assert only_problem(refused(WHOLE_HAND, hands)).field == "cards"


def test_whole_hand_rubicon():
    hands = [*lead_in(900, 356), Hand("hearts", (157, 0))]
    result = play(WHOLE_HAND, hands)
    assert (result.winner, result.rubicon) == (0, True)


# --- fixed-hands end (tournament) --------------------------------------------------------


def test_tournament_sixteen_hands_winner_by_total():
    hands = [Hand("hearts", (100, 57))] * 15
    result = play(TOURNAMENT, hands)
    assert not result.over
    result = play(TOURNAMENT, [*hands, Hand("clubs", (0, 157))])
    assert result.over
    assert result.totals == (1500, 1012)
    assert (result.winner, result.out_on) == (0, "total")
    assert result.rubicon is False


def test_tournament_no_target_no_going_out():
    result = play(TOURNAMENT, [Hand("hearts", (157, 0))] * 10)
    assert result.totals == (1570, 0)
    assert not result.over


def test_tournament_draw_has_no_winner():
    hands = [Hand("hearts", (100, 57)), Hand("spades", (57, 100))] * 8
    result = play(TOURNAMENT, hands)
    assert result.over
    assert result.totals == (1256, 1256)
    assert result.winner is None
    assert result.loser is None
    assert result.rubicon is False


def test_tournament_no_rubicon_even_when_the_loser_has_nothing():
    result = play(TOURNAMENT, [Hand("hearts", (157, 0))] * 16)
    assert (result.over, result.winner, result.rubicon) == (True, 0, False)


def test_tournament_match_has_no_bonus():
    result = play(TOURNAMENT, [Hand("hearts", (157, 0), match=0)])
    assert result.totals == (157, 0)


def test_tournament_seventeenth_hand_is_refused():
    hands = [Hand("hearts", (100, 57))] * 17
    p = only_problem(refused(TOURNAMENT, hands))
    assert (p.field, p.hand) == ("hands", 17)
    assert "16" in p.message


def test_tournament_refuses_out_first_and_missing_cards():
    p = only_problem(refused(TOURNAMENT, [Hand("hearts", (100, 57), out_first=0)]))
    assert p.field == "out_first"
    p = only_problem(refused(TOURNAMENT, [Hand("hearts", None)]))
    assert p.field == "cards"


def test_fixed_hands_with_stoeck_allowed_counts_it():
    ruleset = parse_ruleset({"preset": "tournament", "hands": 2, "stoeck": True})
    hands = [Hand("hearts", (100, 57), stoeck=1), Hand("hearts", (57, 100))]
    result = play(ruleset, hands)
    assert result.totals == (157, 177)
    assert (result.over, result.winner) == (True, 1)


# --- match, Weis and Stöck in a game --------------------------------------------------------


def test_a_match_cancels_the_other_teams_weis_but_never_its_stoeck_in_a_game():
    hands = [
        Hand("hearts", (95, 62)),
        Hand("hearts", (157, 0), match=0, weis=((), ("seq4",)), stoeck=1),
    ]
    result = play(CHIBRE, hands)
    assert result.hands[-1].points == (257, 20)
    assert result.totals == (352, 82)
    assert result.hands[-1].points == hand_points(CHIBRE, hands[-1])


def test_pique_double_game_to_1500():
    hands = [Hand("spades", (157, 0), match=0)] * 2 + [Hand("spades", (100, 57))] * 2
    result = play(PIQUE, hands)
    assert [h.totals for h in result.hands] == [(514, 0), (1028, 0), (1228, 114), (1428, 228)]
    assert not result.over
    result = play(PIQUE, [*hands, Hand("spades", (40, 117))])
    assert (result.winner, result.totals, result.rubicon) == (0, (1508, 462), True)


# --- a correction that makes a later hand impossible ---------------------------------------


def refused_correction(hands, number, hand):
    """Correct hand ``number`` of a game that was valid; the one problem it raises."""
    play(CHIBRE, hands)
    corrected = [*hands[: number - 1], hand, *hands[number:]]
    with pytest.raises(RulesError) as excinfo:
        play_corrected(CHIBRE, corrected, number)
    return only_problem(problems_of(excinfo))


def test_a_correction_ending_the_game_earlier_names_the_hand_after_it():
    hands = [*lead_in(900, 827), Hand("hearts", (95, 62)), Hand("hearts", (95, 62))]
    number = len(hands) - 1

    p = refused_correction(hands, number, Hand("hearts", (157, 0)))

    assert (p.field, p.hand) == ("hands", number + 1)
    assert p.message == (
        f"hand {number + 1} would then be impossible: "
        f"the game would already be over after hand {number}"
    )


def test_a_correction_under_a_later_hand_out_on_weis_says_its_cards_no_longer_fit():
    # the last hand has no card points: Weis took Les Bourgs out, and no longer would
    hands = [*lead_in(900, 827), Hand("hearts", None, weis=((100,), ()))]
    assert hands[0] == Hand("hearts", (157, 0))

    p = refused_correction(hands, 1, Hand("hearts", (0, 157)))

    assert (p.field, p.hand) == ("hands", len(hands))
    assert p.message == (
        f"hand {len(hands)} would then be impossible: its card points were left out because "
        "Stöck or Weis took a team out in it, and they no longer would"
    )


def test_a_correction_making_both_teams_cross_in_a_later_hand_says_out_first_is_missing():
    hands = [*lead_in(950, 934), Hand("hearts", (80, 77))]
    hands[0] = Hand("hearts", (100, 57))  # 893 : 991, only Les Nells cross

    p = refused_correction(hands, 1, Hand("hearts", (157, 0)))

    assert (p.field, p.hand) == ("hands", len(hands))
    assert "it does not say which team went out first" in p.message


def test_a_correction_making_one_team_cross_in_a_later_hand_says_out_first_does_not_fit():
    hands = [*lead_in(950, 934), Hand("hearts", (80, 77), out_first=0)]

    p = refused_correction(hands, 1, Hand("hearts", (100, 57)))

    assert (p.field, p.hand) == ("hands", len(hands))
    assert "it says which team went out first, but" in p.message


def test_a_problem_of_the_corrected_hand_stays_beside_its_field():
    hands = [Hand("hearts", (95, 62)), Hand("hearts", (95, 62))]

    p = refused_correction(hands, 2, Hand("hearts", (95, 62), out_first=1))

    assert (p.field, p.hand) == ("out_first", 2)


def test_a_correction_that_breaks_nothing_counts_as_play():
    hands = [Hand("hearts", (95, 62)), Hand("clubs", (100, 57))]

    assert play_corrected(CHIBRE, hands, 1) == play(CHIBRE, hands)
