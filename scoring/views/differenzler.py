"""The Différenzler table (RULES.md §10): the scorer's screen, each player's own phone
(a seat link, no account), the phone passed round, and their live polls.

Nothing here ever puts an estimate of a hand not yet scored into a page or an answer,
except a seat's own estimate on that seat's phone.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.models import Role
from jassclub.qr import qr_svg
from scoring import estimates, extras
from scoring.differenzler_forms import (
    CorrectPointsForm,
    EstimateForm,
    PointsForm,
    ReopenForm,
    StartDifferenzlerForm,
    TrumpForm,
)
from scoring.hand_form import problem_message
from scoring.models import Game, SeatLink
from scoring.presenters import DiffView, diff_view
from scoring.rules import RulesError
from scoring.services import Author, ReasonNeeded, StaleScreen
from scoring.suits import trump_label
from scoring.views.common import (
    author_of,
    device_name,
    game_for,
    member_names,
    poll_answer,
    posted_number,
    remember_device,
    return_to,
    starting_clubs,
    with_return,
)

POLL = "every 3s"


@require_http_methods(["GET", "POST"])
@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    clubs = starting_clubs(request)
    initial = {"club": clubs[0], "suit_style": clubs[0].suit_style}
    form = StartDifferenzlerForm(request.POST or None, clubs=clubs, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = estimates.start_game(
            club=data["club"],
            name=data["name"],
            players=data["players"],
            hands=data["hands"],
            trumps=data["trumps"],
            played_on=data["played_on"],
            suit_style=data["suit_style"],
            form_key=data["form_key"],
            author=Author(device=device_name(request), user=request.user),
        )
        return redirect("scoring:table", game.pk)
    context = {"form": form, "members": member_names(clubs)}
    status = 422 if form.is_bound else 200
    return render(request, "scoring/new_differenzler.html", context, status=status)


# -- the scorer's screen ----------------------------------------------------------------


def version_of(
    view: DiffView, state: estimates.TableState, *, seat: int | None = None, extra: str = ""
) -> str:
    """What a screen shows, as a short fingerprint: the hands scored and the hand being
    played (a seat's phone leaves out who else has estimated, so that it is not
    redrawn under its player's thumb)."""
    cells = [row.cells for row in view.rows]
    shown = (
        state.version
        if seat is None
        else f"{state.number}-{state.trump}-{state.started}-{seat in state.estimated}"
    )
    text = f"{cells}|{shown}|{seat}|{extra}"  # extra: a tournament table's signatures
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
        **extra.screen(request, view, **forms),  # type: ignore[arg-type]
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
        "scoring/differenzler_table.html#diff-table"
        if request.htmx
        else "scoring/differenzler_table.html"
    )
    response = render(request, template, context, status=200 if request.htmx else status)
    return remember_device(request, response)


def _scorer_game(request: HttpRequest, game_id: int, everything: bool = True) -> Game:
    game = game_for(request, game_id, Role.SCORER, individual=True, everything=everything)
    if not game.individual:
        raise Http404
    return game


def _back(request: HttpRequest, game: Game, **forms: object) -> HttpResponse:
    """The scorer's screen after an action: drawn again from the database (the game
    was read, hands prefetched, before the action changed them), or a redirect."""
    if not forms and not request.htmx:
        return redirect("scoring:table", game.pk)
    game = Game.objects.with_everything().get(pk=game.pk)
    points = forms.get("points")
    if isinstance(points, PointsForm):  # checked before the seats' names were read
        points.name_seats(game.seat_names())
    return table(request, game, status=422 if forms else 200, **forms)


def _refused(error: RulesError) -> list[str]:
    return [problem_message(problem) for problem in error.problems]


