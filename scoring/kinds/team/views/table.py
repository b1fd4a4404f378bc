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

from clubs.models import Role
from scoring import evenings, extras, services
from scoring.kind_views import (
    Correction,
    HandPages,
    HtmxHttpRequest,
    from_htmx,
    kept_words,
    of_kind,
)
from scoring.kinds.team import NAME, rules, storage
from scoring.kinds.team.hand_form import HandForm, UndoForm
from scoring.kinds.team.presenter import GameView, game_view, seat_names
from scoring.kinds.team.views.common import ELSEWHERE
from scoring.kinds.team.weis_entry import keep_declared_kinds
from scoring.models import Game, Hand
from scoring.rules import RulesError
from scoring.views.common import can_score, check, remember_device


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
        # the evening's tally of the game's players (RULES.md §12), inside #table: drawn
        # with the whole page, with every hand's answer and with the live poll's, so it
        # follows each hand (and kept with the page offline, where team_offline.js adds
        # the waiting hands' provisional Striche to it)
        "evening": evenings.game_snapshot(view.game) if request.user.is_authenticated else None,
        **extra.screen(request, view, **extra_forms),
    }
    template = (
        "scoring/kinds/team/table.html#table"
        if from_htmx(request)
        else "scoring/kinds/team/table.html"
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


class TeamHands(HandPages[HandForm]):
    """Recording a hand and taking the last one back (``scoring.kind_views``)."""

    kind = NAME
    elsewhere = ELSEWHERE

    def recording(self, request: HtmxHttpRequest, game_id: int) -> Game:
        # The hands are read once, locked, by the service; the page is drawn from what
        # it returns (a fixed, small number of queries on hand 1 as on hand 40).
        game = get_object_or_404(
            # the club's Strich table too: how it ranks the evening whose tally the
            # answer carries (the evening's rows are then one query more)
            Game.objects.prefetch_related("teams__players").select_related(
                "club__strich_table", *extras.related()
            ),
            pk=game_id,
        )
        return check(request, of_kind(game, NAME, ELSEWHERE), Role.SCORER)

    def hand_form(self, request: HtmxHttpRequest, game: Game, number: int) -> HandForm:
        teams = sorted(game.teams.all(), key=lambda team: team.index)
        return HandForm(
            request.POST,
            ruleset=game.rules,
            team_names=(teams[0].name, teams[1].name),
            suit_style=game.suit_style,
            chooser=seat_names(teams)[rules.chooser(game.first_chooser, number)],
            imposed_trump=game.imposed_trump(number),
        )

    def table(
        self, request: HtmxHttpRequest, game: Game, form: HandForm | None = None, status: int = 200
    ) -> HttpResponse:
        return _table(request, game_view(game), form, status=status)

    def refuse(self, form: HandForm, error: RulesError) -> None:
        form.add_problems(error.problems)

    def record_options(self, form: HandForm) -> dict[str, Any]:
        return {"confirm": form.confirm}

    def recorded(self, request: HtmxHttpRequest, game: Game, done: services.Done) -> HttpResponse:
        return _table(request, game_view(game, done.hands, done.result))

    def stale(
        self, request: HtmxHttpRequest, game: Game, form: HandForm, number: int, why: str
    ) -> HttpResponse:
        """A hand refused as sent from a screen out of date (another phone recorded or
        undid a hand meanwhile): the game as it is now and, while it goes on, what was
        typed offered as the next hand, with a new key, to check and save."""
        view = game_view(game)
        if view.over:
            messages.warning(request, why)
            if not request.htmx:
                return redirect("scoring:table", game.pk)
            return _table(request, view, status=409)
        messages.warning(request, kept_words(number, view.next_number, why))
        return _table(request, view, _typed_again(form, view), status=409)


HANDS = TeamHands()
record_hand = HANDS.record_view()
undo_last_hand = HANDS.undo_view()


# What is not carried to the next hand: the form's own keys, and who went out first,
# which answers a question of the refused hand's totals (the engine asks it again).
NOT_TYPED_AGAIN = ("hand_number", "form_key", "version", "reason", "out_first", "berg_first")


def _typed_again(form: HandForm, view: GameView) -> HandForm:
    """The next hand's form holding what ``form`` had typed: trump, points and whose,
    match, Weis, Stöck, Chibré; a new form key, so that saving records one hand."""
    initial = HandForm.initial_for(view.next_number)
    for name, value in form.cleaned_data.items():
        if name in form.fields and name not in NOT_TYPED_AGAIN and value is not None:
            initial[name] = value if isinstance(value, bool) else str(value)
    return _hand_form(view, initial)


class TeamCorrection(Correction[HandForm]):
    """The team game's correction of a hand (``GameKind.correct_hand`` of the team
    game): the hand's form again, what was stored in it."""

    template = "scoring/kinds/team/correct.html"

    def form(
        self, request: HttpRequest, game: Game, stored: Hand, number: int
    ) -> tuple[HandForm, dict[str, Any]]:
        view = game_view(game)
        played = storage.read_hand(stored.record)
        version = services.hand_version(stored)
        form = HandForm(
            request.POST or None,
            initial=HandForm.initial_for(number, played, version, view.ruleset.weis),
            ruleset=view.ruleset,
            team_names=view.team_names,
            suit_style=game.suit_style,
            chooser=played.chooser,
            imposed_trump=game.imposed_trump(number),
        )
        # the last hand of a game won on trick points: its count at going out may be
        # added (or put right) here, and the result is then exact (RULES.md §6)
        at_out = view.over and number == len(view.rows) and view.result.out_on == "tricks"
        return form, {"view": view, "stored": stored, "offers_at_out": at_out}

    def corrected(self, game: Game, stored: Hand, form: HandForm) -> Any:
        """The hand as corrected: the Weis as declared (their kinds) kept."""
        hand = form.cleaned_data["hand"]
        return keep_declared_kinds(storage.read_hand(stored.record), hand, game.rules.weis)

    def refuse(self, form: HandForm, error: RulesError) -> None:
        form.add_problems(error.problems)


team_correct_hand = TeamCorrection().page
