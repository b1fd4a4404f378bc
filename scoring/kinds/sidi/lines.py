"""Sidi Barrani's lines on the club's pages (``GameKind.lines``): a member's line over a
season (the games played, finished and won by the member's team, its points, matches and
Rubicons, and its own figures, the contracts made and failed: ``storage.team_figures``),
and the ranking of the members who played it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from scoring.registry import KindLines
from scoring.rules.figures import Figure, Shown, shown


@dataclass
class SidiLine:
    """A player's Sidi Barrani line over the stored rows (RULES.md §13)."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    matches_made: int = 0
    contracts_made: int = 0
    contracts_failed: int = 0
    own: tuple[Shown, ...] = ()  # its own figures (``OWN``), as the pages show them

    @property
    def contracts(self) -> int:
        return self.contracts_made + self.contracts_failed

    @property
    def made_share(self) -> float | None:
        """The share of the team's contracts it made, in per cent."""
        return 100 * self.contracts_made / self.contracts if self.contracts else None


FIGURES = ("games", "finished", "wins", "hands", "points", "matches_made")
# what its rows keep besides the core's columns (their ``figures``: ``storage.team_figures``)
OWN = (
    Figure("contracts_made", _("Contracts made")),
    Figure("contracts_failed", _("Contracts failed")),
)


def line(sums: Mapping[str, Any]) -> SidiLine:
    """A member's Sidi Barrani line from the sums of their rows."""
    return SidiLine(
        **{name: sums.get(name) or 0 for name in FIGURES},
        contracts_made=sums.get("contracts_made") or 0,
        contracts_failed=sums.get("contracts_failed") or 0,
        own=shown(OWN, sums),
    )


@dataclass(frozen=True)
class SidiStanding:
    member: Member
    line: SidiLine


def board(members: list[Member], lines: dict[int, SidiLine]) -> list[SidiStanding]:
    """Members who played Sidi Barrani, best first: more wins, then the higher share of
    contracts made (none: last), then by name."""
    standings = [SidiStanding(m, lines[m.pk]) for m in members if m.pk in lines]
    return sorted(
        standings,
        key=lambda s: (
            -s.line.wins,
            -s.line.made_share if s.line.made_share is not None else float("inf"),
            s.member.name,
        ),
    )


LINES = KindLines(
    line=line,
    board=board,
    board_template="scoring/kinds/sidi/board.html",
    line_template="scoring/kinds/sidi/line.html",
    figures=OWN,
)
