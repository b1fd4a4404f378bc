"""The way to the target under a team's slate, with the Berg as a peak halfway.

Plain Python, no database: the SVG is parsed as XML."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.kinds.team.drawing.berg import X0, X1, berg_track_svg
from tests.test_drawing import (
    NASTY,
    assert_inside_view_box,
    assert_self_contained,
    parse,
    with_class,
)


def track(total: int, target: int = 1000) -> str:
    return berg_track_svg(total, target, label="Way to 1000", berg_label="Berg")


def progress_end(svg: str) -> float:
    (line,) = with_class(parse(svg), "berg-progress")
    return float(line.get("d", "").split("L")[1].split()[0])


def test_the_peak_is_filled_only_once_half_the_target_is_made():
    below, half, above = parse(track(499)), parse(track(500)), parse(track(1028))

    assert with_class(below, "berg-reached") == []
    assert below.get("data-berg") == "0"
    for reached in (half, above):
        assert len(with_class(reached, "berg-reached")) == 1
        assert reached.get("data-berg") == "1"


def test_the_way_is_drawn_as_far_as_the_total_and_no_further_than_the_target():
    assert progress_end(track(250)) == pytest.approx(X0 + (X1 - X0) / 4, abs=0.01)
    assert progress_end(track(1028)) == pytest.approx(X1, abs=0.01)
    assert with_class(parse(track(0)), "berg-progress") == []


def test_it_writes_the_berg_and_the_target_and_escapes_what_it_is_given():
    svg = berg_track_svg(300, 1500, label=NASTY, berg_label=NASTY)

    root = parse(svg)
    texts = [el.text for el in with_class(root, "berg-label")]
    assert texts == [NASTY, "1500"]
    assert root.get("aria-label") == NASTY
    assert_self_contained(svg)


@given(st.integers(0, 20_000), st.integers(1, 10_000))
def test_it_stays_inside_its_view_box(total, target):
    assert_inside_view_box(parse(berg_track_svg(total, target, label="x", berg_label="Berg")))


def test_a_target_is_positive():
    with pytest.raises(ValueError, match="a target is positive"):
        track(10, target=0)
