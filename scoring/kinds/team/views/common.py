"""What the team game's pages share: a game of its own kind, for whoever may see it."""

from __future__ import annotations

from typing import NoReturn

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from clubs.models import Role
from scoring import registry
from scoring.kinds.team import NAME
from scoring.models import Game
from scoring.views.common import check, game_row


def teams_only() -> NoReturn:
    raise Http404(_("This page is for games of two teams; a Différenzler game has its own."))


def own(game: Game) -> Game:
    """``game``, if it is a team game: a 404 for a game of another kind."""
    if registry.of(game.ruleset).name != NAME:
        teams_only()
    return game


def team_game(
    request: HttpRequest, game_id: int, needed: str = Role.MEMBER, *, everything: bool = True
) -> Game:
    """``scoring.views.common.game_for`` for a page of the team game: a game of another
    kind is a 404 whoever asks (before access is checked)."""
    return check(request, own(game_row(game_id, everything=everything)), needed)
