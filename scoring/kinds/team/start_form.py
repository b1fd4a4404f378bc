"""The team game's start page form (RULES.md §1–§7): a preset, what differs from it,
the four players and their seats; ``cleaned_data`` holds the ruleset the engine read
and the teams."""

from __future__ import annotations

import uuid
from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import SUIT_STYLES, Club
from scoring.forms import (
    add_problems,
    at_most,
    first_name,
    offer_clubs,
    seat_field,
    team_name_field,
    weis_field,
)
from scoring.kinds.team import rules
from scoring.kinds.team.striche_setting import strich_table_for
from scoring.rules import (
    MAX_FIXED_HANDS,
    MAX_MATCH_BONUS,
    MAX_MULTIPLIER,
    MAX_TARGET,
    PRESETS,
    TRUMPS,
    gamefile,
)
from scoring.suits import trump_label


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
        "ruleset.striche": "striche",
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
    seat_0 = seat_field(0)
    seat_1 = seat_field(1)
    seat_2 = seat_field(2)
    seat_3 = seat_field(3)
    draw_teams = forms.BooleanField(
        label=_("Draw the teams (the two highest cards play together)"), required=False
    )
    team_0 = team_name_field(0)
    team_1 = team_name_field(1)
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
    weis = weis_field()
    stoeck = forms.ChoiceField(
        label=_("Stöck"),
        required=False,
        choices=[("", _("as the preset")), ("yes", _("counted")), ("no", _("not counted"))],
    )
    match_bonus = forms.IntegerField(
        label=_("Match bonus"), required=False, min_value=0, widget=at_most(MAX_MATCH_BONUS)
    )
    striche = forms.BooleanField(
        label=_("Count in Striche"),
        required=False,
        help_text=_(
            "Sieg, Berg, Matsch, Kontermatsch and Schneider as the club's Strich table "
            "counts them (a game to a target only)."
        ),
    )
    trumps = forms.MultipleChoiceField(
        label=_("Allowed trumps"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None ticked: as the preset."),
    )

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_clubs(self, clubs)
        cast(forms.ChoiceField, self.fields["trumps"]).choices = [
            (t, str(trump_label(t))) for t in TRUMPS
        ]
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
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
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
        if data.get("striche"):
            ruleset["striche"] = strich_table_for(data["club"]).to_dict()
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
