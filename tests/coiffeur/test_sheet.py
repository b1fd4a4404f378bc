"""The Coiffeur sheet as clubs draw it (presenter.sheet_view and sheet.html): each cell,
the totals, the differences, what is still to play, the mark of a side that can no
longer be caught and the winner, exactly as the engine counts them."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scoring.kinds.coiffeur.presenter import sheet_view
from scoring.kinds.coiffeur.rules import play

from .sheets import (
    CAUGHT_NEVER,
    COUNTERED,
    DRAWN_EIGHT,
    EIGHT,
    FLAT,
    FLAT_MATCHES,
    FULL_EIGHT,
    OPENING,
    PENALTY,
    SEED,
    SIDES,
    THREE,
    THREE_SIDES,
)

HAND_WORKED = [
    (SEED, OPENING),
    (EIGHT, FULL_EIGHT),
    (EIGHT, DRAWN_EIGHT),
    (EIGHT, CAUGHT_NEVER),
    (PENALTY, COUNTERED),
    (FLAT, FLAT_MATCHES),
    (THREE, THREE_SIDES),
]


def names(ruleset):
    return ("Anne & Claude", "Bernard & Denise", "Chantal")[: ruleset.teams]


class Table(HTMLParser):
    """The sheet's table as text: its header cells, and each line's cells."""

    def __init__(self):
        super().__init__()
        self.lines, self.headers, self.cell, self.caption = [], [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.lines.append([])
        elif tag in ("th", "td"):
            self.cell = [tag, dict(attrs), ""]
        elif tag == "caption":
            self.caption = ""

    def handle_endtag(self, tag):
        if tag in ("th", "td") and self.cell is not None:
            self.cell[2] = " ".join(self.cell[2].split())
            self.lines[-1].append(tuple(self.cell))
            if tag == "th":
                self.headers.append(self.cell)
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[2] += data
        elif self.caption is not None and not self.caption.endswith("|"):
            self.caption += data

    def handle_startendtag(self, tag, attrs):
        pass


def rendered(ruleset, hands, language="en"):
    with translation.override(language):
        view = sheet_view(ruleset, hands, names(ruleset))
        return render_to_string("scoring/kinds/coiffeur/sheet.html", {"sheet": view})


def table(ruleset, hands, language="en"):
    parser = Table()
    parser.feed(rendered(ruleset, hands, language))
    return parser


def line(parsed, header):
    return next(cells for cells in parsed.lines if cells and cells[0][2] == header)


def test_the_opening_hands_are_drawn_as_written_on_paper():
    parsed = table(SEED, OPENING)

    assert [cell[2] for cell in line(parsed, "♣ Clubs ×1")] == [
        "♣ Clubs ×1",
        "257 Match",
        "0 struck",
        "+257",
    ]
    assert [cell[2] for cell in line(parsed, "↓ Obe-abe ×5")][1:] == ["490", "open", ""]
    assert [cell[2] for cell in line(parsed, "Misère ×8")][1:] == ["open", "1096", ""]
    assert [cell[2] for cell in line(parsed, "Total")][1:] == ["747", "1096", "−349"]
    assert [cell[2] for cell in line(parsed, "Still to play")][1:3] == ["8", "8"]


def test_open_cells_are_marked_open_for_the_eye_and_the_ear():
    parsed = table(SEED, OPENING)
    open_cells = [
        c for cells in parsed.lines for c in cells if "cell-open" in c[1].get("class", "")
    ]

    assert len(open_cells) == 2 * 10 - 4
    assert {c[2] for c in open_cells} == {"open"}


@pytest.mark.parametrize(("ruleset", "hands"), HAND_WORKED)
def test_the_sheet_says_what_the_engine_counts(ruleset, hands):
    result = play(ruleset, hands)
    view = sheet_view(ruleset, hands, names(ruleset))

    assert [[c.points for c in row.cells] for row in view.rows] == [
        list(column) for column in zip(*result.cells, strict=True)
    ]
    assert [side.total for side in view.sides] == list(result.totals)
    assert view.difference == result.difference
    assert [row.difference for row in view.rows] == list(
        result.row_differences or [None] * len(ruleset.rows)
    )
    assert view.over == result.over
    assert view.winner == (None if result.winner is None else view.sides[result.winner])
    assert view.safe == (None if result.safe is None else view.sides[result.safe])
    assert [len(side.open_rows) for side in view.sides] == [len(o) for o in result.open_rows]
    assert [side.matches for side in view.sides] == list(result.matches)


def test_a_full_sheet_names_the_winner_and_by_how_much():
    view = sheet_view(EIGHT, FULL_EIGHT, SIDES)
    html = rendered(EIGHT, FULL_EIGHT)

    assert (view.sides[0].total, view.sides[1].total, view.difference) == (3600, 3240, 360)
    assert [row.difference for row in view.rows] == [10 * m for _, m, _ in EIGHT.rows]
    assert "Winner: Anne &amp; Claude, by 360 points." in html
    assert "Still to play" not in html
    assert line(table(EIGHT, FULL_EIGHT), "Total")[1][1]["class"] == "total won"


def test_a_full_sheet_with_equal_totals_is_a_draw():
    html = rendered(EIGHT, DRAWN_EIGHT)

    assert "a draw" in html
    assert " wins " not in html


def test_a_side_that_can_no_longer_be_caught_is_marked_but_has_not_won():
    view = sheet_view(EIGHT, CAUGHT_NEVER, SIDES)
    html = rendered(EIGHT, CAUGHT_NEVER)

    assert (view.sides[0].total, view.sides[1].total) == (9252, 0)
    assert view.safe is view.sides[0]
    assert view.winner is None
    assert not view.over
    assert "Anne &amp; Claude can no longer be caught" in html
    total = line(table(EIGHT, CAUGHT_NEVER), "Total")
    assert total[1][2] == "9252 ✓ can no longer be caught"
    assert total[2][2] == "0"
    assert " wins " not in html


def test_the_counter_match_bonus_has_its_own_line_and_counts_in_the_total():
    parsed = table(PENALTY, COUNTERED)

    assert [c[2] for c in line(parsed, "♥ Hearts ×3")][1:3] == ["−300 Counter-match", "open"]
    assert [c[2] for c in line(parsed, "Counter-match bonus")][1:3] == ["", "100"]
    assert [c[2] for c in line(parsed, "Total")][1:] == ["−300", "100", "−400"]


def test_a_match_of_157_with_a_flat_bonus_and_a_misere_match():
    parsed = table(FLAT, FLAT_MATCHES)

    assert [c[2] for c in line(parsed, "♠ Spades ×4")][1] == "1128 Match"
    assert [c[2] for c in line(parsed, "Misère ×8")][2] == "1756 Match"


def test_three_sides_have_three_columns_and_no_difference():
    parsed = table(THREE, THREE_SIDES)

    assert [c[2] for c in parsed.lines[0]] == [
        "Row",
        "Anne & Claude",
        "Bernard & Denise",
        "Chantal",
    ]
    assert [c[2] for c in line(parsed, "↓ Obe-abe ×5")][1:] == ["500", "250", "0 struck"]
    assert [c[2] for c in line(parsed, "Total")][1:] == ["500", "250", "0"]
    assert sheet_view(THREE, THREE_SIDES, names(THREE)).difference is None


@translation.override("en")
def test_each_side_is_told_which_rows_it_still_has_to_play():
    view = sheet_view(SEED, OPENING, SIDES)
    html = rendered(SEED, OPENING)

    assert view.sides[0].open_names == (
        "♦ Diamonds, ♥ Hearts, ♠ Spades, ↑ Unde-ufe, Slalom, Misère, 3×3, Free choice"
    )
    assert view.sides[1].open_names.startswith("♦ Diamonds, ♥ Hearts, ♠ Spades, ↓ Obe-abe,")
    assert "Misère" not in view.sides[1].open_names
    shown = unescape(re.sub(r"<[^>]+>", "", html))  # the text the list shows
    assert "Anne & Claude: ♦ Diamonds, ♥ Hearts, ♠ Spades, ↑ Unde-ufe," in shown


def test_a_clubs_labels_are_what_its_sheet_shows():
    from scoring.kinds.coiffeur.sheet import parse_ruleset

    rows = [[name, m] for name, m, _ in SEED.rows]
    rows[7] = ["misere", 8, "Misär"]
    rows[9] = ["choice", 10, "Wunsch"]
    ruleset = parse_ruleset({"preset": "coiffeur", "rows": rows})
    parsed = table(ruleset, [])

    assert line(parsed, "Misär ×8")
    assert line(parsed, "Wunsch ×10")


@translation.override("en")
def test_german_suits_and_the_second_free_row():
    view = sheet_view(EIGHT, [], SIDES, suit_style="german")

    assert [str(row.label) for row in view.rows] == [
        "Eicheln",
        "Schellen",
        "Schilten",
        "Rosen",
        "↓ Obe-abe",
        "↑ Unde-ufe",
        "Free choice",
        "Free choice 2",
    ]


@pytest.mark.parametrize(("ruleset", "hands"), HAND_WORKED)
@pytest.mark.parametrize("language", ["en", "fr", "de", "it"])
def test_no_table_header_is_empty(ruleset, hands, language):
    parsed = table(ruleset, hands, language)

    assert parsed.headers
    assert [h for h in parsed.headers if not h[2]] == []
    columns = [c for c in parsed.lines[0] if c[0] == "th"]
    assert all(c[1].get("scope") == "col" for c in columns)
    assert all(cells[0][1].get("scope") == "row" for cells in parsed.lines[1:])


def test_the_sheet_has_a_caption():
    assert "<caption>Coiffeur sheet" in rendered(SEED, OPENING)


def test_the_sheet_needs_one_name_per_side():
    with pytest.raises(ValueError, match="3 sides"):
        sheet_view(THREE, [], SIDES)
