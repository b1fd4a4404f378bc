"""The Différenzler table (RULES.md §10): the scorer's screen, the hand being played
(trump, start, card points, reopening the last hand) and the screen's live poll.
Each player's own phone is in ``seats``; the phone passed round and
the correction of a scored hand in ``estimates``.

Nothing here ever puts an estimate of a hand not yet scored into a page or an answer,
except a seat's own estimate on that seat's phone.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_POST

from jassclub.qr import qr_svg
from scoring import extras
from scoring.forms import problem_message
from scoring.kind_views import Poll, Start, form_fields, from_htmx, poll_page, start_page
from scoring.kinds.differenzler import estimates
from scoring.kinds.differenzler.forms import (
    PointsForm,
    ReopenForm,
    StartDifferenzlerForm,
    TrumpForm,
)
from scoring.kinds.differenzler.presenter import DiffView, diff_view
from scoring.kinds.differenzler.views.common import POLL, scorer_game, version_of
from scoring.models import Game, SeatLink
from scoring.rules import RulesError
from scoring.services import Author, StaleScreen
from scoring.suits import trump_label
from scoring.views.common import (
    author_of,
    can_score,
    device_name,
    game_for,
    posted_number,
    remember_device,
)


def _start(request: HttpRequest, data: dict[str, Any]) -> Game:
    named = ("club", "name", "players", "hands", "trumps", "played_on", "suit_style", "form_key")
    author = Author(device=device_name(request), user=request.user)
    return estimates.start_game(author=author, **form_fields(data, *named))


new_game = start_page(
    Start(StartDifferenzlerForm, _start, "scoring/kinds/differenzler/new_game.html")
)


# -- the scorer's screen ----------------------------------------------------------------


def _scorer_version(
    game: Game, view: DiffView, state: estimates.TableState, links: Iterable[SeatLink]
) -> str:
    """What the scorer's screen shows: the game, the hand being played, a tournament
    table's signatures, and which seats a phone holds."""
    held = "".join(sorted(str(link.seat) for link in links if link.holder))
    return version_of(view, state, extra=f"{extras.extra_for(game).version(game)}|{held}")


def _qr(request: HttpRequest, link: SeatLink) -> str:
    url = request.build_absolute_uri(link.get_absolute_url())
    return qr_svg(url)


def screen(request: HttpRequest, game: Game, status: int = 200, **forms: Any) -> HttpResponse:
    """Différenzler's table screen as the core asks for it (``GameKind.table``): its
    scorers'; others see the game (a settled table shows its result)."""
    if status == 200 and not can_score(request, game) and not extras.extra_for(game).held(game):
        return redirect("scoring:game", game.pk)
    return table(request, game, status=status, **forms)


def game_page(request: HttpRequest, game: Game) -> HttpResponse:
    """A Différenzler game's page (``GameKind.game_page``)."""
    context = {"view": diff_view(game), "can_score": can_score(request, game)}
    return render(request, "scoring/kinds/differenzler/game.html", context)


def table(
    request: HttpRequest,
    game: Game,
    status: int = 200,
    scored: estimates.Scored | None = None,
    **forms: object,
) -> HttpResponse:
    """The scorer's screen: the standings, the hand being played (trump, who has
    estimated, start), then its card points; the seats' QR codes. After a hand's
    points (``scored``): drawn from what the service read and stored."""
    if scored is not None and scored.hands is not None:
        view = diff_view(game, scored.hands)
        state = scored.state(game)
    else:
        view = diff_view(game)
        state = estimates.state(game, view.hands_played)
    if scored is not None and scored.hands is not None:
        links = scored.links  # as read with the game's row locked
    else:
        links = {link.seat: link for link in game.seat_links.filter(revoked_at__isnull=True)}
    extra = extras.extra_for(game)  # a tournament table: its signatures once it is over
    private = extra.seats_private(game)  # the seat codes are on the players' own slips
    version = _scorer_version(game, view, state, links.values())
    context = {
        **extra.screen(request, view, **forms),
        "settled": extra.held(game),
        "view": view,
        "state": state,
        "trumps": [trump_label(t, game.suit_style) for t in view.ruleset.trumps],
        "trump": trump_label(state.trump, game.suit_style) if state.trump else None,
        "seats": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "estimated": seat.seat in state.estimated,
                "held": seat.seat in links and bool(links[seat.seat].holder),
                "qr": _qr(request, links[seat.seat])
                if seat.seat in links and not private
                else None,
            }
            for seat in view.seats
        ],
        "codes": bool(links),
        "private": private,
        "points": forms.get("points")
        or PointsForm(
            initial={"hand_number": state.number, "form_key": uuid.uuid4()},
            seat_names=view.team_names,
        ),
        "trump_form": forms.get("trump_form"),
        "reopen": ReopenForm(initial={"hand_number": view.hands_played, "form_key": uuid.uuid4()}),
        "refused": forms.get("refused"),
        "poll_url": reverse("scoring:differenzler_live", args=[game.pk])
        + "?"
        + urlencode({"shown": version}),
        "poll": POLL,
    }
    template = (
        "scoring/kinds/differenzler/table.html#diff-table"
        if from_htmx(request)
        else "scoring/kinds/differenzler/table.html"
    )
    response = render(
        request, template, context, status=status
    )  # htmx too: base.html swaps 409 and 422
    return remember_device(request, response)


