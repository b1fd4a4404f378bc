"""A table's page: the totals of a paper sheet, and a side's signature, dispute
or the director's decision, each for the totals its author saw."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

PAPER_NUMBER = {
    "invalid": _("Give both totals as whole numbers."),
    "required": _("Give both totals as whole numbers."),
    "min_value": _("Totals cannot be negative."),
}
PAPER_MATCHES = {
    "invalid": _("Matches are a whole number."),
    "min_value": _("Matches cannot be negative."),
}


class PaperTotalsForm(forms.Form):
    first = forms.IntegerField(label=_("First team"), min_value=0, error_messages=PAPER_NUMBER)
    second = forms.IntegerField(label=_("Second team"), min_value=0, error_messages=PAPER_NUMBER)
    matches_first = forms.IntegerField(
        label=_("matches"), min_value=0, required=False, error_messages=PAPER_MATCHES
    )
    matches_second = forms.IntegerField(
        label=_("matches"), min_value=0, required=False, error_messages=PAPER_MATCHES
    )
    reason = forms.CharField(label=_("Why"), max_length=500, required=False)

    def first_error(self) -> str:
        return next(str(e) for errors in self.errors.values() for e in errors)

    def cleaned(self) -> dict[str, Any]:
        """The totals and matches as the service takes them (no match: 0)."""
        data = self.cleaned_data
        return {
            "totals": (data["first"], data["second"]),
            "matches": (data["matches_first"] or 0, data["matches_second"] or 0),
            "reason": data["reason"],
        }


class SeenTotalsForm(forms.Form):
    """The totals the screen showed when it was sent ("400:228", or a Différenzler
    table's four "12:40:7:33"): a signature or a decision counts only for the totals
    its author saw (a stale screen is refused)."""

    totals = forms.RegexField(regex=r"^\d{1,6}(:\d{1,6}){1,3}$", required=False)

    def seen(self) -> tuple[int, ...] | None:
        text = self.cleaned_data.get("totals")
        if not text:
            return None
        return tuple(int(total) for total in text.split(":"))


class DecideForm(SeenTotalsForm):
    reason = forms.CharField(label=_("Why"), max_length=500, required=False)


def _code_field() -> forms.CharField:
    """The code on a side's own slip (a team's, or a Différenzler player's): masked
    on the shared phone, and never shown again after a refusal (a password input
    does not render what was typed)."""
    return forms.CharField(
        label=_("Code on your own slip"),
        max_length=8,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class SideForm(SeenTotalsForm):
    """Which side of a table acts: 0 (first team) or 1 (second), or a Différenzler
    table's player 0 to 3 (the service checks the table has that side)."""

    side = forms.TypedChoiceField(
        label=_("Team"), choices=[(str(n), str(n)) for n in range(4)], coerce=int, empty_value=None
    )


class CodeForm(SideForm):
    """A side acting with the code of its own slip. ``attempt``, a key drawn when the
    form is shown, makes a reload or a double tap of a wrong code count once."""

    code = _code_field()
    attempt = forms.UUIDField(required=False, widget=forms.HiddenInput)


class ConfirmForm(CodeForm):
    pass


class DisputeForm(CodeForm):
    reason = forms.CharField(
        label=_("What is wrong?"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
