"""One hand: its points and its validation (RULES.md §1–§5, game-format.md "hands")."""

from __future__ import annotations

import pytest

from scoring.kinds.team.rules import (
    CARD_POINTS,
    STOECK_POINTS,
    Hand,
    HandParts,
    check_hand,
    hand_parts,
    hand_points,
    parse_ruleset,
    preset,
)
from tests.rules.builders import only_problem

CHIBRE = preset("chibre")
PIQUE = preset("pique-double")
SCHIEBER = preset("schieber-2500")
TOURNAMENT = preset("tournament")
LARGE = parse_ruleset({"weis": "large"})


def test_constants():
    assert CARD_POINTS == 157
    assert STOECK_POINTS == 20


# --- points ----------------------------------------------------------------------------


def test_plain_hand_is_the_card_points():
    assert hand_points(CHIBRE, Hand("hearts", (95, 62))) == (95, 62)


def test_a_team_can_take_tricks_worth_zero_without_a_match():
    hand = Hand("hearts", (157, 0))
    assert check_hand(CHIBRE, hand) == []
    assert hand_points(CHIBRE, hand) == (157, 0)


@pytest.mark.parametrize(("team", "expected"), [(0, (257, 0)), (1, (0, 257))])
def test_match_scores_257(team, expected):
    cards = (157, 0) if team == 0 else (0, 157)
    hand = Hand("clubs", cards, match=team)
    assert check_hand(CHIBRE, hand) == []
    assert hand_points(CHIBRE, hand) == expected


def test_match_in_pique_double_spades_is_514():
    assert hand_points(PIQUE, Hand("spades", (157, 0), match=0)) == (514, 0)
    assert hand_points(PIQUE, Hand("hearts", (157, 0), match=0)) == (257, 0)


def test_pique_double_doubles_spades_only():
    assert hand_points(PIQUE, Hand("spades", (100, 57))) == (200, 114)
    assert hand_points(PIQUE, Hand("diamonds", (100, 57))) == (100, 57)


def test_schieber_multipliers():
    assert hand_points(SCHIEBER, Hand("obe-abe", (100, 57))) == (300, 171)
    assert hand_points(SCHIEBER, Hand("unde-ufe", (0, 157), match=1)) == (0, 771)
    assert hand_points(SCHIEBER, Hand("hearts", (100, 57))) == (200, 114)
    assert hand_points(SCHIEBER, Hand("clubs", (100, 57))) == (100, 57)


def test_match_bonus_comes_from_the_ruleset():
    ruleset = parse_ruleset({"match_bonus": 150})
    assert hand_points(ruleset, Hand("hearts", (157, 0), match=0)) == (307, 0)
    assert hand_points(TOURNAMENT, Hand("hearts", (0, 157), match=1)) == (0, 157)


def test_game_format_example_hand():
    # 95 + Weis 20 + 50 + Stöck 20 for team 0
    hand = Hand("hearts", (95, 62), weis=(("seq3", 50), ()), stoeck=0)
    assert check_hand(CHIBRE, hand) == []
    assert hand_points(CHIBRE, hand) == (185, 62)


def test_weis_kinds_and_bare_numbers_count_the_same():
    by_kind = Hand("hearts", (95, 62), weis=((), ("four-jacks", "seq4")))
    by_number = Hand("hearts", (95, 62), weis=((), (200, 50)))
    assert hand_points(CHIBRE, by_kind) == hand_points(CHIBRE, by_number) == (95, 312)


def test_large_weis_table_counts_long_sequences_more():
    hand = Hand("hearts", (95, 62), weis=(("seq8",), ()))
    assert hand_points(CHIBRE, hand) == (195, 62)
    assert hand_points(LARGE, hand) == (345, 62)
    assert check_hand(LARGE, Hand("hearts", (95, 62), weis=((250,), ()))) == []


def test_stoeck_counts_twenty_times_the_multiplier():
    assert hand_points(CHIBRE, Hand("hearts", (95, 62), stoeck=1)) == (95, 82)
    assert hand_points(PIQUE, Hand("spades", (95, 62), stoeck=1)) == (190, 164)


def test_multiplier_applies_to_everything_in_the_hand():
    hand = Hand("spades", (157, 0), match=0, weis=(("seq4",), ()), stoeck=0)
    # 2 × (157 + 100 + 50 + 20)
    assert hand_points(PIQUE, hand) == (654, 0)


def test_match_cancels_the_other_teams_weis_but_never_its_stoeck():
    hand = Hand("hearts", (157, 0), match=0, weis=((), ("seq4",)), stoeck=1)
    assert check_hand(CHIBRE, hand) == []
    assert hand_points(CHIBRE, hand) == (257, 20)
    parts = hand_parts(CHIBRE, hand)
    assert parts == HandParts(
        multiplier=1, stoeck=(0, 20), weis=(0, 50), weis_cancelled=(0, 50), tricks=(257, 0)
    )


