"""The Différenzler pages opened from the scorer's table for one hand (RULES.md §10):
the phone passed round for one player's estimate, the correction of a scored hand's
card points, and what the changes page shows of the estimates.

Nothing here ever puts an estimate of a hand not yet scored into a page or an answer,
except a seat's own estimate on that seat's phone.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.kind_views import Correction
from scoring.kinds.differenzler import estimates
from scoring.kinds.differenzler.forms import CorrectPointsForm, EstimateForm
from scoring.kinds.differenzler.presenter import diff_view
from scoring.kinds.differenzler.storage import read_hand
from scoring.kinds.differenzler.views.common import scorer_game
from scoring.models import Game, Hand, HandChange
from scoring.rules import RulesError
from scoring.services import Author, StaleScreen
from scoring.suits import trump_label
from scoring.views.common import device_name


@require_http_methods(["GET", "POST"])
def estimate_here(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    """The phone passed round: a blank screen where one player types their estimate;
    the box hides it at once, and the answer never shows it."""
    game = scorer_game(request, game_id)
    if not 0 <= seat <= 3:
        raise Http404
    name = game.seat_names()[seat]
    state = estimates.state(game)
    form = EstimateForm(request.POST or None, initial={"hand_number": state.number})
    if request.method == "POST" and form.is_valid():
        try:
            estimates.seal_estimate(
                game,
                form.cleaned_data["hand_number"],
                seat,
                form.cleaned_data["estimate"],
                device=device_name(request),
            )
        except RulesError as error:
            form.add_problems(error.problems)
        except StaleScreen as stale:
            messages.warning(request, str(stale))
            return redirect("scoring:table", game.pk)
        else:
            messages.success(
                request,
                _("Estimate of %(name)s sealed. Pass the phone on.") % {"name": name},
            )
            return redirect("scoring:table", game.pk)
    context = {"game": game, "name": name, "seat": seat, "form": form, "state": state}
    status = 422 if form.is_bound else 200
    return render(request, "scoring/kinds/differenzler/estimate.html", context, status=status)


class PointsCorrection(Correction[CorrectPointsForm]):
    """Put right the card points of a scored hand (``scoring:correct_hand`` for a
    Différenzler game): the scorer's, or the director's once a tournament table is
    settled, saying why."""

    template = "scoring/kinds/differenzler/correct.html"

    def form(
        self, request: HttpRequest, game: Game, stored: Hand, number: int
    ) -> tuple[CorrectPointsForm, dict[str, Any]]:
        played = read_hand(stored.record)
        initial = {
            "hand_number": number,
            "form_key": uuid.uuid4(),
            "version": estimates.points_version(stored),
            **{f"cards_{seat}": cards for seat, cards in enumerate(played.cards)},
        }
        names = game.seat_names()
        form = CorrectPointsForm(request.POST or None, initial=initial, seat_names=names)
        return form, {
            "view": diff_view(game),
            "trump": trump_label(played.trump, game.suit_style),
            "estimates": list(zip(names, played.estimates, strict=True)),
        }

    def save(self, game: Game, stored: Hand, form: CorrectPointsForm, author: Author) -> None:
        data = form.cleaned_data
        estimates.correct_points(
            game,
            stored.number,
            form.cards,
            version=data["version"],
            form_key=data["form_key"],
            author=author,
        )

    def refuse(self, form: CorrectPointsForm, error: RulesError) -> None:
        form.add_problems(error.problems)


correct_points = PointsCorrection().page


def history(game: Game, changes: list[HandChange]) -> dict[str, Any]:
    """What the changes page (``scoring:history``) shows of a Différenzler game besides
    its hands' changes: each seat's estimate and card points in them, by name, and the
    estimates' own record (sealed, changed, refused; a value once its hand is scored)."""
    seats = game.seat_names()
    for change in changes:
        for name in ("before", "after"):
            hand = getattr(change, name)
            if hand:
                hand["seats"] = list(zip(seats, hand["estimates"], hand["cards"], strict=True))
    return {
        "summary_template": "scoring/kinds/differenzler/hand_summary.html",
        "estimates": [
            {"change": change, "name": seats[change.seat], "value": value}
            for change, value in estimates.estimate_record(game)
        ],
    }
