"""The team game's table screen: record a hand, correct one, undo the last. Thin
views: parse with a form, call a service, render the page or, for htmx, its part (a
refused hand comes back with the engine's message beside the field; one sent from a
screen out of date comes back as the next hand, to check and save)."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Role
from jassclub.accounts import typed_by_someone_else
from scoring import extras, services
from scoring.kinds.team import rules, storage
from scoring.kinds.team.hand_form import HandForm, UndoForm
from scoring.kinds.team.presenter import GameView, game_view, seat_names
from scoring.kinds.team.views.common import own, team_game
from scoring.kinds.team.weis_entry import keep_declared_kinds
from scoring.models import Game
from scoring.rules import RulesError
from scoring.views.common import (
    author_of,
    can_score,
    check,
    posted_number,
    remember_device,
    return_to,
    signed_in_or_table_link,
    undo_last,
    with_return,
)


def _hand_form(view: GameView, initial: dict[str, Any] | None = None) -> HandForm:
    """The next hand's form (``initial``: what it holds; in a tournament the imposed
    trump is chosen whatever it says)."""
    return HandForm(
        initial=initial or HandForm.initial_for(view.next_number),
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
        "can_score": can_score(request, view.game),
        "settled": extra.held(view.game),
        "form": form or _hand_form(view),
        "undo": UndoForm(initial={"hand_number": view.last_number, "form_key": uuid.uuid4()}),
        "poll_url": reverse("scoring:live", args=[view.game.pk])
        + f"?where=table&shown={view.version}",
        **extra.screen(request, view, **extra_forms),
    }
    template = (
        "scoring/kinds/team/table.html#table" if request.htmx else "scoring/kinds/team/table.html"
    )
    # A refused hand answers 422 for htmx too (base.html's htmx-config swaps it in):
    # the phone's queue tells a refused hand from a saved one by it.
    response = render(request, template, context, status=status)
    return remember_device(request, response)


def team_table(
    request: HttpRequest, game: Game, status: int = 200, **extra_forms: Any
) -> HttpResponse:
    """The team game's table screen (``GameKind.table`` of the team game)."""
    return _table(request, game_view(game), status=status, **extra_forms)


@require_POST
@signed_in_or_table_link
def record_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    # The hands are read once, locked, by the service; the page is drawn from what
    # it returns (a fixed, small number of queries on hand 1 as on hand 40).
    game = get_object_or_404(
        Game.objects.prefetch_related("teams__players").select_related(*extras.related()),
        pk=game_id,
    )
    check(request, own(game), Role.SCORER)
    number = posted_number(request)
    if typed_by_someone_else(request):
        return _typed_by_someone_else(request, game, number)
    teams = sorted(game.teams.all(), key=lambda team: team.index)
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
            game,
            data["hand"],
            number=data["hand_number"],
            form_key=data["form_key"],
            author=author_of(request, game),
            confirm=form.confirm,
        )
    except RulesError as error:
        form.add_problems(error.problems)
        return _table(request, game_view(game), form, status=422)
    except services.StaleScreen as stale:
        return _stale(request, game, form, data["hand_number"], str(stale))
    if not request.htmx:
        return redirect("scoring:table", game_id)
    return _table(request, game_view(game, done.hands, done.result))


