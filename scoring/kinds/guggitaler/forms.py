"""The Guggitaler hand form of the table screen (RULES.md §14): the next hand in the
order, and each player's count of what it avoids (the tricks, the Schellen, the Ober,
the one card), or in the domino each player's place. ``cleaned_data["hand"]`` is the
engine's :class:`GuggiHand`; the engine's refusals (:func:`rules.check_hand`: counts
that do not add up to the hand's maximum…) are said beside the counts, named."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rules.problems import Problem

from .rules import DOMINO, GuggiHand, GuggiRuleset, next_category
from .words import COUNTED, hand_name, phone_checks, refusal

NUMBER = forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*"})


@dataclass(frozen=True)
class Summary:
    """One line of the error summary: the field's name, where it is, what is wrong."""

    label: Any
    anchor: str | None
    message: str


def bound(least: int, most: int | None) -> dict[str, str]:
    """The error messages of a count's (or place's) field: a whole number within its
    bounds, whatever was typed (letters, −1, 99999999999)."""
    if most is None:
        text = gettext("Type a whole number.")
    else:
        text = gettext("Type a whole number from %(least)s to %(most)s.") % {
            "least": least,
            "most": most,
        }
    return {"invalid": text, "min_value": text, "max_value": text}


class GuggiHandForm(forms.Form):
    """One Guggitaler hand as the scorer enters it. ``names``: the players in seat
    order; ``number``: the hand corrected (else the next hand)."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    reason = forms.CharField(
        label=_("Why (for the record of changes)"), max_length=200, required=False
    )

    def __init__(
        self,
        data: Any = None,
        *,
        ruleset: GuggiRuleset,
        names: Sequence[str],
        number: int,
        initial: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(data, initial=initial)
        self.ruleset, self.names, self.number = ruleset, tuple(names), number
        self.category = next_category(ruleset, number - 1)
        self.group_errors: list[str] = []
        # a count (or place) out of its bounds is said beside its own field, with the
        # bounds: "from 0 to 9", not Django's "Enter a whole number."
        most = self.most
        count_bound = bound(0, most)
        place_bound = bound(1, len(self.names))
        for seat, name in enumerate(self.names):
            self.fields[f"count_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                min_value=0,
                max_value=most,
                widget=NUMBER,
                error_messages=count_bound,
            )
            self.fields[f"place_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                min_value=1,
                max_value=len(names),
                widget=NUMBER,
                error_messages=place_bound,
            )

    @property
    def domino(self) -> bool:
        return self.category == DOMINO

    @property
    def prefix_name(self) -> str:
        return "place" if self.domino else "count"

    @property
    def hand_name(self) -> str:
        return hand_name(self.category)

    @property
    def counted(self) -> str:
        return str(COUNTED.get(self.category or "", ""))

    @property
    def most(self) -> int | None:
        if self.category is None or self.domino:
            return None
        return self.ruleset.maximum(self.category)

    @property
    def entries(self) -> list[forms.BoundField]:
        """The fields typed for this hand: one per player."""
        return [self[f"{self.prefix_name}_{seat}"] for seat in range(len(self.names))]

    @property
    def phone_checks(self) -> dict[str, Any]:
        return phone_checks(self.names)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors or self.category is None:
            if self.category is None and not self.errors:
                data["hand"] = GuggiHand(DOMINO)  # the engine says the game is over
            return data
        values = []
        for seat, name in enumerate(self.names):
            key = f"{self.prefix_name}_{seat}"
            if data.get(key) is None:
                message = (
                    gettext("Type the place of %(player)s.")
                    if self.domino
                    else gettext("Type the count of %(player)s.")
                )
                self.add_error(key, message % {"player": name})
            values.append(data.get(key))
        if self.errors:
            return data
        numbers = tuple(int(value) for value in values if value is not None)
        if self.domino:
            data["hand"] = GuggiHand(DOMINO, places=numbers)
        else:
            data["hand"] = GuggiHand(self.category, counts=numbers)
        return data

    def add_problems(self, problems: Sequence[Problem]) -> None:
        """Each engine problem beside the counts (or places) it concerns, named."""
        for problem in problems:
            text = refusal(problem)
            if problem.field in ("counts", "places"):
                self.group_errors.append(text)
            self.add_error(None, text)

    @property
    def error_summary(self) -> list[Summary]:
        lines = []
        for name, errors in self.errors.items():
            if name == "__all__":
                continue
            field = self[name]
            for error in errors:
                lines.append(Summary(field.label, field.auto_id, str(error)))
        first = self.entries[0].auto_id if self.names else None
        for error in self.non_field_errors():
            if error in self.group_errors:
                lines.append(Summary(self.counted, first, str(error)))
            else:
                lines.append(Summary(None, None, str(error)))
        return lines

    @staticmethod
    def initial_for(
        number: int, hand: GuggiHand | None = None, version: str = ""
    ) -> dict[str, Any]:
        """A fresh key, and the stored hand's counts or places when correcting it."""
        initial: dict[str, Any] = {
            "hand_number": number,
            "form_key": uuid.uuid4(),
            "version": version,
        }
        if hand is not None:
            for seat, count in enumerate(hand.counts or ()):
                initial[f"count_{seat}"] = count
            for seat, place in enumerate(hand.places or ()):
                initial[f"place_{seat}"] = place
        return initial
