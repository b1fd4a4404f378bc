"""The forms of a Différenzler game (RULES.md §10): starting one, the trump of a hand, a
player's sealed estimate, and the card points the scorer records."""

from __future__ import annotations

import uuid
from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import SUIT_STYLES, Club
from scoring.forms import MEMBER_INPUT, add_problems
from scoring.kinds.differenzler.rules import (
    CARDS_SUM,
    FOURTH_TOO_MANY,
    MAX_ESTIMATE,
    PLAYERS,
    TYPE_THREE,
)
from scoring.rules import CARD_POINTS, MAX_FIXED_HANDS, NO_TRUMP, SUITS, gamefile

POINTS_INPUT = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}


class StartDifferenzlerForm(forms.Form):
    """A new Différenzler game: four players in seat order, the number of hands, and
    whether obe-abe and unde-ufe may be trump."""

    form_key = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), empty_label=None)
    name = forms.CharField(label=_("Name"), max_length=gamefile.MAX_NAME, required=False)
    played_on = forms.DateField(
        label=_("Played on"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    hands = forms.IntegerField(
        label=_("Hands"),
        min_value=1,
        max_value=MAX_FIXED_HANDS,
        initial=12,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "max": MAX_FIXED_HANDS}),
    )
    no_trump = forms.BooleanField(label=_("Obe-abe and unde-ufe may be trump too"), required=False)
    suit_style = forms.ChoiceField(label=_("Cards"), choices=SUIT_STYLES, initial="french")

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast("forms.ModelChoiceField[Club]", self.fields["club"]).queryset = Club.objects.filter(
            pk__in=[c.pk for c in clubs]
        )
        for seat in range(PLAYERS):
            self.fields[f"seat_{seat}"] = forms.CharField(
                label=_("Player %(seat)s") % {"seat": seat + 1},
                max_length=gamefile.MAX_PLAYER_NAME,
                widget=MEMBER_INPUT,
            )
        if not self.is_bound:
            self.initial.setdefault("played_on", timezone.localdate())

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
        names = [data.get(f"seat_{seat}", "").strip() for seat in range(PLAYERS)]
        if all(names):
            seen: dict[str, int] = {}
            for seat, name in enumerate(names):
                if name.casefold() in seen:
                    self.add_error(
                        f"seat_{seat}",
                        _(
                            "%(name)s already sits at seat %(seat)s: "
                            "give each player a distinct name."
                        )
                        % {"name": name, "seat": seen[name.casefold()] + 1},
                    )
                seen.setdefault(name.casefold(), seat)
        data["players"] = tuple(names)
        # named as the menu names the kind in the reader's language (de, it: "Differenzler")
        data["name"] = (data.get("name") or "").strip() or gettext("Différenzler")
        data["trumps"] = SUITS + NO_TRUMP if data.get("no_trump") else SUITS
        return data


class TrumpForm(forms.Form):
    """The trump of the hand: tapped (the card turned up at the table) or drawn."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    trump = forms.CharField(required=False, max_length=10)
    draw = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
        if not data.get("draw") and not data.get("trump"):
            raise forms.ValidationError(_("Tap the trump turned up at the table, or draw one."))
        return data


class EstimateForm(forms.Form):
    """One player's estimate, typed on their own phone or on the phone passed round; the
    box hides the number as it is typed."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    estimate = forms.IntegerField(
        label=_("Your estimate"),
        min_value=0,
        max_value=MAX_ESTIMATE,
        error_messages={
            "min_value": _("An estimate is 0 to 157 card points."),
            "max_value": _("An estimate is 0 to 157 card points."),
            "invalid": _("Type a whole number of card points, 0 to 157."),
        },
        # a text box masked by CSS (``.estimate-input``): a password box would have the
        # browser offer to save it, and fill it in for the next player
        widget=forms.TextInput(
            attrs={**POINTS_INPUT, "class": "estimate-input", "maxlength": 3, "autofocus": True}
        ),
    )

    def add_problems(self, problems: list[Any]) -> None:
        add_problems(self, problems, {f"estimates[{seat}]": "estimate" for seat in range(4)})


class ReopenForm(forms.Form):
    """Take back the last hand's card points, to type them again."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)


class PointsForm(forms.Form):
    """The card points each player made in the hand: three typed, the fourth left blank
    is 157 minus the others."""

    form_key = forms.UUIDField(widget=forms.HiddenInput)
    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(
        self, *args: Any, seat_names: tuple[str, ...] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(PLAYERS):
            self.fields[f"cards_{seat}"] = forms.IntegerField(
                label=None,
                required=False,
                min_value=0,
                max_value=CARD_POINTS,
                error_messages={
                    "min_value": _("Card points are 0 to 157."),
                    "max_value": _("Card points are 0 to 157."),
                },
                widget=forms.NumberInput(
                    attrs={**POINTS_INPUT, "class": "cards-input", "max": CARD_POINTS}
                ),
            )
        if seat_names is not None:
            self.name_seats(seat_names)

    def name_seats(self, seat_names: tuple[str, ...]) -> None:
        """Each box is labelled with its player's name (a form checked before the
        names were read is named before it is shown)."""
        for seat, name in enumerate(seat_names):
            self.fields[f"cards_{seat}"].label = name
            self[f"cards_{seat}"].label = name  # its box as checked, if it was

    @property
    def card_fields(self) -> list[forms.BoundField]:
        """The four players' boxes, in seat order."""
        return [self[f"cards_{seat}"] for seat in range(PLAYERS)]

    @property
    def cards(self) -> tuple[int | None, ...]:
        return tuple(self.cleaned_data.get(f"cards_{seat}") for seat in range(PLAYERS))

    @property
    def phone_words(self) -> dict[str, str]:
        """The server's refusals of the card points, in the reader's language, for the
        phone's own check before sending (differenzler.js ``check``): a box's (not a
        whole number, below 0, above 157) and the hand's (``fill_cards``,
        ``check_cards``), their ``{…}`` filled in there."""
        box = self.fields["cards_0"].error_messages
        return {
            "invalid": str(box["invalid"]),
            "low": str(box["min_value"]),
            "high": str(box["max_value"]),
            "three": gettext(TYPE_THREE),
            "more": gettext(FOURTH_TOO_MANY),
            "sum": gettext(CARDS_SUM),
        }

    def add_problems(self, problems: list[Any]) -> None:
        fields = {f"cards[{seat}]": f"cards_{seat}" for seat in range(PLAYERS)}
        add_problems(self, problems, fields)


class CorrectPointsForm(PointsForm):
    """The card points of a scored hand put right: its trump and estimates stay. A
    settled tournament table's director says why."""

    version = forms.CharField(widget=forms.HiddenInput, max_length=64)
    reason = forms.CharField(
        label=_("Why it changes"),
        required=False,
        max_length=200,
        help_text=_("Kept with the change, in the game's list of changes."),
    )
