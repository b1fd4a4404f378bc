"""Correcting a recorded hand: its form again, holding what was stored."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import extras, services
from scoring.kind_views.common import (
    F,
    table_url,
)
from scoring.models import Game, Hand
from scoring.rules import RulesError
from scoring.views.common import (
    author_of,
    remember_device,
    return_to,
    with_return,
)


class Correction(ABC, Generic[F]):
    """A kind's correction of a recorded hand (``GameKind.correct_hand``): the hand's
    form again, holding what was stored; saved through the kind's service, or refused
    beside the field (422); a settled game's correction says why (a club admin's)."""

    template: ClassVar[str]

    @abstractmethod
    def form(
        self, request: HttpRequest, game: Game, stored: Hand, number: int
    ) -> tuple[F, Mapping[str, Any]]:
        """The correction's form (bound to what was posted, if anything) and what else
        its page shows."""

    def corrected(self, game: Game, stored: Hand, form: F) -> Any:
        """The hand as corrected, for the kind's rules (``form``'s ``hand``)."""
        return form.cleaned_data["hand"]

    def save(self, game: Game, stored: Hand, form: F, author: services.Author) -> None:
        """The corrected hand through the service (one transaction); raises
        ``RulesError``, ``ReasonNeeded`` or ``StaleScreen``."""
        data = form.cleaned_data
        services.correct_hand(
            game,
            self.corrected(game, stored, form),
            number=stored.number,
            version=data["version"],
            form_key=data["form_key"],
            author=author,
        )

    @abstractmethod
    def refuse(self, form: F, error: RulesError) -> None:
        """The engine's problems beside the fields of ``form``."""

    def page(self, request: HttpRequest, game: Game, number: int) -> HttpResponse:
        back = return_to(request)  # the page that opened the correction, if not the table
        stored = next((hand for hand in game.hands.all() if hand.number == number), None)
        if stored is None:
            messages.warning(request, _("Hand %(number)s does not exist.") % {"number": number})
            return redirect(back or table_url(game))
        form, shown = self.form(request, game, stored, number)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                self.save(game, stored, form, author_of(request, game, data["reason"]))
            except RulesError as error:
                self.refuse(form, error)
            except services.ReasonNeeded as needed:
                form.add_error("reason", str(needed))
            except services.StaleScreen as stale:
                messages.warning(request, str(stale))
                here = reverse("scoring:correct_hand", args=[game.pk, number])
                return redirect(with_return(here, back))
            else:
                messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
                return redirect(back or table_url(game))
        context = {
            **shown,
            "form": form,
            "number": number,
            "needs_reason": extras.extra_for(game).settled(game),
            "back": back,
        }
        status = 422 if form.is_bound else 200
        return remember_device(request, render(request, self.template, context, status=status))