def test_match_cancels_weis_and_keeps_stoeck_with_multiplier():
    hand = Hand("spades", (0, 157), match=1, weis=(("four-jacks",), ()), stoeck=0)
    assert hand_points(PIQUE, hand) == (40, 514)


def test_match_by_the_weis_team_keeps_its_weis():
    hand = Hand("hearts", (157, 0), match=0, weis=(("seq4",), ()), stoeck=0)
    assert hand_points(CHIBRE, hand) == (327, 0)
    assert hand_parts(CHIBRE, hand).weis_cancelled == (0, 0)


def test_hand_parts_in_counting_order():
    hand = Hand("spades", (100, 57), weis=((), ("seq3",)), stoeck=0)
    parts = hand_parts(PIQUE, hand)
    assert parts.multiplier == 2
    assert parts.stoeck == (40, 0)
    assert parts.weis == (0, 40)
    assert parts.weis_cancelled == (0, 0)
    assert parts.tricks == (200, 114)
    assert parts.points == (240, 154)


def test_hand_parts_without_cards_has_no_tricks():
    parts = hand_parts(CHIBRE, Hand("hearts", None, weis=(("seq4",), ()), stoeck=1))
    assert parts.tricks == (0, 0)
    assert parts.points == (50, 20)


def test_hand_to_dict_is_the_format_shape():
    hand = Hand("hearts", (95, 62), weis=(("seq3", 50), ()), stoeck=0, chooser="Anne")
    assert hand.to_dict() == {
        "trump": "hearts",
        "cards": [95, 62],
        "match": None,
        "weis": [["seq3", 50], []],
        "stoeck": 0,
        "out_first": None,
        "chooser": "Anne",
        "chibre": False,
    }


def test_chooser_and_chibre_do_not_change_the_score():
    plain = Hand("hearts", (95, 62))
    told = Hand("hearts", (95, 62), chooser="Anne", chibre=True)
    assert check_hand(CHIBRE, told) == []
    assert hand_points(CHIBRE, told) == hand_points(CHIBRE, plain)


# --- validation: one clear problem per broken rule ---------------------------------------


def problem(ruleset, hand):
    return only_problem(check_hand(ruleset, hand))


def test_wrong_card_sum():
    p = problem(CHIBRE, Hand("hearts", (95, 61)))
    assert p.field == "cards"
    assert "95" in p.message
    assert "61" in p.message
    assert "156" in p.message
    assert "157" in p.message
    assert p.hand is None


def test_card_sum_too_high():
    p = problem(CHIBRE, Hand("hearts", (100, 100)))
    assert p.field == "cards"
    assert "200" in p.message


def test_negative_cards():
    p = problem(CHIBRE, Hand("hearts", (-5, 162)))
    assert p.field == "cards"
    assert "-5" in p.message
    assert "negative" in p.message


@pytest.mark.parametrize(
    "cards", [(95,), (95, 62, 0), ("95", "62"), (95.0, 62.0), (True, 156), (156, True)]
)
def test_cards_must_be_two_whole_numbers(cards):
    p = problem(CHIBRE, Hand("hearts", cards))
    assert p.field == "cards"


def test_match_with_wrong_cards():
    p = problem(CHIBRE, Hand("hearts", (100, 57), match=0))
    assert p.field == "cards"
    assert "[157, 0]" in p.message
    assert "[100, 57]" in p.message


def test_match_for_the_team_with_no_cards():
    p = problem(CHIBRE, Hand("hearts", (157, 0), match=1))
    assert p.field == "cards"
    assert "[0, 157]" in p.message


def test_match_cards_include_no_bonus():
    p = problem(CHIBRE, Hand("hearts", (257, 0), match=0))
    assert p.field == "cards"


def test_match_without_cards():
    p = problem(CHIBRE, Hand("hearts", None, match=0))
    assert p.field == "match"


@pytest.mark.parametrize("match", [2, -1, True, False, "0", 0.0])
def test_match_must_be_a_team_index(match):
    p = problem(CHIBRE, Hand("hearts", (157, 0), match=match))
    assert p.field == "match"


def test_weis_for_both_teams():
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=(("seq3",), ("seq4",))))
    assert p.field == "weis"
    assert "one of the two lists must be empty" in p.message


def test_unknown_weis_kind():
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=(("seq10",), ())))
    assert p.field == "weis"
    assert "seq10" in p.message


@pytest.mark.parametrize("number", [30, 0, -20, 250, 120])
def test_bare_weis_number_not_in_the_small_table(number):
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=((number,), ())))
    assert p.field == "weis"
    assert str(number) in p.message
    assert "20, 50, 100, 150, 200" in p.message


def test_bare_weis_number_not_in_the_large_table():
    p = problem(LARGE, Hand("hearts", (95, 62), weis=((), (30,))))
    assert p.field == "weis"
    assert "20, 50, 100, 150, 200, 250, 300" in p.message


