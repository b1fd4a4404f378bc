"""Seats, dealer and chooser, drawing teams (RULES.md §7)."""

import random

import pytest

from scoring.rules import chooser, dealer, draw_teams, needed_by_multiplier, preset, seat_of


def test_holder_of_the_seven_of_diamonds_chooses_first_then_the_choice_moves_right():
    assert [chooser(2, n) for n in range(1, 7)] == [2, 3, 0, 1, 2, 3]


def test_the_chooser_deals_the_next_hand():
    for n in range(2, 10):
        assert dealer(1, n) == chooser(1, n - 1)
        assert chooser(1, n) == (dealer(1, n) + 1) % 4  # to the right of the dealer


def test_partners_sit_opposite():
    assert [seat_of(0, 0), seat_of(1, 0), seat_of(0, 1), seat_of(1, 1)] == [0, 1, 2, 3]


def test_draw_teams_puts_the_two_highest_draws_together():
    players = ["Anne", "Bernard", "Claude", "Denise"]
    for seed in range(50):
        seats = draw_teams(players, random.Random(seed))
        assert sorted(seats) == sorted(players)
    assert len({tuple(draw_teams(players, random.Random(s))) for s in range(50)}) > 3


def test_draw_teams_needs_four_players():
    with pytest.raises(ValueError, match="four players"):
        draw_teams(["Anne", "Bernard", "Claude"])


def test_needed_points_per_multiplier():
    assert needed_by_multiplier(preset("schieber-2500"), 301) == {1: 301, 2: 151, 3: 101}
    assert needed_by_multiplier(preset("chibre"), 120) == {1: 120}
