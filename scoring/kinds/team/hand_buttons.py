"""The hand form's radio groups drawn as buttons: the teams' choices, and each button
(a trump's with its name, symbol and multiplier) as plain data for the template."""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from django import forms

from scoring.suits import NO_TRUMP_SYMBOLS, TrumpLabel


def team_choices(team_names: tuple[str, str], none: str | None = None) -> list[tuple[str, str]]:
    choices = [("0", team_names[0]), ("1", team_names[1])]
    return [("", none), *choices] if none is not None else choices


class TeamChoiceField(forms.TypedChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(coerce=int, empty_value=None, widget=forms.RadioSelect, **kwargs)


@dataclasses.dataclass(frozen=True)
class Radio:
    """One button of a radio group as ``RadioSelect`` draws it, as plain data for the
    template (a widget per button costs more than the rest of the form)."""

    name: str
    id: str | None
    value: str
    label: Any
    checked: bool


def radios(field: forms.BoundField) -> list[Radio]:
    """A radio group's buttons: the first choice equal to the field's value is checked,
    and the ids are the field's with the choice's index, as ``RadioSelect`` makes them."""
    widget = field.field.widget
    values = widget.format_value(field.value())
    id_ = widget.attrs.get("id") or field.auto_id
    buttons, checked = [], False
    choices: Any = cast(forms.ChoiceField, field.field).choices  # a list, as Django keeps it
    for index, (value, label) in enumerate(choices):
        value = "" if value is None else value
        selected = not checked and str(value) in values
        checked = checked or selected
        button_id = f"{id_}_{index}" if id_ else None
        buttons.append(Radio(field.html_name, button_id, value, label, selected))
    return buttons


@dataclasses.dataclass(frozen=True)
class TrumpRadio(Radio):
    """A trump's button: its name and symbol, and its multiplier in this game."""

    trump: TrumpLabel
    multiplier: int

    @property
    def suit(self) -> bool:
        return self.value not in NO_TRUMP_SYMBOLS
