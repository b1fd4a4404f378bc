"""What the team game's pages share: a game of its own kind, for whoever may see it."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from clubs.models import Role
from scoring.kind_views import kind_game
from scoring.kinds.team import NAME
from scoring.models import Game

# why a page of the team game is a 404 for a game of another kind
ELSEWHERE = gettext_lazy("This page is for games of two teams; a Différenzler game has its own.")


def team_game(
    request: HttpRequest, game_id: int, needed: str = Role.MEMBER, *, everything: bool = True
) -> Game:
    """``scoring.views.common.game_for`` for a page of the team game: a game of another
    kind is a 404 whoever asks (before access is checked)."""
    return kind_game(request, game_id, NAME, ELSEWHERE, needed, everything=everything)
