"""The Coiffeur hand form of the table screen (RULES.md §11): the side that announced,
one of ITS open rows, and the side's card points, or match, counter-match or struck.
A plain hand is three taps and the digits: side, row, points, save (the side whose turn
it is comes chosen).

Each side has its own group of row buttons (``row_0``, ``row_1``, ``row_2``) holding
only that side's open rows, so that the row sent is always one the scorer saw under the
side chosen; the page shows the chosen side's group alone (css/coiffeur.css).
``cleaned_data["hand"]`` is the engine's :class:`CoiffeurHand`; the engine's problems
(:func:`rules.check_hand`) are put beside the field they concern, in the screen's words.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rules.problems import Problem
from scoring.rules.ruleset import CARD_POINTS

from . import rules
from .labels import RowLabel, row_label
from .refusals import phone_checks, refusal
from .rules import CoiffeurHand, cell, check_hand, counter_cards, match_cards
from .sheet import MISERE, CoiffeurRuleset

OUTCOMES = (
    ("cards", _("Card points")),
    ("match", _("Match")),
    ("counter", _("Counter-match")),
    ("struck", _("Struck (0)")),
)
MISERE_RULE = _(
    "Misère counts 157 − card points. Its match is no trick (0 card points), "
    "its counter-match all nine (157)."
)
MISERE_COUNTED = _("Misère: counted as 157 − %(points)s = %(counted)s, × %(multiplier)s = %(cell)s")


@dataclass(frozen=True)
class SideButton:
    id: str
    value: str
    name: str
    checked: bool
    full: bool  # every row of the side is played: nothing to choose


@dataclass(frozen=True)
class OutcomeButton:
    id: str
    value: str  # "cards", "match", "counter", "struck"
    label: Any
    checked: bool


@dataclass(frozen=True)
class RowButton:
    id: str
    value: str  # the row's name in the game file
    label: RowLabel
    multiplier: int
    misere: bool
    checked: bool


@dataclass(frozen=True)
class RowGroup:
    """One side's open rows: the only rows offered once that side is chosen."""

    side: int
    side_name: str
    html_name: str
    buttons: tuple[RowButton, ...]
    errors: forms.utils.ErrorList
    chosen: bool

    @property
    def error_id(self) -> str:
        return f"{self.html_name}-error"


@dataclass(frozen=True)
class Summary:
    """One line of the error summary: the field's name, where it is, what is wrong."""

    label: Any
    anchor: str | None
    message: str


