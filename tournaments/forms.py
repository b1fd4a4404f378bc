"""Forms of the tournament pages."""

from __future__ import annotations

import csv
import io
import unicodedata
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring.rules import TRUMPS
from scoring.suits import FRENCH_SYMBOLS, GERMAN_NAMES, NO_TRUMP_SYMBOLS, french_name, trump_label
from tournaments.models import (
    DIFFERENZLER,
    TEAMS,
    Tournament,
    default_tie_breaks,
    differenzler_tie_breaks,
)
from tournaments.standings import DIFFERENZLER_TIE_BREAKS, TIE_BREAKS, tie_break_names

# Other names a club may type: standard German for the French suits, and the
# spellings of the no-trump modes heard at tables.
TRUMP_ALIASES = {
    "karo": "diamonds",
    "egge": "diamonds",
    "pik": "spades",
    "schaufle": "spades",
    "obeabe": "obe-abe",
    "obenabe": "obe-abe",
    "undeufe": "unde-ufe",
    "undenufe": "unde-ufe",
}


def trump_key(typed: str) -> str:
    """A typed trump as it is looked up: no case, accents, spaces or dashes, and
    œ as oe ("Cœur", "coeur" and "COEUR" are one)."""
    text = typed.casefold().replace("œ", "oe").replace("æ", "ae")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return "".join(c for c in text if c.isalnum()) or typed.strip()


def _trump_names() -> dict[str, str]:
    """Every way a trump may be typed: its name in French, German or English, the
    German-Swiss suit, its symbol, or the game file's name (see ``trump_key``)."""
    names = dict(TRUMP_ALIASES)
    for trump in TRUMPS:
        names[trump_key(trump)] = trump
        for language in ("en", "fr", "de"):
            with translation.override(language):
                names[trump_key(french_name(trump))] = trump
        if trump in GERMAN_NAMES:
            names[trump_key(GERMAN_NAMES[trump])] = trump
        symbol = FRENCH_SYMBOLS.get(trump) or NO_TRUMP_SYMBOLS.get(trump)
        if symbol:
            names[symbol] = trump
    return names


def _tie_break_choices() -> list[tuple[str, Any]]:
    """Every tie-break of either kind of ranking (each format allows its own)."""
    every = {**TIE_BREAKS, **DIFFERENZLER_TIE_BREAKS}
    return [("", "—"), *((key, _(label)) for key, label in every.items())]


def _format_tie_breaks(format_: str, chosen: list[str]) -> tuple[list[str], str | None]:
    """The tie-breaks for a format, and the first chosen one it does not know. The
    other format's defaults left as they were (the format changed on the form)
    become this format's own."""
    if format_ == DIFFERENZLER:
        allowed, own, other = (
            DIFFERENZLER_TIE_BREAKS,
            differenzler_tie_breaks(),
            default_tie_breaks(),
        )
    else:
        allowed, own, other = TIE_BREAKS, default_tie_breaks(), differenzler_tie_breaks()
    if chosen == other:
        return own, None
    return chosen, next((name for name in chosen if name not in allowed), None)