@pytest.mark.parametrize("entry", [True, False, 20.0, None, ["seq3"]])
def test_weis_entry_must_be_a_kind_or_a_whole_number(entry):
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=((entry,), ())))
    assert p.field == "weis"


@pytest.mark.parametrize("weis", [(), ((),), ((), (), ()), "seq3", (("seq3",), "x")])
def test_weis_must_be_two_lists(weis):
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=weis))
    assert p.field == "weis"
    assert "two lists" in p.message


def test_weis_when_the_ruleset_counts_none():
    ruleset = parse_ruleset({"weis": "none"})
    p = problem(ruleset, Hand("hearts", (95, 62), weis=(("seq3",), ())))
    assert p.field == "weis"
    assert "no Weis" in p.message
    assert check_hand(ruleset, Hand("hearts", (95, 62))) == []


def test_weis_in_a_tournament_is_refused():
    p = problem(TOURNAMENT, Hand("hearts", (95, 62), weis=((), (20,))))
    assert p.field == "weis"


def test_duplicate_four_of_a_kind():
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=(("four-jacks", "four-jacks"), ())))
    assert p.field == "weis"
    assert "four-of-a-kind" in p.message


def test_different_fours_are_fine():
    hand = Hand("hearts", (95, 62), weis=(("four-jacks", "four-nines"), ()))
    assert check_hand(CHIBRE, hand) == []
    assert hand_points(CHIBRE, hand) == (445, 62)


def test_more_weis_cards_than_a_team_holds():
    # small Weis: one card serves once; 9 + 9 + 3 cards > 18
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=(("seq9", "seq9", "seq3"), ())))
    assert p.field == "weis"
    assert "18" in p.message
    assert check_hand(CHIBRE, Hand("hearts", (95, 62), weis=(("seq9", "seq9"), ()))) == []


def test_large_weis_a_card_may_be_in_a_four_and_a_sequence():
    hand = Hand("hearts", (95, 62), weis=(("seq9", "seq9", "four-jacks"), ()))
    assert check_hand(LARGE, hand) == []
    assert check_hand(CHIBRE, hand) != []


def test_stoeck_in_obe_abe_and_unde_ufe():
    for trump in ("obe-abe", "unde-ufe"):
        p = problem(CHIBRE, Hand(trump, (95, 62), stoeck=0))
        assert p.field == "stoeck"
        assert trump in p.message


def test_stoeck_when_the_ruleset_has_no_stoeck():
    ruleset = parse_ruleset({"stoeck": False})
    p = problem(ruleset, Hand("hearts", (95, 62), stoeck=1))
    assert p.field == "stoeck"
    assert "no Stöck" in p.message


def test_stoeck_in_a_tournament_is_refused():
    p = problem(TOURNAMENT, Hand("spades", (95, 62), stoeck=0))
    assert p.field == "stoeck"


@pytest.mark.parametrize("stoeck", [2, True, "0", 1.0])
def test_stoeck_must_be_a_team_index(stoeck):
    p = problem(CHIBRE, Hand("hearts", (95, 62), stoeck=stoeck))
    assert p.field == "stoeck"


def test_trump_not_allowed_by_the_ruleset():
    ruleset = parse_ruleset({"trumps": ["hearts", "spades"]})
    p = problem(ruleset, Hand("obe-abe", (95, 62)))
    assert p.field == "trump"
    assert "obe-abe" in p.message
    assert check_hand(ruleset, Hand("spades", (95, 62))) == []


def test_unknown_trump():
    p = problem(CHIBRE, Hand("trefle", (95, 62)))
    assert p.field == "trump"
    assert "trefle" in p.message


@pytest.mark.parametrize("out_first", [2, True, "1"])
def test_out_first_must_be_a_team_index(out_first):
    p = problem(CHIBRE, Hand("hearts", (95, 62), out_first=out_first))
    assert p.field == "out_first"


def test_chibre_must_be_a_bool():
    p = problem(CHIBRE, Hand("hearts", (95, 62), chibre=1))
    assert p.field == "chibre"


def test_chooser_must_be_a_name():
    p = problem(CHIBRE, Hand("hearts", (95, 62), chooser=3))
    assert p.field == "chooser"


def test_several_broken_rules_each_named_once():
    hand = Hand("obe-abe", (95, 61), weis=(("seq3",), ("seq3",)), stoeck=0)
    assert [p.field for p in check_hand(CHIBRE, hand)] == ["cards", "weis", "stoeck"]


def test_cards_may_be_missing_as_far_as_the_hand_goes():
    # whether that is allowed depends on the game (see test_game.py)
    assert check_hand(CHIBRE, Hand("hearts", None, stoeck=0)) == []


@pytest.mark.parametrize(
    "entries", [(200, 200), (150, 150), ("four-jacks", 200), ("four-nines", 150)]
)
def test_bare_numbers_that_can_only_be_the_same_four_of_a_kind(entries):
    p = problem(CHIBRE, Hand("hearts", (95, 62), weis=(entries, ())))
    assert p.field == "weis"
