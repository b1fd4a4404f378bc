"""Thin views: parse with a form, call a service, render the page or, for htmx, its part.

Every screen works with plain POST and redirect; htmx only swaps the table part
in place. Refusals re-render the form with the engine's message beside the field.
"""

from __future__ import annotations

import functools
import json
import re
import secrets
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import access
from clubs.models import Member, Role
from scoring import access as game_access
from scoring import extras, rules, services
from scoring.forms import (
    HandForm,
    StartGameForm,
    UndoForm,
    UploadGameForm,
    keep_declared_kinds,
    problem_message,
)
from scoring.models import Game, HandChange, SpectatorLink
from scoring.presenters import GameView, game_view, seat_names
from scoring.rules import RulesError

DEVICE_COOKIE = "jass_device"


def _game(request: HttpRequest, game_id: int, needed: str = Role.MEMBER) -> Game:
    """The game with teams, players and hands, if the user may see it (and do what
    ``needed`` allows): 404 when it is not theirs to see, 403 when it is but not that."""
    game = get_object_or_404(
        Game.objects.with_everything().select_related(*extras.related()), pk=game_id
    )
    return _check(request, game, needed)


def _check(request: HttpRequest, game: Game, needed: str) -> Game:
    """Access to a game through its club's roles, or what its extra grants (a
    tournament table's link); a settled result is changed by a club admin only."""
    extra = extras.extra_for(game)
    if extra.grants(request, game, needed):
        return game
    if extra.settled(game) and needed == Role.SCORER:
        needed = Role.ADMIN
    return game_access.check_game(request.user, game, needed)


def _can_score(request: HttpRequest, game: Game) -> bool:
    try:
        _check(request, game, Role.SCORER)
    except (Http404, PermissionDenied):
        return False
    return True


def signed_in_or_table_link(view):
    """Like ``login_required``, but a browser that opened a game's link (a tournament
    table's, see ``scoring.extras``) may score that game without an account."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, game_id: int, *args, **kwargs):
        if request.user.is_authenticated:
            return view(request, game_id, *args, **kwargs)
        opened = extras.opened(request, game_id)
        if opened is True:
            return view(request, game_id, *args, **kwargs)
        if opened is not None:
            return opened  # that link is gone: the page says so
        return login_required(view)(request, game_id, *args, **kwargs)

    return wrapped


def device_name(request: HttpRequest) -> str:
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


def _author(request: HttpRequest, game: Game, reason: str = "") -> services.Author:
    return services.Author(
        device=device_name(request),
        user=request.user,
        reason=reason,
        director=access.has_role(request.user, game.club_id, Role.ADMIN),
    )


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


def _hand_form(view: GameView) -> HandForm:
    return HandForm(
        initial=HandForm.initial_for(view.next_number),
        ruleset=view.ruleset,
        team_names=view.team_names,
        suit_style=view.game.suit_style,
        chooser=view.chooser,
        imposed_trump=view.imposed_trump,
    )


def _table(
    request: HttpRequest,
    view: GameView,
    form: HandForm | None = None,
    status: int = 200,
    **extra_forms: Any,
) -> HttpResponse:
    """The table screen (for htmx, its part); ``extra_forms``: refused forms of the
    game's extra (a tournament table's signature) to show again."""
    extra = extras.extra_for(view.game)
    context = {
        "view": view,
        "can_score": _can_score(request, view.game),
        "settled": extra.settled(view.game),
        "form": form or _hand_form(view),
        "undo": UndoForm(initial={"hand_number": view.last_number, "form_key": uuid.uuid4()}),
        **extra.screen(request, view, **extra_forms),
    }
    template = "scoring/table.html#table" if request.htmx else "scoring/table.html"
    response = render(request, template, context, status=200 if request.htmx else status)
    return _remember_device(request, response)


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
        "views": [game_view(game) for game in games],
        "clubs": [m.club for m in access.memberships(request.user).values()],
        "can_start": bool(access.scoring_clubs(request.user)),
    }
    return render(request, "scoring/home.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    clubs = access.scoring_clubs(request.user)
    if not clubs:
        raise PermissionDenied(_("Games are started by a club's scorers and admins."))
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
    members = sorted({m.name for m in Member.objects.filter(club__in=clubs)})
    context = {"form": form, "members": members}
    return render(request, "scoring/new_game.html", context, status=status)


@require_GET
@signed_in_or_table_link
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    return _table(request, game_view(_game(request, game_id)))


def table_with_forms(request: HttpRequest, game_id: int, **extra_forms: Any) -> HttpResponse:
    """The table screen again with a refused form of the game's extra (a tournament
    table's signature or dispute): what was typed stays, with the message beside it."""
    view = game_view(_game(request, game_id))
    return _table(request, view, status=422, **extra_forms)


