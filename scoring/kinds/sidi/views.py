"""Sidi Barrani's pages: a new game, the table screen (the slates and the next hand's
form), recording a hand, correcting one, undoing the last, and the game's page. Thin
views on the generic ones of :mod:`scoring.kind_views`: parse with a form, call the
core's service (which counts the game through this kind's ``play``), render the page or,
for htmx, its part."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from scoring import services
from scoring.kind_views import (
    Correction,
    PresentedHands,
    Start,
    game_screen,
    start_game,
    start_page,
)
from scoring.models import Game, Hand
from scoring.rules import RulesError

from .forms import SidiHandForm
from .presenter import SidiView, present
from .start_form import StartSidiForm
from .storage import NAME, read_hand
from .words import DOUBLED, mode_label


class SidiHands(PresentedHands[SidiHandForm, SidiView]):
    """The table screen (``GameKind.table``: the slates, the next hand's form, the hands
    so far), recording a hand and taking the last one back (``scoring.kind_views``)."""

    kind = NAME
    form = SidiHandForm
    elsewhere = gettext_lazy("This page is for Sidi Barrani games.")

    def form_options(self, view: SidiView) -> dict[str, Any]:
        return {
            "ruleset": view.ruleset,
            "team_names": view.team_names,
            "number": view.next_number,
            "suit_style": view.game.suit_style,
        }

    def refuse(self, form: SidiHandForm, error: RulesError) -> None:
        form.add_problems(error.problems, form.cleaned_data.get("hand"))


HANDS = SidiHands(present)
record_hand = HANDS.record_view()
undo_last_hand = HANDS.undo_view()


class SidiCorrection(Correction[SidiHandForm]):
    """The correction of a hand (``GameKind.correct_hand``): its form again, holding
    what was stored."""

    template = "scoring/kinds/sidi/correct.html"

    def form(
        self, request: HttpRequest, game: Game, stored: Hand, number: int
    ) -> tuple[SidiHandForm, dict[str, Any]]:
        view = present(game)
        version = services.hand_version(stored)
        initial = SidiHandForm.initial_for(
            number, view.hands[number - 1], version, view.ruleset.weis
        )
        options = {**HANDS.form_options(view), "number": number}
        return SidiHandForm(request.POST or None, initial=initial, **options), {
            "view": view,
            "action": "",
        }

    def corrected(self, game: Game, stored: Hand, form: SidiHandForm) -> Any:
        """The hand as corrected, keeping the bidder a file named."""
        hand = form.cleaned_data["hand"]
        bidder = read_hand(stored.record).bidder
        if bidder is None:
            return hand
        return replace(hand, bidder=bidder)

    def refuse(self, form: SidiHandForm, error: RulesError) -> None:
        form.add_problems(error.problems, form.cleaned_data.get("hand"))


correct_hand = SidiCorrection().page


def history(game: Game, changes: list[Any]) -> dict[str, Any]:
    """What the changes page shows of a Sidi hand: its contract and points, in words."""
    view = present(game)
    for change in changes:
        for name in ("before", "after"):
            record = getattr(change, name)
            if record:
                hand = read_hand(record)
                doubled = DOUBLED.get(hand.double, "")
                contract = [
                    f"{view.team_names[hand.team]} ·",
                    str(mode_label(hand.trump, game.suit_style)),
                    str(hand.bid),
                    str(doubled),
                ]
                cards = " : ".join(str(points) for points in hand.cards or ())
                record["said"] = f"{' '.join(part for part in contract if part)} · {cards}"
    return {"summary_template": "scoring/kinds/sidi/hand_summary.html"}


def game_page(request: HttpRequest, game: Game) -> HttpResponse:
    """The game's page (``GameKind.game_page``): the slates, the outcome, every hand."""
    return game_screen(request, game, present(game), "scoring/kinds/sidi/game.html")


def _initial(request: HttpRequest, clubs: list[Any]) -> dict[str, Any]:
    """The club asked for (``?club=``), else the first: its suits."""
    chosen = next((club for club in clubs if club.slug == request.GET.get("club")), clubs[0])
    return {"club": chosen, "suit_style": chosen.suit_style}


# A new Sidi Barrani game: a preset and the four players; sent twice, one game
new_game = start_page(
    Start(StartSidiForm, start_game, "scoring/kinds/sidi/new_game.html", initial=_initial)
)
