"""The team game's start page (the new game page): a preset and its four players; the
other kinds' start pages are linked from it (``GameKind.start_page``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from scoring import registry, services
from scoring.kinds.team import NAME
from scoring.kinds.team.start_form import StartGameForm
from scoring.views.common import member_names, starting_clubs


@require_http_methods(["GET", "POST"])
@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """A new team game: its preset, rules and players; the same form sent twice starts
    one game."""
    clubs = starting_clubs(request)
    chosen = request.GET.get("club")
    initial = next(
        (
            {"club": club, "preset": club.default_preset, "suit_style": club.suit_style}
            for club in clubs
            if club.slug == chosen
        ),
        {"club": clubs[0], "preset": clubs[0].default_preset, "suit_style": clubs[0].suit_style},
    )
    form = StartGameForm(request.POST or None, clubs=clubs, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = services.start_game(
            club=data["club"],
            name=data["name"],
            ruleset=data["ruleset"],
            teams=data["teams"],
            first_chooser=data["first_chooser_seat"],
            suit_style=data["suit_style"],
            played_on=data["played_on"],
            form_key=data["form_key"],
        )
        return redirect("scoring:table", game.pk)
    status = 422 if form.is_bound else 200
    context = {"form": form, "members": member_names(clubs), "other_kinds": other_kinds()}
    return render(request, "scoring/kinds/team/new_game.html", context, status=status)


def other_kinds() -> list[tuple[str, Any]]:
    """The kinds started from their own page (``GameKind.start_page``): their links."""
    return [
        (reverse(kind.start_page), kind.label)
        for kind in registry.registered()
        if kind.start_page is not None and kind.name != NAME
    ]
