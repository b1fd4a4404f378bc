"""The Weis referee's form: trump, who leads, the Weis style and each player's best
Weis (kind, top card, suit), read into the values ``rules.weis_verdict`` takes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from scoring.kinds.team.rules import RANKS, SUITS, TRUMPS, Weis
from scoring.kinds.team.rules.referee import STYLES
from scoring.kinds.team.rules.weis import FOUR_OF_A_KIND, KINDS, weis_table
from scoring.suits import WEIS_NAMES, trump_label

SEATS = range(4)

STYLE_NAMES = {"small": _("Small Weis"), "large": _("Large Weis")}


def rank_name(rank: str) -> str:
    """A card's rank as the screen writes it (A K Q J in English, R D V in French…)."""
    return {
        "A": pgettext("card", "A"),
        "K": pgettext("card", "K"),
        "Q": pgettext("card", "Q"),
        "J": pgettext("card", "J"),
    }.get(rank, rank)


def kind_label(kind: str, style: str) -> str:
    """A kind of Weis with what it is worth in this style: "Four in a row (50)"."""
    return f"{capfirst(WEIS_NAMES[kind])} ({weis_table(style)[kind]})"


@dataclass(frozen=True)
class PlayerFields:
    """One player's part of the form, for the template."""

    seat: int
    name: str
    team: str
    team_index: int
    kind: forms.BoundField
    top: forms.BoundField
    suit: forms.BoundField


class RefereeForm(forms.Form):
    """A GET form: the page and its result can be shared and reloaded. The top card
    and the suit are for a sequence; for a four of a kind its card is in its name."""

    trump = forms.ChoiceField(label=_("Trump"), widget=forms.RadioSelect)
    leader = forms.TypedChoiceField(
        label=_("Plays the first card"), coerce=int, widget=forms.RadioSelect
    )
    style = forms.ChoiceField(
        label=_("Weis style"),
        choices=[(style, STYLE_NAMES[style]) for style in STYLES],
        widget=forms.RadioSelect,
    )

    def __init__(
        self,
        data: Any = None,
        *,
        names: Sequence[str],
        team_names: Sequence[str],
        trumps: Sequence[str] = TRUMPS,
        suit_style: str = "french",
        initial: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(
            data, initial={"trump": trumps[0], "leader": 0, "style": "small"} | (initial or {})
        )
        self.names = list(names)
        self.suit_style = suit_style
        self.team_names = list(team_names)
        trump = cast(forms.ChoiceField, self.fields["trump"])
        trump.choices = [(t, str(trump_label(t, suit_style))) for t in trumps]
        cast(forms.ChoiceField, self.fields["leader"]).choices = [(s, self.names[s]) for s in SEATS]
        style = self.shown_style()
        kinds = [("", _("No Weis")), *((kind, kind_label(kind, style)) for kind in KINDS)]
        tops = [("", _("Top card…")), *((rank, rank_name(rank)) for rank in RANKS)]
        suits = [("", _("Suit…")), *((s, str(trump_label(s, suit_style))) for s in SUITS)]
        for seat in SEATS:
            self.fields[f"kind{seat}"] = forms.ChoiceField(
                label=_("Weis"), choices=kinds, required=False
            )
            self.fields[f"top{seat}"] = forms.ChoiceField(
                label=pgettext_lazy("weis", "Top card"), choices=tops, required=False
            )
            self.fields[f"suit{seat}"] = forms.ChoiceField(
                label=pgettext_lazy("weis", "Suit"), choices=suits, required=False
            )

    def shown_style(self) -> str:
        """The style whose points the kinds show: the one sent, else the one offered."""
        sent = self.data.get("style") if self.is_bound else None
        style: str = sent if sent in STYLES else self.initial["style"]
        return style

    def players(self) -> list[PlayerFields]:
        return [
            PlayerFields(
                seat,
                self.names[seat],
                self.team_names[seat % 2],
                seat % 2,
                self[f"kind{seat}"],
                self[f"top{seat}"],
                self[f"suit{seat}"],
            )
            for seat in SEATS
        ]

    def declared(self) -> list[Weis | None]:
        """Each player's Weis as the rules engine takes it (after ``is_valid``)."""
        data = self.cleaned_data
        declared: list[Weis | None] = []
        for seat in SEATS:
            kind = data[f"kind{seat}"]
            if not kind:
                declared.append(None)
            elif kind in FOUR_OF_A_KIND:
                declared.append(Weis(kind, FOUR_OF_A_KIND[kind]))
            else:
                declared.append(Weis(kind, data[f"top{seat}"], data[f"suit{seat}"] or None))
        return declared
