"""The big slate: both teams' slates on a phone lying on the table, each turned to
face its team, following the game live. Whoever may see the table screen may see it
(a tournament table through its link too)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from clubs.models import Role
from scoring import extras
from scoring.kinds.team.presenter import game_view
from scoring.kinds.team.views.common import team_game
from scoring.models import Game
from scoring.views.common import check, signed_in_or_table_link
from scoring.views.table import live_answer


@require_GET
@signed_in_or_table_link
def big_slate(request: HttpRequest, game_id: int) -> HttpResponse:
    view = game_view(team_game(request, game_id))
    poll = reverse("scoring:big_slate_live", args=[game_id]) + f"?shown={view.version}"
    context = {"view": view, "poll_url": poll}
    template = (
        "scoring/kinds/team/big_slate.html#board"
        if request.htmx
        else "scoring/kinds/team/big_slate.html"
    )
    return render(request, template, context)


@require_GET
@signed_in_or_table_link
def big_slate_live(request: HttpRequest, game_id: int) -> HttpResponse:
    """The big slate's live poll: as the table screen's, and the new slates are swapped
    in as soon as the game changed (nobody types on this screen)."""
    game = get_object_or_404(
        Game.objects.select_related(*extras.related()).prefetch_related("hands"), pk=game_id
    )
    check(request, game, Role.MEMBER)
    page = reverse("scoring:big_slate", args=[game.pk])
    poll = reverse("scoring:big_slate_live", args=[game.pk])
    return live_answer(request, game, poll, page, "#board", follow=True)
