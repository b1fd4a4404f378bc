"""The form of a club's Strich table (RULES.md §12, "Club options"): each award 0–10
Striche (the Sieg 1–10), the Berg and the Schneider on or off, the tie at the Berg line,
and what ranks an evening. A value out of bounds is refused beside its box, naming the
award and the bounds."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import ClubStriche
from scoring.models.striche import LEAST, MOST_STRICHE

AWARDS = ("sieg", "berg", "matsch", "kontermatsch", "schneider")
HELP = {
    "sieg": _("To the winner of the game."),
    "berg": _("To the first team whose total reaches half the target."),
    "matsch": _("To a team that took all nine tricks in a hand where it chose trump."),
    "kontermatsch": _("To a team that took all nine tricks where the other team chose trump."),
    "schneider": _("To the winner, on top of the Sieg, when the loser has less than half."),
}


class StrichTableForm(forms.ModelForm):
    class Meta:
        model = ClubStriche
        fields = [*AWARDS, "with_berg", "with_schneider", "berg_tie", "rank_by"]
        widgets = {
            "berg_tie": forms.RadioSelect,
            "rank_by": forms.RadioSelect,
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in AWARDS:
            field = self.fields[name]
            least = LEAST[name]
            bounds = {"award": field.label, "least": least, "most": MOST_STRICHE}
            field.help_text = HELP[name]
            field.widget.attrs.update(
                {"min": least, "max": MOST_STRICHE, "inputmode": "numeric", "step": 1}
            )
            field.error_messages.update(
                {
                    key: _("%(award)s: a whole number of Striche from %(least)s to %(most)s.")
                    % bounds
                    for key in ("required", "invalid", "min_value", "max_value")
                }
            )
        self.fields["with_berg"].help_text = _("Off: no team gets the Berg.")
        self.fields["with_schneider"].help_text = _("Off: a Schneider gives no Striche.")
        for name in ("berg_tie", "rank_by"):
            self.fields[name].error_messages["invalid_choice"] = _(
                "Choose one of the answers offered."
            )
