"""Forms of the table screen: every input goes through one of these, then the engine."""

from __future__ import annotations

import dataclasses
import uuid
from collections import Counter
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import SUIT_STYLES, Club
from scoring import rules
from scoring.rules import (
    CARD_POINTS,
    MAX_FIXED_HANDS,
    MAX_MATCH_BONUS,
    MAX_MULTIPLIER,
    MAX_TARGET,
    PRESETS,
    TRUMPS,
    gamefile,
)
from scoring.suits import trump_label

MAX_WEIS_OF_A_VALUE = 6  # a team holds 18 cards: at most six runs of three


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


def team_choices(team_names: tuple[str, str], none: str | None = None) -> list[tuple[str, str]]:
    choices = [("0", team_names[0]), ("1", team_names[1])]
    return [("", none), *choices] if none is not None else choices


class TeamChoiceField(forms.TypedChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(coerce=int, empty_value=None, widget=forms.RadioSelect, **kwargs)


class HandForm(forms.Form):
    """One hand as the scorer enters it: trump (or the imposed one, in a tournament),
    one team's card points, match, Weis, Stöck.

    ``cleaned_data["hand"]`` is the hand for the engine. Field names differ from the
    game file's where the screen differs: the scorer types one team's points
    (``points`` for ``typed_team``); Weis is a count per value for the team that won it.
    """

    ENGINE_FIELDS = {
        "trump": "trump",
        "cards": "points",
        "match": "match",
        "weis": "weis_team",
        "stoeck": "stoeck",
        "out_first": "out_first",
    }

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    trump = forms.ChoiceField(label=_("Trump"), widget=forms.RadioSelect)
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
    stoeck = TeamChoiceField(label=_("Stöck"), required=False)
    out_first = TeamChoiceField(label=_("Who went out first?"), required=False)
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
        self.chooser = chooser
        # A tournament's trump for this hand: the screen offers no other (the
        # service refuses any other, whatever is sent).
        self.imposed_trump = imposed_trump
        if imposed_trump is not None:
            self.initial = {**self.initial, "trump": imposed_trump}
        self.fields["trump"].choices = [
            (trump, str(trump_label(trump, suit_style))) for trump in ruleset.trumps
        ]
        self.fields["typed_team"].choices = team_choices(team_names)
        # more than 157 is mostly a match typed as its total (257): say where it goes
        self.fields["points"].error_messages["max_value"] = self.too_many_points_message()
        nobody = gettext("Nobody")
        for name in ("match", "weis_team", "stoeck", "out_first"):
            self.fields[name].choices = team_choices(team_names, none=nobody)
        self.fields["out_first"].choices = team_choices(team_names)
        self.weis_values = sorted(set(rules.weis_table(ruleset.weis).values()))
        for value in self.weis_values:
            self.fields[f"weis_{value}"] = forms.IntegerField(
                label=str(value),
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

    def too_many_points_message(self) -> str:
        """What the screen says when more than 157 card points are typed (the page's
        script shows the same words as the scorer types)."""
        return gettext(
            "At most 157 card points. All nine tricks are a match (%(match)s): choose Match."
        ) % {"match": self.ruleset.match_card_points}

    def weis_fields(self) -> list[forms.BoundField]:
        return [self[f"weis_{value}"] for value in self.weis_values]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        match, points, typed = data.get("match"), data.get("points"), data.get("typed_team", 0)
        cards: tuple[int, int] | None
        if match is not None:
            cards = (CARD_POINTS, 0) if match == 0 else (0, CARD_POINTS)
        elif points is None:
            cards = None  # allowed only when the game ends on Stöck or Weis: the engine says
        else:
            other = CARD_POINTS - points
            cards = (points, other) if typed == 0 else (other, points)
        entries: list[int] = []
        for value in self.weis_values:
            entries += [value] * (data.get(f"weis_{value}") or 0)
        weis_team = data.get("weis_team")
        if entries and weis_team is None:
            self.add_error("weis_team", gettext("Say which team won the Weis."))
            return data
        weis: tuple[tuple[int | str, ...], tuple[int | str, ...]] = ((), ())
        if entries:
            weis = (tuple(entries), ()) if weis_team == 0 else ((), tuple(entries))
        data["hand"] = rules.Hand(
            trump=data["trump"],
            cards=cards,
            match=match,
            weis=weis,
            stoeck=data.get("stoeck"),
            out_first=data.get("out_first"),
            chooser=self.chooser,
            chibre=bool(data.get("chibre")),
        )
        return data

    def add_problems(self, problems: list[rules.Problem]) -> None:
        add_problems(self, problems, self.ENGINE_FIELDS, self.ENGINE_MESSAGES)

    @property
    def asks_out_first(self) -> bool:
        """The "who went out first?" question shows only when the engine needs it,
        or when the hand being corrected had it answered."""
        if self.is_bound:
            return bool("out_first" in self.errors or self.data.get("out_first"))
        return self.initial.get("out_first") not in (None, "")

    ENGINE_MESSAGES = {
        rules.OUT_FIRST_NEEDED: _(
            "Both teams reached the target in this hand: which one went out first?"
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
        (a Weis declared by kind, ``seq3``, is counted under its value, 20)."""
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
            "chibre": hand.chibre,
        }
        for team in (0, 1):
            if hand.weis[team]:
                initial["weis_team"] = str(team)
                table = rules.weis_table(weis_style) if weis_style != "none" else {}
                counts = Counter(
                    table.get(entry, 0) if isinstance(entry, str) else entry
                    for entry in hand.weis[team]
                )
                for value, count in counts.items():
                    initial[f"weis_{value}"] = count
        return initial


def keep_declared_kinds(stored: rules.Hand, corrected: rules.Hand, style: str) -> rules.Hand:
    """A correction that leaves the Weis as it was keeps them as declared (``seq3``
    stays ``seq3`` rather than becoming a bare 20)."""
    table = rules.weis_table(style) if style != "none" else {}

    def values(entries: tuple[int | str, ...]) -> list[int]:
        return sorted(table.get(e, 0) if isinstance(e, str) else e for e in entries)

    same = all(values(stored.weis[t]) == values(corrected.weis[t]) for t in (0, 1))
    if same and stored.weis != corrected.weis:
        return dataclasses.replace(corrected, weis=stored.weis)
    return corrected


class UndoForm(forms.Form):
    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)
    reason = forms.CharField(max_length=200, required=False)


def at_most(most: int) -> forms.NumberInput:
    """A number box whose ``max`` is the engine's bound (the engine says why beyond it)."""
    return forms.NumberInput(attrs={"max": most, "inputmode": "numeric"})


# The seats offer the club's members in a list (a few taps); a guest is just typed.
MEMBER_INPUT = forms.TextInput(attrs={"list": "club-members", "autocomplete": "off"})


class StartGameForm(forms.Form):
    """A new game: a preset, what differs from it, the four players and their seats."""

    RULESET_FIELDS = {
        "ruleset.preset": "preset",
        "ruleset.target": "target",
        "ruleset.end": "end",
        "ruleset.hands": "hands",
        "ruleset.weis": "weis",
        "ruleset.stoeck": "stoeck",
        "ruleset.match_bonus": "match_bonus",
        "ruleset.trumps": "trumps",
        **{f"ruleset.multipliers.{mode}": f"multiplier_{mode}" for mode in TRUMPS},
    }

    form_key = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), empty_label=None)
    preset = forms.ChoiceField(
        label=_("Game"),
        initial="chibre",
        widget=forms.RadioSelect,
        choices=[
            ("chibre", _("Chibre to 1000")),
            ("pique-double", _("Pique double to 1500")),
            ("schieber-2500", _("Schieber to 2500")),
            ("tournament", _("Tournament, 16 hands")),
        ],
    )
    seat_0 = forms.CharField(
        label=_("Player 1"), max_length=gamefile.MAX_PLAYER_NAME, widget=MEMBER_INPUT
    )
    seat_1 = forms.CharField(
        label=_("Player 2"), max_length=gamefile.MAX_PLAYER_NAME, widget=MEMBER_INPUT
    )
    seat_2 = forms.CharField(
        label=_("Player 3"), max_length=gamefile.MAX_PLAYER_NAME, widget=MEMBER_INPUT
    )
    seat_3 = forms.CharField(
        label=_("Player 4"), max_length=gamefile.MAX_PLAYER_NAME, widget=MEMBER_INPUT
    )
    draw_teams = forms.BooleanField(
        label=_("Draw the teams (the two highest cards play together)"), required=False
    )
    team_0 = forms.CharField(
        label=_("Team of players 1 and 3"), max_length=gamefile.MAX_TEAM_NAME, required=False
    )
    team_1 = forms.CharField(
        label=_("Team of players 2 and 4"), max_length=gamefile.MAX_TEAM_NAME, required=False
    )
    first_chooser = forms.TypedChoiceField(
        label=_("Who holds the 7 of diamonds?"),
        coerce=int,
        initial=0,
        choices=[(0, _("Player 1")), (1, _("Player 2")), (2, _("Player 3")), (3, _("Player 4"))],
    )
    suit_style = forms.ChoiceField(label=_("Suits"), choices=SUIT_STYLES, initial="french")
    name = forms.CharField(
        label=_("Name of the game"), max_length=gamefile.MAX_NAME, required=False
    )

    # What differs from the preset; blank keeps the preset's value. The engine's bounds
    # are the browser's ``max``; a larger number gets the engine's message beside it.
    target = forms.IntegerField(
        label=_("Target"), required=False, min_value=1, widget=at_most(MAX_TARGET)
    )
    end = forms.ChoiceField(
        label=_("End"),
        required=False,
        choices=[
            ("", _("as the preset")),
            ("first-out", _("first out: the count stops when a team reaches the target")),
            ("whole-hand", _("whole hand: the last hand is played out")),
            ("fixed-hands", _("a fixed number of hands")),
        ],
    )
    hands = forms.IntegerField(
        label=_("Number of hands"), required=False, min_value=1, widget=at_most(MAX_FIXED_HANDS)
    )
    weis = forms.ChoiceField(
        label=_("Weis"),
        required=False,
        choices=[
            ("", _("as the preset")),
            ("small", _("small Weis")),
            ("large", _("large Weis")),
            ("none", _("no Weis")),
        ],
    )
    stoeck = forms.ChoiceField(
        label=_("Stöck"),
        required=False,
        choices=[("", _("as the preset")), ("yes", _("counted")), ("no", _("not counted"))],
    )
    match_bonus = forms.IntegerField(
        label=_("Match bonus"), required=False, min_value=0, widget=at_most(MAX_MATCH_BONUS)
    )
    trumps = forms.MultipleChoiceField(
        label=_("Allowed trumps"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None ticked: as the preset."),
    )

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = Club.objects.filter(pk__in=[club.pk for club in clubs])
        self.fields["trumps"].choices = [(t, str(trump_label(t))) for t in TRUMPS]
        for mode in TRUMPS:
            self.fields[f"multiplier_{mode}"] = forms.IntegerField(
                label=str(trump_label(mode)),
                required=False,
                min_value=1,
                widget=at_most(MAX_MULTIPLIER),
            )

    def multiplier_fields(self) -> list[forms.BoundField]:
        return [self[f"multiplier_{mode}"] for mode in TRUMPS]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        ruleset: dict[str, Any] = {"preset": data["preset"]}
        for name in ("target", "hands", "match_bonus"):
            if data.get(name) is not None:
                ruleset[name] = data[name]
        for name in ("end", "weis"):
            if data.get(name):
                ruleset[name] = data[name]
        if data.get("stoeck"):
            ruleset["stoeck"] = data["stoeck"] == "yes"
        if data.get("trumps"):
            ruleset["trumps"] = data["trumps"]
        multipliers = {
            mode: data[f"multiplier_{mode}"]
            for mode in TRUMPS
            if data.get(f"multiplier_{mode}") is not None
        }
        if multipliers:
            ruleset["multipliers"] = {**PRESETS[data["preset"]]["multipliers"], **multipliers}
        end = ruleset.get("end", PRESETS[data["preset"]]["end"])
        if end == "fixed-hands":
            ruleset.setdefault("target", None)
            ruleset.setdefault("hands", PRESETS[data["preset"]]["hands"] or 16)
        elif "end" in ruleset:
            ruleset.setdefault("hands", None)
            ruleset.setdefault("target", PRESETS[data["preset"]]["target"] or 1000)
        try:
            data["ruleset"] = rules.parse_ruleset(ruleset)
        except rules.RulesError as error:
            add_problems(self, error.problems, self.RULESET_FIELDS)
            return data

        names = [data[f"seat_{seat}"].strip() for seat in range(4)]
        if len(set(names)) != 4:
            self.add_error(None, gettext("Give each of the four players a distinct name."))
            return data
        holder = names[data["first_chooser"]]
        if data.get("draw_teams"):
            names = rules.draw_teams(names)
        data["seats"] = names
        data["first_chooser_seat"] = names.index(holder)
        team_names = []
        for team in (0, 1):
            given = (data.get(f"team_{team}") or "").strip()
            partners = f"{first_name(names[team])} & {first_name(names[team + 2])}"
            team_names.append(given or partners[: gamefile.MAX_TEAM_NAME])
        data["teams"] = (
            gamefile.Team(team_names[0], (names[0], names[2])),
            gamefile.Team(team_names[1], (names[1], names[3])),
        )
        data["played_on"] = timezone.localdate()
        data["name"] = (data.get("name") or "").strip() or gettext("Game of %(date)s") % {
            "date": data["played_on"].strftime("%d.%m.%Y")
        }
        return data


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
