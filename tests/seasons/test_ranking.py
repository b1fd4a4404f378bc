"""The season's ranking (RULES.md §15), without the database: the worked examples,
best N, finals, the minimum, the tie-breaks and shared ranks."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from seasons.ranking import (
    Entry,
    Event,
    Settings,
    awarded,
    counted_events,
    make_settings,
    settings_problems,
    share,
    standings,
)

D = Decimal
DAY = dt.date(2026, 1, 10)


def event(*places: tuple[int, str] | tuple[int, str, str], final=False, weight=None, day=0):
    """An event from (place, player[, partner]) entries."""
    return Event(
        name=f"event {day}",
        date=DAY + dt.timedelta(days=day),
        ranking=tuple(Entry(p[0], tuple(p[1:])) for p in places),
        weight=weight if weight is not None else (2 if final else 1),
        final=final,
    )


def test_two_tied_second_get_16_5_each():
    got = awarded(event((1, "A"), (2, "B"), (2, "C"), (4, "D")), Settings())
    assert got == {"A": 25, "B": D("16.5"), "C": D("16.5"), "D": 12}


def test_three_tied_third_get_12_33():
    got = awarded(event((1, "A"), (2, "B"), (3, "C"), (3, "D"), (3, "E"), (6, "F")), Settings())
    assert [got[p] for p in "CDEF"] == [D("12.33"), D("12.33"), D("12.33"), D(8)]


def test_eight_tied_seventh_get_2_13():
    players = [(1 + i, f"P{i}") for i in range(6)] + [(7, f"T{i}") for i in range(8)]
    got = awarded(event(*players), Settings())
    assert {got[f"T{i}"] for i in range(8)} == {D("2.13")}  # (6+4+2+1+1+1+1+1)/8 = 2.125


def test_a_final_rounds_once_after_the_weight():
    got = awarded(event((1, "A"), (2, "B"), (3, "C"), (3, "D"), (3, "E"), final=True), Settings())
    assert got["C"] == D("24.67")  # 2 × 37 / 3 = 24.666…, never 2 × 12.33 = 24.66
    assert got["A"] == 50
    assert got["B"] == 36


def test_share_rounds_half_up_exactly():
    assert share(1, 1, 8) == D("0.13")  # 0.125
    assert share(1, 17, 8) == D("2.13")
    assert share(3, 1, 200) == D("0.02")  # 0.015
    assert share(1, 1, 3) == D("0.33")


def test_places_beyond_the_table_get_beyond():
    settings = make_settings(points=[3, 2], beyond=1)
    got = awarded(event((1, "A"), (2, "B"), (3, "C"), (3, "D")), settings)
    assert got == {"A": 3, "B": 2, "C": 1, "D": 1}
    assert make_settings(points=[5, 0]).beyond == 0  # a table ending in 0: 0 beyond
    assert make_settings(points=[5, 1]).beyond == 1


def test_a_team_entry_gives_both_partners_the_place():
    got = awarded(event((1, "A", "B"), (2, "C", "D")), Settings())
    assert got == {"A": 25, "B": 25, "C": 18, "D": 18}


def test_the_format_example_row_of_beat():
    """game-format.md's result row: best 3, six events, the last a final."""
    events = [
        event((1, "Anne"), (2, "Beat"), day=1),
        event((1, "Beat"), (2, "Anne"), day=2),
        event((1, "Anne"), (2, "Beat"), day=3),
        event((1, "Anne"), (2, "Beat"), day=4),
        event((1, "Anne"), (2, "Beat"), (2, "Carla"), day=5),
        event((1, "Beat"), (2, "Anne"), final=True, day=6),
    ]
    lines = standings(["Anne", "Beat", "Carla"], events, make_settings(best=3))
    beat = next(line for line in lines if line.player == "Beat")
    assert beat.points == [18, 25, 18, 18, D("16.5"), 50]
    assert beat.counted == [True, True, True, False, False, True]  # the earlier 18 kept
    assert (beat.total, beat.played, beat.wins) == (111, 6, 2)
    anne = lines[0]
    assert anne.player == "Anne"
    assert anne.rank == 1
    assert anne.total == 25 + 25 + 25 + 36  # 4 wins of 25, best 3, and the final's 36


def test_fewer_played_than_best_all_count_and_missed_is_no_result():
    counted = counted_events([D(5), None, D(7)], [False, False, False], best=3)
    assert counted == [True, False, True]


def test_a_final_always_counts_beside_the_best():
    counted = counted_events([D(25), D(1), D(2)], [False, False, True], best=1)
    assert counted == [True, False, True]


def test_equal_results_keep_the_earlier_event():
    assert counted_events([D(10), D(12), D(10)], [False] * 3, best=2) == [True, True, False]


def test_minimum_events_lists_the_unranked_after_by_total_then_name():
    events = [event((1, "A"), (2, "B"), day=1), event((1, "C"), (2, "A"), day=2)]
    lines = standings(["A", "B", "C", "D"], events, make_settings(min_events=2))
    assert [(line.player, line.rank) for line in lines] == [
        ("A", 1),
        ("C", None),
        ("B", None),
        ("D", None),
    ]
    assert lines[-1].played == 0
    assert lines[-1].points == [None, None]
    assert lines[-1].counted == [False, False]