@require_POST
@signed_in_or_table_link
def record_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    # The hands are read once, locked, by the service; the page is drawn from what
    # it returns (a fixed, small number of queries on hand 1 as on hand 40).
    game = get_object_or_404(
        Game.objects.prefetch_related("teams__players").select_related(*extras.related()),
        pk=game_id,
    )
    _check(request, game, Role.SCORER)
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    number = _posted_number(request)
    form = HandForm(
        request.POST,
        ruleset=game.rules,
        team_names=(teams[0].name, teams[1].name),
        suit_style=game.suit_style,
        chooser=seat_names(teams)[rules.chooser(game.first_chooser, number)],
        imposed_trump=game.imposed_trump(number),
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
            author=_author(request, game),
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
@signed_in_or_table_link
def correct_hand(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    game = _game(request, game_id, Role.SCORER)
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
        imposed_trump=game.imposed_trump(number),
    )
    settled = extras.extra_for(game).settled(game)
    context = {
        "view": view,
        "form": form,
        "number": number,
        "stored": stored,
        "needs_reason": settled,
    }
    if request.method == "POST" and form.is_valid() and settled and not form.cleaned_data["reason"]:
        form.add_error("reason", _("The result was confirmed: say why it changes."))
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
                author=_author(request, game, data["reason"]),
            )
        except RulesError as error:
            form.add_problems(error.problems)
        except services.ReasonNeeded as needed:
            form.add_error("reason", str(needed))
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
@signed_in_or_table_link
def undo_last_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Role.SCORER)
    form = UndoForm(request.POST)
    if form.is_valid():
        try:
            done = services.undo_last_hand(
                game_id,
                number=form.cleaned_data["hand_number"],
                form_key=form.cleaned_data["form_key"],
                author=_author(request, game, form.cleaned_data["reason"]),
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
        return _table(request, game_view(_game(request, game.pk)))
    return redirect("scoring:table", game.pk)


@require_GET
@signed_in_or_table_link
def history(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(
        Game.objects.prefetch_related("teams").select_related(*extras.related()), pk=game_id
    )
    _check(request, game, Role.MEMBER)
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    changes = HandChange.objects.filter(game=game).select_related("user")
    context = {"game": game, "teams": teams, "changes": changes}
    return render(request, "scoring/history.html", context)


@require_GET
@signed_in_or_table_link
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    context = {
        "view": game_view(game),
        "can_score": _can_score(request, game),
    }
    return render(request, "scoring/game_detail.html", context)


@require_GET
@signed_in_or_table_link
def game_file(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
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
            game = services.import_game(
                form.cleaned_data["document"], club=form.cleaned_data["club"]
            )
        except RulesError as error:
            problem = error.problems[0]
            where = _("hand %(number)s") % {"number": problem.hand} if problem.hand else ""
            text = f"{where}: {problem.field}: " if where else f"{problem.field}: "
            form.add_error("file", text + problem_message(problem, sentence=False))
        else:
            messages.success(request, _("Game imported."))
            return redirect(reverse("scoring:game", args=[game.pk]))
    status = 422 if form.is_bound else 200
    return render(request, "scoring/upload.html", {"form": form}, status=status)


@require_GET
def spectate(request: HttpRequest, token: str) -> HttpResponse:
    """A game, read-only, for whoever holds a spectator link that was not revoked."""
    link = get_object_or_404(SpectatorLink, token=token, revoked_at__isnull=True)
    game = get_object_or_404(Game.objects.with_everything(), pk=link.game_id)
    context = {"view": game_view(game), "spectator": True}
    response = render(request, "scoring/game_detail.html", context)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_POST
@login_required
def share_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Role.SCORER)
    SpectatorLink.objects.create(game=game, created_by=request.user)
    messages.success(request, _("Spectator link created: anyone with it can follow the game."))
    return redirect("scoring:sharing", game.pk)


@require_POST
@login_required
def revoke_share(request: HttpRequest, game_id: int, link_id: int) -> HttpResponse:
    game = _game(request, game_id, Role.SCORER)
    link = get_object_or_404(SpectatorLink, pk=link_id, game=game)
    link.revoke()
    messages.success(request, _("Spectator link revoked."))
    return redirect("scoring:sharing", game.pk)


@require_GET
@login_required
def sharing(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Role.SCORER)
    links = game.spectator_links.filter(revoked_at__isnull=True)
    return render(request, "scoring/sharing.html", {"game": game, "links": links})
