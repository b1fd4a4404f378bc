"""The slate: strokes of 100, half-crosses of 50, strokes of 20, a number (RULES.md §8)."""

from __future__ import annotations

import pytest

from scoring.kinds.team.rules import Hand, Marks, marks_for, play, preset, slate


def test_95_is_one_half_cross_two_twenties_and_5():
    assert marks_for(95) == Marks(hundreds=0, half_crosses=1, twenties=2, number=5)


def test_98_is_one_half_cross_two_twenties_and_8():
    assert marks_for(98) == Marks(hundreds=0, half_crosses=1, twenties=2, number=8)


@pytest.mark.parametrize(
    ("points", "marks"),
    [
        (0, Marks(0, 0, 0, 0)),
        (5, Marks(0, 0, 0, 5)),
        (19, Marks(0, 0, 0, 19)),
        (20, Marks(0, 0, 1, 0)),
        (49, Marks(0, 0, 2, 9)),
        (50, Marks(0, 1, 0, 0)),
        (62, Marks(0, 1, 0, 12)),
        (100, Marks(1, 0, 0, 0)),
        (157, Marks(1, 1, 0, 7)),
        (185, Marks(1, 1, 1, 15)),
        (257, Marks(2, 1, 0, 7)),
        (514, Marks(5, 0, 0, 14)),
    ],
)
def test_marks_for_a_hand(points, marks):
    assert marks_for(points) == marks
    assert marks.total == points


def test_negative_points_are_refused():
    with pytest.raises(ValueError, match="-5"):
        marks_for(-5)


def test_two_half_crosses_make_an_x():
    assert Marks(half_crosses=2).crosses == 1
    assert Marks(half_crosses=3).crosses == 1
    assert Marks(half_crosses=3).total == 150


def test_marks_add_line_by_line():
    assert marks_for(95) + marks_for(98) == Marks(0, 2, 4, 13)


def test_slate_adds_up_after_every_hand():
    states = slate([95, 98, 257])
    assert [m.total for m in states] == [95, 193, 450]
    assert states[1] == Marks(0, 2, 4, 13)
    assert states[1].crosses == 1


def test_empty_slate():
    assert slate([]) == []


def test_ten_twenties_are_wiped_for_two_hundreds():
    points = [40] * 5  # two 20-strokes each
    wiped = slate(points)
    assert wiped[3] == Marks(0, 0, 8, 0)
    assert wiped[4] == Marks(2, 0, 0, 0)
    kept = slate(points, wiped=False)
    assert kept[4] == Marks(0, 0, 10, 0)
    assert wiped[4].total == kept[4].total == 200


def test_wiping_keeps_the_rest_of_the_twenties():
    states = slate([45, 45, 45, 45, 45, 45])  # 2 twenties and 5 each time
    assert states[-1] == Marks(2, 0, 2, 30)
    assert states[-1].total == 270


def test_slate_of_a_game():
    hands = [
        Hand("hearts", (95, 62), weis=(("seq3", 50), ()), stoeck=0),
        Hand("spades", (0, 157), match=1),
    ]
    result = play(preset("chibre"), hands)
    for team in (0, 1):
        states = slate(h.points[team] for h in result.hands)
        assert [m.total for m in states] == [h.totals[team] for h in result.hands]
