"""A new Sidi Barrani game (RULES.md §13): the club's preset (``sidi``, or ``sidi-157``:
a match counts 157), what differs from it, and the four players, partners sitting
opposite. What is typed is made into the game file of a game with no hand yet and read
by :func:`gamefile.read_game`, so that a start is checked by the same rules as an import;
a problem is put beside the field it concerns."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import SUIT_STYLES, Club
from scoring.forms import (
    add_problems,
    at_most,
    first_name,
    offer_clubs,
    seat_field,
    team_name_field,
    weis_field,
)
from scoring.rules import RulesError, gamefile
from scoring.rules.ruleset import MAX_TARGET, TRUMPS

from . import gamefile as sidi_file
from .ruleset import LOWEST_BIDS, SLALOM

PRESET_CHOICES = [
    ("sidi", _("Sidi Barrani to 1500, a match counts 257")),
    ("sidi-157", _("Sidi Barrani to 1500, a match counts 157")),
]
PLACES = {
    "ruleset.target": "target",
    "ruleset.min_bid": "min_bid",
    "ruleset.doubling": "doubling",
    "ruleset.weis": "weis",
    "name": "name",
    **{f"teams[{t}].players[{p}]": f"seat_{t + 2 * p}" for t in (0, 1) for p in (0, 1)},
    **{f"teams[{t}].name": f"team_{t}" for t in (0, 1)},
}


class StartSidiForm(forms.Form):
    """The preset, the options and the four players; ``cleaned_data["record"]`` is the
    checked :class:`SidiRecord` with no hand, ``suit_style`` and ``club`` as chosen."""

    form_key = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), empty_label=None)
    preset = forms.ChoiceField(
        label=_("Game"), choices=PRESET_CHOICES, initial="sidi", widget=forms.RadioSelect
    )
    seat_0 = seat_field(0)
    seat_1 = seat_field(1)
    seat_2 = seat_field(2)
    seat_3 = seat_field(3)
    team_0 = team_name_field(0)
    team_1 = team_name_field(1)
    suit_style = forms.ChoiceField(label=_("Suits"), choices=SUIT_STYLES, initial="french")
    name = forms.CharField(
        label=_("Name of the game"), max_length=gamefile.MAX_NAME, required=False
    )
    target = forms.IntegerField(
        label=_("Target"), required=False, min_value=1, widget=at_most(MAX_TARGET)
    )
    min_bid = forms.TypedChoiceField(
        label=_("Lowest bid"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", _("as the preset"))] + [(str(b), str(b)) for b in LOWEST_BIDS],
    )
    doubling = forms.ChoiceField(
        label=_("Double"),
        required=False,
        choices=[
            ("", _("as the preset")),
            ("none", _("no double")),
            ("double", _("double (×2)")),
            ("redouble", _("double and redouble (×2, ×4)")),
        ],
    )
    weis = weis_field()
    slalom = forms.BooleanField(label=_("Slalom may be bid too"), required=False)

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_clubs(self, clubs)

    def _document(self, data: dict[str, Any]) -> dict[str, Any]:
        ruleset: dict[str, Any] = {"preset": data["preset"]}
        for key in ("target", "min_bid", "doubling", "weis"):
            if data.get(key) not in (None, ""):
                ruleset[key] = data[key]
        if data.get("slalom"):
            ruleset["trumps"] = [*TRUMPS, SLALOM]
        names = [data[f"seat_{seat}"].strip() for seat in range(4)]
        teams = []
        for team in (0, 1):
            players = [names[team], names[team + 2]]
            given = (data.get(f"team_{team}") or "").strip()
            partners = " & ".join(first_name(player) for player in players)
            teams.append(
                {"name": (given or partners)[: gamefile.MAX_TEAM_NAME], "players": players}
            )
        today = timezone.localdate()
        name = (data.get("name") or "").strip() or gettext("Sidi Barrani of %(date)s") % {
            "date": today.strftime("%d.%m.%Y")
        }
        return {**gamefile.heading(name, today, ruleset), "teams": teams, "hands": []}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
        if self.errors:
            return data
        names = [data[f"seat_{seat}"].strip() for seat in range(4)]
        if len({name.casefold() for name in names}) != 4:
            self.add_error(None, gettext("Give each of the four players a distinct name."))
            return data
        try:
            data["record"] = sidi_file.read_game(self._document(data))
        except RulesError as error:
            add_problems(self, error.problems, PLACES)
        return data
