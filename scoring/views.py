"""Thin views: parse with a form, call a service, render the page or, for htmx, its part.

Every screen works with plain POST and redirect; htmx only swaps the table part
in place. Refusals re-render the form with the engine's message beside the field.
"""

from __future__ import annotations

import json
import re
import secrets
import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import rules, services
from scoring.forms import (
    HandForm,
    StartGameForm,
    UndoForm,
    UploadGameForm,
    keep_declared_kinds,
    problem_message,
)
from scoring.models import Game, HandChange
from scoring.presenters import GameView, game_view, seat_names
from scoring.rules import RulesError

DEVICE_COOKIE = "jass_device"


def _game(game_id: int) -> Game:
    return get_object_or_404(Game.objects.with_everything(), pk=game_id)


def _device(request: HttpRequest) -> str:
    """A short, readable name for the phone or computer that sent a change."""
    agent = request.headers.get("User-Agent", "")
    system = next(
        (
            name
            for name in ("iPhone", "iPad", "Android", "Windows", "Mac", "Linux")
            if name in agent
        ),
        "",
    )
    browser = next(
        (
            name
            for pattern, name in (
                (r"Edg/", "Edge"),
                (r"Firefox/", "Firefox"),
                (r"Chrom(e|ium)/", "Chrome"),
                (r"Safari/", "Safari"),
            )
            if re.search(pattern, agent)
        ),
        "",
    )
    device_id = request.COOKIES.get(DEVICE_COOKIE, "")[:8]
    return " · ".join(part for part in (system, browser, device_id) if part)


def _author(request: HttpRequest) -> services.Author:
    return services.Author(device=_device(request), user=request.user)


