"""A kind's table, hand by hand: recording the next hand and taking the last one
back, and the 409 answer for a hand sent from a screen out of date."""

from __future__ import annotations

import uuid
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Role
from jassclub.accounts import typed_by_someone_else
from scoring import registry, services
from scoring.forms import UndoForm
from scoring.kind_views.common import (
    F,
    HtmxHttpRequest,
    NextHandForm,
    Presenter,
    V,
    View,
    from_htmx,
    kept_words,
    kind_game,
    screen,
)
from scoring.models import Game
from scoring.rules import RulesError
from scoring.views.common import (
    author_of,
    can_score,
    posted_number,
    remember_device,
    signed_in_or_table_link,
    undo_last,
)


class HandPages(ABC, Generic[F]):
    """A kind's table, hand by hand: recording the next hand and taking the last one
    back (its own URLs), through the core's services. A kind subclasses it (or
    :class:`PresentedHands`, which draws the table screen and answers a hand sent from
    a screen out of date from the kind's view of the game), naming itself and
    answering the hooks below; ``record_view`` and ``undo_view`` are its views."""

    kind: ClassVar[str]  # its ``GameKind.name``
    elsewhere: ClassVar[str | Promise]  # why a game of another kind is a 404 here

    def own(
        self, request: HtmxHttpRequest, game_id: int, needed: str = Role.MEMBER, **kwargs: Any
    ) -> Game:
        return kind_game(request, game_id, self.kind, self.elsewhere, needed, **kwargs)

    def recording(self, request: HtmxHttpRequest, game_id: int) -> Game:
        """The game a hand is recorded in, read for the scorer (the service reads its
        hands again, locked)."""
        return self.own(request, game_id, Role.SCORER)

    @abstractmethod
    def hand_form(self, request: HtmxHttpRequest, game: Game, number: int) -> F:
        """The posted hand ``number``'s form."""

    @abstractmethod
    def table(
        self, request: HtmxHttpRequest, game: Game, form: F | None = None, status: int = 200
    ) -> HttpResponse:
        """The table screen (for htmx, its part), with a refused ``form`` if any."""

    @abstractmethod
    def refuse(self, form: F, error: RulesError) -> None:
        """The engine's problems beside the fields of ``form``."""

    @abstractmethod
    def stale(
        self, request: HtmxHttpRequest, game: Game, form: F, number: int, why: str
    ) -> HttpResponse:
        """A hand refused as sent from a screen out of date (409)."""

    @abstractmethod
    def recorded(self, request: HtmxHttpRequest, game: Game, done: services.Done) -> HttpResponse:
        """The table screen's part for htmx once the hand is recorded, drawn from what
        the service read and stored."""

    def record_options(self, form: F) -> dict[str, Any]:
        """What else the service is told of the hand (the team game: what was confirmed)."""
        return {}

    def record_hand(self, request: HtmxHttpRequest, game_id: int) -> HttpResponse:
        game = self.recording(request, game_id)
        number = posted_number(request)
        if typed_by_someone_else(request):
            return self.typed_by_someone_else(request, game, number)
        form = self.hand_form(request, game, number)
        if not form.is_valid():
            return self.table(request, game, form, status=422)
        data = form.cleaned_data
        try:
            done = services.record_hand(
                game,
                data["hand"],
                number=data["hand_number"],
                form_key=data["form_key"],
                author=author_of(request, game),
                **self.record_options(form),
            )
        except RulesError as error:
            self.refuse(form, error)
            return self.table(request, game, form, status=422)
        except services.StaleScreen as stale:
            return self.stale(request, game, form, data["hand_number"], str(stale))
        if not request.htmx:
            return redirect("scoring:table", game_id)
        return self.recorded(request, game, done)

    def typed_by_someone_else(
        self, request: HtmxHttpRequest, game: Game, number: int
    ) -> HttpResponse:
        """A hand typed on a screen drawn for someone else than who is signed in now
        (kept on a shared phone while one person signed out and another signed in):
        nothing stored, the table screen of who is signed in, with why. A 403 for htmx
        too: the phone keeps the hand for whoever typed it (``static/js/offline.js``)
        rather than taking the answer for a saved hand."""
        messages.error(
            request,
            _(
                "Hand %(number)s was typed by someone else who used this phone: it was not "
                "recorded under your name."
            )
            % {"number": number},
        )
        return self.table(request, game, status=403)

    def undo_last_hand(self, request: HtmxHttpRequest, game_id: int) -> HttpResponse:
        game = self.own(request, game_id, Role.SCORER)
        undo_last(request, game)
        if request.htmx:
            return screen(request, self.own(request, game.pk, Role.SCORER))
        return redirect("scoring:table", game.pk)

    def record_view(self) -> View:
        """``record_hand`` as a view (POST, signed in or through a table's link)."""
        return require_POST(signed_in_or_table_link(self.record_hand))

    def undo_view(self) -> View:
        return require_POST(signed_in_or_table_link(self.undo_last_hand))


