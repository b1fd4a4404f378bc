"""A kind's own figures (``scoring.rules.figures``): declared with a name, a label and how
they add up; a row holds exactly the declared ones; two kinds sum a name one way."""

from __future__ import annotations

import pytest

from scoring.rules.figures import Figure, Shown, declared_once, row_figures, shown

STRUCK = Figure("struck", "Cells struck")
COUNTERED = Figure("countered", "Sheets with a counter-match suffered", summed="count")


@pytest.mark.parametrize("name", ["points", "games", "figures", "two words", ""])
def test_a_figure_cannot_take_a_name_the_core_sums_or_no_python_name(name):
    with pytest.raises(ValueError, match="cannot name"):
        Figure(name, "label")


def test_a_row_holds_each_declared_figure_as_a_whole_number():
    assert row_figures((STRUCK, COUNTERED), struck=2, countered=True) == {
        "struck": 2,
        "countered": 1,
    }
    assert row_figures((STRUCK, COUNTERED), struck=0, countered=False) == {
        "struck": 0,
        "countered": 0,
    }


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({"struck": 1}, "declared"),
        ({"struck": 1, "countered": True, "other": 3}, "declared"),
        ({"struck": 1, "countered": 2}, "yes or no"),
        ({"struck": -1, "countered": False}, "0 or more"),
    ],
)
def test_a_row_with_another_figure_or_value_is_refused(values, said):
    with pytest.raises(ValueError, match=said):
        row_figures((STRUCK, COUNTERED), **values)


def test_two_kinds_may_share_a_name_summed_the_same_way_only():
    again = Figure("struck", "Rows struck")

    assert declared_once([(STRUCK, COUNTERED), (again,)]) == {
        "struck": STRUCK,
        "countered": COUNTERED,
    }
    with pytest.raises(ValueError, match="two ways"):
        declared_once([(STRUCK,), (Figure("struck", "Struck", summed="count"),)])


def test_a_line_shows_the_declared_figures_in_order_with_0_for_none_summed():
    assert shown((COUNTERED, STRUCK), {"struck": 4, "countered": None}) == (
        Shown("Sheets with a counter-match suffered", 0),
        Shown("Cells struck", 4),
    )
