"""Forms of the club pages."""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from clubs.models import MAX_INVITATION_USES, Club, Role

LOGO_MAX_BYTES = 512 * 1024
LOGO_FORMATS = {"PNG", "JPEG", "WEBP"}
LOGO_MAX_SIDE = 2000


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "place", "logo", "suit_style", "default_preset", "language"]

    def clean_logo(self) -> Any:
        logo = self.cleaned_data.get("logo")
        if not logo or not hasattr(logo, "image"):
            return logo  # unchanged or cleared
        if logo.size > LOGO_MAX_BYTES:
            raise ValidationError(_("The logo may be at most 512 KB."))
        image = logo.image
        if image.format not in LOGO_FORMATS:
            raise ValidationError(_("The logo must be a PNG, JPEG or WebP picture."))
        if max(image.size) > LOGO_MAX_SIDE:
            raise ValidationError(_("The logo may be at most 2000 pixels wide and high."))
        # Stored under a name of our own, with the extension of what it really is.
        logo.name = f"{secrets.token_hex(8)}.{image.format.lower().replace('jpeg', 'jpg')}"
        return logo


class NewClubForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=100)
    place = forms.CharField(label=_("Place"), max_length=100, required=False)
    player_name = forms.CharField(label=_("Your player name"), max_length=100)


class AddMemberForm(forms.Form):
    name = forms.CharField(label=_("Player name"), max_length=100)
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.MEMBER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


class InvitationForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.MEMBER)
    days = forms.IntegerField(label=_("Valid for (days)"), min_value=1, max_value=90, initial=14)
    uses_allowed = forms.IntegerField(
        label=_("Number of people who can join with it"),
        min_value=1,
        max_value=MAX_INVITATION_USES,
        initial=1,
    )


class JoinForm(forms.Form):
    player_name = forms.CharField(label=_("Your player name in this club"), max_length=100)


SEASON_BOUNDS = (dt.date(1900, 1, 1), dt.date(2999, 12, 31))  # a date a club's games may have


def _season_date(label: str) -> forms.DateField:
    first, last = SEASON_BOUNDS
    return forms.DateField(
        label=label,
        required=False,
        validators=[MinValueValidator(first), MaxValueValidator(last)],
        widget=forms.DateInput(
            attrs={"type": "date", "class": "form-control", "min": first, "max": last},
            format="%Y-%m-%d",
        ),
    )


class SeasonForm(forms.Form):
    """A date range (a season); blank ends are open. A date outside 1900–2999 is
    refused with a message (the season is then all time)."""

    start = _season_date(_("From"))
    end = _season_date(_("To"))

    def dates(self) -> tuple[dt.date | None, dt.date | None]:
        if not self.is_bound or not self.is_valid():
            return None, None
        return self.cleaned_data.get("start"), self.cleaned_data.get("end")


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Email"), required=False, help_text=_("Only to reset a forgotten password.")
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
