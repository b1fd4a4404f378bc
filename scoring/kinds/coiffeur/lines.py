"""Coiffeur's lines on the club's pages (``GameKind.lines``): a member's line over a
season (the sheets played, finished and won by the member's side, the cells it filled,
their points and its matches, from the statistics rows: ``storage._figures``), and the
ranking of the members who played it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from scoring.registry import KindLines
from scoring.rules.figures import Figure, Shown, shown


@dataclass
class SheetLine:
    """A player's Coiffeur line over the stored rows (RULES.md §11): the sheets played,
    finished and won by the player's side, the cells the side filled (the rows'
    ``hands``), the points of those cells (signed: a counter-match penalty counts
    below zero) and the matches the side made (0 where they were not summed: the
    club's page)."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    matches_made: int = 0
    own: tuple[Shown, ...] = ()  # its own figures (``OWN``), as the pages show them

    @property
    def average(self) -> float | None:
        """The average points per cell filled (a struck cell counts, as 0)."""
        return self.points / self.hands if self.hands else None


FIGURES = ("games", "finished", "wins", "hands", "points", "matches_made")
# what its rows keep besides the core's columns (their ``figures``: ``storage._figures``)
OWN = (
    Figure("struck", _("Cells struck")),
    Figure("countered", _("Sheets with a counter-match suffered"), summed="count"),
)


def line(sums: Mapping[str, Any]) -> SheetLine:
    """A member's Coiffeur line from the sums of their rows."""
    return SheetLine(**{name: sums.get(name) or 0 for name in FIGURES}, own=shown(OWN, sums))


@dataclass(frozen=True)
class SheetStanding:
    member: Member
    line: SheetLine


def board(members: list[Member], lines: dict[int, SheetLine]) -> list[SheetStanding]:
    """Members who played Coiffeur, best first: more wins, then the higher average per
    cell (no cell filled: last), then by name."""
    standings = [SheetStanding(m, lines[m.pk]) for m in members if m.pk in lines]
    return sorted(
        standings,
        key=lambda s: (
            -s.line.wins,
            -s.line.average if s.line.average is not None else float("inf"),
            s.member.name,
        ),
    )


LINES = KindLines(
    line=line,
    board=board,
    board_template="scoring/kinds/coiffeur/board.html",
    line_template="scoring/kinds/coiffeur/line.html",
    figures=OWN,
)
