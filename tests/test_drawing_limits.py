"""The slate and the chart stay the same size whatever the score (issue 11): a line
shows at most MOST_STROKES strokes and writes the rest; the chart's dots stop at
MOST_DOTS hands. Plain Python, no database."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.drawing.chart import MOST_DOTS, totals_chart_svg
from scoring.kinds.team.drawing.slate import MOST_HALF_CROSSES, MOST_STROKES, slate_svg
from scoring.kinds.team.rules import Marks
from tests.test_drawing import assert_inside_view_box, assert_self_contained, parse, with_class


def test_the_bounds_draw_every_stroke_of_a_game_to_the_highest_target():
    assert MOST_STROKES * 100 == 10_000
    assert MOST_HALF_CROSSES == 100


def test_a_line_at_its_bound_is_drawn_whole_without_a_count():
    root = parse(slate_svg(Marks(MOST_STROKES, MOST_HALF_CROSSES, 9, 19), label="x"))

    assert len(with_class(root, "slate-hundred")) == MOST_STROKES
    assert len(with_class(root, "slate-half-cross")) == MOST_HALF_CROSSES
    assert with_class(root, "slate-more") == []


def test_a_line_beyond_its_bound_writes_the_rest_at_its_end():
    root = parse(slate_svg(Marks(MOST_STROKES + 37, MOST_HALF_CROSSES + 3, 9, 19), label="x"))

    assert len(with_class(root, "slate-hundred")) == MOST_STROKES
    assert len(with_class(root, "slate-half-cross")) == MOST_HALF_CROSSES
    assert [el.text for el in with_class(root, "slate-more")] == ["+37", "+3"]
    assert root.get("data-hundreds") == str(MOST_STROKES + 37)  # the whole count, still said


def test_the_slate_of_a_match_bonus_of_10_to_the_12_is_small_and_inside():
    marks = Marks(10**10, 10**9, 10**8, 10**7)
    svg = slate_svg(marks, label="x", total_label="Total 1000000000000")
    root = parse(svg)

    assert len(svg) < 80_000
    assert len(with_class(root, "slate-hundred")) == MOST_STROKES
    assert len(with_class(root, "slate-twenty")) == MOST_STROKES
    [hundreds, half_crosses, twenties] = with_class(root, "slate-more")
    assert hundreds.text == f"+{10**10 - MOST_STROKES}"
    assert half_crosses.text == f"+{10**9 - MOST_HALF_CROSSES}"
    assert twenties.text == f"+{10**8 - MOST_STROKES}"
    assert hundreds.get("textLength")  # squeezed into the end of its line
    assert_inside_view_box(root)
    assert_self_contained(svg)


@given(
    st.builds(
        Marks,
        st.integers(0, 10**15),
        st.integers(0, 10**6),
        st.integers(0, 10**4),
        st.integers(0, 10**6),
    )
)
def test_any_slate_shows_at_most_the_bound_and_stays_inside(marks):
    root = parse(slate_svg(marks, label="x", total_label="Total"))

    assert len(with_class(root, "slate-hundred")) == min(marks.hundreds, MOST_STROKES)
    assert len(with_class(root, "slate-half-cross")) == min(marks.half_crosses, MOST_HALF_CROSSES)
    assert len(with_class(root, "slate-twenty")) == min(marks.twenties, MOST_STROKES)
    assert_inside_view_box(root)


@pytest.mark.parametrize(("hands", "dots"), [(MOST_DOTS, MOST_DOTS), (MOST_DOTS + 1, 0)])
def test_the_chart_drops_its_dots_past_the_bound(hands, dots):
    totals = [(157 * n, 0) for n in range(1, hands + 1)]
    root = parse(
        totals_chart_svg(
            totals,
            target=None,
            team_names=("A", "B"),
            label="x",
            target_label="target",
            half_label="half",
        )
    )

    assert len(with_class(root, "chart-dot-0")) == dots
    assert len(with_class(root, "chart-line-0")) == 1
