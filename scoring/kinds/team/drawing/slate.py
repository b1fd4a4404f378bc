"""A team's slate, drawn in chalk as inline SVG: the "Jasstafel" with strokes of 100
and 20 and half-crosses of 50 along its three lines, and the number at the right
(RULES.md §8).

Plain Python, imports no Django: ``slate_svg`` returns SVG markup which a template
puts into the page with ``mark_safe``; every text from outside is escaped here.
"""

from __future__ import annotations

import math
from html import escape

from scoring.drawing.svg import document, element, num, text_width
from scoring.kinds.team.rules.slate import Marks

SLATE = "#1f2a24"  # the board
FRAME = "#6b4a2b"  # its wooden frame
CHALK = "#f4f1e8"
CHALK_FONTS = "'Comic Neue', Chalkboard, 'Chalkboard SE', 'Segoe Print', cursive"

# A small fixed "random" sequence in [-1, 1]: the chalk's wobble, the same every time.
_WOBBLE = (
    0.31,
    -0.52,
    0.17,
    0.68,
    -0.23,
    -0.71,
    0.44,
    -0.09,
    0.59,
    -0.38,
    0.12,
    -0.63,
    0.27,
    0.83,
    -0.45,
    0.05,
    -0.88,
    0.36,
    -0.17,
    0.74,
)

GROUP = 5  # a small gap after every fifth stroke, like counting on a real slate


def _wobble(index: int, salt: int) -> float:
    return _WOBBLE[(index * 7 + salt * 3) % len(_WOBBLE)]


SLATE_W = 400.0
SLATE_H = 240.0
INSET = 9.0  # width of the wooden frame
MARKS_X0 = 26.0  # strokes start here ...
MARKS_X1 = 296.0  # ... and end here; the number is written to the right
NUMBER_X = SLATE_W - INSET - 14.0
LINES_Y = (58.0, 118.0, 178.0)  # top (100), middle (50), bottom (20)
BAND = 25.0  # strokes reach this far above and below their line

STROKE_SLOT = 11.0  # room for one stroke of 100 or 20
STROKE_GAP = 8.0  # extra room after every fifth
STROKE_MIN = 5.0  # closer than this, strokes wrap onto a second row
CROSS_SLOT = 28.0  # room for one X
CROSS_GAP = 8.0
CROSS_MIN = 14.0

# A line shows at most this many strokes (100 strokes of 100 are the highest target,
# 10,000) or half-crosses (fifty X); the rest is written at its end, "+37", so that
# a slate is drawn in the same time and bytes whatever the score.
MOST_STROKES = 100
MOST_HALF_CROSSES = 100
MORE_ROOM = 56.0  # the end of a line, kept for that number
MORE_SIZE = 20.0


