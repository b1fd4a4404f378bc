"""What the generic views of the game kinds share: the types a kind hands them
(its view of a game, its presenter, its hand form), the request as django-htmx leaves
it, a game of the kind a page is for, and the words for a hand sent from a screen out
of date."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django_htmx.middleware import HtmxDetails

from clubs.models import Role
from scoring import registry
from scoring.models import Game
from scoring.views.common import (
    check,
    game_row,
)

View = Callable[..., HttpResponse]
F = TypeVar("F", bound=BaseForm)  # a kind's hand form


class KindView(Protocol):
    """What the table screen needs of a kind's view of a game (its presenter's)."""

    @property
    def last_number(self) -> int: ...

    @property
    def next_number(self) -> int: ...

    @property
    def version(self) -> str: ...


V = TypeVar("V", bound=KindView)  # a kind's view of a game
F_co = TypeVar("F_co", bound=BaseForm, covariant=True)


V_co = TypeVar("V_co", bound=KindView, covariant=True)


class Presenter(Protocol[V_co]):
    """A kind's presenter: the game as its pages show it (``hands``: as a service
    returned them)."""

    def __call__(self, game: Game, hands: list[Any] | None = None) -> V_co: ...


class NextHandForm(Protocol[F_co]):
    """A kind's hand form (its class): built with the data and keywords the kind
    names, and the first values of hand ``number``."""

    def __call__(self, *args: Any, **kwargs: Any) -> F_co: ...

    def initial_for(self, number: int) -> dict[str, Any]: ...


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: ``htmx`` is true for htmx."""

    htmx: HtmxDetails


def from_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent ``request`` (django-htmx's middleware marks every request): for
    views typed with a plain ``HttpRequest``, as the registry's hooks are."""
    return bool(cast(HtmxHttpRequest, request).htmx)


def table_url(game: Game) -> str:
    return reverse("scoring:table", args=[game.pk])


def kind_game(
    request: HttpRequest,
    game_id: int,
    kind: str,
    elsewhere: str | Promise,
    needed: str = Role.MEMBER,
    *,
    everything: bool = True,
) -> Game:
    """``scoring.views.common.game_for`` for a page of the kind named ``kind``: a game
    of another kind is a 404 (``elsewhere`` says why) whoever asks, before access is
    checked."""
    game = game_row(game_id, everything=everything)
    return check(request, of_kind(game, kind, elsewhere), needed)


def of_kind(game: Game, kind: str, elsewhere: str | Promise) -> Game:
    """``game``, if it is of the kind named ``kind``: a 404 for a game of another kind."""
    if registry.of(game.ruleset).name != kind:
        raise Http404(elsewhere)
    return game


def screen(request: HttpRequest, game: Game) -> HttpResponse:
    """The game's table screen as its kind draws it (``GameKind.table``)."""
    table: Callable[..., HttpResponse] = registry.of(game.ruleset).asks("table")
    return table(request, game)


def kept_words(number: int, next_number: int, why: str) -> str:
    """Why a hand sent from a screen out of date was not recorded, and that what was
    typed is kept as the next hand: hand ``number`` recorded meanwhile on another
    phone, or (``why``, the service's words) undone elsewhere, or a clash of form keys."""
    kept = {"number": number, "next": next_number}
    if number < next_number:
        text = _(
            "Hand %(number)s was already recorded on another phone — what you typed is "
            "kept as hand %(next)s: check it and save."
        )
        return text % kept
    return f"{why} {_('What you typed is kept as hand %(next)s: check it and save.') % kept}"