@require_POST
def choose_trump(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _scorer_game(request, game_id)
    form = TrumpForm(request.POST)
    if not form.is_valid():
        return _back(request, game, trump_form=form)
    data = form.cleaned_data
    try:
        estimates.choose_trump(game, data["hand_number"], None if data["draw"] else data["trump"])
    except RulesError as error:
        return _back(request, game, refused=_refused(error))
    except StaleScreen as stale:
        messages.warning(request, str(stale))
    return _back(request, game)


@require_POST
def start_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _scorer_game(request, game_id)
    number = posted_number(request)
    try:
        estimates.start_hand(game, number, game.seat_names())
    except RulesError as error:
        return _back(request, game, refused=_refused(error))
    except StaleScreen as stale:
        messages.warning(request, str(stale))
    return _back(request, game)


@require_POST
def reopen_last_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _scorer_game(request, game_id)
    form = ReopenForm(request.POST)
    if form.is_valid():
        try:
            estimates.reopen_last_hand(
                game,
                form.cleaned_data["hand_number"],
                form_key=form.cleaned_data["form_key"],
                author=author_of(request, game),
            )
        except RulesError as error:
            return _back(request, game, refused=_refused(error))
        except StaleScreen as stale:
            messages.warning(request, str(stale))
    return _back(request, game)


def correct_points(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """Put right the card points of a scored hand (``scoring:correct_hand`` for a
    Différenzler game): the scorer's, or the director's once a tournament table is
    settled, saying why."""
    back = return_to(request)  # the page that opened the correction, if not the table
    stored = next((hand for hand in game.hands.all() if hand.number == number), None)
    if stored is None:
        messages.warning(request, _("Hand %(number)s does not exist.") % {"number": number})
        return redirect(back or reverse("scoring:table", args=[game.pk]))
    played = stored.to_diff()
    initial = {
        "hand_number": number,
        "form_key": uuid.uuid4(),
        "version": estimates.points_version(stored),
        **{f"cards_{seat}": cards for seat, cards in enumerate(played.cards)},
    }
    names = game.seat_names()
    form = CorrectPointsForm(request.POST or None, initial=initial, seat_names=names)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            estimates.correct_points(
                game,
                number,
                form.cards,
                version=data["version"],
                form_key=data["form_key"],
                author=author_of(request, game, data["reason"]),
            )
        except RulesError as error:
            form.add_problems(error.problems)
        except ReasonNeeded as needed:
            form.add_error("reason", str(needed))
        except StaleScreen as stale:
            messages.warning(request, str(stale))
            return redirect(
                with_return(reverse("scoring:correct_hand", args=[game.pk, number]), back)
            )
        else:
            messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
            return redirect(back or reverse("scoring:table", args=[game.pk]))
    context = {
        "view": diff_view(game),
        "form": form,
        "number": number,
        "trump": trump_label(played.trump, game.suit_style),
        "estimates": list(zip(names, played.estimates, strict=True)),
        "needs_reason": extras.extra_for(game).settled(game),
        "back": back,
    }
    status = 422 if form.is_bound else 200
    return remember_device(
        request, render(request, "scoring/differenzler_correct.html", context, status=status)
    )


@require_POST
def record_points(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _scorer_game(request, game_id, everything=False)  # the service reads the rest
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
    if scored.hands is None or not request.htmx:  # sent before, or a plain form
        return _back(request, game)
    return table(request, game, scored=scored)  # the game as read with the hand, no reload


@require_http_methods(["GET", "POST"])
def estimate_here(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    """The phone passed round: a blank screen where one player types their estimate;
    the box hides it at once, and the answer never shows it."""
    game = _scorer_game(request, game_id)
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
    return render(request, "scoring/differenzler_estimate.html", context, status=status)


def _seats_game(request: HttpRequest, game_id: int) -> Game:
    """A game whose seat links the scorer makes: not where seats are private (a
    tournament's director makes them, and each is on its player's slip)."""
    game = _scorer_game(request, game_id)
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
    response = render(request, "scoring/differenzler_seat_held.html", context, status=403)
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
        if not request.htmx:  # a redraw asked before this very phone got its key is none
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
    template = "scoring/differenzler_seat.html"
    if request.htmx and request.method == "GET":
        template += "#seat-screen"
    response = render(request, template, context, status=status)
    response["X-Robots-Tag"] = "noindex"
    # the link is the key to the seat: never sent to another host (and not
    # "no-referrer", with which a browser posts the estimate with Origin: null, which
    # the CSRF check refuses)
    response["Referrer-Policy"] = "same-origin"
    return response


# -- live polls ----------------------------------------------------------------------------


@require_GET
def live(request: HttpRequest, game_id: int) -> HttpResponse:
    """The scorer's screen's poll; also a settled tournament table's, which its phone
    still shows but no longer scores."""
    game = game_for(request, game_id, individual=True)
    if not game.individual:
        raise Http404
    view = diff_view(game)
    links = game.seat_links.filter(revoked_at__isnull=True)
    version = _scorer_version(game, view, estimates.state(game, view.hands_played), links)
    poll, page = (
        reverse("scoring:differenzler_live", args=[game.pk]),
        reverse("scoring:table", args=[game.pk]),
    )
    return poll_answer(request, version, poll, page, "#diff-table", follow=True, trigger=POLL)


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
