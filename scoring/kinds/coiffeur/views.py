"""Coiffeur's pages: a new game, the table screen (the sheet and the next hand's form),
recording a hand, correcting one, undoing the last, and the game's page. Thin views:
parse with a form, call a service (the core's, which count the sheet through this
kind's ``play``), render the page or, for htmx, its part."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.models import Role
from jassclub.accounts import typed_by_someone_else
from scoring import extras, registry, services
from scoring.forms import UndoForm
from scoring.models import Game
from scoring.presenters import game_version
from scoring.rules import RulesError
from scoring.views.common import (
    author_of,
    can_score,
    game_for,
    member_names,
    posted_number,
    remember_device,
    return_to,
    signed_in_or_table_link,
    starting_clubs,
    undo_last,
    with_return,
)

from .forms import CoiffeurHandForm
from .labels import RowLabel, kind_name, row_label
from .presenter import SheetView, sheet_view, shown
from .rules import CoiffeurHand, cell
from .start_form import StartCoiffeurForm
from .storage import NAME, hands_of, ruleset_of, sides_of

TABLE = "scoring/kinds/coiffeur/table.html"


@dataclass(frozen=True)
class CoiffeurView:
    """A Coiffeur game as the lists of games and its pages show it."""

    game: Game
    sheet: SheetView
    hands: tuple[CoiffeurHand, ...]
    card_template: str = "scoring/kinds/coiffeur/card.html"

    @property
    def over(self) -> bool:
        return self.sheet.over

    @property
    def hands_played(self) -> int:
        return len(self.hands)

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(side.name for side in self.sheet.sides)

    @property
    def version(self) -> str:
        return game_version(self.game, list(self.hands))

    @property
    def screen_state(self) -> dict[str, Any]:
        """What the table screen's script needs to count waiting hands on the phone
        (coiffeur_offline.js, offline.js): the ruleset and the hands as the game file
        writes them, the sides' names, the next hand, when the page was drawn
        (milliseconds; the newer of two kept copies wins), where a hand is sent."""
        kind = registry.named(NAME)
        return {
            "ruleset": self.sheet.ruleset.to_dict(),
            "hands": [kind.write_hand(hand) for hand in self.hands],
            "teams": list(self.side_names),
            "next": len(self.hands) + 1,
            "over": self.over,
            "drawn": int(time.time() * 1000),
            "record": reverse("scoring:coiffeur_record_hand", args=[self.game.pk]),
            "worker": reverse("scoring:service_worker"),
            "draw": _("The sheet is full: a draw — waiting to be sent."),
        }

    @property
    def last_number(self) -> int:
        return len(self.hands)

    @property
    def hand_rows(self) -> list[HandRow]:
        """Every hand in order: its side, its row, and what it wrote in its cell."""
        describe = describer(self.game, self.side_names)
        return [describe(number, hand) for number, hand in enumerate(self.hands, start=1)]


def describer(game: Game, side_names: tuple[str, ...]):
    """(number, hand) → its :class:`HandRow`, in the game's words."""
    ruleset = ruleset_of(game)
    labels = {row[0]: row_label(row, game.suit_style) for row in ruleset.rows}

    def describe(number: int, hand: CoiffeurHand) -> HandRow:
        written = shown(cell(ruleset, hand))
        what = kind_name(hand.outcome)
        if hand.outcome == "cards":
            text = f"{hand.cards} → {written}"
        elif hand.struck:
            text = f"{what} (0)"
        else:
            text = f"{what}: {written}"
        return HandRow(number, side_names[hand.team], labels[hand.row], text)

    return describe


@dataclass(frozen=True)
class HandRow:
    number: int
    side: str
    row: RowLabel
    text: str


def present(game: Game, hands: list[CoiffeurHand] | None = None) -> CoiffeurView:
    """The game (teams, players and hands prefetched; ``hands``: as a service returned
    them)."""
    played = hands_of(game) if hands is None else hands
    names = [side.name for side in sides_of(game)]
    sheet = sheet_view(ruleset_of(game), played, names, game.suit_style)
    return CoiffeurView(game, sheet, tuple(played))


def _own(request: HttpRequest, game_id: int, needed: str, *, everything: bool = True) -> Game:
    """A Coiffeur game the user may see (and do what ``needed`` allows); 404 for a game
    of another kind."""
    game = game_for(request, game_id, needed, everything=everything)
    if registry.of(game.ruleset).name != NAME:
        raise Http404(_("This page is for Coiffeur games."))
    return game


def _hand_form(view: CoiffeurView, data: Any = None, initial: dict[str, Any] | None = None):
    return CoiffeurHandForm(
        data,
        initial=initial or CoiffeurHandForm.initial_for(view.last_number + 1),
        ruleset=view.sheet.ruleset,
        hands=view.hands,
        side_names=view.side_names,
        suit_style=view.game.suit_style,
    )


def table(
    request: HttpRequest,
    game: Game,
    status: int = 200,
    form: CoiffeurHandForm | None = None,
    view: CoiffeurView | None = None,
    **extra_forms: Any,
) -> HttpResponse:
    """The table screen (``GameKind.table``): the sheet, whose turn it is, the next
    hand's form; for htmx, its part."""
    view = view or present(game)
    context = {
        "view": view,
        "sheet": view.sheet,
        "can_score": can_score(request, game),
        "form": form or _hand_form(view),
        "action": reverse("scoring:coiffeur_record_hand", args=[game.pk]),
        "undo": UndoForm(initial={"hand_number": view.last_number, "form_key": uuid.uuid4()}),
        "poll_url": reverse("scoring:live", args=[game.pk]) + f"?where=table&shown={view.version}",
    }
    template = f"{TABLE}#table" if request.htmx else TABLE
    # htmx swaps a 200 only: a refused hand comes back as the screen with its message
    response = render(
        request, template, context, status=status
    )  # htmx too: base.html swaps 409 and 422
    return remember_device(request, response)