def _back(request: HttpRequest, game: Game, **forms: Any) -> HttpResponse:
    """The scorer's screen after an action: drawn again from the database (the game
    was read, hands prefetched, before the action changed them), or a redirect."""
    if not forms and not from_htmx(request):
        return redirect("scoring:table", game.pk)
    game = Game.objects.with_everything().get(pk=game.pk)
    points = forms.get("points")
    if isinstance(points, PointsForm):  # checked before the seats' names were read
        points.name_seats(game.seat_names())
    return table(request, game, status=422 if forms else 200, **forms)


def _refused(error: RulesError) -> list[str]:
    return [problem_message(problem) for problem in error.problems]


def _act(request: HttpRequest, game: Game, action: Callable[[], object]) -> HttpResponse:
    """The scorer's screen after ``action`` (a service of the hand being played): again,
    with why when it was refused, or saying that the screen was out of date."""
    try:
        action()
    except RulesError as error:
        return _back(request, game, refused=_refused(error))
    except StaleScreen as stale:
        messages.warning(request, str(stale))
    return _back(request, game)


@require_POST
def choose_trump(request: HttpRequest, game_id: int) -> HttpResponse:
    game = scorer_game(request, game_id)
    form = TrumpForm(request.POST)
    if not form.is_valid():
        return _back(request, game, trump_form=form)
    data = form.cleaned_data
    trump = None if data["draw"] else data["trump"]
    return _act(request, game, lambda: estimates.choose_trump(game, data["hand_number"], trump))


@require_POST
def start_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = scorer_game(request, game_id)
    number = posted_number(request)
    return _act(request, game, lambda: estimates.start_hand(game, number, game.seat_names()))


@require_POST
def reopen_last_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = scorer_game(request, game_id)
    form = ReopenForm(request.POST)
    if not form.is_valid():
        return _back(request, game)
    data = form.cleaned_data
    author = author_of(request, game)
    return _act(
        request,
        game,
        lambda: estimates.reopen_last_hand(
            game, data["hand_number"], form_key=data["form_key"], author=author
        ),
    )


@require_POST
def record_points(request: HttpRequest, game_id: int) -> HttpResponse:
    game = scorer_game(request, game_id, everything=False)  # the service reads the rest
    form = PointsForm(request.POST)  # its boxes are named by the screen drawn after it
    if not form.is_valid():
        return _back(request, game, points=form)
    data = form.cleaned_data
    try:
        scored = estimates.score_hand(
            game,
            data["hand_number"],
            form.cards,
            form_key=data["form_key"],
            author=author_of(request, game),
        )
    except RulesError as error:
        form.add_problems(error.problems)
        return _back(request, game, points=form)
    except StaleScreen as stale:
        messages.warning(request, str(stale))
        return _back(request, game)
    if scored.hands is None or not from_htmx(request):  # sent before, or a plain form
        return _back(request, game)
    return table(request, game, scored=scored)  # the game as read with the hand, no reload


# -- live polls ----------------------------------------------------------------------------


def _polled(request: HttpRequest, game_id: int) -> Game:
    game = game_for(request, game_id)
    if not game.individual:
        raise Http404
    return game


def _version(game: Game) -> str:
    view = diff_view(game)
    links = game.seat_links.filter(revoked_at__isnull=True)
    return _scorer_version(game, view, estimates.state(game, view.hands_played), links)


# The scorer's screen's poll; also a settled tournament table's, which its phone still
# shows but no longer scores
live = require_GET(
    poll_page(
        Poll(
            "scoring:differenzler_live",
            "scoring:table",
            "#diff-table",
            version=_version,
            game=_polled,
            trigger=POLL,
        )
    )
)