def _row_layout(
    count: int, slot: float, gap: float, minimum: float, x1: float = MARKS_X1
) -> tuple[list[tuple[float, int]], int, float]:
    """Centres (x, row) for ``count`` items in groups of five between MARKS_X0 and
    ``x1``, the number of rows, and the slot width used. Items move closer
    together first and only wrap onto more rows when they would come too close."""
    available = x1 - MARKS_X0
    if count == 0:
        return [], 1, slot

    def natural(per_row: int) -> float:
        return per_row * slot + (math.ceil(per_row / GROUP) - 1) * gap

    rows = 1
    while True:
        per_row = math.ceil(count / rows)
        if rows > 1:
            per_row = math.ceil(per_row / GROUP) * GROUP
        scale = min(1.0, available / natural(per_row))
        if slot * scale >= minimum or per_row <= GROUP:
            break
        rows += 1
    used, used_gap = slot * scale, gap * scale
    centres = []
    for index in range(count):
        row, column = divmod(index, per_row)
        x = MARKS_X0 + column * used + (column // GROUP) * used_gap + used / 2
        centres.append((x, row))
    return centres, math.ceil(count / per_row), used


def _row_centre(line_y: float, row: int, rows: int) -> tuple[float, float]:
    """Where the row's strokes are centred, and half the height they may take."""
    row_height = 2 * BAND / rows
    return line_y - BAND + (row + 0.5) * row_height, row_height / 2


def _chalk_path(
    x1: float, y1: float, x2: float, y2: float, index: int, salt: int, wobble: float = 1.4
) -> str:
    """A slightly wavering chalk line from (x1, y1) to (x2, y2), as path data."""
    x1 += _wobble(index, salt) * wobble
    y1 += _wobble(index, salt + 1) * wobble
    x2 += _wobble(index, salt + 2) * wobble
    y2 += _wobble(index, salt + 3) * wobble
    # bow the line a little to one side, in its middle
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    bow = _wobble(index, salt + 4) * min(2.2, length * 0.06)
    cx = (x1 + x2) / 2 - (y2 - y1) / length * bow
    cy = (y1 + y2) / 2 + (x2 - x1) / length * bow
    return f"M{num(x1)} {num(y1)}Q{num(cx)} {num(cy)} {num(x2)} {num(y2)}"


def _chalk(css_class: str, d: str, width: float = 3.0, opacity: float = 0.93) -> str:
    """One chalk stroke: ``element("path", ...)`` written out, as a slate has dozens."""
    return (
        f'<path class="{escape(css_class, quote=True)}" d="{escape(d, quote=True)}" '
        f'fill="none" stroke="{CHALK}" stroke-width="{num(width)}" stroke-linecap="round" '
        f'stroke-linejoin="round" stroke-opacity="{num(opacity)}"/>'
    )


def _pressure(index: int, salt: int) -> tuple[float, float]:
    """How hard the chalk was pressed: stroke width and opacity vary a little."""
    return 3.0 + 0.35 * _wobble(index, salt + 11), 0.88 + 0.07 * _wobble(index, salt + 6)


def _more(rest: int, line_y: float) -> list[str]:
    """What a line holds beyond what it shows, written at its end: "+37"."""
    if rest <= 0:
        return []
    text = f"+{rest}"
    squeeze = text_width(text, MORE_SIZE) > MORE_ROOM - 6
    return [
        element(
            "text",
            ("class", "slate-more"),
            ("x", MARKS_X1),
            ("y", line_y + MORE_SIZE * 0.35),
            ("text-anchor", "end"),
            ("font-family", CHALK_FONTS),
            ("font-size", MORE_SIZE),
            ("fill", CHALK),
            ("fill-opacity", 0.93),
            ("textLength", MORE_ROOM - 6 if squeeze else None),
            ("lengthAdjust", "spacingAndGlyphs" if squeeze else None),
            text=text,
        )
    ]


def _strokes(count: int, line_y: float, css_class: str, salt: int) -> list[str]:
    shown = min(count, MOST_STROKES)
    x1 = MARKS_X1 if shown == count else MARKS_X1 - MORE_ROOM
    centres, rows, _ = _row_layout(shown, STROKE_SLOT, STROKE_GAP, STROKE_MIN, x1)
    body = []
    for index, (x, row) in enumerate(centres):
        y, half = _row_centre(line_y, row, rows)
        half *= 0.82
        slant = 1.6 + _wobble(index, salt + 9) * 0.8  # leaning right like a hand
        d = _chalk_path(x - slant, y + half, x + slant, y - half, index, salt)
        body.append(_chalk(css_class, d, *_pressure(index, salt)))
    return body + _more(count - shown, line_y)


def _half_crosses(count: int, line_y: float) -> list[str]:
    shown = min(count, MOST_HALF_CROSSES)
    x1 = MARKS_X1 if shown == count else MARKS_X1 - MORE_ROOM
    items = math.ceil(shown / 2)  # an X for each pair, and a "/" for one left over
    centres, rows, slot = _row_layout(items, CROSS_SLOT, CROSS_GAP, CROSS_MIN, x1)
    body = []
    drawn = 0
    for index, (x, row) in enumerate(centres):
        y, half = _row_centre(line_y, row, rows)
        half_h = half * 0.8
        half_w = min(slot * 0.36, half_h * 0.8)
        # "/" first, then "\" across it
        d = _chalk_path(x - half_w, y + half_h, x + half_w, y - half_h, index, 7)
        body.append(_chalk("slate-half-cross", d, *_pressure(index, 7)))
        drawn += 1
        if drawn < shown:
            d = _chalk_path(x - half_w, y - half_h, x + half_w, y + half_h, index, 13)
            body.append(_chalk("slate-half-cross", d, *_pressure(index, 13)))
            drawn += 1
    return body + _more(count - shown, line_y)


def _smudges() -> list[str]:
    """Faint traces of earlier games wiped off the slate."""
    body = []
    for index, (x, y, rx, ry) in enumerate(
        ((92.0, 86.0, 70.0, 16.0), (250.0, 150.0, 90.0, 14.0), (330.0, 70.0, 40.0, 22.0))
    ):
        body.append(
            element(
                "ellipse",
                ("class", "slate-smudge"),
                ("cx", x),
                ("cy", y),
                ("rx", rx),
                ("ry", ry),
                ("fill", CHALK),
                ("fill-opacity", 0.022),
                ("transform", f"rotate({num(-4 + 3 * index)} {num(x)} {num(y)})"),
            )
        )
    return body


def board(width: float, height: float) -> list[str]:
    """The slate itself, ``width`` × ``height``: its wooden frame and the board."""
    return [
        element(
            "rect",
            ("class", "slate-frame"),
            ("x", 0),
            ("y", 0),
            ("width", width),
            ("height", height),
            ("rx", 12),
            ("fill", FRAME),
        ),
        element(
            "rect",
            ("class", "slate-board"),
            ("x", INSET),
            ("y", INSET),
            ("width", width - 2 * INSET),
            ("height", height - 2 * INSET),
            ("rx", 5),
            ("fill", SLATE),
        ),
    ]


def slate_svg(marks: Marks, *, label: str, total_label: str | None = None) -> str:
    """One team's slate, drawn in chalk: strokes of 100 on the top line, half-crosses
    of 50 on the middle line (pairs drawn as X), strokes of 20 on the bottom line and
    the number at the right (RULES.md §8). A line holding more than ``MOST_STROKES``
    (``MOST_HALF_CROSSES``) shows that many and writes the rest at its end, "+37".

    ``label`` names the picture for screen readers (already translated);
    ``total_label``, if given, is written small under the bottom line and added to
    the picture's name, e.g. "Total 345".
    """
    name = label if total_label is None else f"{label} — {total_label}"
    body = [
        *board(SLATE_W, SLATE_H),
        *_smudges(),
    ]
    for index, y in enumerate(LINES_Y):
        d = _chalk_path(MARKS_X0 - 10, y, MARKS_X1 + 6, y + 0.8, index, 3, wobble=1.0)
        body.append(_chalk("slate-line", d, width=2.2, opacity=0.8))
    body += _strokes(marks.hundreds, LINES_Y[0], "slate-hundred", 1)
    body += _half_crosses(marks.half_crosses, LINES_Y[1])
    body += _strokes(marks.twenties, LINES_Y[2], "slate-twenty", 5)

    number = str(marks.number)
    size = min(46.0, (SLATE_W - INSET - MARKS_X1 - 22) / (0.62 * len(number)))
    body.append(
        element(
            "text",
            ("class", "slate-number"),
            ("x", NUMBER_X),
            ("y", LINES_Y[1] + size * 0.35),
            ("text-anchor", "end"),
            ("font-family", CHALK_FONTS),
            ("font-size", size),
            ("font-weight", "bold"),
            ("fill", CHALK),
            ("fill-opacity", 0.93),
            ("transform", f"rotate(-4 {num(NUMBER_X)} {num(LINES_Y[1])})"),
            text=number,
        )
    )
    if total_label:
        x, y = MARKS_X0 - 8, SLATE_H - INSET - 11
        room = SLATE_W - 2 * INSET - 30
        squeeze = text_width(total_label, 14) > room
        body.append(
            element(
                "text",
                ("class", "slate-total"),
                ("x", x),
                ("y", y),
                ("font-family", CHALK_FONTS),
                ("font-size", 14),
                ("fill", CHALK),
                ("fill-opacity", 0.75),
                # squeeze a long label rather than let it run off the slate
                ("textLength", room if squeeze else None),
                ("lengthAdjust", "spacingAndGlyphs" if squeeze else None),
                text=total_label,
            )
        )
    data = (
        ("data-hundreds", marks.hundreds),
        ("data-half-crosses", marks.half_crosses),
        ("data-twenties", marks.twenties),
        ("data-number", marks.number),
    )
    return document(SLATE_W, SLATE_H, name, data, body)
