"""The Différenzler seats (RULES.md §10): the seat links the scorer makes, and each
player's own phone (a seat link, no account) with its live poll.

Nothing here ever puts an estimate of a hand not yet scored into a page or an answer,
except a seat's own estimate on that seat's phone.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import extras
from scoring.kind_views import from_htmx
from scoring.kinds.differenzler import estimates
from scoring.kinds.differenzler.forms import EstimateForm
from scoring.kinds.differenzler.presenter import DiffView, diff_view
from scoring.kinds.differenzler.views.common import POLL, scorer_game, version_of
from scoring.models import Game, SeatLink
from scoring.rules import RulesError
from scoring.services import StaleScreen
from scoring.suits import trump_label
from scoring.views.common import author_of, device_name, poll_answer


def _seats_game(request: HttpRequest, game_id: int) -> Game:
    """A game whose seat links the scorer makes: not where seats are private (a
    tournament's director makes them, and each is on its player's slip)."""
    game = scorer_game(request, game_id)
    if extras.extra_for(game).seats_private(game):
        raise Http404
    return game


@require_POST
def make_seat_links(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _seats_game(request, game_id)
    estimates.seat_links(game, author_of(request, game))
    return redirect("scoring:table", game.pk)


@require_POST
def new_seat_link(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    """A seat's code made again: the old one opens nothing any more, and the first
    phone to open the new one holds the seat."""
    game = _seats_game(request, game_id)
    if not 0 <= seat <= 3:
        raise Http404
    estimates.new_seat_link(game, seat, author_of(request, game))
    messages.success(
        request,
        _("%(name)s's seat has a new code; the old one opens nothing any more.")
        % {"name": game.seat_names()[seat]},
    )
    return redirect(reverse("scoring:table", args=[game.pk]) + "#seat-codes")


# -- a player's own phone ----------------------------------------------------------------


def _seat_link(token: str) -> SeatLink:
    related = ["game", *(f"game__{path}" for path in extras.related())]  # its title
    return get_object_or_404(
        SeatLink.objects.select_related(*related), token=token, revoked_at__isnull=True
    )


def _seat_cookie(link: SeatLink) -> str:
    return f"seat-{link.pk}"


def _held_elsewhere(request: HttpRequest, link: SeatLink) -> HttpResponse:
    """The page for a phone that is not the one holding the seat (403)."""
    context = {"link": link, "name": link.game.seat_names()[link.seat]}
    response = render(request, "scoring/kinds/differenzler/seat_held.html", context, status=403)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "same-origin"
    return response


@require_http_methods(["GET", "POST"])
def seat(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own phone: their estimate for the hand being played (only theirs),
    then the table's results once the hand is scored. No account needed. The first
    phone to seal an estimate here holds the seat (a key in its cookie); any other
    phone is refused from then on, and the seat's phone says so."""
    link = _seat_link(token)
    key = request.COOKIES.get(_seat_cookie(link))
    device = device_name(request)
    if link.holder and not estimates.holds(link, key):
        if not from_htmx(request):  # a redraw asked before this very phone got its key is none
            estimates.refuse_other_phone(link, device)
        return _held_elsewhere(request, link)
    game = Game.objects.with_everything().get(pk=link.game_id)
    view = diff_view(game)
    state = estimates.state(game, view.hands_played)
    form = EstimateForm(request.POST or None, initial={"hand_number": state.number})
    if request.method == "POST" and form.is_valid():
        held_with = estimates.hold_seat(link, key, device)
        if held_with is None:  # another phone took the seat a moment ago
            return _held_elsewhere(request, link)
        try:
            estimates.seal_estimate(
                game,
                form.cleaned_data["hand_number"],
                link.seat,
                form.cleaned_data["estimate"],
                link=link,
                device=device,
            )
        except RulesError as error:
            form.add_problems(error.problems)
            response = _seat_screen(request, link, view, state, form, 422)
        except StaleScreen as stale:
            messages.warning(request, str(stale))
            response = redirect("scoring:seat", token)
        else:
            messages.success(request, _("Your estimate is sealed."))
            response = redirect("scoring:seat", token)
        if held_with != key:  # this phone holds the seat from now on
            response.set_cookie(
                _seat_cookie(link),
                held_with,
                max_age=7 * 24 * 3600,
                path=link.get_absolute_url(),
                httponly=True,
                samesite="Lax",
                secure=request.is_secure(),
            )
        return response
    return _seat_screen(request, link, view, state, form, 422 if form.is_bound else 200)


def _seat_screen(
    request: HttpRequest,
    link: SeatLink,
    view: DiffView,
    state: estimates.TableState,
    form: EstimateForm,
    status: int,
) -> HttpResponse:
    link.refresh_from_db(fields=["holder", "held_at", "held_on"])
    refusals = estimates.refusals_seen_by(link)
    elsewhere = estimates.sealed_elsewhere(view.game, state.number, link)
    version = version_of(
        view, state, seat=link.seat, extra=f"{len(refusals)}|{elsewhere and elsewhere.pk}"
    )
    context = {
        "view": view,
        "state": state,
        "me": view.seats[link.seat],
        "sealed": link.seat in state.estimated,
        # what this phone sealed, for this phone alone: nobody else opens the seat
        "own": estimates.own_estimate(view.game, state.number, link),
        "refusals": refusals,
        "elsewhere": elsewhere,
        "held": bool(link.holder),
        "form": form,
        "token": link.token,
        "trump": trump_label(state.trump, view.game.suit_style) if state.trump else None,
        "poll_url": reverse("scoring:seat_live", args=[link.token])
        + "?"
        + urlencode({"shown": version}),
    }
    template = "scoring/kinds/differenzler/seat.html"
    if from_htmx(request) and request.method == "GET":
        template += "#seat-screen"
    response = render(request, template, context, status=status)
    response["X-Robots-Tag"] = "noindex"
    # the link is the key to the seat: never sent to another host (and not
    # "no-referrer", with which a browser posts the estimate with Origin: null, which
    # the CSRF check refuses)
    response["Referrer-Policy"] = "same-origin"
    return response


@require_GET
def seat_live(request: HttpRequest, token: str) -> HttpResponse:
    """The seat's phone's poll: once a phone holds the seat, for that phone only."""
    link = _seat_link(token)
    if link.holder and not estimates.holds(link, request.COOKIES.get(_seat_cookie(link))):
        return HttpResponseForbidden()
    game = Game.objects.with_everything().get(pk=link.game_id)
    view = diff_view(game)
    refusals = len(estimates.refusals_seen_by(link))
    state = estimates.state(game, view.hands_played)
    elsewhere = estimates.sealed_elsewhere(game, state.number, link)
    extra = f"{refusals}|{elsewhere and elsewhere.pk}"
    version = version_of(view, state, seat=link.seat, extra=extra)
    poll, page = reverse("scoring:seat_live", args=[token]), reverse("scoring:seat", args=[token])
    return poll_answer(request, version, poll, page, "#seat-screen", follow=True, trigger=POLL)
