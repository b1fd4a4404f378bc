"""The site's English that its Italian catalogue says otherwise, to look for on a page or a
PDF read in Italian (issue 35, item 3)."""

from __future__ import annotations

import re
from pathlib import Path

import polib

from scripts.catalogues import catalogues

ROOT = Path(__file__).resolve().parents[1]
PLACE = re.compile(r"%\(\w+\)[sd]|%%|%[sd]|\{[^{}]*\}|<[^>]*>")


def english_sentences() -> set[str]:
    """Each message's pieces between its placeholders, long enough to be a phrase ("Card
    points of", not "OK"), that its Italian does not say too."""
    pieces: set[str] = set()
    # every Italian catalogue: the core's and each app's (scripts/catalogues.py)
    for entry in (e for path in catalogues("it") for e in polib.pofile(str(path))):
        said = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
        for text in filter(None, [entry.msgid, entry.msgid_plural]):
            for piece in PLACE.split(text):
                piece = piece.strip(" .:;,·—()“”")
                if len(piece) >= 10 and " " in piece and piece not in said:
                    pieces.add(piece)
    return pieces
