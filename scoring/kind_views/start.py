"""Starting a game of a kind from its start page, and the page of a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.contrib.auth.decorators import login_required
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from clubs.models import Club
from scoring import services
from scoring.kind_views.common import (
    KindView,
    View,
)
from scoring.models import Game
from scoring.views.common import (
    can_score,
    member_names,
    starting_clubs,
)


class StartForm(Protocol):
    """A kind's start form: ``Form(data, clubs=…, initial=…)``."""

    def __call__(self, data: Any, *, clubs: list[Club], initial: dict[str, Any]) -> BaseForm: ...


def first_club(request: HttpRequest, clubs: list[Club]) -> dict[str, Any]:
    """A start form's first values: the user's first club and its suits."""
    return {"club": clubs[0], "suit_style": clubs[0].suit_style}


@dataclass(frozen=True)
class Start:
    """What a kind's start page (``GameKind.start_page``) is made of: its form, the
    service that starts the game from what the form read (the same form sent twice
    starts one game), its template, the form's first values and what else the page
    shows."""

    form: StartForm
    start: Callable[[HttpRequest, dict[str, Any]], Game]
    template: str
    initial: Callable[[HttpRequest, list[Club]], dict[str, Any]] = first_club
    context: Callable[[], dict[str, Any]] = field(default=dict)


def form_fields(data: Mapping[str, Any], *names: str) -> dict[str, Any]:
    """What a start form read under ``names``, as the keywords of the service that
    starts the game."""
    return {name: data[name] for name in names}


def start_game(request: HttpRequest, data: dict[str, Any]) -> Game:
    """A start form's game (``Start.start``) from its ``record`` (the game file's
    start: ruleset and players), its club, suits and form key: sent twice, one game."""
    kept = form_fields(data, "club", "suit_style", "form_key")
    return services.start_once(data["record"], **kept)


def game_screen(
    request: HttpRequest, game: Game, view: KindView, template: str, **shown: Any
) -> HttpResponse:
    """A kind's game page (``GameKind.game_page``) drawn from its ``view`` of the game,
    following the game through the live poll; ``shown``: what else it shows."""
    context = {
        "view": view,
        "can_score": can_score(request, game),
        "poll_url": reverse("scoring:live", args=[game.pk]) + f"?where=game&shown={view.version}",
        **shown,
    }
    return render(request, template, context)


def start_page(start: Start) -> View:
    """The start page of a kind: its form; once sent and valid, the game started and
    its table screen; refused, the form again with why (422)."""

    @require_http_methods(["GET", "POST"])
    @login_required
    def new_game(request: HttpRequest) -> HttpResponse:
        clubs = starting_clubs(request)
        form = start.form(request.POST or None, clubs=clubs, initial=start.initial(request, clubs))
        if request.method == "POST" and form.is_valid():
            game = start.start(request, form.cleaned_data)
            return redirect("scoring:table", game.pk)
        context = {"form": form, "members": member_names(clubs), **start.context()}
        status = 422 if form.is_bound else 200
        return render(request, start.template, context, status=status)

    return new_game
