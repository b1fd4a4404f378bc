"""The team game's lines on the club's pages (``GameKind.lines``): a member's line over a
season (games, wins, points per hand, matches, Rubicons, Weis and Stöck) with a line
for each partner, and the club's leaderboard."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from clubs.models import Member
from scoring.models import Player, PlayerResult
from scoring.registry import KindLines
from scoring.rules.lines import PartnerLine, PlayerLine

FIGURES = tuple(field.name for field in fields(PlayerLine) if field.name != "partners")


def line(sums: Mapping[str, Any]) -> PlayerLine:
    """A member's team line from the sums of their rows (a figure not summed stays 0)."""
    figures: dict[str, Any] = {name: sums.get(name) or 0 for name in FIGURES}
    return PlayerLine(**figures)


def with_partners(results: QuerySet[PlayerResult], found: PlayerLine) -> PlayerLine:
    """The member's line with a line for each partner (by the partner's name in each
    game), from the member's rows of the team game (``results``): one query."""
    partner = Player.objects.filter(team_id=OuterRef("player__team_id")).exclude(
        pk=OuterRef("player_id")
    )
    partners = (
        results.annotate(partner=Subquery(partner.values("name")[:1]))
        .values("partner")
        .annotate(games=Count("pk"), wins=Count("pk", filter=Q(won=True)))
        .order_by()
    )
    found.partners = {
        row["partner"]: PartnerLine(row["partner"], row["games"], row["wins"]) for row in partners
    }
    return found


@dataclass(frozen=True)
class Standing:
    member: Member
    line: PlayerLine


class Board(list[Standing]):
    """The standings, best first; ``striche``: whether any of them played a game counted
    in Striche (RULES.md §12), so that the board shows the season's Strich difference."""

    striche: bool = False


def board(members: list[Member], lines: dict[int, PlayerLine]) -> Board:
    """Members who played, best first: wins, then win rate, then points per hand."""
    standings = [Standing(m, lines[m.pk]) for m in members if m.pk in lines]
    found = Board(
        sorted(
            standings,
            key=lambda s: (-s.line.wins, -(s.line.win_rate or 0), -(s.line.points_per_hand or 0)),
        )
    )
    found.striche = any(standing.line.striche_games for standing in found)
    return found


LINES = KindLines(
    line=line,
    board=board,
    board_template="scoring/kinds/team/board.html",
    line_template="scoring/kinds/team/line.html",
    member_line=with_partners,
)
