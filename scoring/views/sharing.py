"""Spectator links: a game shown read-only to whoever holds its link, until revoked, as
its kind shows it (``GameKind.spectate``; a kind without it has no spectator links)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.models import Role
from scoring import extras, registry
from scoring.models import Game, SpectatorLink
from scoring.views.common import check, game_row
from scoring.views.table import live_answer


def _shared(game: Game) -> Game:
    """``game``, if its kind shows its games to spectators: a 404 otherwise."""
    if not isinstance(registry.of(game.ruleset), registry.Spectated):
        raise Http404
    return game


def _scorers_game(request: HttpRequest, game_id: int) -> Game:
    """The game whose spectator links its scorer manages: a 404 for a game its kind
    does not show to spectators, whoever asks (before access is checked)."""
    return check(request, _shared(game_row(game_id)), Role.SCORER)


@require_GET
def spectate(request: HttpRequest, token: str) -> HttpResponse:
    """A game, read-only, for whoever holds a spectator link that was not revoked."""
    link = get_object_or_404(SpectatorLink, token=token, revoked_at__isnull=True)
    game = _shared(get_object_or_404(Game.objects.with_everything(), pk=link.game_id))
    poll = reverse("scoring:spectate_live", args=[token])
    kind = registry.of(game.ruleset)
    assert isinstance(kind, registry.Spectated)  # _shared said so
    response = kind.spectate(request, game, poll)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_GET
def spectate_live(request: HttpRequest, token: str) -> HttpResponse:
    """The live poll of a spectator's page: the new game as soon as it changed."""
    link = get_object_or_404(SpectatorLink, token=token, revoked_at__isnull=True)
    game = get_object_or_404(
        Game.objects.select_related(*extras.related()).prefetch_related("hands"),
        pk=link.game_id,
    )
    page = reverse("scoring:spectate", args=[token])
    poll = reverse("scoring:spectate_live", args=[token])
    return live_answer(request, game, poll, page, "main", follow=True)


@require_POST
@login_required
def share_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _scorers_game(request, game_id)
    SpectatorLink.objects.create(game=game, created_by=request.user)
    messages.success(request, _("Spectator link created: anyone with it can follow the game."))
    return redirect("scoring:sharing", game.pk)


@require_POST
@login_required
def revoke_share(request: HttpRequest, game_id: int, link_id: int) -> HttpResponse:
    game = _scorers_game(request, game_id)
    link = get_object_or_404(SpectatorLink, pk=link_id, game=game)
    link.revoke()
    messages.success(request, _("Spectator link revoked."))
    return redirect("scoring:sharing", game.pk)


@require_GET
@login_required
def sharing(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _scorers_game(request, game_id)
    links = game.spectator_links.filter(revoked_at__isnull=True)
    return render(request, "scoring/sharing.html", {"game": game, "links": links})