def test_wins_break_a_tie_and_shared_wins_share_the_rank():
    settings = make_settings(points=[25, 13, 1], beyond=0, tie_breaks=["wins"])
    events = [
        event((1, "A"), (2, "B"), (3, "C"), day=1),
        event((1, "C"), (2, "B"), (3, "A"), day=2),
    ]  # 26 each; A and C one win, B none
    lines = standings(["A", "B", "C"], events, settings)
    assert [(line.player, line.total, line.rank) for line in lines] == [
        ("A", 26, 1),
        ("C", 26, 1),
        ("B", 26, 3),
    ]
    assert lines[2].decided_by == "wins"


def test_a_dropped_win_still_counts_as_a_win():
    settings = make_settings(points=[20, 10], beyond=0, best=1, tie_breaks=["wins"])
    events = [
        event((1, "A"), (2, "C"), day=1),
        event((1, "A"), (2, "C"), day=2),  # A's second 20, dropped (best 1)
        event((1, "B"), (2, "C"), day=3),
        event((1, "C"), (2, "B"), day=4),
    ]
    by = {line.player: line for line in standings(["A", "B", "C"], events, settings)}
    assert by["A"].counted == [True, False, False, False]
    assert by["A"].total == by["B"].total == by["C"].total == 20
    assert (by["A"].wins, by["B"].wins, by["C"].wins) == (2, 1, 1)
    assert by["A"].rank == 1
    assert by["B"].rank == by["C"].rank == 2


def test_shared_ranks_1_2_2_4_listed_by_name():
    settings = make_settings(points=[10, 5, 5, 1], beyond=0, tie_breaks=[])
    events = [event((1, "W"), (2, "Z"), (2, "Y"), (4, "X"))]
    lines = standings(["X", "Y", "Z", "W"], events, settings)
    assert [(line.player, line.rank) for line in lines] == [("W", 1), ("Y", 2), ("Z", 2), ("X", 4)]


def test_best_event_then_last_event_in_the_clubs_order():
    # A: 10 + 10 = 20, B: 15 + 5 = 20, no wins for either
    settings_best = make_settings(points=[30, 15, 10, 5], beyond=0, tie_breaks=["best_event"])
    events = [
        event((1, "W"), (2, "B"), (3, "A"), (4, "C"), day=1),
        event((1, "W"), (2, "C"), (3, "A"), (4, "B"), day=2),
    ]
    lines = standings(["A", "B", "C", "W"], events, settings_best)
    by = {line.player: line for line in lines}
    assert by["A"].total == by["B"].total == 20
    assert by["B"].rank < by["A"].rank  # best single result 15 against 10
    settings_last = make_settings(points=[30, 15, 10, 5], beyond=0, tie_breaks=["last_event"])
    by = {line.player: line for line in standings(["A", "B", "C", "W"], events, settings_last)}
    assert by["A"].rank < by["B"].rank  # the last event: 10 against 5
    assert by["A"].decided_by == "last_event"
    by = {
        line.player: line
        for line in standings(
            ["A", "B", "C", "W"],
            events,
            make_settings(points=[30, 15, 10, 5], beyond=0, tie_breaks=[]),
        )
    }
    assert by["A"].rank == by["B"].rank  # no tie-break: shared


def test_last_event_counts_a_missed_event_as_zero_and_goes_back():
    settings = make_settings(points=[10, 6, 4], beyond=0, tie_breaks=["last_event"])
    events = [
        event((1, "W"), (2, "A"), (3, "B"), day=1),  # A 6, B 4
        event((1, "W"), (2, "B"), (3, "A"), day=2),  # B 6, A 4
        event((1, "W"), (2, "C"), day=3),  # neither played: 0 each
    ]
    by = {line.player: line for line in standings(["A", "B", "C", "W"], events, settings)}
    assert by["A"].total == by["B"].total == 10
    assert by["B"].rank < by["A"].rank  # last: 0 = 0, then 6 > 4


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ({"points": []}, "points"),
        ({"points": [0, 0]}, "points"),
        ({"points": [10, 12]}, "points"),
        ({"points": [1001]}, "points"),
        ({"points": [True]}, "points"),
        ({"points": list(range(101, 0, -1))}, "points"),
        ({"beyond": 2, "points": [5, 1]}, "beyond"),
        ({"beyond": -1}, "beyond"),
        ({"best": 0}, "best"),
        ({"best": 101}, "best"),
        ({"min_events": 0}, "min_events"),
        ({"min_events": 101}, "min_events"),
        ({"tie_breaks": ["wins", "wins"]}, "tie_breaks"),
        ({"tie_breaks": ["draw"]}, "tie_breaks"),
    ],
)
def test_settings_out_of_bounds_are_named(args, field):
    values = {
        "points": [25, 18, 15],
        "beyond": None,
        "best": None,
        "min_events": 1,
        "tie_breaks": ["wins"],
    } | args
    problems = settings_problems(**values)
    assert problems
    assert problems[0][0] == field
