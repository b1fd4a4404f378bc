"""Guggitaler's lines on the club's pages (``GameKind.lines``): a member's line over a
season (the games played, finished and won, their totals, from the statistics rows:
``storage._figures``), and the ranking of the members who played it: the lowest total
wins Guggitaler (RULES.md §14)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from scoring.registry import KindLines
from scoring.rules.figures import Figure, Shown, shown


@dataclass
class GuggiLine:
    """A player's Guggitaler line over the stored rows: the games played, finished and
    won, the hands played and the sum of their totals (signed: the domino gives back)."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    own: tuple[Shown, ...] = ()  # its own figures (``OWN``), as the pages show them

    @property
    def average(self) -> float | None:
        """The average total per game (lower is better)."""
        return self.points / self.games if self.games else None

    @property
    def average_text(self) -> str:
        """The average as the pages write it: one decimal in the reader's language,
        a real minus (−80,0) as the game pages write totals (presenter), else "–"."""
        if self.average is None:
            return "–"
        text = number_format(round(self.average, 1), decimal_pos=1)
        return text.replace("-", "\u2212")


FIGURES = ("games", "finished", "wins", "hands", "points")
# what its rows keep besides the core's columns (their ``figures``: ``storage._figures``)
OWN = (
    Figure("penalties", _("Penalty points taken")),
    Figure("last", _("Games finished last"), summed="count"),
)


def line(sums: Mapping[str, Any]) -> GuggiLine:
    """A member's Guggitaler line from the sums of their rows."""
    return GuggiLine(**{name: sums.get(name) or 0 for name in FIGURES}, own=shown(OWN, sums))


@dataclass(frozen=True)
class GuggiStanding:
    member: Member
    line: GuggiLine


def board(members: list[Member], lines: dict[int, GuggiLine]) -> list[GuggiStanding]:
    """Members who played Guggitaler, best first: more wins, then the lower average
    total, then by name."""
    standings = [GuggiStanding(m, lines[m.pk]) for m in members if m.pk in lines]
    return sorted(
        standings,
        key=lambda s: (
            -s.line.wins,
            s.line.average if s.line.average is not None else float("inf"),
            s.member.name,
        ),
    )


LINES = KindLines(
    line=line,
    board=board,
    board_template="scoring/kinds/guggitaler/board.html",
    line_template="scoring/kinds/guggitaler/line.html",
    figures=OWN,
)
