"""A player's Coiffeur figures (stats.py): games, won, cells played, points, average per
cell, matches made; over finished and unfinished sheets, counted by the engine."""

from __future__ import annotations

import pytest

from scoring.kinds.coiffeur.gamefile import CoiffeurRecord, Side
from scoring.kinds.coiffeur.stats import CoiffeurLine, player_statistics, side_figures

from .sheets import (
    CAUGHT_NEVER,
    COUNTERED,
    DRAWN_EIGHT,
    EIGHT,
    FULL_EIGHT,
    PENALTY,
    THREE,
    THREE_SIDES,
)

PAIRS = (Side("A", ("Anne", "Claude")), Side("B", ("Bernard", "Denise")))


def record(ruleset, hands, sides=PAIRS):
    return CoiffeurRecord("Coiffeur", None, ruleset, sides, tuple(hands))


KEYS = (("anne", "claude"), ("bernard", None))  # Denise is a guest


def test_a_finished_sheet_counts_a_win_for_both_players_of_the_winning_side():
    lines = player_statistics([(record(EIGHT, FULL_EIGHT), KEYS)])

    assert (
        lines["anne"]
        == lines["claude"]
        == CoiffeurLine(
            games=1, finished=1, wins=1, cells=8, points=3600, cell_points=3600, matches=0
        )
    )
    assert lines["bernard"] == CoiffeurLine(
        games=1, finished=1, wins=0, cells=8, points=3240, cell_points=3240, matches=0
    )
    assert None not in lines
    assert len(lines) == 3
    assert lines["anne"].average == 450.0  # 3600 over 8 cells
    assert lines["anne"].win_rate == 1.0
    assert lines["bernard"].win_rate == 0.0


def test_a_sheet_being_played_counts_as_played_never_won():
    lines = player_statistics([(record(EIGHT, CAUGHT_NEVER), KEYS)])

    # A cannot be caught any more, but nobody has won an unfinished sheet
    assert lines["anne"] == CoiffeurLine(
        games=1, finished=0, wins=0, cells=8, points=9252, cell_points=9252, matches=8
    )
    assert lines["anne"].win_rate is None
    assert (lines["bernard"].cells, lines["bernard"].average) == (1, 0.0)


def test_a_draw_is_finished_and_won_by_nobody():
    lines = player_statistics([(record(EIGHT, DRAWN_EIGHT), KEYS)])

    assert (lines["anne"].finished, lines["anne"].wins) == (1, 0)
    assert (lines["bernard"].finished, lines["bernard"].wins) == (1, 0)


def test_the_counter_match_bonus_is_in_the_total_not_in_the_average():
    lines = player_statistics([(record(PENALTY, COUNTERED), KEYS)])

    assert (lines["anne"].points, lines["anne"].cells, lines["anne"].average) == (-300, 1, -300.0)
    assert (lines["bernard"].points, lines["bernard"].cell_points) == (100, 0)
    assert lines["bernard"].average is None  # no cell played yet


def test_games_add_up_over_many_sheets():
    games = [
        (record(EIGHT, FULL_EIGHT), KEYS),
        (record(EIGHT, CAUGHT_NEVER), KEYS),
        (record(EIGHT, FULL_EIGHT), (("bernard", "x"), ("anne", "y"))),  # Anne on side B
    ]

    anne = player_statistics(games)["anne"]

    assert (anne.games, anne.finished, anne.wins) == (3, 2, 1)
    assert (anne.cells, anne.points, anne.matches) == (24, 3600 + 9252 + 3240, 8)
    assert anne.average == pytest.approx((3600 + 9252 + 3240) / 24)


def test_three_sides_one_player_each():
    sides = (Side("A", ("Anne",)), Side("B", ("Bernard",)), Side("C", ("Chantal",)))
    lines = player_statistics([(record(THREE, THREE_SIDES, sides), (("a",), ("b",), ("c",)))])

    assert [lines[k].points for k in "abc"] == [500, 250, 0]
    assert [lines[k].cells for k in "abc"] == [1, 1, 1]


def test_side_figures_follow_the_engine():
    figures = side_figures(record(EIGHT, CAUGHT_NEVER).result())

    assert [(f.cells, f.points, f.matches, f.finished, f.won) for f in figures] == [
        (8, 9252, 8, False, False),
        (1, 0, 0, False, False),
    ]


def test_keys_are_needed_for_every_side():
    with pytest.raises(ValueError, match="2 sides"):
        player_statistics([(record(EIGHT, FULL_EIGHT), (("anne", "claude"),))])
