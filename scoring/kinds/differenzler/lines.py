"""Différenzler's lines on the club's pages (``GameKind.lines``): a member's line over a
season, and the ranking of the members who played it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from clubs.models import Member
from scoring.kinds.differenzler.stats import DiffLine
from scoring.registry import KindLines

FIGURES = tuple(field.name for field in fields(DiffLine))


def line(sums: Mapping[str, Any]) -> DiffLine:
    """A member's Différenzler line from the sums of their rows."""
    return DiffLine(**{name: sums.get(name) or 0 for name in FIGURES})


@dataclass(frozen=True)
class DiffStanding:
    member: Member
    line: DiffLine


def board(members: list[Member], lines: dict[int, DiffLine]) -> list[DiffStanding]:
    """Members who played Différenzler, best first: the lowest average difference per
    hand, then more wins, then more exact estimates."""
    standings = [DiffStanding(m, lines[m.pk]) for m in members if m.pk in lines]
    return sorted(
        standings,
        key=lambda s: (
            s.line.average if s.line.average is not None else float("inf"),
            -s.line.wins,
            -s.line.exact,
            s.member.name,
        ),
    )


LINES = KindLines(
    line=line,
    board=board,
    board_template="scoring/kinds/differenzler/board.html",
    line_template="scoring/kinds/differenzler/line.html",
)
