"""The pictures of the score: a team's slate in chalk and the chart of running totals.

Plain Python, no database: the SVG is parsed as XML and its elements counted.
"""

from __future__ import annotations

import ast
import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.drawing.chart import totals_chart_svg
from scoring.drawing.svg import SVG_NS
from scoring.kinds.team.drawing.slate import slate_svg
from scoring.kinds.team.rules import Marks, marks_for, slate

NS = f"{{{SVG_NS}}}"
NASTY = 'Huber <b>&</b> "Meier" \'s'


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [el for el in root.iter() if css_class in el.get("class", "").split()]


def view_box(root: ET.Element) -> tuple[float, float, float, float]:
    x, y, w, h = (float(n) for n in root.get("viewBox", "").split())
    return x, y, w, h


NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def points_of(el: ET.Element) -> list[tuple[float, float]]:
    """Every coordinate an element puts on the picture (paths here use absolute
    coordinates only, so their numbers come in x, y pairs)."""
    points: list[tuple[float, float]] = []
    for x_name, y_name in (("x", "y"), ("x1", "y1"), ("x2", "y2")):
        if el.get(x_name) is not None and el.get(y_name) is not None:
            points.append((float(el.get(x_name, "")), float(el.get(y_name, ""))))
    if el.get("cx") is not None:  # a circle or an ellipse: its four extreme points
        x, y = float(el.get("cx", "")), float(el.get("cy", ""))
        rx, ry = float(el.get("rx", el.get("r", "0"))), float(el.get("ry", el.get("r", "0")))
        points += [(x - rx, y), (x + rx, y), (x, y - ry), (x, y + ry)]
    for name in ("d", "points"):
        numbers = [float(n) for n in NUMBER.findall(el.get(name, ""))]
        assert len(numbers) % 2 == 0
        points += list(zip(numbers[::2], numbers[1::2], strict=True))
    if el.get("width") is not None and el.tag != f"{NS}svg":
        points.append((float(el.get("x", "0")) + float(el.get("width", "0")), 0.0))
        points.append((0.0, float(el.get("y", "0")) + float(el.get("height", "0"))))
    return points


def assert_inside_view_box(root: ET.Element) -> None:
    x0, y0, w, h = view_box(root)
    for el in root.iter():
        for x, y in points_of(el):
            assert x0 <= x <= x0 + w, (el.tag, el.attrib)
            assert y0 <= y <= y0 + h, (el.tag, el.attrib)


def assert_self_contained(svg: str) -> None:
    """No inline styles, no ids (several pictures share a page), nothing fetched."""
    root = parse(svg)
    for el in root.iter():
        assert "style" not in el.attrib
        assert "id" not in el.attrib
        assert not any("href" in name for name in el.attrib)
    without_namespace = svg.replace(f'xmlns="{SVG_NS}"', "", 1)
    assert "http" not in without_namespace
    assert "url(" not in without_namespace
    assert "<script" not in without_namespace
    assert "<image" not in without_namespace
    assert "@import" not in without_namespace


def assert_scales_and_is_named(root: ET.Element, label: str) -> None:
    assert root.get("viewBox")
    assert root.get("width") is None
    assert root.get("height") is None
    assert root.get("role") == "img"
    assert root.get("aria-label") == label
    title = root.find(f"{NS}title")
    assert title is not None
    assert title.text == label


# ---------------------------------------------------------------------------
# The slate

SLATES = [
    Marks(),
    marks_for(95),  # one half-cross, two 20s and 5 (RULES.md §8)
    marks_for(98),  # one half-cross, two 20s and 8
    Marks(hundreds=1, number=-2),  # 98 written the other allowed way
    Marks(twenties=4, number=18),  # and the third
    Marks(0, 2, 0, 0),  # one full X
    Marks(0, 3, 0, 0),  # an X and a "/"
    slate([95, 98, 157, 62, 185, 40, 257])[-1],
    Marks(hundreds=30, half_crosses=20, twenties=9, number=287),  # a long game
    Marks(hundreds=31, half_crosses=21, twenties=9, number=1234),
    Marks(hundreds=60, half_crosses=25, twenties=23, number=12345),  # more than ever
]


