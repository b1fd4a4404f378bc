"""Coiffeur's pages: a new game, the table screen (the sheet and the next hand's form),
recording a hand, correcting one, undoing the last, and the game's page. Thin views:
parse with a form, call a service (the core's, which count the sheet through this
kind's ``play``), render the page or, for htmx, its part."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import registry, services
from scoring.kind_views import (
    Correction,
    PresentedHands,
    Start,
    game_screen,
    start_game,
    start_page,
)
from scoring.models import Game, Hand
from scoring.presenters import HandsSoFar
from scoring.rules import RulesError

from .forms import CoiffeurHandForm
from .labels import RowLabel, kind_name, row_label
from .presenter import SheetView, sheet_view, shown
from .rules import CoiffeurHand, cell
from .start_form import StartCoiffeurForm
from .storage import NAME, hands_of, ruleset_of, sides_of


@dataclass(frozen=True)
class CoiffeurView(HandsSoFar):
    """A Coiffeur game as the lists of games and its pages show it."""

    game: Game
    sheet: SheetView
    hands: tuple[CoiffeurHand, ...]
    card_template: str = "scoring/kinds/coiffeur/card.html"

    @property
    def over(self) -> bool:
        return self.sheet.over

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(side.name for side in self.sheet.sides)

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
    def said(self) -> str:
        """What the game page's polite status line says when the live poll brings it
        anew (said.js): the last hand and the totals, and when the sheet is full."""
        if not self.hands:
            return ""
        last = self.hand_rows[-1]
        said = _("Hand %(number)s recorded: %(hand)s. Totals %(totals)s.") % {
            "number": last.number,
            "hand": _("%(label)s: %(value)s")
            % {"label": f"{last.row} · {last.side}", "value": last.text},
            "totals": " : ".join(side.total_text for side in self.sheet.sides),
        }
        return f"{said} {_('Game over.')}" if self.over else said

    @property
    def hand_rows(self) -> list[HandRow]:
        """Every hand in order: its side, its row, and what it wrote in its cell."""
        describe = describer(self.game, self.side_names)
        return [describe(number, hand) for number, hand in enumerate(self.hands, start=1)]


def describer(game: Game, side_names: tuple[str, ...]) -> Callable[[int, CoiffeurHand], HandRow]:
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
            text = _("%(label)s: %(value)s") % {"label": what, "value": written}
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


class CoiffeurHands(PresentedHands[CoiffeurHandForm, CoiffeurView]):
    """The table screen (``GameKind.table``: the sheet, whose turn it is, the next
    hand's form), recording a hand and taking the last one back
    (``scoring.kind_views``)."""

    kind = NAME
    form = CoiffeurHandForm
    elsewhere = gettext_lazy("This page is for Coiffeur games.")

    def form_options(self, view: CoiffeurView) -> dict[str, Any]:
        return {
            "ruleset": view.sheet.ruleset,
            "hands": view.hands,
            "side_names": view.side_names,
            "suit_style": view.game.suit_style,
        }

    def refuse(self, form: CoiffeurHandForm, error: RulesError) -> None:
        form.add_problems(error.problems, form.cleaned_data["hand"])

    def shows(self, view: CoiffeurView, refused: str = "", **given: Any) -> dict[str, Any]:
        """The sheet; a hand refused once the sheet is full (``refused``: why) is said
        where the form was."""
        return {"sheet": view.sheet, "refused": refused}

    def kept(
        self, view: CoiffeurView, form: CoiffeurHandForm, number: int, why: str
    ) -> dict[str, Any]:
        """Below the sheet, focused (coiffeur_form.js), why, with what was typed:
        offered again as the next hand while the sheet is open, checked against it
        (the row may be filled now), or named when the sheet is full."""
        if view.over:  # the form says no more than that the sheet is full
            full = _(
                "Hand %(number)s was already recorded on another phone, and the sheet is full."
            )
            return {"refused": full % {"number": number}}
        return super().kept(view, form, number, why)


HANDS = CoiffeurHands(present)
record_hand = HANDS.record_view()
undo_last_hand = HANDS.undo_view()


class CoiffeurCorrection(Correction[CoiffeurHandForm]):
    """The correction of a hand (``GameKind.correct_hand``): its form again, holding
    what was stored, its own cell open."""

    template = "scoring/kinds/coiffeur/correct.html"

    def form(
        self, request: HttpRequest, game: Game, stored: Hand, number: int
    ) -> tuple[CoiffeurHandForm, dict[str, Any]]:
        view = present(game)
        played = view.hands[number - 1]
        # the hand corrected, its own cell open: its number and who chose its row
        options = {**HANDS.form_options(view), "number": number, "chooser": played.chooser}
        initial = CoiffeurHandForm.initial_for(number, played, services.hand_version(stored))
        form = CoiffeurHandForm(request.POST or None, initial=initial, **options)
        return form, {"view": view, "sheet": view.sheet, "action": ""}

    def refuse(self, form: CoiffeurHandForm, error: RulesError) -> None:
        form.add_problems(error.problems, form.cleaned_data["hand"])


correct_hand = CoiffeurCorrection().page


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
    return game_screen(request, game, view, "scoring/kinds/coiffeur/game.html", sheet=view.sheet)


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


# A new Coiffeur game: the sheet and the sides; the same form sent twice starts one game
new_game = start_page(Start(StartCoiffeurForm, start_game, "scoring/kinds/coiffeur/new_game.html"))
