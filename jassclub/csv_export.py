"""CSV files for spreadsheets, safe to open: a text cell that a spreadsheet would
read as a formula (``=``, ``+``, ``-``, ``@``, or a tab or carriage return first) is
written with a ``'`` before it, as OWASP advises against CSV injection. Numbers are
written as they are, so that they stay numbers."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet should show it: text that starts like a formula
    gets a leading ``'``; anything else (numbers, empty cells) is unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """A ``csv.writer`` whose rows go through ``safe_cell``."""

    def __init__(self, stream: Any, **options: Any) -> None:
        self._writer = csv.writer(stream, **options)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([safe_cell(value) for value in row])