class CoiffeurHandForm(forms.Form):
    """One Coiffeur hand as the scorer enters it (``cleaned_data["hand"]``).

    ``hands`` are the game's hands so far; when correcting hand ``number`` its own cell
    counts as open. ``side_names`` one per side of the ruleset.
    """

    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    form_key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    team = forms.TypedChoiceField(
        label=_("Side that announced"),
        coerce=int,
        empty_value=None,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose the side that announced.")},
    )
    outcome = forms.ChoiceField(
        label=_("Counted as"),
        choices=OUTCOMES,
        initial="cards",
        required=False,  # card points unless said otherwise
        widget=forms.RadioSelect,
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
    chibre = forms.BooleanField(label=_("Chibré (trump passed to the partner)"), required=False)
    reason = forms.CharField(
        label=_("Why (for the record of changes)"), max_length=200, required=False
    )

    def __init__(
        self,
        *args: Any,
        ruleset: CoiffeurRuleset,
        hands: Sequence[CoiffeurHand],
        side_names: Sequence[str],
        number: int | None = None,
        chooser: str | None = None,
        suit_style: str = "french",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if len(side_names) != ruleset.teams:
            raise ValueError(f"{ruleset.teams} sides, {len(side_names)} names")
        self.ruleset = ruleset
        self.hands = tuple(hands)
        self.side_names = tuple(side_names)
        self.number = len(self.hands) + 1 if number is None else number
        self.chooser = chooser
        self.labels = {row[0]: row_label(row, suit_style) for row in ruleset.rows}
        # the cells filled by the other hands: side and row → the hand that filled it
        self.filled = {
            (hand.team, hand.row): n
            for n, hand in enumerate(self.hands, start=1)
            if n != self.number
        }
        cast(forms.ChoiceField, self.fields["team"]).choices = [
            (str(s), name) for s, name in enumerate(side_names)
        ]
        rows = [(name, str(self.labels[name])) for name in ruleset.names]
        for side in range(ruleset.teams):
            self.fields[f"row_{side}"] = forms.ChoiceField(
                label=_("Row"),
                required=False,
                choices=rows,
                widget=forms.RadioSelect,
                error_messages={"invalid_choice": _("There is no row %(value)s on this sheet.")},
            )
        if "team" not in self.initial:
            self.initial = {**self.initial, "team": self.next_side}
        sides = [f"row_{side}" for side in range(ruleset.teams)]
        # the page's order, which the error summary follows
        self.order_fields(["hand_number", "form_key", "version", "team", *sides, "points"])

    # --- what the screen offers ----------------------------------------------------

    def open_rows(self, side: int) -> tuple[str, ...]:
        """The rows ``side`` has not played yet, in the sheet's order."""
        return tuple(name for name in self.ruleset.names if (side, name) not in self.filled)

    @property
    def sheet_full(self) -> bool:
        return len(self.filled) >= self.ruleset.teams * len(self.ruleset.rows)

    @property
    def next_side(self) -> int:
        """Whose turn it is: the side after the last hand's (the announcing passes
        round the table), skipping a side that has played every row."""
        teams = self.ruleset.teams
        last = self.hands[self.number - 2].team if 1 < self.number <= len(self.hands) + 1 else -1
        for step in range(1, teams + 1):
            side = (last + step) % teams
            if self.open_rows(side):
                return side
        return 0

    @cached_property
    def chosen_side(self) -> int | None:
        value = self["team"].value()
        try:
            side = int(value)
        except (TypeError, ValueError):
            return None
        return side if 0 <= side < self.ruleset.teams else None

    @cached_property
    def side_buttons(self) -> list[SideButton]:
        return [
            SideButton(
                id=f"{self['team'].auto_id}_{side}",
                value=str(side),
                name=name,
                checked=side == self.chosen_side,
                full=not self.open_rows(side),
            )
            for side, name in enumerate(self.side_names)
        ]

    @cached_property
    def row_groups(self) -> list[RowGroup]:
        groups = []
        for side, side_name in enumerate(self.side_names):
            field = self[f"row_{side}"]
            value = field.value()
            multipliers = {name: m for name, m, _label in self.ruleset.rows}
            buttons = tuple(
                RowButton(
                    id=f"{field.auto_id}_{index}",
                    value=name,
                    label=self.labels[name],
                    multiplier=multipliers[name],
                    misere=name == MISERE,
                    checked=value == name,
                )
                for index, name in enumerate(self.open_rows(side))
            )
            chosen = side == self.chosen_side
            groups.append(RowGroup(side, side_name, field.html_name, buttons, field.errors, chosen))
        return groups

    @cached_property
    def outcome_buttons(self) -> list[OutcomeButton]:
        """Card points (chosen unless another is), match, counter-match, struck."""
        field = self["outcome"]
        chosen = field.value() or "cards"
        return [
            OutcomeButton(f"{field.auto_id}_{index}", value, label, value == chosen)
            for index, (value, label) in enumerate(OUTCOMES)
        ]

    @property
    def misere_multiplier(self) -> int | None:
        return self.ruleset.row(MISERE)[1] if MISERE in self.ruleset.names else None

    @property
    def misere_note_rule(self) -> str:
        return str(MISERE_RULE)

    @property
    def misere_template(self) -> str:
        """The misère line with its places, for the page's script to fill in."""
        return str(MISERE_COUNTED)

    @property
    def misere_note(self) -> str | None:
        """What a misère hand counts, shown before it is saved: "157 − 40 = 117, × 8 =
        936" once misère and the card points are chosen; the rule while they are not;
        nothing on a sheet without misère."""
        multiplier = self.misere_multiplier
        if multiplier is None:
            return None
        side = self.chosen_side
        row = self[f"row_{side}"].value() if side is not None else None
        points = self["points"].value()
        outcome = self["outcome"].value() or "cards"
        try:
            points = int(points)
        except (TypeError, ValueError):
            points = None
        if row != MISERE or outcome != "cards" or points is None or not 0 <= points <= 157:
            return str(MISERE_RULE)
        hand = CoiffeurHand(0, MISERE, points)
        return str(MISERE_COUNTED) % {
            "points": points,
            "counted": CARD_POINTS - points,
            "multiplier": multiplier,
            "cell": cell(self.ruleset, hand),
        }

    @cached_property
    def error_summary(self) -> list[Summary]:
        """Every error, each naming its field and linking to it (the summary above the
        form, read out at once: role=alert)."""
        lines = [Summary(None, None, str(error)) for error in self.non_field_errors()]
        for name in self.fields:  # in the page's order
            errors = self.errors.get(name, ())
            anchor = self[name].auto_id
            if self[name].is_hidden:  # the form's keys: nothing to point at
                lines += [Summary(None, None, str(error)) for error in errors]
                continue
            if name == "team" or name.startswith("row_") or name == "outcome":
                anchor = f"{anchor}_0"
            lines += [Summary(self.fields[name].label, anchor, str(e)) for e in errors]
        return lines

    @property
    def phone_checks(self) -> dict[str, Any]:
        """What the server would refuse of a hand, said by the phone before it leaves,
        in the reader's words (``refusals.phone_checks``, coiffeur_offline.js)."""
        return phone_checks(self)

    @property
    def typed(self) -> str:
        """What a refused form held, in words ("♥ Hearts ×3 · Anne & Claude: 80"), for
        a sheet that is full and shows no form."""
        side = self.chosen_side
        row = self[f"row_{side}"].value() if side is not None else None
        outcome = self["outcome"].value() or "cards"
        said = [] if side is None else [self.side_names[side]]
        if row in self.labels:
            said.insert(0, f"{self.labels[row]} ×{self.ruleset.row(row)[1]}")
        what = dict(OUTCOMES).get(outcome, "") if outcome != "cards" else self["points"].value()
        return f"{' · '.join(said)}: {what}" if what not in (None, "") else " · ".join(said)

    # --- reading the hand --------------------------------------------------------

    def clean_outcome(self) -> str:
        return str(self.cleaned_data.get("outcome") or "cards")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
        if self.sheet_full:
            full = Problem("hands", rules.SHEET_FULL, params={"last": len(self.hands)})
            self.add_error(None, self.problem_text(full))
            return data
        team = data.get("team")
        if team is None or f"row_{team}" in self.errors:
            return data
        row = data.get(f"row_{team}") or None
        if row is None:
            message = gettext("Choose the row played by %(side)s.") % {
                "side": self.side_names[team]
            }
            self.add_error(f"row_{team}", message)
            return data
        # the side and its row first, whatever else is wrong: a struck cell has nothing
        # else to check
        place = CoiffeurHand(team, row, None, struck=True)
        self.add_problems(check_hand(self.ruleset, self.filled, place), place)
        if self.errors:
            return data
        outcome, points = data.get("outcome") or "cards", data.get("points")
        if outcome == "match" and points is None:
            points = match_cards(row)  # all nine tricks, or none in misère
        elif outcome == "counter" and points is None:
            points = counter_cards(row)
        hand = CoiffeurHand(
            team=team,
            row=row,
            cards=points,
            match=outcome == "match",
            counter=outcome == "counter",
            struck=outcome == "struck",
            chooser=self.chooser,
            chibre=bool(data.get("chibre")),
        )
        problems = check_hand(self.ruleset, self.filled, hand)
        if problems:
            self.add_problems(problems, hand)
            return data
        data["hand"] = hand
        return data

    FIELDS = {"team": "team", "cards": "points", "match": "outcome", "counter": "outcome"}

    def add_problems(self, problems: Sequence[Problem], hand: CoiffeurHand) -> None:
        """Put each engine problem beside the field it concerns, or above the form (the
        service's refusals too: a cell another phone filled a moment ago)."""
        for problem in problems:
            if problem.field == "row":
                name: str | None = f"row_{hand.team}"
            elif problem.field == "struck":
                name = "outcome"
            else:
                name = self.FIELDS.get(problem.field)
            if name not in self.fields:
                name = None
            self.add_error(name, self.problem_text(problem, hand))

    def problem_text(self, problem: Problem, hand: CoiffeurHand | None = None) -> str:
        return refusal(problem, hand, self.side_names, self.labels)

    @staticmethod
    def initial_for(
        number: int, hand: CoiffeurHand | None = None, version: str = ""
    ) -> dict[str, Any]:
        """The form's initial values: a fresh key, and the stored hand when correcting
        it."""
        initial: dict[str, Any] = {
            "hand_number": number,
            "form_key": uuid.uuid4(),
            "version": version,
        }
        if hand is None:
            return initial
        outcome = hand.outcome
        plain = outcome == "cards"
        return initial | {
            "team": hand.team,
            f"row_{hand.team}": hand.row,
            "outcome": outcome,
            "points": hand.cards if plain else None,
            "chibre": hand.chibre,
        }
