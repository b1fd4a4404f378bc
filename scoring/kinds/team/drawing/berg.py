"""The way to the target under a team's slate on the big slate, in the chalk of
``slate.py``: a faint dotted line the whole way, a solid one as far as the team's
total, the Berg (half the target) a peak halfway, filled in once the team has reached
it. Plain Python, imports no Django; every text from outside is escaped here.
"""

from __future__ import annotations

from scoring.drawing.svg import document, element, num, text_width
from scoring.kinds.team.drawing.slate import CHALK, CHALK_FONTS, INSET, SLATE_W, board
from scoring.kinds.team.rules.berg import over_the_berg

TRACK_W = SLATE_W  # as wide as the slate above it
TRACK_H = 84.0
X0 = 26.0  # the way starts here ...
X1 = TRACK_W - 26.0  # ... and reaches the target here
LINE_Y = 46.0
PEAK_W = 20.0  # half the width of the Berg's peak
PEAK_H = 26.0
LABEL_Y = TRACK_H - INSET - 8.0
LABEL_SIZE = 16.0
LABEL_ROOM = 2 * (X1 - X0) / 5  # a long word is squeezed into this


def _x(points: float, target: int) -> float:
    """Where ``points`` lie on the way to ``target``; beyond it, at its end."""
    return X0 + (X1 - X0) * min(max(points, 0), target) / target


def _label(text: str, x: float, anchor: str) -> str:
    squeeze = text_width(text, LABEL_SIZE) > LABEL_ROOM
    return element(
        "text",
        ("class", "berg-label"),
        ("x", x),
        ("y", LABEL_Y),
        ("text-anchor", anchor),
        ("font-family", CHALK_FONTS),
        ("font-size", LABEL_SIZE),
        ("fill", CHALK),
        ("fill-opacity", 0.85),
        ("textLength", LABEL_ROOM if squeeze else None),
        ("lengthAdjust", "spacingAndGlyphs" if squeeze else None),
        text=text,
    )


def _line(css_class: str, x1: float, x2: float, width: float, dashes: str | None = None) -> str:
    return element(
        "path",
        ("class", css_class),
        ("d", f"M{num(x1)} {num(LINE_Y)}L{num(x2)} {num(LINE_Y + 0.6)}"),
        ("fill", "none"),
        ("stroke", CHALK),
        ("stroke-linecap", "round"),
        ("stroke-width", width),
        ("stroke-dasharray", dashes),
    )


def berg_track_svg(total: int, target: int, *, label: str, berg_label: str) -> str:
    """The way from 0 to ``target`` with the Berg halfway (RULES.md §6: a team that
    has made half is not Rubicon): drawn as far as ``total``, the peak filled once
    ``2 × total ≥ target``, the target written at the end.

    ``label`` names the picture for screen readers and ``berg_label`` is written
    under the peak (both already translated).
    """
    if target <= 0:
        raise ValueError(f"a target is positive: {target}")
    reached = over_the_berg(total, target)
    berg_x = _x(target / 2, target)
    reach_x = _x(total, target)
    peak = (
        f"M{num(berg_x - PEAK_W)} {num(LINE_Y)}L{num(berg_x - 3)} {num(LINE_Y - PEAK_H)}"
        f"L{num(berg_x + 3)} {num(LINE_Y - PEAK_H + 2)}L{num(berg_x + PEAK_W)} {num(LINE_Y)}"
    )
    body = [
        *board(TRACK_W, TRACK_H),
        element(
            "path",
            ("class", "berg-peak berg-reached" if reached else "berg-peak"),
            ("d", peak + ("Z" if reached else "")),
            ("fill", CHALK if reached else "none"),
            ("fill-opacity", 0.45 if reached else None),
            ("stroke", CHALK),
            ("stroke-width", 2.6),
            ("stroke-linejoin", "round"),
            ("stroke-opacity", 0.9),
        ),
        _line("berg-way", X0, X1, 2.0, "1 7"),
        element(
            "path",
            ("class", "berg-goal"),
            ("d", f"M{num(X1)} {num(LINE_Y - 12)}L{num(X1 + 0.8)} {num(LINE_Y + 12)}"),
            ("stroke", CHALK),
            ("stroke-width", 3.0),
            ("stroke-linecap", "round"),
        ),
    ]
    if total > 0:
        body.append(_line("berg-progress", X0, reach_x, 6.0))
    body += [_label(berg_label, berg_x, "middle"), _label(str(target), X1, "end")]
    data = (("data-total", total), ("data-target", target), ("data-berg", int(reached)))
    return document(TRACK_W, TRACK_H, label, data, body)
