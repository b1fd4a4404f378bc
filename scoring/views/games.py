"""Games: the home page, the new game page, a game's page, its game file out and in. A
new game is started on its kind's page (``GameKind.start_page``), which the new game
page lists."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs import access
from scoring import access as game_access
from scoring import extras, registry, services
from scoring.forms import (
    UploadGameForm,
    problem_message,
)
from scoring.presenters import listed_views
from scoring.views.common import (
    game_for,
    kind_page,
    signed_in_or_table_link,
    starting_clubs,
)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "scoring/welcome.html")
    games = (  # a tournament's games are found through the tournament
        game_access.visible_games(request.user)
        .exclude(extras.unlisted())
        .with_everything()
        .select_related("club")[:50]
    )
    context = {
        "views": listed_views(games),
        "clubs": [m.club for m in access.memberships(request.user).values()],
        "can_start": bool(access.scoring_clubs(request.user)),
    }
    return render(request, "scoring/home.html", context)


@require_GET
@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """The kinds of game the site offers (``settings.GAME_KINDS``, in that order), each
    its label and a link to its start page; ``?club=`` (from a club's page) goes with
    the link, for the start form to choose that club."""
    clubs = starting_clubs(request)
    chosen = next((club.slug for club in clubs if club.slug == request.GET.get("club")), None)
    query = f"?{urlencode({'club': chosen})}" if chosen else ""
    kinds = [
        {"url": reverse(kind.start_page) + query, "label": kind.label}
        for kind in registry.registered()
        if kind.start_page is not None
    ]
    return render(request, "scoring/new_game.html", {"kinds": kinds})


@require_GET
@signed_in_or_table_link
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_for(request, game_id)
    return kind_page(game, "game_page")(request, game)


@require_GET
@signed_in_or_table_link
def game_file(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_for(request, game_id)
    kind_page(game, "record")  # a kind with no game file yet: 404
    document = json.dumps(services.export_game(game), ensure_ascii=False, indent=2)
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    filename = f"{slugify(game.name) or 'game'}-{game.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def upload_game(request: HttpRequest) -> HttpResponse:
    clubs = access.scoring_clubs(request.user)
    if not clubs:
        raise PermissionDenied(_("Games are imported by a club's scorers and admins."))
    form = UploadGameForm(request.POST or None, request.FILES or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        try:
            [(game, _stored)] = services.import_new_games(
                [form.cleaned_data["document"]], club=form.cleaned_data["club"]
            )
        except services.GameInFileError as error:
            form.add_error("file", _problem_text(error.error.problems[0]))
        except services.DuplicateGame as error:
            message = _("This game is already stored in this club: %(game)s. Nothing imported.")
            form.add_error("file", message % {"game": error.game.title()})
        else:
            messages.success(request, _("Game imported."))
            return redirect(reverse("scoring:game", args=[game.pk]))
    status = 422 if form.is_bound else 200
    return render(request, "scoring/upload.html", {"form": form}, status=status)


def _problem_text(problem: Any) -> str:
    where = _("hand %(number)s") % {"number": problem.hand} if problem.hand else ""
    text = f"{where}: {problem.field}: " if where else f"{problem.field}: "
    return text + problem_message(problem, sentence=False)
