"""What the Différenzler views share (RULES.md §10): how often a screen asks whether it
changed, a screen's fingerprint, and the scorer's game.

Nothing here ever puts an estimate of a hand not yet scored into a page or an answer,
except a seat's own estimate on that seat's phone.
"""

from __future__ import annotations

import hashlib

from django.http import Http404, HttpRequest

from clubs.models import Role
from scoring.kinds.differenzler import estimates
from scoring.kinds.differenzler.presenter import DiffView
from scoring.models import Game
from scoring.views.common import game_for

POLL = "every 3s"


def version_of(
    view: DiffView, state: estimates.TableState, *, seat: int | None = None, extra: str = ""
) -> str:
    """What a screen shows, as a short fingerprint: the hands scored and the hand being
    played (a seat's phone leaves out who else has estimated, so that it is not
    redrawn under its player's thumb)."""
    cells = [row.cells for row in view.rows]
    shown = (
        state.version
        if seat is None
        else f"{state.number}-{state.trump}-{state.started}-{seat in state.estimated}"
    )
    text = f"{cells}|{shown}|{seat}|{extra}"  # extra: a tournament table's signatures
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def scorer_game(request: HttpRequest, game_id: int, everything: bool = True) -> Game:
    game = game_for(request, game_id, Role.SCORER, everything=everything)
    if not game.individual:
        raise Http404
    return game