class PresentedHands(HandPages[F], Generic[F, V]):
    """A kind's table drawn from its view of the game (its presenter's, ``present``):
    the table screen (``GameKind.table``), the answer once a hand is recorded and to a
    hand sent from a screen out of date, all from the hooks below. The kind's table
    is its ``table.html``, a hand is recorded at its ``<kind>_record_hand``."""

    @property
    def template(self) -> str:
        """The table screen; its part ``#table`` is what htmx swaps."""
        return f"scoring/kinds/{self.kind}/table.html"

    @property
    def action(self) -> str:
        """The URL name a hand is recorded at."""
        return f"scoring:{self.kind}_record_hand"

    def __init__(self, present: Presenter[V]) -> None:
        self.present = present  # the kind's presenter

    form: NextHandForm[F]  # the kind's hand form

    @abstractmethod
    def form_options(self, view: V) -> dict[str, Any]:
        """What the kind's hand form is told of the game besides the data: its
        ruleset, names, number…"""

    def fresh_form(self, view: V, data: Any = None) -> F:
        """The next hand's form, empty or holding ``data``."""
        initial = self.form.initial_for(view.next_number)
        return self.form(data, initial=initial, **self.form_options(view))

    def hand_form(self, request: HtmxHttpRequest, game: Game, number: int) -> F:
        """The posted hand's form: the next hand's, holding what was posted."""
        return self.fresh_form(self.present(game), request.POST)

    def shows(self, view: V, **given: Any) -> dict[str, Any]:
        """What else the table screen shows (``given``: what its caller passed, such
        as the refused forms of the game's extra, which the kind may show)."""
        return {}

    def table(
        self,
        request: HttpRequest,
        game: Game,
        form: F | None = None,
        status: int = 200,
        view: V | None = None,
        **given: Any,
    ) -> HttpResponse:
        """The table screen (``GameKind.table``; for htmx, its part), with a refused
        ``form`` if any, drawn from ``view`` if the caller has it."""
        view = view or self.present(game)
        context = {
            "view": view,
            "can_score": can_score(request, game),
            "form": form or self.fresh_form(view),
            "action": reverse(self.action, args=[game.pk]),
            "undo": UndoForm(initial={"hand_number": view.last_number, "form_key": uuid.uuid4()}),
            "poll_url": reverse("scoring:live", args=[game.pk])
            + f"?where=table&shown={view.version}",
            **self.shows(view, **given),
        }
        # htmx too: base.html swaps 409 and 422
        template = f"{self.template}#table" if from_htmx(request) else self.template
        return remember_device(request, render(request, template, context, status=status))

    def recorded(self, request: HtmxHttpRequest, game: Game, done: services.Done) -> HttpResponse:
        """The table screen's part for htmx once the hand is recorded, drawn from what
        the service read and stored."""
        if done.hands is None:  # sent before: nothing new, the game as it was read
            return self.table(request, game)
        kind = registry.named(self.kind)
        hands = [kind.read_hand(hand.record) for hand in done.hands]
        return self.table(request, game, view=self.present(game, hands))

    def kept(self, view: V, form: F, number: int, why: str) -> dict[str, Any]:
        """Why a hand sent from a screen out of date was not recorded, said on ``form``
        (what was typed, offered again); what else the table screen then shows."""
        form.add_error(None, kept_words(number, view.next_number, why))
        return {}

    def stale(
        self, request: HtmxHttpRequest, game: Game, form: F, number: int, why: str
    ) -> HttpResponse:
        """A hand refused as sent from a screen out of date (another phone recorded or
        undid a hand meanwhile): without JavaScript, the table screen again, saying so;
        for htmx, the game as it is now, with what was typed offered again as the next
        hand and why (409)."""
        if not request.htmx:
            messages.warning(request, why)
            return redirect("scoring:table", game.pk)
        game = self.own(request, game.pk, Role.SCORER)
        view = self.present(game)
        data = request.POST.copy()
        data["hand_number"], data["form_key"] = str(view.next_number), str(uuid.uuid4())
        fresh = self.fresh_form(view, data)
        fresh.full_clean()
        shown = self.kept(view, fresh, number, why)
        return self.table(request, game, status=409, form=fresh, view=view, **shown)
