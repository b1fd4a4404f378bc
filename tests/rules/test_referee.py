"""The Weis referee: who scores the Weis and by which step of RULES.md §2."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.kinds.team.rules import (
    KINDS,
    RANKS,
    SUITS,
    TRUMPS,
    RulesError,
    Weis,
    best_weis,
    weis_verdict,
)
from scoring.kinds.team.rules.referee import (
    EARLIER,
    FOUR_HAS_NO_SUIT,
    HIGHER_CARD,
    IN_TRUMP,
    MORE_CARDS,
    MORE_POINTS,
    NOT_THE_FOUR,
    SAME_CARDS,
    SUIT_NEEDED,
    TOO_LOW,
    TOP_NEEDED,
    UNKNOWN_CARD,
    UNKNOWN_KIND,
    weis_cards,
    weis_problems,
)
from scoring.kinds.team.rules.weis import FOUR_OF_A_KIND


def seq(n: int, top: str, suit: str) -> Weis:
    return Weis(f"seq{n}", top, suit)


def four(kind: str) -> Weis:
    return Weis(kind, FOUR_OF_A_KIND[kind])


def refused(declared, trump="hearts", leader=0, style="small"):
    with pytest.raises(RulesError) as error:
        weis_verdict(declared, trump, leader, style)
    return [(p.field, p.template, dict(p.params)) for p in error.value.problems]


# --- nobody, or one team alone -----------------------------------------------------------


def test_verdict_nobody_declares():
    verdict = weis_verdict([None, None, None, None], "hearts")

    assert (verdict.seat, verdict.team, verdict.runner_up, verdict.step) == (None,) * 4
    assert verdict.best is None
    assert verdict.beaten is None


def test_verdict_one_team_alone_wins_without_a_step():
    verdict = weis_verdict([None, seq(3, "8", "clubs"), None, seq(4, "A", "spades")], "hearts")

    assert verdict.seat == 3
    assert verdict.team == 1
    assert verdict.runner_up is None
    assert verdict.step is None
    assert verdict.best == seq(4, "A", "spades")


def test_verdict_runner_up_is_the_other_teams_best():
    declared = [
        seq(5, "10", "spades"),
        seq(3, "8", "hearts"),
        seq(3, "8", "diamonds"),
        four("four-kings"),
    ]

    verdict = weis_verdict(declared, "clubs")

    assert (verdict.seat, verdict.team, verdict.runner_up) == (0, 0, 3)
    assert verdict.step == MORE_CARDS  # five in a row (100) against four Ks (100)


# --- the five steps ----------------------------------------------------------------------


def test_verdict_step_1_more_points():
    verdict = weis_verdict([seq(3, "A", "hearts"), seq(4, "9", "clubs"), None, None], "hearts")

    assert (verdict.seat, verdict.runner_up, verdict.step) == (1, 0, MORE_POINTS)
    assert (verdict.best, verdict.beaten) == (seq(4, "9", "clubs"), seq(3, "A", "hearts"))
    assert (verdict.points(1), verdict.points(0), verdict.points(2)) == (50, 20, 0)


def test_verdict_step_2_five_in_a_row_beats_four_aces():
    verdict = weis_verdict([four("four-aces"), seq(5, "10", "clubs"), None, None], "hearts")

    assert (verdict.seat, verdict.runner_up, verdict.step) == (1, 0, MORE_CARDS)


def test_verdict_large_weis_six_in_a_row_beats_four_aces_on_points():
    declared = [four("four-aces"), seq(6, "J", "clubs"), None, None]

    small = weis_verdict(declared, "hearts", style="small")
    large = weis_verdict(declared, "hearts", style="large")

    assert (small.seat, small.step, small.points(1)) == (1, MORE_CARDS, 100)
    assert (large.seat, large.step, large.points(1)) == (1, MORE_POINTS, 150)


def test_verdict_step_3_higher_top_card():
    verdict = weis_verdict([seq(3, "Q", "clubs"), seq(3, "K", "diamonds"), None, None], "hearts")

    assert (verdict.seat, verdict.runner_up, verdict.step) == (1, 0, HIGHER_CARD)


def test_verdict_step_3_four_aces_beat_four_kings():
    verdict = weis_verdict([four("four-kings"), None, None, four("four-aces")], "hearts")

    assert (verdict.seat, verdict.step) == (3, HIGHER_CARD)


def test_verdict_step_3_in_unde_ufe_the_lower_top_card_wins():
    declared = [seq(3, "Q", "clubs"), seq(3, "8", "diamonds"), None, None]

    verdict = weis_verdict(declared, "unde-ufe")

    assert (verdict.seat, verdict.runner_up, verdict.step) == (1, 0, HIGHER_CARD)
    assert weis_verdict(declared, "obe-abe").seat == 0


def test_verdict_step_4_in_trump():
    declared = [seq(4, "K", "clubs"), seq(4, "K", "spades"), None, None]

    verdict = weis_verdict(declared, "spades")

    assert (verdict.seat, verdict.runner_up, verdict.step) == (1, 0, IN_TRUMP)
    assert weis_verdict(declared, "clubs").seat == 0


@pytest.mark.parametrize(("leader", "seat"), [(0, 0), (1, 1), (2, 0), (3, 0)])
def test_verdict_step_5_a_tie_goes_to_the_earlier_player_from_the_leader(leader, seat):
    # equal points, cards and top card, neither in trump: counterclockwise from the leader
    declared = [seq(3, "K", "diamonds"), seq(3, "K", "clubs"), None, None]

    verdict = weis_verdict(declared, "hearts", leader=leader)

    assert (verdict.seat, verdict.runner_up, verdict.step) == (seat, 1 - seat, EARLIER)


@pytest.mark.parametrize("trump", ["obe-abe", "unde-ufe"])
def test_verdict_step_5_without_a_trump_suit_nothing_is_in_trump(trump):
    declared = [seq(3, "K", "clubs"), seq(3, "K", "spades"), None, None]

    verdict = weis_verdict(declared, trump, leader=1)

    assert (verdict.seat, verdict.step) == (1, EARLIER)


def test_verdict_partners_tie_the_earlier_partner_holds_the_teams_best():
    declared = [seq(3, "K", "clubs"), seq(3, "8", "hearts"), seq(3, "K", "spades"), None]

    assert weis_verdict(declared, "hearts", leader=2).seat == 2
    assert weis_verdict(declared, "hearts", leader=3).seat == 0
    assert weis_verdict(declared, "hearts", leader=1).seat == 2


# --- what cannot be ----------------------------------------------------------------------


def test_verdict_refuses_a_sequence_without_a_suit():
    assert refused([None, Weis("seq3", "A", None), None, None]) == [("1.suit", SUIT_NEEDED, {})]


def test_verdict_refuses_a_sequence_below_the_six():
    assert refused([None, None, seq(5, "8", "clubs"), None]) == [
        ("2.top", TOO_LOW, {"cards": 5, "top": "8"})
    ]


def test_verdict_refuses_a_sequence_without_its_top_card_or_suit():
    assert refused([Weis("seq4", "", None), None, None, None]) == [
        ("0.top", TOP_NEEDED, {}),
        ("0.suit", SUIT_NEEDED, {}),
    ]


@pytest.mark.parametrize(
    ("weis", "field", "template"),
    [
        (Weis("seq10", "A", "hearts"), "3.kind", UNKNOWN_KIND),
        (Weis("four-eights", "8"), "3.kind", UNKNOWN_KIND),
        (Weis("seq3", "B", "hearts"), "3.top", UNKNOWN_CARD),
        (Weis("seq3", "A", "obe-abe"), "3.suit", SUIT_NEEDED),
        (Weis("four-aces", "K"), "3.top", NOT_THE_FOUR),
        (Weis("four-aces", "A", "hearts"), "3.suit", FOUR_HAS_NO_SUIT),
    ],
)
def test_verdict_refuses_an_impossible_weis_naming_the_part(weis, field, template):
    assert [(f, t) for f, t, _ in refused([None, None, None, weis])] == [(field, template)]


def test_verdict_refuses_two_players_with_the_same_four():
    problems = refused([four("four-jacks"), None, four("four-jacks"), None])

    assert problems == [("2.kind", SAME_CARDS, {"other": 0})]


def test_verdict_refuses_a_sequence_that_needs_a_card_of_another_players_weis():
    # the J of clubs is in seat 1's four Js
    assert refused([None, four("four-jacks"), None, seq(3, "Q", "clubs")]) == [
        ("3.kind", SAME_CARDS, {"other": 1})
    ]
    assert weis_verdict([None, four("four-jacks"), None, seq(3, "A", "clubs")], "hearts").seat == 1


@pytest.mark.parametrize(
    ("trump", "leader", "style", "field"),
    [
        ("trumps", 0, "small", "trump"),
        ("hearts", 4, "small", "leader"),
        ("hearts", 0, "none", "style"),
    ],
)
def test_verdict_refuses_what_is_not_a_game_setting(trump, leader, style, field):
    assert [f for f, _, _ in refused([None] * 4, trump, leader, style)] == [field]


def test_verdict_wants_four_players():
    assert [f for f, _, _ in refused([None, None, None])] == ["declared"]


# --- the referee agrees with the engine --------------------------------------------------

weis_values = st.builds(
    Weis,
    st.sampled_from(KINDS),
    st.sampled_from(RANKS),
    st.one_of(st.none(), st.sampled_from(SUITS)),
)


@given(weis_values)
def test_weis_problems_agree_with_weis_problems(weis):
    assert bool(weis_problems(weis)) == bool(weis.problems())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.one_of(st.none(), weis_values), min_size=4, max_size=4),
    st.sampled_from(TRUMPS),
    st.integers(0, 3),
    st.sampled_from(["small", "large"]),
)
def test_verdict_names_the_seat_best_weis_names(declared, trump, leader, style):
    try:
        verdict = weis_verdict(declared, trump, leader, style)
    except RulesError:
        possible = [w for w in declared if w is not None and not w.problems()]
        cards = [weis_cards(w) for w in possible]
        assert len(possible) < len([w for w in declared if w is not None]) or any(
            a & b for i, a in enumerate(cards) for b in cards[i + 1 :]
        )
        return

    assert verdict.seat == best_weis(declared, trump, leader, style)
    if verdict.runner_up is not None:
        assert verdict.team != verdict.runner_up % 2
        assert verdict.step in (MORE_POINTS, MORE_CARDS, HIGHER_CARD, IN_TRUMP, EARLIER)
