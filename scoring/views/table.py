"""The table screen and what every kind's game has: the screen and a hand's correction
as the game's kind draws them (``GameKind.table``, ``GameKind.correct_hand``), the live
poll and the history of changes. Recording a hand and the rest of a kind's own table
are its kind's pages (``GameKind.urls``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from clubs.models import Role
from scoring import extras, registry
from scoring.models import Game, HandChange
from scoring.presenters import game_version
from scoring.views.common import (
    can_score,
    check,
    game_for,
    kind_page,
    poll_answer,
    signed_in_or_table_link,
)


@require_GET
@signed_in_or_table_link
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table screen of the game's kind (``GameKind.table``)."""
    game = game_for(request, game_id)
    return kind_page(game, "table")(request, game)


def table_with_forms(request: HttpRequest, game_id: int, **extra_forms: Any) -> HttpResponse:
    """The table screen again with a refused form of the game's extra (a tournament
    table's signature or dispute): what was typed stays, with the message beside it."""
    game = game_for(request, game_id)
    return kind_page(game, "table")(request, game, status=422, **extra_forms)


@require_GET
@signed_in_or_table_link
def live(request: HttpRequest, game_id: int) -> HttpResponse:
    """The live poll of the table screen and the game's page (``where``): whether the
    game changed since the screen was drawn (``shown``). Reads the hands' rows and
    replays nothing; an answer the phone already has is a 304."""
    game = polled_game(request, game_id)
    if request.GET.get("where") == "game":
        page, target, follow = reverse("scoring:game", args=[game.pk]), "main", True
    else:
        page, target = reverse("scoring:table", args=[game.pk]), "#table"
        follow = not can_score(request, game)
    poll = reverse("scoring:live", args=[game.pk])
    return live_answer(request, game, poll, page, target, follow, where=request.GET.get("where"))


def live_answer(
    request: HttpRequest,
    game: Game,
    poll: str,
    page: str,
    target: str,
    follow: bool,
    where: str | None = None,
) -> HttpResponse:
    """The poll's answer for a game whose hands its kind reads: nothing new, or
    (``behind``) the notice or the new game."""
    extra = {"where": where or ""}
    return poll_answer(request, hands_version(game), poll, page, target, follow, extra)


def hands_version(game: Game) -> str:
    """What a screen of the game shows, as a fingerprint: its hands as its kind reads
    them (the rows alone, prefetched; nothing is replayed)."""
    kind = registry.of(game.ruleset)
    played = [kind.read_hand(h.record) for h in sorted(game.hands.all(), key=lambda h: h.number)]
    return game_version(game, played)


def polled_game(request: HttpRequest, game_id: int) -> Game:
    """The game a live poll asks about, for whoever may see it: its row and its hands'
    rows."""
    game = get_object_or_404(
        Game.objects.select_related(*extras.related()).prefetch_related("hands"), pk=game_id
    )
    return check(request, game, Role.MEMBER)


@require_http_methods(["GET", "POST"])
@signed_in_or_table_link
def correct_hand(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """The correction of hand ``number``, as the game's kind has it
    (``GameKind.correct_hand``; Différenzler's puts right its card points only)."""
    game = game_for(request, game_id, Role.SCORER)
    return kind_page(game, "correct_hand")(request, game, number)


@require_GET
@signed_in_or_table_link
def history(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(
        Game.objects.prefetch_related("teams__players").select_related(*extras.related()),
        pk=game_id,
    )
    check(request, game, Role.MEMBER)
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    changes = list(HandChange.objects.filter(game=game).select_related("user"))
    kind = registry.of(game.ruleset)  # what its kind adds (Différenzler: the estimates)
    added = kind.history(game, changes)
    context = {"game": game, "teams": teams, "changes": changes, **added}
    return render(request, "scoring/history.html", context)
