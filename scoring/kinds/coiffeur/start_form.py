"""A new Coiffeur game (RULES.md §11): the club's sheet (a preset, and what differs from
it), the sides and their players. What is typed is made into the game file of a sheet
with no hand yet and read by :func:`gamefile.read_game`, so that a start is checked by
the same rules as an import; a problem is put beside the field it concerns.
"""

from __future__ import annotations

import re
import uuid
from typing import Any, cast

from django import forms
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import SUIT_STYLES, Club
from scoring.forms import first_name
from scoring.rules import RulesError, gamefile

from . import gamefile as coiffeur_file
from .gamefile import CoiffeurRecord
from .labels import row_label
from .names import SPELLINGS, fold
from .refusals import refusal
from .sheet import (
    MATCH_VALUES,
    MAX_BONUS,
    MAX_LABEL,
    MAX_ROWS,
    MIN_ROWS,
    MISERE,
    MODES,
    PRESET,
)

PRESET_CHOICES = [
    ("coiffeur", _("Coiffeur 10 (ten rows, ×1 to ×10)")),
    ("coiffeur-8", _("Coiffeur 8")),
    ("coiffeur-guschti", _("Coiffeur 10 with Slalom and Guschti")),
    ("coiffeur-3", _("Coiffeur, 3 sides")),
    ("coiffeur-157", _("Match 157 + 500")),
]
SIDES = 3
# a typed row: its name and multiplier ("Obenabe ×5", "Misère x8", "Wunsch 10")
ROW_LINE = re.compile(r"^(?P<name>.*?\S)\s*[×xX*]?\s*(?P<multiplier>\d{1,2})$")


def standard_names(suit_style: str) -> set[str]:
    """The names the sheet shows the scorer for its modes when the club gives no label
    of its own (folded): the mode's name in the game file and in the scorer's language.
    A row typed so keeps no label (each reader sees it in their language); typed in the
    club's words ("Misär", or "Wunsch" on an English screen), it shows as typed."""
    return {fold(mode) for mode in MODES} | {
        fold(row_label((mode, 1, None), suit_style).name) for mode in MODES
    }


def question_key(number: int, name: str) -> str:
    """The field asking how line ``number`` is played, bound to the name it asks about
    (an answer is not carried over to another line, nor to the line typed anew)."""
    return f"mode_{number}_{fold(name) or name.casefold().encode().hex()[:40]}"


def known_rows(suit_style: str) -> dict[str, str]:
    """The rows a sheet knows by name, as a scorer types them (folded, names.fold): the
    mode's name in the game file, how players write it (names.SPELLINGS: "Misär",
    "Par le haut", "Wunsch") and its name in each of the site's languages, with the
    suits named as the game's cards name them ("Eicheln", "♣ Trèfle") → the mode."""
    known = {fold(word): mode for mode, words in SPELLINGS.items() for word in words}
    for mode in MODES:
        known.setdefault(fold(mode), mode)
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for mode in MODES:
                known.setdefault(fold(row_label((mode, 1, None), suit_style).name), mode)
    return known


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def mode_choices(suit_style: str) -> list[tuple[str, str]]:
    """The modes a row of a club's own name may be played as, in the reader's words:
    the free choice first (what most such rows are), misère with how it counts."""
    order = ["choice", *(mode for mode in MODES if mode not in ("choice", MISERE))]
    choices = [(mode, str(row_label((mode, 1, None), suit_style))) for mode in order]
    return [*choices, (MISERE, gettext("Misère: (157 − card points) × multiplier"))]


MEMBER_INPUT = forms.TextInput(attrs={"list": "club-members", "autocomplete": "off"})


def _bonus(label: Any) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=MAX_BONUS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "max": MAX_BONUS}),
    )