@require_POST
@signed_in_or_table_link
def record_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _own(request, game_id, Role.SCORER)
    number = posted_number(request)
    view = present(game)
    if typed_by_someone_else(request):
        messages.error(
            request,
            _(
                "Hand %(number)s was typed by someone else who used this phone: it was not "
                "recorded under your name."
            )
            % {"number": number},
        )
        return table(request, game, status=403, view=view)
    form = _hand_form(view, request.POST)
    if not form.is_valid():
        return table(request, game, status=422, form=form, view=view)
    data = form.cleaned_data
    try:
        done = services.record_hand(
            game,
            data["hand"],
            number=data["hand_number"],
            form_key=data["form_key"],
            author=author_of(request, game),
        )
    except RulesError as error:
        form.add_problems(error.problems, data["hand"])
        return table(request, game, status=422, form=form, view=view)
    except services.StaleScreen as stale:
        messages.warning(request, str(stale))
        if not request.htmx:
            return redirect("scoring:table", game.pk)
        return table(request, _own(request, game.pk, Role.SCORER), status=409)
    if not request.htmx:
        return redirect("scoring:table", game.pk)
    kind = registry.named(NAME)
    hands = [kind.read_hand(hand.record) for hand in done.hands]
    return table(request, game, view=present(game, hands))


@require_POST
@signed_in_or_table_link
def undo_last_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _own(request, game_id, Role.SCORER)
    undo_last(request, game)
    if request.htmx:
        return table(request, _own(request, game.pk, Role.SCORER))
    return redirect("scoring:table", game.pk)


def correct_hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """The correction of hand ``number`` (``GameKind.correct_hand``): its form again,
    holding what was stored, its own cell open."""
    back = return_to(request)
    view = present(game)
    stored = next((hand for hand in game.hands.all() if hand.number == number), None)
    if stored is None:
        messages.warning(request, _("Hand %(number)s does not exist.") % {"number": number})
        return redirect(back or reverse("scoring:table", args=[game.pk]))
    played = view.hands[number - 1]
    form = CoiffeurHandForm(
        request.POST or None,
        initial=CoiffeurHandForm.initial_for(number, played, services.hand_version(stored)),
        ruleset=view.sheet.ruleset,
        hands=view.hands,
        side_names=view.side_names,
        number=number,
        chooser=played.chooser,
        suit_style=game.suit_style,
    )
    needs_reason = extras.extra_for(game).settled(game)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.correct_hand(
                game,
                data["hand"],
                number=number,
                version=data["version"],
                form_key=data["form_key"],
                author=author_of(request, game, data["reason"]),
            )
        except RulesError as error:
            form.add_problems(error.problems, data["hand"])
        except services.ReasonNeeded as needed:
            form.add_error("reason", str(needed))
        except services.StaleScreen as stale:
            messages.warning(request, str(stale))
            here = reverse("scoring:correct_hand", args=[game.pk, number])
            return redirect(with_return(here, back))
        else:
            messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
            return redirect(back or reverse("scoring:table", args=[game.pk]))
    context = {
        "view": view,
        "sheet": view.sheet,
        "form": form,
        "number": number,
        "needs_reason": needs_reason,
        "back": back,
        "action": "",
    }
    status = 422 if form.is_bound else 200
    page = render(request, "scoring/kinds/coiffeur/correct.html", context, status=status)
    return remember_device(request, page)


def history(game: Game, changes: list[Any]) -> dict[str, Any]:
    """What the changes page shows of a Coiffeur hand: its side, row and cell, in words
    (``GameKind.history``)."""
    describe = describer(game, tuple(side.name for side in sides_of(game)))
    kind = registry.named(NAME)
    for change in changes:
        for name in ("before", "after"):
            record = getattr(change, name)
            if record:
                record["said"] = describe(change.hand_number, kind.read_hand(record))
    return {"summary_template": "scoring/kinds/coiffeur/hand_summary.html"}


def game_page(request: HttpRequest, game: Game) -> HttpResponse:
    """The game's page (``GameKind.game_page``): the sheet, the hands in order, and the
    links to its changes, game file and sharing."""
    view = present(game)
    context = {
        "view": view,
        "sheet": view.sheet,
        "can_score": can_score(request, game),
        "poll_url": reverse("scoring:live", args=[game.pk]) + f"?where=game&shown={view.version}",
    }
    return render(request, "scoring/kinds/coiffeur/game.html", context)


def spectate(request: HttpRequest, game: Game, poll: str) -> HttpResponse:
    """The sheet, read-only, for whoever holds a spectator link (``GameKind.spectate``):
    its page without the scorers' links, following the game through ``poll``."""
    view = present(game)
    context = {
        "view": view,
        "sheet": view.sheet,
        "spectator": True,
        "poll_url": f"{poll}?shown={view.version}",
    }
    return render(request, "scoring/kinds/coiffeur/game.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """A new Coiffeur game: the sheet and the sides; the same form sent twice starts
    one game."""
    clubs = starting_clubs(request)
    initial = {"club": clubs[0], "suit_style": clubs[0].suit_style}
    form = StartCoiffeurForm(request.POST or None, clubs=clubs, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = services.start_once(
            data["record"],
            club=data["club"],
            suit_style=data["suit_style"],
            form_key=data["form_key"],
        )
        return redirect("scoring:table", game.pk)
    context = {"form": form, "members": member_names(clubs)}
    status = 422 if form.is_bound else 200
    return render(request, "scoring/kinds/coiffeur/new_game.html", context, status=status)
