"""A player's season ranks, on their page (``scoring.panels``): the club's newest
season championships, each with the member's rank, total and events counted."""

from __future__ import annotations

from typing import Any

from scoring.panels import Panel
from seasons import services
from seasons.numbers import figure

SHOWN = 3  # the newest seasons on a player's page


def season_panel(club: Any, member: Any) -> Panel | None:
    seasons = list(club.seasons.select_related("club")[:SHOWN])
    rows = []
    for season in seasons:
        line = services.standings(season).line_of(member.name)
        if line is not None:
            rows.append({"season": season, "line": line, "total": figure(line.total)})
    if not rows:
        return None
    return Panel("seasons/includes/player_panel.html", {"rows": rows})
