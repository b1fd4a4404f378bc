"""What the views of games share: a game for whoever may see it, access through a
game's link, and the device that sent a change.

Thin views: parse with a form, call a service, render the page or, for htmx, its part.

Every screen works with plain POST and redirect; htmx only swaps the table part
in place. Refusals re-render the form with the engine's message beside the field.
"""

from __future__ import annotations

import functools
import re
import secrets
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag, url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _

from clubs import access
from clubs.models import Club, Member, Role
from scoring import access as game_access
from scoring import extras, registry, services
from scoring.forms import UndoForm
from scoring.models import Game

DEVICE_COOKIE = "jass_device"


def game_row(game_id: int, *, everything: bool = True) -> Game:
    """The game with teams, players and hands (``everything=False``: its row and its
    extra's alone, for an action whose service reads the rest with the game's row
    locked), whoever asks: a 404 when there is none. Access is ``check``'s."""
    games = Game.objects.with_everything()
    if not everything:
        games = games.prefetch_related(None)
    return get_object_or_404(games, pk=game_id)


def kind_page(game: Game, name: str):
    """The page ``name`` (a ``GameKind`` field) of the game's kind; 404 when its kind has
    none (a kind not offered yet)."""
    try:
        return registry.of(game.ruleset).asks(name)
    except registry.NotOffered:
        raise Http404(_("This kind of game has no such page yet.")) from None


def game_for(
    request: HttpRequest, game_id: int, needed: str = Role.MEMBER, *, everything: bool = True
) -> Game:
    """The game (``game_row``), if the user may see it (and do what ``needed``
    allows): 404 when it is not theirs to see, 403 when it is but not that. A page of
    one kind's games alone is its kind's (``GameKind.urls``), which says which games
    are its own."""
    return check(request, game_row(game_id, everything=everything), needed)


def check(request: HttpRequest, game: Game, needed: str) -> Game:
    """Access to a game through its club's roles, or what its extra grants (a
    tournament table's link); a settled or disputed result is changed by a club admin
    only."""
    extra = extras.extra_for(game)
    if extra.grants(request, game, needed):
        return game
    if extra.held(game) and needed == Role.SCORER:
        needed = Role.ADMIN
    return game_access.check_game(request.user, game, needed)


def can_score(request: HttpRequest, game: Game) -> bool:
    try:
        check(request, game, Role.SCORER)
    except (Http404, PermissionDenied):
        return False
    return True


def signed_in_or_table_link(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Like ``login_required``, but a browser that opened a game's link (a tournament
    table's, see ``scoring.extras``) may score that game without an account."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, game_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            return view(request, game_id, *args, **kwargs)
        opened = extras.opened(request, game_id)
        if opened is True:
            return view(request, game_id, *args, **kwargs)
        if opened is not None:
            return opened  # that link is gone: the page says so
        return login_required(view)(request, game_id, *args, **kwargs)

    return wrapped


def device_name(request: HttpRequest) -> str:
    """A short, readable name for the phone or computer that sent a change."""
    agent = request.headers.get("User-Agent", "")
    system = next(
        (
            name
            for name in ("iPhone", "iPad", "Android", "Windows", "Mac", "Linux")
            if name in agent
        ),
        "",
    )
    browser = next(
        (
            name
            for pattern, name in (
                (r"Edg/", "Edge"),
                (r"Firefox/", "Firefox"),
                (r"Chrom(e|ium)/", "Chrome"),
                (r"Safari/", "Safari"),
            )
            if re.search(pattern, agent)
        ),
        "",
    )
    device_id = request.COOKIES.get(DEVICE_COOKIE, "")[:8]
    return " · ".join(part for part in (system, browser, device_id) if part)


def author_of(request: HttpRequest, game: Game, reason: str = "") -> services.Author:
    return services.Author(
        device=device_name(request),
        user=request.user,
        reason=reason,
        director=access.has_role(request.user, game.club_id, Role.ADMIN),
    )


def remember_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if DEVICE_COOKIE not in request.COOKIES:
        response.set_cookie(
            DEVICE_COOKIE,
            secrets.token_hex(4),
            max_age=5 * 365 * 24 * 3600,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response


def posted_number(request: HttpRequest) -> int:
    """The hand number a form was made for (1 when it is missing or not a number)."""
    try:
        return max(1, min(10_000, int(request.POST.get("hand_number", ""))))
    except ValueError:
        return 1


def starting_clubs(request: HttpRequest) -> list[Club]:
    """The clubs the user starts games in (a scorer's or an admin's); 403 without any."""
    clubs = access.scoring_clubs(request.user)
    if not clubs:
        raise PermissionDenied(_("Games are started by a club's scorers and admins."))
    return clubs


def member_names(clubs: list[Club]) -> list[str]:
    """The members' names of these clubs, for a start form's seats to offer."""
    return sorted({m.name for m in Member.objects.filter(club__in=clubs)})


def return_to(request: HttpRequest) -> str:
    """Where a page opened from another page returns once done (``?next=``: a page of
    this site only, e.g. the page of a tournament's director that opened a correction
    of one of its tables), or "" for the page's own way back."""
    url = request.GET.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if url and safe else ""


def with_return(url: str, back: str) -> str:
    """``url``, returning to ``back`` once done (see ``return_to``)."""
    return f"{url}?{urlencode({'next': back})}" if back else url


VERSION = re.compile(r"[0-9a-f]{1,64}")  # a screen's fingerprint, as the pages write it


def shown_version(request: HttpRequest) -> str:
    """The version the polling screen shows (its ``shown`` parameter), or "" when that
    is not a version at all (control or non-ASCII characters, quotes, far too long):
    such a screen is simply behind. What is returned goes into an ETag as it is."""
    shown = request.GET.get("shown", "")
    return shown if VERSION.fullmatch(shown) else ""


def poll_answer(
    request: HttpRequest,
    version: str,
    poll: str,
    page: str,
    target: str,
    follow: bool,
    query: dict[str, str] | None = None,
    trigger: str | None = None,
) -> HttpResponse:
    """A live poll's answer for a screen that shows ``version``: a bodiless 304 when the
    phone has this answer already; else nothing new, or (``behind``) the notice or, for
    a phone that ``follow``s, the new ``page`` swapped into ``target``."""
    shown = shown_version(request)
    etag = quote_etag(f"{version}-{shown}-{int(follow)}")
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return unchanged
    next_query = urlencode({**(query or {}), "shown": version if follow else shown})
    context = {
        "behind": shown != version,
        "follow": follow,
        "page_url": page,
        "target": target,
        "poll_url": f"{poll}?{next_query}",
        "trigger": trigger,
    }
    response = render(request, "scoring/includes/live.html", context)
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


def undo_last(request: HttpRequest, game: Game) -> None:
    """Take back the game's last hand as the posted undo form says (``UndoForm``, any
    kind's whose hands the core's services keep), and say what came of it: undone, out
    of date (another phone changed the game), or nothing to undo."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        messages.warning(request, _("Nothing to undo."))
        return
    try:
        done = services.undo_last_hand(
            game,
            number=form.cleaned_data["hand_number"],
            form_key=form.cleaned_data["form_key"],
            author=author_of(request, game, form.cleaned_data["reason"]),
        )
    except services.StaleScreen as stale:
        messages.warning(request, str(stale))
        return
    if not done.repeated:
        number = done.change.hand_number
        messages.success(request, _("Hand %(number)s undone.") % {"number": number})