class TournamentForm(forms.ModelForm):
    tie_break_1 = forms.ChoiceField(
        label=_("First tie-break"), choices=_tie_break_choices, initial="best-pass", required=False
    )
    tie_break_2 = forms.ChoiceField(
        label=_("Then"), choices=_tie_break_choices, initial="matches", required=False
    )
    tie_break_3 = forms.ChoiceField(
        label=_("Then"), choices=_tie_break_choices, initial="draw", required=False
    )
    reason = forms.CharField(
        label=_("Why the ranking changes"),
        max_length=500,
        required=False,
        help_text=_("Needed once the standings are public; shown with them."),
    )
    trump_order_text = forms.CharField(
        label=_("Imposed trump order"),
        required=False,
        help_text=_(
            "One trump per hand, separated by commas (e.g. Hearts, Spades, Obe-abe), named "
            "in French, German or English, or as a German-Swiss suit (Rosen, Schellen, "
            "Schilten, Eicheln); empty: equal blocks of the four suits."
        ),
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "place",
            "format",
            "passes",
            "hands",
            "weis",
            "stoeck",
            "match_bonus",
            "best_of",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    PLAYED_RULES = ("format", "hands", "trump_order_text", "weis", "stoeck", "match_bonus")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("passes", "hands", "best_of"):  # the model's bounds, checked first
            validators = Tournament._meta.get_field(name).validators
            low = max(v.limit_value for v in validators if isinstance(v, MinValueValidator))
            high = min(v.limit_value for v in validators if isinstance(v, MaxValueValidator))
            field = self.fields[name]
            field.validators += [MinValueValidator(low), MaxValueValidator(high)]
            field.widget.attrs.update(min=low, max=high)
        self.fields["hands"].help_text = _("A Différenzler game is usually 12 hands.")
        tournament = self.instance
        if tournament.pk is None:  # a new tournament: no public ranking to change yet
            del self.fields["reason"]
            return
        for number, name in enumerate(tournament.tie_breaks[:3], start=1):
            self.fields[f"tie_break_{number}"].initial = name
        for number in range(len(tournament.tie_breaks) + 1, 4):
            self.fields[f"tie_break_{number}"].initial = ""
        style = tournament.club.suit_style  # the trumps as the club's cards name them
        self.fields["trump_order_text"].initial = ", ".join(
            trump_label(trump, style).name for trump in tournament.trump_order
        )
        self.played = tournament.schedule.exclude(state="draft").count()
        if self.played:  # the games are played under these rules: they stay
            for name in self.PLAYED_RULES:
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Fixed: a pass has been published.")
            self.fields["trump_order_text"].initial = ", ".join(  # the order played
                trump_label(tournament.trump_of_hand(n), style).name
                for n in range(1, tournament.hands + 1)
                if not tournament.differenzler  # its tables draw their trumps
            )
        elif tournament.schedule.exists():  # a draft seats teams, or players, by the format
            self.fields["format"].disabled = True
            self.fields["format"].help_text = _("Fixed: a pass has been drawn.")
        if tournament.differenzler:  # what a Différenzler tournament does not have
            for name in ("weis", "stoeck", "match_bonus", "best_of", "trump_order_text"):
                del self.fields[name]
        if self.fields["format"].disabled:  # the tie-breaks of this format only
            names = tie_break_names(tournament.differenzler)
            for number in (1, 2, 3):
                self.fields[f"tie_break_{number}"].choices = [
                    ("", "—"),
                    *((key, _(label)) for key, label in names.items()),
                ]

    def clean_passes(self) -> int:
        passes = self.cleaned_data["passes"]
        drawn = self.instance.schedule.count() if self.instance.pk else 0
        if passes < drawn:
            raise forms.ValidationError(
                ngettext(
                    "%(drawn)s pass is drawn already.", "%(drawn)s passes are drawn already.", drawn
                )
                % {"drawn": drawn}
            )
        return passes

    def clean_trump_order_text(self) -> list[str]:
        known = _trump_names()
        typed = [n.strip() for n in self.cleaned_data["trump_order_text"].split(",") if n.strip()]
        unknown = [n for n in typed if trump_key(n) not in known]
        if unknown:
            raise forms.ValidationError(_("Unknown trump: %(name)s") % {"name": unknown[0]})
        return [known[trump_key(n)] for n in typed]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        order, hands = data.get("trump_order_text"), data.get("hands")
        differenzler = data.get("format") == DIFFERENZLER  # no imposed trumps
        if order and hands and len(order) != hands and not differenzler:
            self.add_error(
                "trump_order_text",
                ngettext(
                    "%(count)s trump typed: give one per hand, %(hands)s in all.",
                    "%(count)s trumps typed: give one per hand, %(hands)s in all.",
                    len(order),
                )
                % {"count": len(order), "hands": hands},
            )
        order = [data.get(f"tie_break_{n}") for n in (1, 2, 3)]
        chosen = [name for name in order if name]
        if len(chosen) != len(set(chosen)):
            self.add_error("tie_break_2", _("Each tie-break once."))
        data["tie_breaks"], wrong = _format_tie_breaks(data.get("format", TEAMS), chosen)
        if wrong:
            every = {**TIE_BREAKS, **DIFFERENZLER_TIE_BREAKS}
            self.add_error(
                "tie_break_1",
                _("“%(name)s” does not break ties in this format: choose another.")
                % {"name": _(every[wrong])},
            )
        if data.get("format") == DIFFERENZLER:
            self._differenzler_rules(data)
        best_of, passes = data.get("best_of"), data.get("passes")
        if best_of and passes and best_of > passes:
            self.add_error("best_of", _("At most the number of passes."))
        if self.ranking_changed() and not data.get("reason", "").strip():
            self.add_error("reason", _("The standings are public: say why the ranking changes."))
        return data

    def _differenzler_rules(self, data: dict[str, Any]) -> None:
        """What a Différenzler tournament does not have, refused where it was typed."""
        for name in ("weis", "stoeck", "match_bonus"):
            if data.get(name) and name in self.fields:
                self.add_error(name, _("A Différenzler game counts card points only."))
        if data.get("trump_order_text") and "trump_order_text" in self.fields:
            self.add_error(
                "trump_order_text",
                _("A Différenzler table draws each hand's trump, or turns it up: leave it empty."),
            )
        if data.get("best_of"):
            self.add_error("best_of", _("A Différenzler tournament counts every pass."))

    def ranking(self) -> dict[str, Any]:
        """How the standings rank, as the form would save it."""
        data = self.cleaned_data
        return {"tie_breaks": data.get("tie_breaks", []), "best_of": data.get("best_of")}

    def ranking_changed(self) -> bool:
        """Whether the public standings would rank otherwise (a change to log)."""
        tournament = self.instance
        if tournament.pk is None or not tournament.published:
            return False
        before = {"tie_breaks": list(tournament.tie_breaks), "best_of": tournament.best_of}
        return self.ranking() != before

    def save(self, commit: bool = True) -> Tournament:
        self.instance.tie_breaks = self.cleaned_data["tie_breaks"]
        self.instance.trump_order = self.cleaned_data.get("trump_order_text", [])
        return super().save(commit)


class EntryForm(forms.Form):
    name = forms.CharField(label=_("Team or player name"), max_length=100)
    player_1 = forms.CharField(
        label=_("Player"), max_length=100, widget=forms.TextInput(attrs={"list": "club-members"})
    )
    player_2 = forms.CharField(
        label=_("Partner"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"list": "club-members"}),
    )

    def __init__(self, *args: Any, team: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.team = team
        self.fields["player_2"].required = team
        if not team:  # a player plays under their own name
            del self.fields["name"]
            self.fields["player_1"].label = _("Player's name")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.team and data.get("player_1"):
            data["name"], data["player_2"] = data["player_1"], ""
        return data


class OfficeForm(forms.Form):
    """What the director's page opens of the pass at its top (a GET, without script):
    the tables of one kind (``show``: a count of the summary, or those that need the
    director), or one table, by its number (``table``: the jump)."""

    SHOWN = ("attention", "confirmed", "disputed", "locked", "entered", "missing", "paper")

    show = forms.ChoiceField(choices=[(kind, kind) for kind in SHOWN], required=False)
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


PAPER_NUMBER = {
    "invalid": _("Give both totals as whole numbers."),
    "required": _("Give both totals as whole numbers."),
    "min_value": _("Totals cannot be negative."),
}
PAPER_MATCHES = {
    "invalid": _("Matches are a whole number."),
    "min_value": _("Matches cannot be negative."),
}


class PaperTotalsForm(forms.Form):
    first = forms.IntegerField(label=_("First team"), min_value=0, error_messages=PAPER_NUMBER)
    second = forms.IntegerField(label=_("Second team"), min_value=0, error_messages=PAPER_NUMBER)
    matches_first = forms.IntegerField(
        label=_("matches"), min_value=0, required=False, error_messages=PAPER_MATCHES
    )
    matches_second = forms.IntegerField(
        label=_("matches"), min_value=0, required=False, error_messages=PAPER_MATCHES
    )
    reason = forms.CharField(label=_("Why"), max_length=500, required=False)

    def first_error(self) -> str:
        return next(str(e) for errors in self.errors.values() for e in errors)

    def cleaned(self) -> dict[str, Any]:
        """The totals and matches as the service takes them (no match: 0)."""
        data = self.cleaned_data
        return {
            "totals": (data["first"], data["second"]),
            "matches": (data["matches_first"] or 0, data["matches_second"] or 0),
            "reason": data["reason"],
        }


class SeenTotalsForm(forms.Form):
    """The totals the screen showed when it was sent ("400:228", or a Différenzler
    table's four "12:40:7:33"): a signature or a decision counts only for the totals
    its author saw (a stale screen is refused)."""

    totals = forms.RegexField(regex=r"^\d{1,6}(:\d{1,6}){1,3}$", required=False)

    def seen(self) -> tuple[int, ...] | None:
        text = self.cleaned_data.get("totals")
        if not text:
            return None
        return tuple(int(total) for total in text.split(":"))


class DecideForm(SeenTotalsForm):
    reason = forms.CharField(label=_("Why"), max_length=500, required=False)


def _code_field() -> forms.CharField:
    """The code on a side's own slip (a team's, or a Différenzler player's): masked
    on the shared phone, and never shown again after a refusal (a password input
    does not render what was typed)."""
    return forms.CharField(
        label=_("Code on your own slip"),
        max_length=8,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class SideForm(SeenTotalsForm):
    """Which side of a table acts: 0 (first team) or 1 (second), or a Différenzler
    table's player 0 to 3 (the service checks the table has that side)."""

    side = forms.TypedChoiceField(
        label=_("Team"), choices=[(str(n), str(n)) for n in range(4)], coerce=int, empty_value=None
    )


class CodeForm(SideForm):
    """A side acting with the code of its own slip. ``attempt``, a key drawn when the
    form is shown, makes a reload or a double tap of a wrong code count once."""

    code = _code_field()
    attempt = forms.UUIDField(required=False, widget=forms.HiddenInput)


class ConfirmForm(CodeForm):
    pass


class DisputeForm(CodeForm):
    reason = forms.CharField(
        label=_("What is wrong?"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
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


ENTRIES_FILE_BYTES = 256 * 1024
ENTRIES_FILE_LINES = 1000
NAME_LENGTH = 100  # as EntryForm's fields
HEADER_WORDS = {"name", "nom", "team", "équipe", "equipe", "mannschaft", "spieler", "player"}


class EntriesFileForm(forms.Form):
    """Entries brought in from a spreadsheet saved as CSV: one entry per line, the team's
    name, its player and the partner (or, in an individual tournament, the player's
    name alone), separated by semicolons or commas. A first line of column titles is
    skipped; the text may be UTF-8 or a spreadsheet's Windows encoding."""

    file = forms.FileField(label=_("CSV file"))

    def __init__(self, *args: Any, team: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.team = team

    def clean_file(self) -> list[tuple[int, str, str, str]]:
        upload = self.cleaned_data["file"]
        if upload.size > ENTRIES_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is over 256 KB: no list of entries is so long.")
            )
        raw = upload.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
        rows = [(n, row) for n, row in _csv_rows(text) if any(cell.strip() for cell in row)]
        if rows and rows[0][1][0].strip().casefold() in HEADER_WORDS:
            rows = rows[1:]
        if not rows:
            raise forms.ValidationError(_("The file holds no entry."))
        if len(rows) > ENTRIES_FILE_LINES:
            raise forms.ValidationError(
                _("The file holds over %(most)s entries.") % {"most": ENTRIES_FILE_LINES}
            )
        columns = 3 if self.team else 1
        lines = []
        for number, row in rows:
            cells = [" ".join(cell.split()) for cell in row]
            while len(cells) > columns and not cells[-1]:
                cells.pop()
            if len(cells) != columns or not all(cells):
                raise forms.ValidationError(
                    (
                        _("Line %(line)s: give the team's name, its player and the partner.")
                        if self.team
                        else _("Line %(line)s: give the player's name alone.")
                    )
                    % {"line": number}
                )
            if any(len(cell) > NAME_LENGTH for cell in cells):
                raise forms.ValidationError(
                    _("Line %(line)s: a name is longer than %(most)s characters.")
                    % {"line": number, "most": NAME_LENGTH}
                )
            name = cells[0]
            lines.append(
                (number, name, cells[1], cells[2]) if self.team else (number, name, name, "")
            )
        return lines


def _csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """The file's rows with their line numbers, split on the separator it uses."""
    first = text.split("\n", 1)[0]
    delimiter = max(";,\t", key=first.count) if any(c in first for c in ";,\t") else ";"
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        return [(reader.line_num, row) for row in reader]
    except csv.Error as error:
        raise forms.ValidationError(
            _("Line %(line)s: %(problem)s") % {"line": reader.line_num, "problem": error}
        ) from None