@pytest.mark.parametrize("marks", SLATES, ids=str)
def test_the_slate_draws_one_element_per_stroke(marks):
    root = parse(slate_svg(marks, label="Slate of team 1"))

    assert len(with_class(root, "slate-hundred")) == marks.hundreds
    assert len(with_class(root, "slate-half-cross")) == marks.half_crosses
    assert len(with_class(root, "slate-twenty")) == marks.twenties
    [number] = with_class(root, "slate-number")
    assert number.text == str(marks.number)


@pytest.mark.parametrize("marks", SLATES, ids=str)
def test_the_slate_says_what_it_draws(marks):
    root = parse(slate_svg(marks, label="Slate of team 1"))

    assert root.get("data-hundreds") == str(marks.hundreds)
    assert root.get("data-half-crosses") == str(marks.half_crosses)
    assert root.get("data-twenties") == str(marks.twenties)
    assert root.get("data-number") == str(marks.number)


@pytest.mark.parametrize("marks", SLATES, ids=str)
def test_the_slate_stays_inside_its_view_box(marks):
    assert_inside_view_box(parse(slate_svg(marks, label="x", total_label="Total 1234")))


def test_95_is_a_single_diagonal_and_two_strokes_of_20():
    root = parse(slate_svg(marks_for(95), label="x"))

    assert [len(with_class(root, c)) for c in ("slate-hundred", "slate-half-cross")] == [0, 1]
    assert len(with_class(root, "slate-twenty")) == 2
    assert with_class(root, "slate-number")[0].text == "5"


def test_two_half_crosses_are_drawn_as_an_x():
    """The two diagonals of an X cross each other: one rises, the other falls."""
    root = parse(slate_svg(Marks(half_crosses=2), label="x"))
    rising, falling = (
        [float(n) for n in NUMBER.findall(el.get("d", ""))]
        for el in with_class(root, "slate-half-cross")
    )

    def slope(numbers: list[float]) -> float:
        return (numbers[-1] - numbers[1]) / (numbers[-2] - numbers[0])

    assert slope(rising) < 0 < slope(falling)  # SVG's y grows downwards
    assert abs(rising[0] - falling[0]) < 4  # drawn at the same place


def test_strokes_are_in_groups_of_five():
    """After every fifth stroke there is a wider gap than between the others."""
    root = parse(slate_svg(Marks(hundreds=12), label="x"))
    xs = [float(NUMBER.findall(el.get("d", ""))[0]) for el in with_class(root, "slate-hundred")]
    gaps = [b - a for a, b in itertools.pairwise(xs)]

    assert xs == sorted(xs)
    assert min(gaps[4], gaps[9]) > max(g for i, g in enumerate(gaps) if i not in (4, 9))


def test_the_slate_is_chalk_on_a_dark_board():
    root = parse(slate_svg(Marks(3, 3, 3, 3), label="x"))
    [board] = with_class(root, "slate-board")

    assert board.get("fill") == "#1f2a24"
    for el in with_class(root, "slate-hundred") + with_class(root, "slate-half-cross"):
        assert el.get("stroke") == "#f4f1e8"
        assert el.get("stroke-linecap") == "round"
    [number] = with_class(root, "slate-number")
    assert "cursive" in number.get("font-family", "")


def test_the_hand_is_unsteady_but_the_same_every_time():
    marks = Marks(hundreds=10)
    root = parse(slate_svg(marks, label="x"))
    lengths = set()
    for el in with_class(root, "slate-hundred"):
        _, y1, _, _, _, y2 = (float(n) for n in NUMBER.findall(el.get("d", "")))
        lengths.add(round(abs(y2 - y1), 2))

    assert len(lengths) > 3  # not ten identical strokes
    assert slate_svg(marks, label="x") == slate_svg(marks, label="x")


def test_the_slate_is_named_and_scales():
    root = parse(slate_svg(marks_for(95), label="Slate of team 1"))

    assert_scales_and_is_named(root, "Slate of team 1")
    assert with_class(root, "slate-total") == []


def test_the_total_is_written_and_named():
    root = parse(slate_svg(marks_for(95), label="Slate", total_label="Total 95"))

    assert_scales_and_is_named(root, "Slate — Total 95")
    [total] = with_class(root, "slate-total")
    assert total.text == "Total 95"