def _typed_by_someone_else(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """A hand typed on a screen drawn for someone else than who is signed in now (kept
    on a shared phone while one person signed out and another signed in): nothing
    stored, the table screen of who is signed in, with why. A 403 for htmx too: the
    phone keeps the hand for whoever typed it (``static/js/offline.js``) rather than
    taking the answer for a saved hand."""
    messages.error(
        request,
        _(
            "Hand %(number)s was typed by someone else who used this phone: it was not "
            "recorded under your name."
        )
        % {"number": number},
    )
    response = _table(request, game_view(game))
    response.status_code = 403  # htmx too (its answers are 200 otherwise)
    return response


def _stale(request: HttpRequest, game: Game, form: HandForm, number: int, why: str) -> HttpResponse:
    """A hand refused as sent from a screen out of date (another phone recorded or
    undid a hand meanwhile): the game as it is now and, while it goes on, what was
    typed offered as the next hand, with a new key, to check and save."""
    view = game_view(game)
    if view.over:
        messages.warning(request, why)
        if not request.htmx:
            return redirect("scoring:table", game.pk)
        return _table(request, view, status=409)
    kept = {"number": number, "next": view.next_number}
    if number < view.next_number:
        text = _(
            "Hand %(number)s was already recorded on another phone — what you typed is "
            "kept as hand %(next)s: check it and save."
        )
        messages.warning(request, text % kept)
    else:  # a hand undone elsewhere, or a clash of form keys: the service says which
        text = _("What you typed is kept as hand %(next)s: check it and save.")
        messages.warning(request, f"{why} {text % kept}")
    return _table(request, view, _typed_again(form, view), status=409)


# What is not carried to the next hand: the form's own keys, and who went out first,
# which answers a question of the refused hand's totals (the engine asks it again).
NOT_TYPED_AGAIN = ("hand_number", "form_key", "version", "reason", "out_first")


def _typed_again(form: HandForm, view: GameView) -> HandForm:
    """The next hand's form holding what ``form`` had typed: trump, points and whose,
    match, Weis, Stöck, Chibré; a new form key, so that saving records one hand."""
    initial = HandForm.initial_for(view.next_number)
    for name, value in form.cleaned_data.items():
        if name in form.fields and name not in NOT_TYPED_AGAIN and value is not None:
            initial[name] = value if isinstance(value, bool) else str(value)
    return _hand_form(view, initial)


def team_correct_hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """The team game's correction of a hand (``GameKind.correct_hand`` of the team game):
    the hand's form again, what was stored in it."""
    back = return_to(request)  # the page that opened the correction, if not the table
    view = game_view(game)
    stored = next((hand for hand in game.hands.all() if hand.number == number), None)
    if stored is None:
        messages.warning(request, _("Hand %(number)s does not exist.") % {"number": number})
        return redirect(back or reverse("scoring:table", args=[game.pk]))
    played = storage.read_hand(stored.record)
    initial = HandForm.initial_for(number, played, services.hand_version(stored), view.ruleset.weis)
    form = HandForm(
        request.POST or None,
        initial=initial,
        ruleset=view.ruleset,
        team_names=view.team_names,
        suit_style=game.suit_style,
        chooser=played.chooser,
        imposed_trump=game.imposed_trump(number),
    )
    settled = extras.extra_for(game).settled(game)
    context = {
        "view": view,
        "form": form,
        "number": number,
        "stored": stored,
        "needs_reason": settled,
        "back": back,
        # the last hand of a game won on trick points: its count at going out may be
        # added (or put right) here, and the result is then exact (RULES.md §6)
        "offers_at_out": view.over and number == len(view.rows) and view.result.out_on == "tricks",
    }
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        hand = keep_declared_kinds(
            storage.read_hand(stored.record), data["hand"], view.ruleset.weis
        )
        try:
            services.correct_hand(
                game,
                hand,
                number=number,
                version=data["version"],
                form_key=data["form_key"],
                author=author_of(request, game, data["reason"]),
            )
        except RulesError as error:
            form.add_problems(error.problems)
        except services.ReasonNeeded as needed:
            form.add_error("reason", str(needed))
        except services.StaleScreen as stale:
            messages.warning(request, str(stale))
            return redirect(
                with_return(reverse("scoring:correct_hand", args=[game.pk, number]), back)
            )
        else:
            messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
            return redirect(back or reverse("scoring:table", args=[game.pk]))
    status = 422 if form.is_bound else 200
    return remember_device(
        request, render(request, "scoring/kinds/team/correct.html", context, status=status)
    )


@require_POST
@signed_in_or_table_link
def undo_last_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = team_game(request, game_id, Role.SCORER)
    undo_last(request, game)
    if request.htmx:
        return _table(request, game_view(team_game(request, game.pk)))
    return redirect("scoring:table", game.pk)
