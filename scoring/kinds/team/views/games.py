"""A team game's page (``GameKind.game_page``) and what a spectator's link shows of it
(``GameKind.spectate``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from scoring import evenings
from scoring.kinds.team.presenter import game_view
from scoring.models import Game
from scoring.views.common import can_score


def team_game_page(request: HttpRequest, game: Game) -> HttpResponse:
    """A team game's page (``GameKind.game_page`` of the team game)."""
    view = game_view(game)
    poll = reverse("scoring:live", args=[game.pk]) + f"?where=game&shown={view.version}"
    context = {
        "view": view,
        "can_score": can_score(request, game),
        "poll_url": poll,
        # its evening's page, for the club's members (RULES.md §12)
        "evening_counted": request.user.is_authenticated and evenings.is_counted(game),
    }
    return render(request, "scoring/kinds/team/game.html", context)


def spectator_page(request: HttpRequest, game: Game, poll: str) -> HttpResponse:
    """The game, read-only, for whoever holds a spectator link (``GameKind.spectate``):
    its page without its scorers' buttons, following the game through ``poll``."""
    view = game_view(game)
    context = {"view": view, "spectator": True, "poll_url": f"{poll}?shown={view.version}"}
    return render(request, "scoring/kinds/team/game.html", context)
