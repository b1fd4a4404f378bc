"""A team's Weis in words, as the hand form's buttons name them: "Three in a row (20)",
the kind with a capital and its points in the game's Weis table (RULES.md §2). What a
page shows of a stored hand; the game file keeps the kinds (``seq3``, ``four-jacks``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from django.utils.functional import Promise
from django.utils.text import capfirst, format_lazy

from scoring.kinds.team.rules.hand import WeisEntry
from scoring.suits import WEIS_NAMES


def weis_label(entry: WeisEntry, points: Mapping[str, int]) -> str | Promise:
    """One entry in words: a kind as the hand form's button writes it, with its points in
    ``points`` (the game's Weis table); a bare number (an old game's) stays a number."""
    if not isinstance(entry, str) or entry not in WEIS_NAMES:
        return str(entry)
    name = capfirst(WEIS_NAMES[entry])
    if entry not in points:  # a game without Weis holds none; the name alone then
        return name
    return format_lazy("{} ({})", name, points[entry])


def weis_words(entries: Iterable[WeisEntry], points: Mapping[str, int]) -> list[str | Promise]:
    """A team's Weis in words, in the order first declared, one entry per kind or
    number: "2 × Three in a row (20)" for two of them, as the form counts them."""
    counts = Counter(entries)
    return [
        weis_label(entry, points)
        if count == 1
        else format_lazy("{} × {}", count, weis_label(entry, points))
        for entry, count in counts.items()
    ]