def _remember_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if DEVICE_COOKIE not in request.COOKIES:
        response.set_cookie(
            DEVICE_COOKIE,
            secrets.token_hex(4),
            max_age=5 * 365 * 24 * 3600,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response


def _hand_form(view: GameView, data=None, initial=None) -> HandForm:
    return HandForm(
        data,
        initial=initial or HandForm.initial_for(view.next_number),
        ruleset=view.ruleset,
        team_names=view.team_names,
        suit_style=view.game.suit_style,
        chooser=view.chooser,
    )


def _table(
    request: HttpRequest, view: GameView, form: HandForm | None = None, status: int = 200
) -> HttpResponse:
    context = {
        "view": view,
        "form": form or _hand_form(view),
        "undo": UndoForm(initial={"hand_number": view.last_number, "form_key": uuid.uuid4()}),
    }
    template = "scoring/table.html#table" if request.htmx else "scoring/table.html"
    response = render(request, template, context, status=200 if request.htmx else status)
    return _remember_device(request, response)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = Game.objects.with_everything()[:50]
    return render(request, "scoring/home.html", {"views": [game_view(game) for game in games]})


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    form = StartGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = services.start_game(
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
    return render(request, "scoring/new_game.html", {"form": form}, status=status)


@require_GET
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    return _table(request, game_view(_game(game_id)))


@require_POST
def record_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    # The hands are read once, locked, by the service; the page is drawn from what
    # it returns (a fixed, small number of queries on hand 1 as on hand 40).
    game = get_object_or_404(Game.objects.prefetch_related("teams__players"), pk=game_id)
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    number = _posted_number(request)
    form = HandForm(
        request.POST,
        ruleset=game.rules,
        team_names=(teams[0].name, teams[1].name),
        suit_style=game.suit_style,
        chooser=seat_names(teams)[rules.chooser(game.first_chooser, number)],
    )
    if not form.is_valid():
        return _table(request, game_view(game), form, status=422)
    data = form.cleaned_data
    try:
        done = services.record_hand(
            game_id,
            data["hand"],
            number=data["hand_number"],
            form_key=data["form_key"],
            author=_author(request),
        )
    except RulesError as error:
        form.add_problems(error.problems)
        return _table(request, game_view(game), form, status=422)
    except services.StaleScreen as stale:
        messages.warning(request, str(stale))
        if not request.htmx:
            return redirect("scoring:table", game_id)
        return _table(request, game_view(game), status=409)
    if not request.htmx:
        return redirect("scoring:table", game_id)
    return _table(request, game_view(game, done.hands))


def _posted_number(request: HttpRequest) -> int:
    try:
        return max(1, int(request.POST.get("hand_number", "")))
    except ValueError:
        return 1


@require_http_methods(["GET", "POST"])
def correct_hand(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    game = _game(game_id)
    view = game_view(game)
    stored = next((hand for hand in game.hands.all() if hand.number == number), None)
    if stored is None:
        messages.warning(request, _("Hand %(number)s does not exist.") % {"number": number})
        return redirect("scoring:table", game_id)
    initial = HandForm.initial_for(
        number, stored.to_rules(), services.hand_version(stored), view.ruleset.weis
    )
    form = HandForm(
        request.POST or None,
        initial=initial,
        ruleset=view.ruleset,
        team_names=view.team_names,
        suit_style=game.suit_style,
        chooser=stored.chooser or None,
    )
    context = {"view": view, "form": form, "number": number, "stored": stored}
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        hand = keep_declared_kinds(stored.to_rules(), data["hand"], view.ruleset.weis)
        try:
            services.correct_hand(
                game_id,
                hand,
                number=number,
                version=data["version"],
                form_key=data["form_key"],
                author=_author(request),
            )
        except RulesError as error:
            form.add_problems(error.problems)
        except services.StaleScreen as stale:
            messages.warning(request, str(stale))
            return redirect("scoring:correct_hand", game_id, number)
        else:
            messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
            return redirect("scoring:table", game_id)
    status = 422 if form.is_bound else 200
    return _remember_device(
        request, render(request, "scoring/correct_hand.html", context, status=status)
    )


@require_POST
def undo_last_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    form = UndoForm(request.POST)
    if form.is_valid():
        try:
            done = services.undo_last_hand(
                game_id,
                number=form.cleaned_data["hand_number"],
                form_key=form.cleaned_data["form_key"],
                author=_author(request),
            )
        except services.StaleScreen as stale:
            messages.warning(request, str(stale))
        else:
            if not done.repeated:
                messages.success(
                    request, _("Hand %(number)s undone.") % {"number": done.change.hand_number}
                )
    else:
        messages.warning(request, _("Nothing to undo."))
    if request.htmx:
        return _table(request, game_view(_game(game.pk)))
    return redirect("scoring:table", game.pk)


@require_GET
def history(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.prefetch_related("teams"), pk=game_id)
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    changes = HandChange.objects.filter(game=game).select_related("user")
    context = {"game": game, "teams": teams, "changes": changes}
    return render(request, "scoring/history.html", context)


@require_GET
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    return render(request, "scoring/game_detail.html", {"view": game_view(_game(game_id))})


@require_GET
def game_file(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    document = json.dumps(services.export_game(game), ensure_ascii=False, indent=2)
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    filename = f"{slugify(game.name) or 'game'}-{game.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_http_methods(["GET", "POST"])
def upload_game(request: HttpRequest) -> HttpResponse:
    form = UploadGameForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > UploadGameForm.MAX_BYTES:
                raise ValueError(_("The file is larger than 1 MB."))
            data = json.loads(upload.read().decode("utf-8"))
            game = services.import_game(data)
        except (UnicodeDecodeError, json.JSONDecodeError):
            form.add_error("file", _("This is not a JSON game file."))
        except ValueError as error:
            if isinstance(error, RulesError):
                problem = error.problems[0]
                where = _("hand %(number)s") % {"number": problem.hand} if problem.hand else ""
                text = f"{where}: {problem.field}: " if where else f"{problem.field}: "
                form.add_error("file", text + problem_message(problem, sentence=False))
            else:
                form.add_error("file", str(error))
        else:
            messages.success(request, _("Game imported."))
            return redirect(reverse("scoring:game", args=[game.pk]))
    status = 422 if form.is_bound else 200
    return render(request, "scoring/upload.html", {"form": form}, status=status)
