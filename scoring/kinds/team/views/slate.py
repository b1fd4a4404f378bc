"""The big slate: both teams' slates on a phone lying on the table, each turned to
face its team, following the game live. Whoever may see the table screen may see it
(a tournament table through its link too)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from scoring.kind_views import Poll, from_htmx, poll_page
from scoring.kinds.team.presenter import game_view
from scoring.kinds.team.views.common import team_game
from scoring.views.common import signed_in_or_table_link


@require_GET
@signed_in_or_table_link
def big_slate(request: HttpRequest, game_id: int) -> HttpResponse:
    view = game_view(team_game(request, game_id))
    poll = reverse("scoring:big_slate_live", args=[game_id]) + f"?shown={view.version}"
    context = {"view": view, "poll_url": poll}
    template = (
        "scoring/kinds/team/big_slate.html#board"
        if from_htmx(request)
        else "scoring/kinds/team/big_slate.html"
    )
    return render(request, template, context)


# The big slate's live poll: as the table screen's, and the new slates are swapped in as
# soon as the game changed (nobody types on this screen)
big_slate_live = require_GET(
    signed_in_or_table_link(
        poll_page(
            Poll("scoring:big_slate_live", "scoring:big_slate", "#board", query={"where": ""})
        )
    )
)
