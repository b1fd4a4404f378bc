"""The team game's start page (``GameKind.start_page``, listed on the core's new game
page): a preset and its four players."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from clubs.models import Club
from scoring import services
from scoring.kind_views import Start, form_fields, start_page
from scoring.kinds.team.start_form import StartGameForm
from scoring.models import Game


def _initial(request: HttpRequest, clubs: list[Club]) -> dict[str, Any]:
    """The club asked for (``?club=``), else the first: its preset and suits."""
    chosen = next((club for club in clubs if club.slug == request.GET.get("club")), clubs[0])
    return {"club": chosen, "preset": chosen.default_preset, "suit_style": chosen.suit_style}


def _start(request: HttpRequest, data: dict[str, Any]) -> Game:
    named = ("club", "name", "ruleset", "teams", "suit_style", "played_on", "form_key")
    return services.start_game(
        first_chooser=data["first_chooser_seat"], **form_fields(data, *named)
    )


# A new team game: its preset, rules and players; the same form sent twice starts one game
new_game = start_page(
    Start(
        StartGameForm,
        _start,
        "scoring/kinds/team/new_game.html",
        initial=_initial,
    )
)