class StartCoiffeurForm(forms.Form):
    """The sheet and the sides; ``cleaned_data["record"]`` is the checked
    :class:`CoiffeurRecord` with no hand, ``suit_style`` and ``club`` as chosen."""

    form_key = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), empty_label=None)
    preset = forms.ChoiceField(
        label=_("Sheet"), choices=PRESET_CHOICES, initial=PRESET, widget=forms.RadioSelect
    )
    name = forms.CharField(
        label=_("Name of the game"), max_length=gamefile.MAX_NAME, required=False
    )
    suit_style = forms.ChoiceField(label=_("Suits"), choices=SUIT_STYLES, initial="french")
    match_value = forms.TypedChoiceField(
        label=_("Match"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", _("as the sheet"))] + [(str(v), str(v)) for v in MATCH_VALUES],
    )
    match_bonus = _bonus(_("Match bonus"))
    counter_bonus = _bonus(_("Counter-match bonus (to the other side)"))
    counter_penalty = _bonus(_("Counter-match penalty (per multiplier)"))
    rounded = forms.BooleanField(label=_("Round to tens"), required=False)
    rows = forms.CharField(
        label=_("The club's rows"),
        required=False,
        max_length=MAX_ROWS * (MAX_LABEL + 8),
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off"}),
        help_text=_(
            "Blank: the sheet's rows. Else one row per line, in order, its name and "
            "multiplier: “Obenabe ×5”, “Misär ×8”, "
            "“Wunsch ×10”. A name the sheet knows (a suit, Obenabe, Undenufe, "
            "Slalom, 3×3, Guschti, Misère, free choice, in any of its spellings) is "
            "played so; for any other you are asked how the row is played."
        ),
    )

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast("forms.ModelChoiceField[Club]", self.fields["club"]).queryset = Club.objects.filter(
            pk__in=[c.pk for c in clubs]
        )
        for side in range(SIDES):
            letter = "ABC"[side]
            self.fields[f"side_{side}_name"] = forms.CharField(
                label=_("Name of side %(side)s") % {"side": letter},
                max_length=gamefile.MAX_TEAM_NAME,
                required=False,
            )
            for seat in range(2):
                self.fields[f"side_{side}_player_{seat}"] = forms.CharField(
                    label=_("Side %(side)s, player %(seat)s") % {"side": letter, "seat": seat + 1},
                    max_length=gamefile.MAX_PLAYER_NAME,
                    required=False,
                    widget=MEMBER_INPUT,
                )

        self.questions: dict[int, str] = {}  # a line of a name the sheet does not know → its field
        style = str(self.data.get("suit_style") or "french")
        known = known_rows(style)
        for number, line in enumerate(_lines(str(self.data.get("rows") or "")), start=1):
            typed = ROW_LINE.match(line)
            if typed is None or fold(typed["name"]) in known:
                continue
            key = question_key(number, typed["name"].strip())
            self.questions[number] = key
            self.fields[key] = forms.ChoiceField(
                label=_("Line %(number)s, “%(line)s”: how is this row played?")
                % {"number": number, "line": line[:60]},
                choices=mode_choices(style),
                required=False,
                widget=forms.RadioSelect,
            )

    @property
    def mode_fields(self) -> list[forms.BoundField]:
        """The questions for the rows of the club's own names, one per line."""
        return [self[key] for key in self.questions.values()]

    def side_fields(self, side: int) -> list[forms.BoundField]:
        return [self[f"side_{side}_player_{seat}"] for seat in range(2)]

    @property
    def sides(self) -> list[dict[str, Any]]:
        """The page's groups of fields, one per side (the third only with three)."""
        return [
            {
                "index": side,
                "letter": "ABC"[side],
                "name": self[f"side_{side}_name"],
                "players": self.side_fields(side),
            }
            for side in range(SIDES)
        ]

    def clean_rows(self) -> list[list[Any]] | None:
        """The rows typed, as the game file writes them: [mode, multiplier] for a row
        typed with the name the sheet shows for it, [mode, multiplier, label] for one
        typed in the club's words ("Misär", "Wunsch": the sheet shows them so, RULES.md
        §11) and for one of the club's own names, played as the scorer said when asked
        (never guessed)."""
        lines = _lines(self.cleaned_data.get("rows") or "")
        if not lines:
            return None
        if not MIN_ROWS <= len(lines) <= MAX_ROWS:
            raise forms.ValidationError(
                gettext("A sheet has %(least)s to %(most)s rows, not %(count)s.")
                % {"least": MIN_ROWS, "most": MAX_ROWS, "count": len(lines)}
            )
        style = str(self.data.get("suit_style") or "french")
        known, standard = known_rows(style), standard_names(style)
        rows: list[list[Any]] = []
        used: set[str] = set()
        labels: set[str] = set()
        unanswered: list[str] = []
        for number, line in enumerate(lines, start=1):
            typed = ROW_LINE.match(line)
            if typed is None or fold(line) in known:  # "3 × 3": a name, no multiplier
                raise forms.ValidationError(
                    gettext(
                        "Line %(number)s, “%(line)s”: write the row's name and "
                        "its multiplier, as “Obenabe ×5”."
                    )
                    % {"number": number, "line": line[:60]}
                )
            name, multiplier = typed["name"].strip(), int(typed["multiplier"])
            mode = known.get(fold(name))
            label = None if fold(name) in standard else name[:MAX_LABEL]
            if mode is None:
                mode = self.data.get(self.questions.get(number, ""))
                if mode not in MODES:
                    unanswered.append(
                        gettext("Line %(number)s, “%(line)s”")
                        % {"number": number, "line": line[:60]}
                    )
                    continue
            if mode == MISERE and MISERE in used:  # a second would be a free row
                raise forms.ValidationError(
                    gettext("Line %(number)s, “%(line)s”: a sheet has one Misère row.")
                    % {"number": number, "line": line[:60]}
                )
            key, count = mode, 1
            while key in used:
                count += 1
                key = f"{mode}-{count}"
            used.add(key)
            if label is not None and label.casefold() in labels:  # "Wunsch", "Wunsch 2"
                label = f"{label[: MAX_LABEL - 3]} {count}"
            labels.add((label or "").casefold())
            rows.append([key, multiplier] if label is None else [key, multiplier, label])
        if unanswered:
            raise forms.ValidationError(
                gettext(
                    "%(lines)s: the sheet does not know this name. Say below how the "
                    "row is played (misère counts 157 − card points)."
                )
                % {"lines": "; ".join(unanswered)}
            )
        return rows

    def _document(self, data: dict[str, Any]) -> dict[str, Any]:
        ruleset: dict[str, Any] = {"preset": data["preset"]}
        if data.get("rows"):
            ruleset["rows"] = data["rows"]
        for key in ("match_value", "match_bonus", "counter_bonus", "counter_penalty"):
            if data.get(key) is not None:
                ruleset[key] = data[key]
        if data.get("rounded"):
            ruleset["rounded"] = True
        count = 3 if data["preset"] == "coiffeur-3" else 2
        teams = []
        for side in range(count):
            players = [(data.get(f"side_{side}_player_{seat}") or "").strip() for seat in range(2)]
            players = [name for name in players if name] if count == 3 else players
            partners = " & ".join(first_name(p) for p in players if p)
            name = (data.get(f"side_{side}_name") or "").strip() or partners
            teams.append({"name": name[: gamefile.MAX_TEAM_NAME], "players": players})
        today = timezone.localdate()
        name = (data.get("name") or "").strip() or gettext("Coiffeur of %(date)s") % {
            "date": today.strftime("%d.%m.%Y")
        }
        document = gamefile.heading(name, today, ruleset)
        return {**document, "teams": teams, "hands": []}

    PLACES = {
        "ruleset.rows": "rows",
        "ruleset.match_value": "match_value",
        "ruleset.match_bonus": "match_bonus",
        "ruleset.counter_bonus": "counter_bonus",
        "ruleset.counter_penalty": "counter_penalty",
        "name": "name",
    }

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what clean() returns (the stubs allow None)
        if self.errors or "preset" not in data:
            return data
        count = 3 if data["preset"] == "coiffeur-3" else 2
        for side in range(count):  # a missing name, beside its field
            seats = range(2) if count == 2 else range(1)
            for seat in seats:
                key = f"side_{side}_player_{seat}"
                if not (data.get(key) or "").strip():
                    self.add_error(key, gettext("Type this player's name."))
        if self.errors:
            return data
        try:
            record: CoiffeurRecord = coiffeur_file.read_game(self._document(data))
        except RulesError as error:
            problem = error.problems[0]
            self.add_error(self._place(problem.field), refusal(problem, None, (), {}))
            return data
        data["record"] = record
        return data

    def _place(self, field: str) -> str | None:
        if field in self.PLACES:
            return self.PLACES[field]
        if field.startswith("ruleset.rows"):
            return "rows"
        if field.startswith("teams[") and ".players[" in field:
            side, seat = field[6], field.split(".players[")[1][0]
            return f"side_{side}_player_{seat}"
        if field.startswith("teams[") and field.endswith(".name"):
            return f"side_{field[6]}_name"
        return None
