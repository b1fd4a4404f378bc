"""The Strich table a club's team games are counted with (RULES.md §12): the start page
asks :func:`strich_table_for` when a game is started "in Striche".

A club keeps its own table, which a club admin sets (``scoring.models.ClubStriche``, the
page ``clubs:strich_table``); a club that never set one counts with the defaults of §12
(jassguru's: Sieg 2, Berg 1, Matsch 1, Kontermatsch 2, Schneider 2). A game keeps the
table it was started with, in its ruleset.
"""

from __future__ import annotations

from typing import Any

from scoring.kinds.team.rules import StrichTable
from scoring.models import club_striche


def strich_table_for(club: Any) -> StrichTable:
    """The Strich table of ``club``'s games (a ``clubs.Club``, or ``None``: the
    defaults). One query."""
    if club is None:
        return StrichTable()
    return club_striche(club.pk).strich_table()
