"""Forms of the tournament pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.rules import TRUMPS
from tournaments.models import Tournament
from tournaments.standings import TIE_BREAKS


class TournamentForm(forms.ModelForm):
    tie_break_order = forms.CharField(
        label=_("Tie-breaks, in order"),
        initial="best-pass, matches, draw",
        help_text=_("Any of: best-pass, matches, draw — separated by commas."),
    )
    trump_order_text = forms.CharField(
        label=_("Imposed trump order"),
        required=False,
        help_text=_(
            "One trump per hand, separated by commas; empty: equal blocks of the four suits."
        ),
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "place",
            "format",
            "passes",
            "hands",
            "weis",
            "stoeck",
            "match_bonus",
            "best_of",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def clean_tie_break_order(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data["tie_break_order"].split(",") if n.strip()]
        unknown = [n for n in names if n not in TIE_BREAKS]
        if unknown:
            raise forms.ValidationError(_("Unknown tie-break: %(name)s") % {"name": unknown[0]})
        return names

    def clean_trump_order_text(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data["trump_order_text"].split(",") if n.strip()]
        unknown = [n for n in names if n not in TRUMPS]
        if unknown:
            raise forms.ValidationError(_("Unknown trump: %(name)s") % {"name": unknown[0]})
        return names

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        order, hands = data.get("trump_order_text"), data.get("hands")
        if order and hands and len(order) != hands:
            self.add_error(
                "trump_order_text",
                _("%(count)s trumps for %(hands)s hands: give one per hand.")
                % {"count": len(order), "hands": hands},
            )
        best_of, passes = data.get("best_of"), data.get("passes")
        if best_of and passes and best_of > passes:
            self.add_error("best_of", _("At most the number of passes."))
        return data

    def save(self, commit: bool = True) -> Tournament:
        self.instance.tie_breaks = self.cleaned_data["tie_break_order"]
        self.instance.trump_order = self.cleaned_data["trump_order_text"]
        return super().save(commit)


class EntryForm(forms.Form):
    name = forms.CharField(label=_("Team or player name"), max_length=100)
    player_1 = forms.CharField(
        label=_("Player"), max_length=100, widget=forms.TextInput(attrs={"list": "club-members"})
    )
    player_2 = forms.CharField(
        label=_("Partner"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"list": "club-members"}),
    )


class PaperTotalsForm(forms.Form):
    first = forms.IntegerField(label=_("First team"), min_value=0)
    second = forms.IntegerField(label=_("Second team"), min_value=0)


def _code_field() -> forms.CharField:
    return forms.CharField(
        label=_("Code on your team's slip"),
        max_length=8,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class ConfirmForm(forms.Form):
    code = _code_field()


class DisputeForm(forms.Form):
    code = _code_field()
    reason = forms.CharField(
        label=_("What is wrong?"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
