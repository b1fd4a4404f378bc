"""Guggitaler's pages: a new game, the table screen (the sheet and the next hand's
counts), recording a hand, correcting one, undoing the last, and the game's page. Thin
views on the generic ones of :mod:`scoring.kind_views`: parse with a form, call the
core's service (which counts the game through this kind's ``play``), render the page
or, for htmx, its part."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from scoring import registry, services
from scoring.kind_views import (
    Correction,
    HtmxHttpRequest,
    PresentedHands,
    Start,
    game_screen,
    start_game,
    start_page,
)
from scoring.models import Game, Hand
from scoring.rules import RulesError

from .forms import GuggiHandForm
from .presenter import GuggiView, present
from .start_form import StartGuggitalerForm
from .storage import NAME, names_of
from .words import hand_name


class GuggiHands(PresentedHands[GuggiHandForm, GuggiView]):
    """The table screen (``GameKind.table``: the sheet, the totals, the next hand's
    counts), recording a hand and taking the last one back (``scoring.kind_views``)."""

    kind = NAME
    form = GuggiHandForm
    elsewhere = gettext_lazy("This page is for Guggitaler games.")

    def form_options(self, view: GuggiView) -> dict[str, Any]:
        return {"ruleset": view.ruleset, "names": view.names, "number": view.next_number}

    def hand_form(self, request: HtmxHttpRequest, game: Game, number: int) -> GuggiHandForm:
        view = present(game)
        return GuggiHandForm(request.POST, ruleset=view.ruleset, names=view.names, number=number)

    def refuse(self, form: GuggiHandForm, error: RulesError) -> None:
        form.add_problems(error.problems)


HANDS = GuggiHands(present)
record_hand = HANDS.record_view()
undo_last_hand = HANDS.undo_view()


class GuggiCorrection(Correction[GuggiHandForm]):
    """The correction of a hand (``GameKind.correct_hand``): its counts again."""

    template = "scoring/kinds/guggitaler/correct.html"

    def form(
        self, request: HttpRequest, game: Game, stored: Hand, number: int
    ) -> tuple[GuggiHandForm, dict[str, Any]]:
        view = present(game)
        initial = GuggiHandForm.initial_for(
            number, view.hands[number - 1], services.hand_version(stored)
        )
        options = {**HANDS.form_options(view), "number": number}  # the hand corrected
        return GuggiHandForm(request.POST or None, initial=initial, **options), {
            "view": view,
            "action": "",
        }

    def refuse(self, form: GuggiHandForm, error: RulesError) -> None:
        form.add_problems(error.problems)


correct_hand = GuggiCorrection().page


def history(game: Game, changes: list[Any]) -> dict[str, Any]:
    """What the changes page shows of a Guggitaler hand: its name and each player's
    count (``GameKind.history``)."""
    names = names_of(game)
    kind = registry.named(NAME)
    for change in changes:
        for when in ("before", "after"):
            record = getattr(change, when)
            if record:
                hand = kind.read_hand(record)
                typed = (hand.counts or hand.places) or ()
                record["said"] = {
                    "name": hand_name(hand.category),
                    "typed": ", ".join(f"{n} {v}" for n, v in zip(names, typed, strict=False)),
                }
    return {"summary_template": "scoring/kinds/guggitaler/hand_summary.html"}


def game_page(request: HttpRequest, game: Game) -> HttpResponse:
    """The game's page (``GameKind.game_page``): the sheet, the totals and the winner,
    and the links to its changes and game file."""
    return game_screen(request, game, present(game), "scoring/kinds/guggitaler/game.html")


# A new Guggitaler game: the ruleset and the players; the same form sent twice starts one
new_game = start_page(
    Start(StartGuggitalerForm, start_game, "scoring/kinds/guggitaler/new_game.html")
)