def test_the_slate_escapes_its_labels():
    svg = slate_svg(Marks(1, 1, 1, 1), label=NASTY, total_label=NASTY)
    root = parse(svg)

    assert "<b>" not in svg
    assert root.get("aria-label") == f"{NASTY} — {NASTY}"
    assert with_class(root, "slate-total")[0].text == NASTY
    assert_self_contained(svg)


@pytest.mark.parametrize("marks", SLATES, ids=str)
def test_the_slate_is_self_contained(marks):
    assert_self_contained(slate_svg(marks, label="x", total_label="y"))


@given(
    st.builds(
        Marks,
        st.integers(0, 80),
        st.integers(0, 40),
        st.integers(0, 40),
        st.integers(-20, 10**6),
    )
)
def test_any_slate_is_drawn_whole_and_inside(marks):
    root = parse(slate_svg(marks, label="x", total_label="Total"))

    assert len(with_class(root, "slate-hundred")) == marks.hundreds
    assert len(with_class(root, "slate-half-cross")) == marks.half_crosses
    assert len(with_class(root, "slate-twenty")) == marks.twenties
    assert_inside_view_box(root)


# ---------------------------------------------------------------------------
# The chart of running totals


def running(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    totals, a, b = [], 0, 0
    for p, q in points:
        a, b = a + p, b + q
        totals.append((a, b))
    return totals


GAME = running([(95, 62), (157, 0), (40, 117), (98, 59), (185, 72), (62, 95)])
LONG_GAME = running([((i * 37) % 157, (i * 53) % 257) for i in range(60)])


def chart(totals, target=1000, names=("Anna & Beat", "Chris & Dora"), **texts):
    texts = {"label": "Totals", "target_label": "Target", "half_label": "Half", **texts}
    return totals_chart_svg(totals, target=target, team_names=names, **texts)


def line_points(root: ET.Element, team: int) -> list[tuple[float, float]]:
    [line] = with_class(root, f"chart-line-{team}")
    return points_of(line)


@pytest.mark.parametrize("totals", [[], GAME[:1], GAME, LONG_GAME], ids=len)
@pytest.mark.parametrize("target", [None, 1000, 2500])
def test_each_team_has_one_line_through_every_hand(totals, target):
    root = parse(chart(totals, target))

    for team in (0, 1):
        points = line_points(root, team)
        assert len(points) == len(totals) + 1
        assert len(with_class(root, f"chart-dot-{team}")) == len(totals)
    assert line_points(root, 0)[0] == line_points(root, 1)[0]  # both start at (0, 0)
    assert root.get("data-hands") == str(len(totals))


def test_the_lines_follow_the_totals():
    root = parse(chart(GAME))

    for team in (0, 1):
        points = line_points(root, team)
        xs = [x for x, _ in points]
        assert xs == sorted(set(xs))  # one hand after the other
        ys = [y for _, y in points]
        totals = [0] + [pair[team] for pair in GAME]
        # more points is higher up (SVG's y grows downwards)
        for (t1, y1), (t2, y2) in itertools.pairwise(zip(totals, ys, strict=True)):
            assert (t2 > t1) == (y2 < y1)


def test_team_0_is_solid_and_team_1_dashed_in_different_colours():
    root = parse(chart(GAME))
    [line0] = with_class(root, "chart-line-0")
    [line1] = with_class(root, "chart-line-1")

    assert line0.get("stroke-dasharray") is None
    assert line1.get("stroke-dasharray")
    assert line0.get("stroke") != line1.get("stroke")


@pytest.mark.parametrize("totals", [[], GAME], ids=len)
def test_the_target_and_its_half_are_drawn_with_a_target(totals):
    root = parse(chart(totals, 1000))

    [target] = with_class(root, "chart-target")
    [half] = with_class(root, "chart-half")
    assert target.get("stroke-dasharray")
    assert half.get("stroke-dasharray")
    assert float(target.get("y1", "")) < float(half.get("y1", ""))
    assert with_class(root, "chart-target-label")[0].text == "Target 1000"
    assert with_class(root, "chart-half-label")[0].text == "Half 500"


def test_there_are_no_target_lines_without_a_target():
    root = parse(chart(GAME, None))

    assert with_class(root, "chart-target") == []
    assert with_class(root, "chart-half") == []
    assert with_class(root, "chart-target-label") == []


@pytest.mark.parametrize(
    ("totals", "target"), [([], 1000), ([], None), (GAME, 1000), (GAME, None), (LONG_GAME, 1000)]
)
def test_the_y_axis_reaches_the_target_and_the_highest_total(totals, target):
    root = parse(chart(totals, target))
    values = [int(el.text or "") for el in with_class(root, "chart-y-label")]

    assert values[0] == 0
    assert values == sorted(values)
    assert 3 <= len(values) <= 8
    assert values[-1] >= max([target or 0, *(max(pair) for pair in totals)])


@pytest.mark.parametrize("totals", [[], GAME[:1], GAME, LONG_GAME[:25], LONG_GAME], ids=len)
def test_hand_numbers_are_thinned_out(totals):
    root = parse(chart(totals))
    hands = [int(el.text or "") for el in with_class(root, "chart-x-label")]

    assert hands[0] == 0
    assert 2 <= len(hands) <= 13
    assert hands[-1] <= max(len(totals), 1)
    if len(totals) <= 12:
        assert hands == list(range(max(len(totals), 1) + 1))


@pytest.mark.parametrize("totals", [[], GAME[:1], GAME, LONG_GAME], ids=len)
@pytest.mark.parametrize("target", [None, 1000, 5000])
def test_the_chart_stays_inside_its_view_box(totals, target):
    assert_inside_view_box(parse(chart(totals, target)))


def test_a_huge_score_stays_inside():
    totals = running([(257, 0)] * 60)
    assert_inside_view_box(parse(chart(totals, 1000)))


def test_the_legend_names_the_teams():
    root = parse(chart(GAME))

    assert with_class(root, "chart-legend-name-0")[0].text == "Anna & Beat"
    assert with_class(root, "chart-legend-name-1")[0].text == "Chris & Dora"


def test_a_long_team_name_is_shortened_in_the_legend():
    root = parse(chart(GAME, names=("W" * 40, "Two")))
    name = with_class(root, "chart-legend-name-0")[0]

    assert (name.text or "").endswith("…")
    assert len(name.text or "") < 20


def test_the_chart_escapes_names_and_labels():
    svg = chart(GAME, names=(NASTY[:14], "<script>x"), label=NASTY, target_label="<Ziel>")
    root = parse(svg)

    assert "<b>" not in svg
    assert "<script" not in svg
    assert with_class(root, "chart-legend-name-0")[0].text == NASTY[:14]
    assert with_class(root, "chart-legend-name-1")[0].text == "<script>x"
    assert with_class(root, "chart-target-label")[0].text == "<Ziel> 1000"
    assert_scales_and_is_named(root, NASTY)
    assert_self_contained(svg)


@pytest.mark.parametrize("totals", [[], GAME, LONG_GAME], ids=len)
def test_the_chart_is_self_contained(totals):
    assert_self_contained(chart(totals))


# ---------------------------------------------------------------------------


def test_the_drawing_modules_import_no_django():
    root = Path(__file__).resolve().parents[1] / "scoring"
    paths = sorted(root.glob("drawing/*.py")) + sorted(root.glob("kinds/team/drawing/*.py"))
    imported = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0, f"{path.name}: relative import"
                imported.add(node.module or "")

    assert [path.relative_to(root).as_posix() for path in paths] == [
        "drawing/__init__.py",
        "drawing/chart.py",
        "drawing/svg.py",
        "kinds/team/drawing/__init__.py",
        "kinds/team/drawing/berg.py",
        "kinds/team/drawing/slate.py",
    ]
    assert {name.split(".")[0] for name in imported} <= {
        "__future__",
        "collections",
        "html",
        "math",
        "scoring",
    }
    assert {name for name in imported if name.startswith("scoring")} == {
        "scoring.kinds.team.drawing.slate",
        "scoring.drawing.svg",
        "scoring.kinds.team.rules.slate",
        "scoring.kinds.team.rules.berg",
    }


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("background", ["#ffffff", "#212529"])  # light and dark page
def test_chart_lines_stand_out_3_to_1_in_both_themes(background):
    from scoring.drawing.chart import TEAM_COLOURS

    for colour in TEAM_COLOURS:
        light, dark = sorted((_luminance(colour), _luminance(background)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 3, colour  # WCAG 1.4.11, graphics
