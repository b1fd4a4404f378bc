"""A new Guggitaler game (RULES.md §14): the club's preset, three or four players each
for themselves, the domino and the number of Guggitaler. What is typed is made into the
game file of a game with no hand yet and read by :func:`gamefile.read_game`, so that a
start is checked by the same rules as an import; a problem is put beside its field."""

from __future__ import annotations

import uuid
from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import SUIT_STYLES, Club
from scoring.forms import MEMBER_INPUT
from scoring.rules import RulesError, gamefile

from . import gamefile as guggi_file
from .ruleset import JASSBUCH, MAX_SERIES, MIN_SERIES, PRESET
from .words import refusal

PRESET_CHOICES = [
    (PRESET, _("Guggitaler (5, 10, 20, 40, 50; domino 150, 100, 55, 0)")),
    (JASSBUCH, _("Jassbuch (1, 2, 4, 8, 10)")),
]
SEATS = 4


class StartGuggitalerForm(forms.Form):
    """The ruleset and the players; ``cleaned_data["record"]`` is the checked
    :class:`GuggiRecord` with no hand, ``suit_style`` and ``club`` as chosen."""

    form_key = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), empty_label=None)
    preset = forms.ChoiceField(
        label=_("Values"), choices=PRESET_CHOICES, initial=PRESET, widget=forms.RadioSelect
    )
    name = forms.CharField(
        label=_("Name of the game"), max_length=gamefile.MAX_NAME, required=False
    )
    suit_style = forms.ChoiceField(label=_("Suits"), choices=SUIT_STYLES, initial="french")
    domino = forms.BooleanField(label=_("Domino as the sixth hand"), required=False, initial=True)
    series = forms.IntegerField(
        label=_("Number of Guggitaler"),
        min_value=MIN_SERIES,
        max_value=MAX_SERIES,
        initial=MIN_SERIES,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast("forms.ModelChoiceField[Club]", self.fields["club"]).queryset = Club.objects.filter(
            pk__in=[c.pk for c in clubs]
        )
        for seat in range(SEATS):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Player %(seat)s") % {"seat": seat + 1}
                if seat < 3
                else _("Player 4 (blank: three players)"),
                max_length=gamefile.MAX_PLAYER_NAME,
                required=False,
                widget=MEMBER_INPUT,
            )

    @property
    def players(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(SEATS)]

    def _document(self, data: dict[str, Any], names: list[str]) -> dict[str, Any]:
        ruleset = {
            "preset": data["preset"],
            "players": len(names),
            "domino": bool(data.get("domino")),
            "series": data["series"],
        }
        today = timezone.localdate()
        name = (data.get("name") or "").strip() or gettext("Guggitaler of %(date)s") % {
            "date": today.strftime("%d.%m.%Y")
        }
        return {**gamefile.heading(name, today, ruleset), "players": names, "hands": []}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        for seat in range(3):
            if not (data.get(f"player_{seat}") or "").strip():
                self.add_error(f"player_{seat}", gettext("Type this player's name."))
        if self.errors:
            return data
        names = [(data.get(f"player_{seat}") or "").strip() for seat in range(SEATS)]
        names = [name for name in names if name]
        try:
            data["record"] = guggi_file.read_game(self._document(data, names))
        except RulesError as error:
            problem = error.problems[0]
            field = problem.field
            place = "name" if field == "name" else "series" if field.endswith("series") else None
            if problem.template == guggi_file.SAME_NAME:
                # beside each of the players named alike, not the first field alone
                typed = [(data.get(f"player_{seat}") or "").strip() for seat in range(SEATS)]
                folded = [name.casefold() for name in typed]
                for seat, name in enumerate(folded):
                    if name and folded.count(name) > 1:
                        self.add_error(f"player_{seat}", refusal(problem))
                return data
            if field.startswith("players"):
                place = "player_0"
            self.add_error(place, refusal(problem))
        return data
