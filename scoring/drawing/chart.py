"""The chart of a game's points: both teams' running totals hand by hand as inline
SVG, with lines at the target and at half of it and a legend with the team names.

Plain Python, imports no Django: ``totals_chart_svg`` returns SVG markup which a
template puts into the page with ``mark_safe``; every text from outside is escaped
here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from scoring.drawing.svg import Attr, document, element, num, text_width

CHART_W = 400.0
CHART_H = 260.0
PLOT_X0 = 44.0
PLOT_X1 = CHART_W - 12.0
PLOT_Y0 = 40.0  # top of the plot; the legend is above it
PLOT_Y1 = CHART_H - 26.0  # the x axis; its hand numbers are below it
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
NAME_CHARS = 16  # longer team names are shortened in the legend
MOST_DOTS = 100  # a dot per hand up to this many hands; beyond, the lines alone

# Each at least 3:1 against the page in both themes (WCAG 1.4.11): white and #212529.
# The fourth is Bootstrap's orange-600 (3.9:1 and 3.95:1); its orange-500 was 2.57:1
# on white.
TEAM_COLOURS = ("#0d6efd", "#d63384", "#198754", "#ca6510")
# team 0 a solid line, team 1 a dashed one; a Différenzler's players 3 and 4 a dotted and
# a dash-dotted one, so that the lines differ without colour too
TEAM_DASHES = (None, "7 4", "2 3", "8 3 2 3")


def _nice_step(top: float, ticks: int) -> int:
    """A round step (1, 2, 5, 10, 20, 25, 50, …) giving about ``ticks`` steps to ``top``."""
    rough = max(top / ticks, 1.0)
    magnitude = 10 ** math.floor(math.log10(rough))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * magnitude
        if step >= rough and step == int(step):
            return int(step)
    return int(10 * magnitude)


def _shorten(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1].rstrip() + "…"


def totals_chart_svg(
    totals: Sequence[Sequence[int]],
    *,
    target: int | None,
    team_names: Sequence[str],
    label: str,
    target_label: str,
    half_label: str,
    floor: int = 100,
) -> str:
    """Both teams' running totals hand by hand, from (0, 0): team 0 a solid line,
    team 1 a dashed one, with a dot at each hand; lines at the target and at half
    of it (when there is a target); a legend with the team names.

    ``totals[i]`` is the two teams' totals after hand i + 1. Texts come in already
    translated and are escaped here. The y axis reaches at least ``floor``. With four
    names (a Différenzler's players) there are four lines and the legend has two rows.
    """
    lines = len(team_names)
    hands = len(totals)
    highest = max([target or 0, *(max(pair) for pair in totals), floor])
    y_step = _nice_step(highest, 5)
    y_top = math.ceil(highest / y_step) * y_step
    x_last = max(hands, 1)

    def px(hand: float) -> float:
        return PLOT_X0 + (PLOT_X1 - PLOT_X0) * hand / x_last

    def py(points: float) -> float:
        return PLOT_Y1 - (PLOT_Y1 - PLOT_Y0) * points / y_top

    body: list[str] = []
    text_common: tuple[Attr, ...] = (
        ("font-family", FONT),
        ("fill", "currentColor"),
    )

    # gridlines and their labels
    for value in range(0, y_top + 1, y_step):
        y = py(value)
        body.append(
            element(
                "line",
                ("class", "chart-grid"),
                ("x1", PLOT_X0),
                ("y1", y),
                ("x2", PLOT_X1),
                ("y2", y),
                ("stroke", "currentColor"),
                ("stroke-opacity", 0.5 if value == 0 else 0.15),
                ("stroke-width", 1),
            )
        )
        body.append(
            element(
                "text",
                ("class", "chart-y-label"),
                ("x", PLOT_X0 - 5),
                ("y", y + 4),
                ("text-anchor", "end"),
                ("font-size", 12),
                *text_common,
                text=str(value),
            )
        )
    body.append(
        element(
            "line",
            ("class", "chart-axis"),
            ("x1", PLOT_X0),
            ("y1", PLOT_Y0),
            ("x2", PLOT_X0),
            ("y2", PLOT_Y1),
            ("stroke", "currentColor"),
            ("stroke-opacity", 0.5),
            ("stroke-width", 1),
        )
    )

    # hand numbers
    x_step = 1
    for step in (1, 2, 5, 10, 20, 50, 100):
        x_step = step
        if x_last / step <= 12:
            break
    for hand in range(0, x_last + 1, x_step):
        x = px(hand)
        body.append(
            element(
                "line",
                ("class", "chart-x-tick"),
                ("x1", x),
                ("y1", PLOT_Y1),
                ("x2", x),
                ("y2", PLOT_Y1 + 4),
                ("stroke", "currentColor"),
                ("stroke-opacity", 0.5),
                ("stroke-width", 1),
            )
        )
        body.append(
            element(
                "text",
                ("class", "chart-x-label"),
                ("x", x),
                ("y", PLOT_Y1 + 16),
                ("text-anchor", "middle"),
                ("font-size", 12),
                *text_common,
                text=str(hand),
            )
        )

    # the target, and half of it
    if target is not None:
        for css_class, level, text, dash in (
            ("chart-target", float(target), target_label, "6 3"),
            ("chart-half", target / 2, half_label, "2 3"),
        ):
            y = py(level)
            body.append(
                element(
                    "line",
                    ("class", css_class),
                    ("x1", PLOT_X0),
                    ("y1", y),
                    ("x2", PLOT_X1),
                    ("y2", y),
                    ("stroke", "currentColor"),
                    ("stroke-opacity", 0.7),
                    ("stroke-width", 1.2),
                    ("stroke-dasharray", dash),
                )
            )
            amount = num(level)
            body.append(
                element(
                    "text",
                    ("class", f"{css_class}-label"),
                    # at the left, where both lines are still low
                    ("x", PLOT_X0 + 4),
                    ("y", y - 4),
                    ("font-size", 11),
                    ("font-style", "italic"),
                    *text_common,
                    text=f"{text} {amount}",
                )
            )

    # the two teams' lines, dots (up to MOST_DOTS hands: then they would touch) and
    # legend entries
    radius = 3.0 if hands <= 20 else 2.0 if hands <= 40 else 1.5
    legend_x = (PLOT_X0, PLOT_X0 + (PLOT_X1 - PLOT_X0) / 2 + 4)
    for team in range(lines):
        colour, team_dash = TEAM_COLOURS[team], TEAM_DASHES[team]
        points = [(px(0), py(0))] + [
            (px(hand), py(pair[team])) for hand, pair in enumerate(totals, start=1)
        ]
        body.append(
            element(
                "polyline",
                ("class", f"chart-line-{team}"),
                ("points", " ".join(f"{num(x)},{num(y)}" for x, y in points)),
                ("fill", "none"),
                ("stroke", colour),
                ("stroke-width", 2.4),
                ("stroke-linejoin", "round"),
                ("stroke-linecap", "round"),
                ("stroke-dasharray", team_dash),
            )
        )
        for x, y in points[1:] if hands <= MOST_DOTS else []:
            body.append(
                element(
                    "circle",
                    ("class", f"chart-dot-{team}"),
                    ("cx", x),
                    ("cy", y),
                    ("r", radius),
                    ("fill", colour if team % 2 == 0 else "none"),
                    ("stroke", colour),
                    ("stroke-width", 1.4),
                )
            )
        lx, ly = legend_x[team % 2], 16.0 if lines <= 2 else 10.0 + 15.0 * (team // 2)
        name = _shorten(team_names[team])
        room = (PLOT_X1 - PLOT_X0) / 2 - 40
        squeeze = text_width(name, 13) > room
        body.append(
            element(
                "line",
                ("class", f"chart-legend-{team}"),
                ("x1", lx),
                ("y1", ly),
                ("x2", lx + 26),
                ("y2", ly),
                ("stroke", colour),
                ("stroke-width", 2.4),
                ("stroke-linecap", "round"),
                ("stroke-dasharray", team_dash),
            )
        )
        body.append(
            element(
                "circle",
                ("class", f"chart-legend-dot-{team}"),
                ("cx", lx + 13),
                ("cy", ly),
                ("r", 3),
                ("fill", colour if team % 2 == 0 else "none"),
                ("stroke", colour),
                ("stroke-width", 1.4),
            )
        )
        body.append(
            element(
                "text",
                ("class", f"chart-legend-name-{team}"),
                ("x", lx + 32),
                ("y", ly + 4),
                ("font-size", 13),
                *text_common,
                # squeeze a name of wide letters rather than let it run off the chart
                ("textLength", room if squeeze else None),
                ("lengthAdjust", "spacingAndGlyphs" if squeeze else None),
                text=name,
            )
        )
    return document(CHART_W, CHART_H, label, (("data-hands", hands),), body)
