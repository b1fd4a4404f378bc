"""The Sidi Barrani hand form of the table screen (RULES.md §13): the final contract
(the bidding team, its mode, its bid, doubled or redoubled) and what came of it (one
team's card points, the other's computed; a match; Weis; Stöck).

``cleaned_data["hand"]`` is the engine's :class:`SidiHand`; the engine's problems
(:func:`rules.check_hand`) are put beside the field they concern. ``phone_checks`` is
what the phone says before a hand leaves it (sidi_offline.js, with sidi.js ``check``).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

from django import forms
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from scoring.forms import problem_message
from scoring.kinds.team.rules.hand import weis_points
from scoring.rules.problems import Problem
from scoring.rules.ruleset import CARD_POINTS

from . import rules
from .rules import SidiHand, check_hand
from .ruleset import SLALOM, SidiRuleset
from .words import mode_label

DOUBLE_LABELS = {1: _("Not doubled"), 2: _("Doubled"), 4: _("Redoubled")}
WEIS_SPLIT = re.compile(r"[\s+,;]+")
# the engine's fields → the form's (Weis: the team whose box holds some, see _weis_field)
FIELDS = {
    "team": "team",
    "trump": "trump",
    "bid": "bid",
    "double": "double",
    "match": "match",
    "cards": "points",
    "stoeck": "stoeck",
}
# every refusal sidi.js ``check`` names (its key: the constant's name in rules.py, lowered)
ENGINE_KEYS = (
    "ONE_OF",
    "TRUMP_UNKNOWN",
    "TRUMP_NOT_ALLOWED",
    "NOT_A_TEAM",
    "CARDS_MISSING",
    "CARDS_SHAPE",
    "CARDS_NEGATIVE",
    "CARDS_MATCH",
    "CARDS_SUM",
    "WEIS_SHAPE",
    "WEIS_NONE",
    "WEIS_BOTH",
    "WEIS_KIND",
    "WEIS_VALUE",
    "WEIS_FOURS",
    "WEIS_CARDS",
    "STOECK_NONE",
    "STOECK_SUIT",
    "GAME_OVER_BEFORE",
    "TOO_MANY_HANDS",
)


@dataclass(frozen=True)
class Choice:
    """One radio button of the form: its id, value, words and whether it is chosen."""

    id: str
    value: str
    label: Any
    checked: bool


def _weis_entries(text: str) -> tuple[int, ...] | None:
    """Weis typed as points ("20 + 50") → the bare values; None when a part is no number."""
    parts = [part for part in WEIS_SPLIT.split(text.strip()) if part]
    if not all(part.isdigit() for part in parts):
        return None
    return tuple(int(part) for part in parts)


class SidiHandForm(forms.Form):
    """One Sidi hand as the scorer enters it (``cleaned_data["hand"]``)."""

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    team = forms.TypedChoiceField(
        label=_("Bidding team"),
        coerce=int,
        empty_value=None,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose the team that made the last bid.")},
    )
    trump = forms.ChoiceField(
        label=_("Trump"),
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose the trump of the contract.")},
    )
    bid = forms.TypedChoiceField(
        label=_("Bid"),
        coerce=int,
        empty_value=None,
        error_messages={"required": _("Choose the bid of the contract.")},
    )
    double = forms.TypedChoiceField(
        label=_("Double"), coerce=int, initial=1, required=False, widget=forms.RadioSelect
    )
    typed_team = forms.TypedChoiceField(
        label=_("Card points of"), coerce=int, initial=0, widget=forms.RadioSelect
    )
    points = forms.IntegerField(
        label=_("Card points"),
        required=False,
        min_value=0,
        max_value=CARD_POINTS,
        error_messages={
            "invalid": _("Type the card points as a whole number, 0 to 157."),
            "min_value": _("Card points are 0 to 157, never below 0."),
            "max_value": _("At most 157 card points. All nine tricks are a match: choose Match."),
        },
    )
    match = forms.TypedChoiceField(
        label=_("Match (all nine tricks)"),
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )
    weis_0 = forms.CharField(label=_("Weis"), required=False, max_length=40)
    weis_1 = forms.CharField(label=_("Weis"), required=False, max_length=40)
    stoeck = forms.TypedChoiceField(
        label=_("Stöck"), coerce=int, empty_value=None, required=False, widget=forms.RadioSelect
    )
    reason = forms.CharField(
        label=_("Why (for the record of changes)"), max_length=200, required=False
    )

    def __init__(
        self,
        *args: Any,
        ruleset: SidiRuleset,
        team_names: Sequence[str],
        number: int,
        suit_style: str = "french",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.team_names = tuple(team_names)
        self.number = number
        teams = [(str(team), name) for team, name in enumerate(self.team_names)]
        none = [("", pgettext("no team", "None"))]

        def choices(name: str, options: list[tuple[str, Any]]) -> None:
            cast(forms.ChoiceField, self.fields[name]).choices = options

        choices("team", teams)
        choices("typed_team", teams)
        choices("match", none + teams)
        choices("stoeck", none + teams)
        choices("trump", [(mode, str(mode_label(mode, suit_style))) for mode in ruleset.trumps])
        choices("bid", [("", "–"), *((str(bid), str(bid)) for bid in ruleset.bids)])
        choices("double", [(str(d), DOUBLE_LABELS[d]) for d in ruleset.doubles])
        for team, name in enumerate(self.team_names):
            field = self.fields[f"weis_{team}"]
            field.label = gettext("Weis of %(team)s") % {"team": name}
            field.help_text = gettext("Points, e.g. 20 + 50")
        self.order_fields(
            [
                *("hand_number", "form_key", "version", "team", "trump", "bid", "double"),
                *("typed_team", "points", "match", "weis_0", "weis_1", "stoeck"),
            ]
        )

    # --- what the screen offers ----------------------------------------------------

    def radios(self, name: str) -> list[Choice]:
        field = self[name]
        value = "" if field.value() is None else str(field.value())
        options = cast(list[tuple[Any, Any]], cast(forms.ChoiceField, self.fields[name]).choices)
        return [
            Choice(f"{field.auto_id}_{index}", str(key), label, str(key) == value)
            for index, (key, label) in enumerate(options)
        ]

    @property
    def team_radios(self) -> list[Choice]:
        return self.radios("team")

    @property
    def trump_radios(self) -> list[Choice]:
        return self.radios("trump")

    @property
    def double_radios(self) -> list[Choice]:
        return self.radios("double")

    @property
    def typed_radios(self) -> list[Choice]:
        return self.radios("typed_team")

    @property
    def match_radios(self) -> list[Choice]:
        return self.radios("match")

    @property
    def stoeck_radios(self) -> list[Choice]:
        return self.radios("stoeck")

    @property
    def doubles(self) -> bool:
        return len(self.ruleset.doubles) > 1

    @property
    def slalom(self) -> bool:
        return SLALOM in self.ruleset.trumps

    @cached_property
    def error_summary(self) -> list[tuple[Any, str | None, str]]:
        """Every error as (the field's name, its control's id, what is wrong), in the
        page's order: the summary above the form (role=alert) links to each control."""
        lines: list[tuple[Any, str | None, str]] = [
            (None, None, str(error)) for error in self.non_field_errors()
        ]
        for name in self.fields:
            errors = self.errors.get(name, ())
            if self[name].is_hidden:
                lines += [(None, None, str(error)) for error in errors]
                continue
            anchor = self[name].auto_id
            if isinstance(self.fields[name].widget, forms.RadioSelect):
                anchor = f"{anchor}_0"
            lines += [(self.fields[name].label, anchor, str(error)) for error in errors]
        return lines

    @property
    def phone_checks(self) -> dict[str, Any]:
        """What the server would refuse of a hand, in the reader's words, for
        sidi_offline.js: the form's own messages, the engine's by sidi.js's keys (with
        ``{named}`` places), and the fields' labels."""
        points = self.fields["points"].error_messages
        messages = {
            "team": self.fields["team"].error_messages["required"],
            "trump": self.fields["trump"].error_messages["required"],
            "bid": self.fields["bid"].error_messages["required"],
            "whole": points["invalid"],
            "least": points["min_value"],
            "most": points["max_value"],
            "weis_words": WEIS_WORDS,
            "points_missing": POINTS_MISSING,
            **{key.lower(): _sentence(gettext(getattr(rules, key))) for key in ENGINE_KEYS},
        }
        return {
            "messages": {code: str(text) for code, text in messages.items()},
            "labels": {name: str(field.label) for name, field in self.fields.items()},
            "teams": list(self.team_names),
            "heading": gettext("The hand was not saved:"),
            "colon": gettext('<a href="#%(anchor)s">%(field)s</a>: %(message)s').split("</a>")[-1]
            % {"message": ""},
        }

    # --- reading the hand --------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
        weis: list[tuple[int, ...]] = []
        for team in (0, 1):
            entries = _weis_entries(data.get(f"weis_{team}") or "")
            if entries is None:
                self.add_error(f"weis_{team}", str(WEIS_WORDS))
                entries = ()
            weis.append(entries)
        if self.errors:
            return data
        match, typed, points = data.get("match"), data.get("typed_team") or 0, data.get("points")
        if match is not None:
            cards: tuple[int, int] | None = (CARD_POINTS, 0) if match == 0 else (0, CARD_POINTS)
        elif points is None:
            self.add_error("points", str(POINTS_MISSING))
            return data
        else:
            other = CARD_POINTS - points
            cards = (points, other) if typed == 0 else (other, points)
        hand = SidiHand(
            team=data["team"],
            trump=data["trump"],
            bid=data["bid"],
            cards=cards,
            double=data.get("double") or 1,
            match=match,
            weis=(weis[0], weis[1]),
            stoeck=data.get("stoeck"),
        )
        problems = check_hand(self.ruleset, hand)
        if problems:
            self.add_problems(problems, hand)
            return data
        data["hand"] = hand
        return data

    def add_problems(self, problems: Sequence[Problem], hand: SidiHand | None = None) -> None:
        """Each engine problem beside the field it concerns, or above the form (the
        service's refusals too: a hand after the game is over)."""
        for problem in problems:
            name = FIELDS.get(problem.field)
            if problem.field == "weis":
                name = _weis_field(hand)
            self.add_error(name if name in self.fields else None, problem_message(problem))

    @staticmethod
    def initial_for(
        number: int, hand: SidiHand | None = None, version: str = "", style: str = "small"
    ) -> dict[str, Any]:
        """The form's initial values: a fresh key, and the stored hand when correcting it."""
        initial: dict[str, Any] = {
            "hand_number": number,
            "form_key": uuid.uuid4(),
            "version": version,
            "double": 1,
            "typed_team": 0,
        }
        if hand is None:
            return initial
        return initial | {
            "team": hand.team,
            "trump": hand.trump,
            "bid": hand.bid,
            "double": hand.double,
            "typed_team": hand.team,
            "points": None
            if hand.match is not None or hand.cards is None
            else hand.cards[hand.team],
            "match": hand.match,
            "weis_0": " + ".join(str(weis_points(e, style)) for e in hand.weis[0]),
            "weis_1": " + ".join(str(weis_points(e, style)) for e in hand.weis[1]),
            "stoeck": hand.stoeck,
        }


WEIS_WORDS = _("Type Weis as points, e.g. 20 + 50.")
POINTS_MISSING = _("Type the card points (0 to 157), or choose the team that made a match.")


def _weis_field(hand: SidiHand | None) -> str:
    """The Weis box a Weis problem is said beside: the second team's when it holds some
    (both filled: "only one team"), else the first's."""
    if hand is not None and hand.weis[1]:
        return "weis_1"
    return "weis_0"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
