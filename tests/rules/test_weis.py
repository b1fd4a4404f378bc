"""Weis values and which Weis is best (RULES.md §2)."""

from __future__ import annotations

import pytest

from scoring.kinds.team.rules import KINDS, RANKS, Weis, best_weis, weis_table

SMALL = {
    "seq3": 20,
    "seq4": 50,
    "seq5": 100,
    "seq6": 100,
    "seq7": 100,
    "seq8": 100,
    "seq9": 100,
    "four-tens": 100,
    "four-queens": 100,
    "four-kings": 100,
    "four-aces": 100,
    "four-nines": 150,
    "four-jacks": 200,
}
LARGE = {**SMALL, "seq6": 150, "seq7": 200, "seq8": 250, "seq9": 300}


# --- tables ----------------------------------------------------------------------------


def test_kinds_are_those_of_the_format():
    assert set(KINDS) == set(SMALL)


def test_sequence_order_is_a_k_q_j_10_9_8_7_6():
    assert RANKS == ("A", "K", "Q", "J", "10", "9", "8", "7", "6")


def test_small_weis_table():
    assert weis_table("small") == SMALL


def test_large_weis_table():
    assert weis_table("large") == LARGE


def test_no_weis_table():
    assert weis_table("none") == {}


def test_no_four_of_eights_sevens_or_sixes():
    assert not any(kind in KINDS for kind in ("four-eights", "four-sevens", "four-sixes"))


# --- best Weis -------------------------------------------------------------------------


def seq(n: int, top: str, suit: str) -> Weis:
    return Weis(f"seq{n}", top, suit)


def four(kind: str) -> Weis:
    top = {
        "four-tens": "10",
        "four-queens": "Q",
        "four-kings": "K",
        "four-aces": "A",
        "four-nines": "9",
        "four-jacks": "J",
    }[kind]
    return Weis(kind, top)


def test_nobody_declared():
    assert best_weis([None, None, None, None], "hearts") is None
    assert best_weis([], "hearts") is None


def test_single_weis_wins():
    assert best_weis([None, None, seq(3, "8", "clubs"), None], "hearts") == 2


def test_more_points_wins():
    declared = [seq(3, "A", "hearts"), seq(4, "9", "clubs"), None, None]
    assert best_weis(declared, "hearts") == 1


def test_four_jacks_beats_four_nines_beats_a_sequence_of_five():
    assert best_weis([four("four-nines"), four("four-jacks"), None, None], "hearts") == 1
    assert best_weis([seq(5, "A", "hearts"), four("four-nines"), None, None], "hearts") == 1


def test_equal_points_more_cards_wins_seq5_beats_four_aces():
    # both 100; five in sequence shows more cards (seeds 002 and 004)
    declared = [four("four-aces"), seq(5, "10", "clubs"), None, None]
    assert best_weis(declared, "hearts") == 1
    assert best_weis(list(reversed(declared)), "hearts") == 2


def test_small_weis_seq9_and_seq5_are_equal_points_more_cards_wins():
    declared = [seq(5, "A", "hearts"), None, None, seq(9, "A", "clubs")]
    assert best_weis(declared, "spades", style="small") == 3


def test_large_vs_small_table():
    # small: four 9s (150) beat a run of six (100); large: the run of six is 150 too
    # and shows more cards
    declared = [four("four-nines"), seq(6, "A", "clubs"), None, None]
    assert best_weis(declared, "hearts", style="small") == 0
    assert best_weis(declared, "hearts", style="large") == 1
    # large: a run of seven (200) equals four Js (200) and shows more cards
    declared = [four("four-jacks"), seq(7, "A", "clubs"), None, None]
    assert best_weis(declared, "hearts", style="small") == 0
    assert best_weis(declared, "hearts", style="large") == 1


def test_equal_points_and_cards_higher_top_card_wins():
    declared = [seq(3, "Q", "clubs"), seq(3, "K", "diamonds"), None, None]
    assert best_weis(declared, "hearts") == 1


def test_higher_four_of_a_kind_wins_among_hundreds():
    declared = [four("four-tens"), four("four-kings"), four("four-queens"), four("four-aces")]
    assert best_weis(declared, "hearts") == 3


def test_unde_ufe_the_lower_top_card_wins():
    declared = [seq(3, "Q", "clubs"), seq(3, "8", "diamonds"), None, None]
    assert best_weis(declared, "unde-ufe") == 1
    assert best_weis(declared, "obe-abe") == 0
    assert best_weis(declared, "hearts") == 0


def test_unde_ufe_points_and_cards_still_come_first():
    declared = [seq(4, "A", "clubs"), seq(3, "8", "diamonds"), None, None]
    assert best_weis(declared, "unde-ufe") == 0


def test_trump_suit_wins_a_tie():
    declared = [seq(4, "K", "clubs"), seq(4, "K", "spades"), None, None]
    assert best_weis(declared, "spades") == 1
    assert best_weis(declared, "clubs") == 0


def test_higher_top_card_beats_trump():
    declared = [seq(3, "K", "clubs"), seq(3, "Q", "spades"), None, None]
    assert best_weis(declared, "spades") == 0


@pytest.mark.parametrize(
    ("leader", "expected"),
    [(0, 1), (1, 1), (2, 3), (3, 3)],
)
def test_still_equal_the_earlier_player_from_the_leader_wins(leader, expected):
    # seats 1 and 3 hold equal Weis, neither in trump
    declared = [None, seq(3, "K", "clubs"), None, seq(3, "K", "diamonds")]
    assert best_weis(declared, "hearts", leader=leader) == expected


def test_earlier_player_counterclockwise_from_leader_with_all_four_equal():
    declared = [seq(3, "10", suit) for suit in ("clubs", "diamonds", "clubs", "diamonds")]
    for leader in range(4):
        assert best_weis(declared, "hearts", leader=leader) == leader


def test_in_no_trump_no_weis_is_in_trump():
    declared = [seq(3, "K", "clubs"), seq(3, "K", "spades"), None, None]
    assert best_weis(declared, "obe-abe", leader=1) == 1
    assert best_weis(declared, "obe-abe", leader=0) == 0


# --- impossible Weis -------------------------------------------------------------------


@pytest.mark.parametrize(
    "weis",
    [
        seq(3, "A", "hearts"),
        seq(3, "8", "hearts"),
        seq(9, "A", "spades"),
        seq(4, "9", "clubs"),
        four("four-jacks"),
        four("four-tens"),
    ],
)
def test_possible_weis_have_no_problems(weis):
    assert weis.problems() == []


@pytest.mark.parametrize(
    ("weis", "words"),
    [
        (Weis("seq10", "A", "hearts"), "seq10"),
        (Weis("four-eights", "8"), "four-eights"),
        (Weis("seq3", "B", "hearts"), "B"),
        (Weis("seq3", "7", "hearts"), "7"),  # 7 6 and nothing below
        (Weis("seq9", "K", "hearts"), "K"),
        (Weis("seq3", "A", None), "suit"),
        (Weis("seq3", "A", "obe-abe"), "suit"),
        (Weis("four-aces", "K"), "K"),
        (Weis("four-aces", "A", "hearts"), "suit"),
    ],
)
def test_impossible_weis_say_why(weis, words):
    problems = weis.problems()
    assert len(problems) == 1
    assert words in problems[0]
