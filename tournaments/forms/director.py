"""The director's page: the tables it opens, its on/off switches (present,
public), the draw's swap and publication, and the confirmation of a deletion."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class OfficeForm(forms.Form):
    """What the director's page opens of the pass at its top (a GET, without script):
    the tables of one kind (``show``: a count of the summary, or those that need the
    director), or one table, by its number (``table``: the jump); and a closed pass
    with its tables (``open``)."""

    SHOWN = ("attention", "confirmed", "disputed", "locked", "entered", "missing", "paper")

    show = forms.ChoiceField(choices=[(kind, kind) for kind in SHOWN], required=False)
    # a closed pass drawn in full, by its number (the others are a line each)
    open = forms.IntegerField(min_value=1, max_value=999, required=False)
    table = forms.IntegerField(
        label=_("Table"),
        min_value=1,
        max_value=999,
        required=False,
        error_messages={
            "invalid": _("Type a table's number."),
            "min_value": _("Type a table's number."),
            "max_value": _("Type a table's number."),
        },
    )


class SwitchForm(forms.Form):
    """An on/off switch of the director's page (present, public): "1" or "0"
    (a checkbox field would read "0" as on)."""

    on = forms.TypedChoiceField(choices=[("0", "off"), ("1", "on")], coerce=lambda v: v == "1")


class SwapForm(forms.Form):
    first = forms.IntegerField()
    second = forms.IntegerField()


class PublishForm(forms.Form):
    anyway = forms.BooleanField(required=False)  # a checkbox: the warnings are read


class ConfirmDeleteForm(forms.Form):
    sure = forms.BooleanField(required=True)  # a checkbox: deleting is not undone
