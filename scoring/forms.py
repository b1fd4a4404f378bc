"""Forms of the games: every input goes through one of these, then the engine; and how
the engine's problems are put beside a form's fields. A kind's hand form is in its
package (the team game's: ``scoring.kinds.team.hand_form``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from scoring import rules
from scoring.rules import (
    gamefile,
)


def problem_message(problem: rules.Problem, sentence: bool = True) -> str:
    """The engine's message in the reader's language; as a sentence beside a field."""
    text = gettext(problem.template).format(**problem.params)
    return text[:1].upper() + text[1:] if sentence else text


def add_problems(
    form: forms.Form,
    problems: list[rules.Problem],
    fields: dict[str, str],
    messages: dict[str, Any] | None = None,
) -> None:
    """Put each engine problem beside the form field it concerns (or above the form),
    in words for the screen where the file's wording would not do (``messages``)."""
    for problem in problems:
        name = fields.get(problem.field)
        text = (messages or {}).get(problem.template) or problem_message(problem)
        form.add_error(name if name in form.fields else None, str(text))


def at_most(most: int) -> forms.NumberInput:
    """A number box whose ``max`` is the engine's bound (the engine says why beyond it)."""
    return forms.NumberInput(attrs={"max": most, "inputmode": "numeric"})


# The seats offer the club's members in a list (a few taps); a guest is just typed.
MEMBER_INPUT = forms.TextInput(attrs={"list": "club-members", "autocomplete": "off"})

# What the start forms of the kinds of two teams of two, partners sitting opposite (the
# team game, Sidi Barrani), ask alike: the four seats, the teams' names and the Weis.
SEAT_LABELS = (_("Player 1"), _("Player 2"), _("Player 3"), _("Player 4"))
TEAM_LABELS = (_("Team of players 1 and 3"), _("Team of players 2 and 4"))


def seat_field(seat: int) -> forms.CharField:
    """Seat ``seat`` (0 to 3): a player's name, a member offered from the list."""
    return forms.CharField(
        label=SEAT_LABELS[seat], max_length=rules.gamefile.MAX_PLAYER_NAME, widget=MEMBER_INPUT
    )


def team_name_field(team: int) -> forms.CharField:
    """Team ``team``'s name (0: seats 1 and 3); blank: its players' first names."""
    return forms.CharField(
        label=TEAM_LABELS[team], max_length=rules.gamefile.MAX_TEAM_NAME, required=False
    )


def weis_field() -> forms.ChoiceField:
    """Which Weis count, or blank: as the preset."""
    return forms.ChoiceField(
        label=_("Weis"),
        required=False,
        choices=[
            ("", _("as the preset")),
            ("small", _("small Weis")),
            ("large", _("large Weis")),
            ("none", _("no Weis")),
        ],
    )


def offer_clubs(form: forms.Form, clubs: list[Club]) -> None:
    """The start form's clubs: those the user may start a game in."""
    field = form.fields["club"]
    assert isinstance(field, forms.ModelChoiceField)
    field.queryset = Club.objects.filter(pk__in=[club.pk for club in clubs])


class UndoForm(forms.Form):
    """Take back a game's last hand (any kind's whose hands the core's services keep):
    its number as the screen showed it, a form key, and why."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)
    reason = forms.CharField(max_length=200, required=False)


def first_name(name: str) -> str:
    """What the table calls a player: the first word of the name (Hans-Rudolf)."""
    return name.split()[0] if name.split() else name


class UploadGameForm(forms.Form):
    """A game file: ``cleaned_data["document"]`` is its JSON, read by the engine
    (not JSON, too large or nested too deeply: a message beside the file)."""

    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), empty_label=None)
    file = forms.FileField(
        label=_("Game file (jass-game/1, JSON)"),
        help_text=_("At most 1 MB."),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    # A file exported with its most hands (rules.MAX_GAME_HANDS) is about 0.4 MB.
    MAX_BYTES = 1_000_000

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = Club.objects.filter(pk__in=[club.pk for club in clubs])

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(gettext("The file is larger than 1 MB."))
        try:
            self.cleaned_data["document"] = gamefile.loads(upload.read().decode("utf-8"))
        except UnicodeDecodeError:
            raise forms.ValidationError(gettext("This is not a JSON game file.")) from None
        except rules.RulesError as error:
            problem = error.problems[0]
            if problem.template == gamefile.NOT_JSON:
                raise forms.ValidationError(gettext("This is not a JSON game file.")) from None
            raise forms.ValidationError(problem_message(problem)) from None
        return upload
