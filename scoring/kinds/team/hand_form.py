"""The hand form of the team game's table screen: one hand as the scorer enters it, read
into the engine's ``rules.Hand``, and the engine's problems put back beside its fields;
and the form that takes back the last hand."""

from __future__ import annotations

import uuid
from collections import Counter
from functools import cached_property
from typing import Any, cast

from django import forms
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.forms import UndoForm as UndoForm  # the team screen's undo, as before
from scoring.forms import add_problems
from scoring.kinds.team import rules
from scoring.kinds.team.hand_buttons import Radio, TeamChoiceField, TrumpRadio, radios, team_choices
from scoring.kinds.team.phone_checks import phone_checks
from scoring.kinds.team.rules.game import OUT_FIRST_UNWANTED
from scoring.kinds.team.rules.hand import WeisEntry
from scoring.kinds.team.rules.striche import BERG_FIRST_NEEDED, BERG_FIRST_UNWANTED
from scoring.kinds.team.weis_entry import (
    MAX_WEIS_OF_A_VALUE,
    SCREEN_KINDS,
    WeisKind,
    shown_kinds,
    weis_field_name,
    weis_values,
)
from scoring.rules import CARD_POINTS
from scoring.suits import WEIS_NAMES, trump_label


class HandForm(forms.Form):
    """One hand as the scorer enters it: trump (or the imposed one, in a tournament),
    one team's card points, match, Weis, Stöck.

    ``cleaned_data["hand"]`` is the hand for the engine. Field names differ from the
    game file's where the screen differs: the scorer types one team's points
    (``points`` for ``typed_team``); Weis is a count per kind (``weis_seq3``,
    ``weis_four_jacks``) for the team that won it, stored as kinds.
    """

    # The engine's Weis problems (two four Jacks, more than 18 cards) go beside the
    # Weis team, inside the Weis fieldset.
    ENGINE_FIELDS = {
        "trump": "trump",
        "cards": "points",
        "match": "match",
        "weis": "weis_team",
        "stoeck": "stoeck",
        "out_first": "out_first",
        "cards_at_out": "at_out_0",
        "berg_first": "berg_first",
    }

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    trump = forms.ChoiceField(
        label=_("Trump"),
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose the trump of this hand.")},
    )
    typed_team = forms.TypedChoiceField(
        label=_("Card points of"), coerce=int, widget=forms.RadioSelect, initial=0
    )
    points = forms.IntegerField(
        label=_("Card points"),
        required=False,
        min_value=0,
        max_value=CARD_POINTS,
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
        ),
    )
    match = TeamChoiceField(label=_("Match"), required=False)
    weis_team = TeamChoiceField(label=_("Weis for"), required=False)
    # Weis as a paper slate gives them: bare values of the game's table ("50 150"),
    # stored as numbers, as the game file allows
    weis_values = forms.CharField(
        label=_("Or Weis as points"),
        required=False,
        max_length=40,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    stoeck = TeamChoiceField(label=_("Stöck"), required=False)
    out_first = TeamChoiceField(label=_("Who went out first?"), required=False)
    # counted in Striche (RULES.md §12): both teams reach the Berg on trick points
    berg_first = TeamChoiceField(label=_("Who reached the Berg first?"), required=False)
    # The exact last hand (RULES.md §6): each team's card points when the first went
    # out; labelled with the teams' names.
    at_out_0 = forms.IntegerField(required=False, min_value=0, max_value=CARD_POINTS)
    at_out_1 = forms.IntegerField(required=False, min_value=0, max_value=CARD_POINTS)
    estimate = forms.BooleanField(
        label=_("Count not known: save the whole hand (the result is then estimated)"),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )
    reason = forms.CharField(
        label=_("Why (for the record of changes)"), max_length=200, required=False
    )
    chibre = forms.BooleanField(
        label=_("Chibré (trump passed to the partner)"),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    def __init__(
        self,
        *args: Any,
        ruleset: rules.Ruleset,
        team_names: tuple[str, str],
        suit_style: str = "french",
        chooser: str | None = None,
        imposed_trump: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.suit_style = suit_style
        self.chooser = chooser
        # A tournament's trump for this hand: the screen offers no other (the
        # service refuses any other, whatever is sent).
        self.imposed_trump = imposed_trump
        if imposed_trump is not None:
            self.initial = {**self.initial, "trump": imposed_trump}
        cast(forms.ChoiceField, self.fields["trump"]).choices = [
            (trump, str(trump_label(trump, suit_style))) for trump in ruleset.trumps
        ]
        cast(forms.ChoiceField, self.fields["typed_team"]).choices = team_choices(team_names)
        # more than 157 is mostly a match typed as its total (257): say where it goes
        self.fields["points"].error_messages["max_value"] = self.too_many_points_message()
        nobody = gettext("Nobody")
        for name in ("match", "weis_team", "stoeck"):
            cast(forms.ChoiceField, self.fields[name]).choices = team_choices(
                team_names, none=nobody
            )
        cast(forms.ChoiceField, self.fields["out_first"]).choices = team_choices(
            team_names
        )  # one of the two
        cast(forms.ChoiceField, self.fields["berg_first"]).choices = team_choices(team_names)
        self.team_names = team_names
        for team, name in enumerate(team_names):
            self.fields[f"at_out_{team}"].label = name
        self.weis_points = rules.weis_table(ruleset.weis) if ruleset.weis != "none" else {}
        for kind in SCREEN_KINDS if self.weis_points else ():
            self.fields[weis_field_name(kind)] = forms.IntegerField(
                label=format_lazy("{} ({})", capfirst(WEIS_NAMES[kind]), self.weis_points[kind]),
                required=False,
                min_value=0,
                max_value=MAX_WEIS_OF_A_VALUE,
                initial=0,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "weis-count"}),
            )
        if not ruleset.stoeck:
            del self.fields["stoeck"]
        if ruleset.weis == "none":
            del self.fields["weis_team"]
            del self.fields["weis_values"]

    def too_many_points_message(self) -> str:
        """What the screen says when more than 157 card points are typed (the page's
        script shows the same words as the scorer types)."""
        return gettext(
            "At most 157 card points. All nine tricks are a match (%(match)s): choose Match."
        ) % {"match": self.ruleset.match_card_points}

    @cached_property
    def radios(self) -> dict[str, list[Radio]]:
        """The buttons of each radio group but the trump's (``trumps``), by field name."""
        names = ("typed_team", "match", "weis_team", "stoeck", "out_first", "berg_first")
        return {name: radios(self[name]) for name in names if name in self.fields}

    @cached_property
    def trumps(self) -> list[TrumpRadio]:
        """The trump buttons; in a tournament the imposed trump's alone, chosen."""
        imposed = self.imposed_trump
        return [
            TrumpRadio(
                radio.name,
                radio.id,
                radio.value,
                radio.label,
                radio.checked or bool(imposed),
                trump=trump_label(radio.value, self.suit_style),
                multiplier=self.ruleset.multiplier(radio.value),
            )
            for radio in radios(self["trump"])
            if not imposed or radio.value == imposed
        ]

    @cached_property
    def weis_kinds(self) -> list[WeisKind]:
        """The Weis of this game's table, in the screen's order, with their points."""
        kinds = []
        for kind in SCREEN_KINDS:
            if (points := self.weis_points.get(kind)) is None:
                continue
            field = self[weis_field_name(kind)]
            name = capfirst(str(WEIS_NAMES[kind]))
            kinds.append(
                WeisKind(
                    kind,
                    name,
                    points,
                    field.html_name,
                    field.id_for_label,
                    field.label,
                    field.value(),
                    field.errors,
                )
            )
        return kinds

    @property
    def weis_errors(self) -> list[tuple[Any, str]]:
        """The problems of the Weis counts, each with its kind's label."""
        return [(weis.label, str(error)) for weis in self.weis_kinds for error in weis.errors]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
        if self.errors:
            return data
        match, points, typed = data.get("match"), data.get("points"), data.get("typed_team", 0)
        at_out = (data.get("at_out_0"), data.get("at_out_1"))
        if (at_out[0] is None) != (at_out[1] is None):
            missing = "at_out_0" if at_out[0] is None else "at_out_1"
            self.add_error(
                missing, gettext("Type both teams' card points when the first went out.")
            )
            return data
        cards: tuple[int, int] | None
        if match is not None:
            cards = (CARD_POINTS, 0) if match == 0 else (0, CARD_POINTS)
        elif points is None:
            # allowed when the game ends on Stöck or Weis, or with the count at going out
            cards = None
        else:
            other = CARD_POINTS - points
            cards = (points, other) if typed == 0 else (other, points)
        entries: list[WeisEntry] = []
        for kind in SCREEN_KINDS if self.weis_points else ():
            entries += [kind] * (data.get(weis_field_name(kind)) or 0)
        try:
            entries += weis_values(data.get("weis_values") or "", self.weis_points)
        except forms.ValidationError as error:
            self.add_error("weis_values", error)
            return data
        weis_team = data.get("weis_team")
        if entries and weis_team is None:
            self.add_error("weis_team", gettext("Say which team won the Weis."))
            return data
        weis: tuple[tuple[WeisEntry, ...], tuple[WeisEntry, ...]] = ((), ())
        if entries:
            weis = (tuple(entries), ()) if weis_team == 0 else ((), tuple(entries))
        data["hand"] = rules.Hand(
            trump=data["trump"],
            cards=cards,
            match=match,
            weis=weis,
            stoeck=data.get("stoeck"),
            out_first=data.get("out_first"),
            berg_first=data.get("berg_first"),
            chooser=self.chooser,
            chibre=bool(data.get("chibre")),
            cards_at_out=(at_out[0], at_out[1])
            if at_out[0] is not None and at_out[1] is not None
            else None,
        )
        return data

    def confirm(self, result: rules.GameResult) -> None:
        """The table screen's question before saving (``services.record_hand``'s
        ``confirm``): a hand that takes a team out on trick points without the count
        at going out, where that count decides Rubicon (RULES.md §6), is refused until
        the scorer gives the count or says it was not counted (``estimate``)."""
        if self.cleaned_data.get("estimate") or not rules.count_decides_rubicon(
            self.ruleset, result
        ):
            return
        problem = rules.Problem("cards_at_out", rules.COUNT_DECIDES_RUBICON)
        raise rules.RulesError([problem])

    def add_problems(self, problems: list[rules.Problem]) -> None:
        add_problems(self, problems, self.ENGINE_FIELDS, self.ENGINE_MESSAGES)

    @property
    def asks_out_first(self) -> bool:
        """The "who went out first?" question shows only when the engine needs it,
        or when the hand being corrected had it answered."""
        if self.is_bound:
            return bool("out_first" in self.errors or self.data.get("out_first"))
        return self.initial.get("out_first") not in (None, "")

    @property
    def asks_berg_first(self) -> bool:
        """The "who reached the Berg first?" question (RULES.md §12) shows only when the
        engine needs it, or when the hand being corrected had it answered."""
        if self.is_bound:
            return bool("berg_first" in self.errors or self.data.get("berg_first"))
        return self.initial.get("berg_first") not in (None, "")

    @property
    def asks_at_out(self) -> bool:
        """The count at going out shows when it was typed or refused, when the server
        asks for it, or when the hand being corrected had it."""
        if self.is_bound:
            fields = ("at_out_0", "at_out_1", "estimate")
            return any(name in self.errors or self.data.get(name) for name in fields)
        return self.initial.get("at_out_0") not in (None, "")

    @property
    def weis_values_text(self) -> str:
        return ", ".join(map(str, sorted(set(self.weis_points.values()))))

    @property
    def at_out_fields(self) -> list[forms.BoundField]:
        return [self["at_out_0"], self["at_out_1"]]

    @property
    def count_decides_message(self) -> str:
        return str(self.ENGINE_MESSAGES[rules.COUNT_DECIDES_RUBICON])

    @property
    def error_summary(self) -> list[tuple[str | None, str, str]]:
        """Every problem of a refused hand for the summary at the top of the form, which
        takes the focus: (the id of the control to go to, the field's name, the
        message); a problem of the whole hand has no control."""
        summary: list[tuple[str | None, str, str]] = []
        for name, errors in self.errors.items():
            if name not in self.fields:
                summary += [(None, "", str(error)) for error in errors]
                continue
            bound = self[name]
            radio = isinstance(bound.field.widget, forms.RadioSelect)
            anchor = f"{bound.auto_id}_0" if radio else bound.auto_id
            if (
                name.startswith("weis_") and "weis_team" in self.fields
            ):  # counts hide behind buttons
                anchor = f"{self['weis_team'].auto_id}_0"
            label = str(bound.label)
            if name.startswith("at_out_"):
                label = gettext("Card points when the first team went out")
            summary += [(anchor, label, str(error)) for error in errors]
        return summary

    @property
    def phone_checks(self) -> dict[str, Any]:
        """What the table screen's script refuses before a hand leaves the phone, in
        the reader's words (``phone_checks.py``)."""
        return phone_checks(self)

    @property
    def count_decides(self) -> bool:
        """The server refused the hand because its count decides Rubicon."""
        return self.count_decides_message in self.errors.get("at_out_0", ())

    ENGINE_MESSAGES = {
        rules.COUNT_DECIDES_RUBICON: _(
            "This hand decides Rubicon: type each team's card points at the moment the "
            "first team went out, or tick “Count not known” to save the whole hand (the "
            "result is then estimated)."
        ),
        rules.OUT_FIRST_NEEDED: _(
            "Both teams reached the target in this hand: which one went out first?"
        ),
        OUT_FIRST_UNWANTED: _(
            "Only one team reaches the target in this hand: leave “Who went out first?” unanswered."
        ),
        BERG_FIRST_NEEDED: _(
            "Both teams reached the Berg in this hand on their tricks: which one reached it first?"
        ),
        BERG_FIRST_UNWANTED: _(
            "Both teams do not reach the Berg in this hand on their tricks: leave “Who "
            "reached the Berg first?” unanswered."
        ),
        rules.CARDS_MISSING: _("Type one team's card points (0 to 157), or who made the match."),
        rules.CARDS_MISSING_FIRST_OUT: _(
            "Type one team's card points (0 to 157). Leave them out only when Stöck or "
            "Weis took a team out in this hand."
        ),
    }

    @staticmethod
    def initial_for(
        number: int, hand: rules.Hand | None = None, version: str = "", weis_style: str = "small"
    ) -> dict[str, Any]:
        """The form's initial values: a fresh key, and the stored hand when correcting one
        (a Weis stored as a bare number, as old games have it, is shown as a kind:
        ``shown_kinds``)."""
        initial: dict[str, Any] = {
            "hand_number": number,
            "form_key": uuid.uuid4(),
            "version": version,
        }
        if hand is None:
            return initial
        initial |= {
            "trump": hand.trump,
            "typed_team": 0,
            "points": None if hand.cards is None or hand.match is not None else hand.cards[0],
            "match": "" if hand.match is None else str(hand.match),
            "stoeck": "" if hand.stoeck is None else str(hand.stoeck),
            "out_first": "" if hand.out_first is None else str(hand.out_first),
            "berg_first": "" if hand.berg_first is None else str(hand.berg_first),
            "chibre": hand.chibre,
        }
        if hand.cards_at_out is not None:
            initial["at_out_0"], initial["at_out_1"] = hand.cards_at_out
        for team in (0, 1):
            if hand.weis[team]:
                initial["weis_team"] = str(team)
                counts = Counter(shown_kinds(hand.weis[team], weis_style))
                for kind, count in counts.items():
                    initial[weis_field_name(kind)] = count
        return initial
