"""A pass's table cards as paper: which pages a card takes and the QR codes it prints.

A card is one A4 page: who sits where, the table's QR code, the score sheet and the
slips to cut off. A game of more hands than the front page holds has its score sheet
on pages of its own after the front (:func:`sheet_pages`), so that how many pages the
cards take is known before they are drawn.

The QR codes are small PNG images (one pixel a module, drawn without smoothing), not
SVG: WeasyPrint draws an inline SVG path by path on every slip (270 of them on the
cards of 30 Différenzler tables took seconds), while a PNG is one image, and the same
one (the standings' code on every slip) is embedded once."""

from __future__ import annotations

import base64
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import quote
from xml.sax.saxutils import escape

import segno

# Hands whose rows fit on the front page beside the slips, with room for words a
# third longer than the French, by the sides of a table: four slips (each player for
# themselves, Différenzler), or two (a team each).
FRONT_HANDS = {4: 12, 2: 18}
SHEET_ROWS = 40  # the rows of a score sheet on a page of its own
ROW = 5.5  # mm, a row of the score sheet: room to write a number
WIDTH = 186  # mm, the page less the card's margins (cards_pdf.html's @page)
NUMBER, TRUMP = 8, 22  # mm, the columns of the hand's number and its trump
STROKE = 0.21  # mm, the sheet's lines: the .6pt of its head's borders


@dataclass(frozen=True)
class SheetPage:
    """A part of a score sheet: the hands of its rows, and whether the sheet's last
    row (the total, or the difference) ends it."""

    hands: range
    last: bool


def sheet_pages(hands: int, sides: int) -> tuple[bool, list[SheetPage]]:
    """Where a card's score sheet is printed: on the front page (``True`` and its one
    part) or on pages of their own after it (``False`` and a part per page); ``sides``:
    who sign a table's result, 4 or 2."""
    if hands <= FRONT_HANDS[sides]:
        return True, [SheetPage(range(1, hands + 1), True)]
    full = hands % SHEET_ROWS == 0  # no room left on the last page for the total
    parts = [
        SheetPage(range(first, min(first + SHEET_ROWS, hands + 1)), False)
        for first in range(1, hands + 1, SHEET_ROWS)
    ]
    if full:
        parts.append(SheetPage(range(hands + 1, hands + 1), True))  # a row of its own
    else:
        parts[-1] = SheetPage(parts[-1].hands, True)
    return False, parts


def card_pages(hands: int, sides: int) -> int:
    """The pages one table's card takes."""
    front, parts = sheet_pages(hands, sides)
    return 1 if front else 1 + len(parts)


def sheet_columns(sides: int, imposed: bool) -> list[float]:
    """The widths (mm) of the score sheet's columns: the hand, its trump (wider when
    the card prints the ``imposed`` trump's name), then a side each: a player (four in
    a Différenzler game) or a team (two)."""
    trump = TRUMP + 8 if imposed else TRUMP
    return [NUMBER, trump] + [(WIDTH - NUMBER - trump) / sides] * sides


def sheet_rows(rows: list[tuple[int, str]], last: str, columns: list[float]) -> tuple[str, float]:
    """The rows of a score sheet as one SVG picture (a ``data:`` URI): its lines, each
    hand's number and trump (``rows``), and ``last`` (the total or the difference) in
    a last row if given. A picture and not a table: WeasyPrint lays out every cell of
    a table as a box of its own, and 30 cards' empty cells took it seconds; the rows
    are the same on every card of a pass, so the picture is read once. Its height
    (mm) comes with it."""
    count = len(rows) + (1 if last else 0)
    height = count * ROW
    edges = [sum(columns[:i]) for i in range(len(columns) + 1)]
    edges[0], edges[-1] = STROKE / 2, WIDTH - STROKE / 2  # the outer lines drawn whole
    lines = [  # the line between the number and the trump stops above ``last``'s row
        f"M{x:g} 0V{height - ROW if last and index == 1 else height:g}"
        for index, x in enumerate(edges)
    ]
    rules = [STROKE / 2] + [row * ROW for row in range(1, count)] + [height - STROKE / 2]
    lines += [f"M0 {y:g}H{WIDTH:g}" for y in rules]
    texts = []
    for index, (number, trump) in enumerate(rows):
        y = (index + 0.72) * ROW
        texts.append(f'<text x="1.5" y="{y:g}">{number}</text>')
        if trump:
            texts.append(f'<text x="{edges[1] + 1.5:g}" y="{y:g}">{escape(trump)}</text>')
    if last:
        y = (count - 1 + 0.72) * ROW
        texts.append(f'<text x="1.5" y="{y:g}" font-weight="bold">{escape(last)}</text>')
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:g}" '
        f'width="{WIDTH}mm" height="{height:g}mm" font-family="DejaVu Sans" font-size="3.2">'
        f'<path d="{" ".join(lines)}" stroke="#000" stroke-width="{STROKE}" fill="none"/>'
        f"{''.join(texts)}</svg>"
    )
    return "data:image/svg+xml," + quote(svg), height


MASK = 4  # the QR codes' data mask: one of the eight every reader reads (ISO/IEC 18004)


URL_LINE = 22  # characters of a link under its QR code (34 mm of 6.5 pt monospace)


def url_lines(url: str) -> list[str]:
    """``url`` cut in lines of the same length, to print under its QR code: a link takes
    as many lines whatever its random code (a break after a "-" in it would add one,
    and push the card's slips onto a second page)."""
    return [url[i : i + URL_LINE] for i in range(0, len(url), URL_LINE)]


@lru_cache(maxsize=512)
def qr_png(url: str) -> str:
    """The QR code of ``url`` as a ``data:`` URI of a PNG, one pixel a module and no
    quiet zone (the card leaves white around it): printed with ``image-rendering:
    pixelated``, its modules stay sharp at any size. Its data mask is given: segno
    otherwise tries all eight in pure Python and keeps the one it scores best, 5 ms
    a code, most of the site's time for the 150 codes of 30 Différenzler tables.
    Kept for the process: a link's code never changes, and a card drawn again (one
    table's, after a new link) takes the others' codes from here."""
    return (
        "data:image/png;base64,"
        + base64.b64encode(_grey_png(segno.make(url, error="m", mask=MASK).matrix)).decode()
    )


_WHITE_BLACK = bytes([255] + [0] * 255)  # a module's 0 (light) to white, 1 (dark) to black


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _grey_png(matrix: tuple[bytearray, ...]) -> bytes:
    """A QR code's modules (segno's ``matrix``, rows of 0 and 1) as an 8-bit grey PNG.
    Written here, not by segno: its PNG writer packs the rows bit by bit in Python,
    several times slower; and WeasyPrint takes a grey PNG as it is, where it turns a
    one-bit one into colours and encodes it again."""
    height, width = len(matrix), len(matrix[0])
    rows = b"".join(b"\x00" + bytes(row).translate(_WHITE_BLACK) for row in matrix)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit grey
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(rows, 9))
        + _png_chunk(b"IEND", b"")
    )
