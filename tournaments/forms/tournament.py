"""The tournament's settings: its format, rules, tie-breaks and imposed trump
order, and the typed trump names the form reads."""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring import registry
from scoring.rules import TRUMPS
from scoring.suits import FRENCH_SYMBOLS, GERMAN_NAMES, NO_TRUMP_SYMBOLS, french_name, trump_label
from tournaments.models import Tournament
from tournaments.standings import TIE_BREAK_NAMES, tie_break_names

# Other names a club may type: standard German for the French suits, the Italian
# names of the German-Swiss suits (Swisslos: ghiande, campanelli, scudi, rose), and the
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
    "ghiande": "clubs",
    "campanelli": "diamonds",
    "scudi": "hearts",
    "rose": "spades",
    "dallalto": "obe-abe",
    "dalbasso": "unde-ufe",
}


def trump_key(typed: str) -> str:
    """A typed trump as it is looked up: no case, accents, spaces or dashes, and
    œ as oe ("Cœur", "coeur" and "COEUR" are one)."""
    text = typed.casefold().replace("œ", "oe").replace("æ", "ae")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return "".join(c for c in text if c.isalnum()) or typed.strip()


def _trump_names() -> dict[str, str]:
    """Every way a trump may be typed: its name in French, German, Italian or English, the
    German-Swiss suit, its symbol, or the game file's name (see ``trump_key``)."""
    names = dict(TRUMP_ALIASES)
    for trump in TRUMPS:
        names[trump_key(trump)] = trump
        for language, _name in settings.LANGUAGES:
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
    return [("", "—"), *((key, _(label)) for key, label in TIE_BREAK_NAMES.items())]


def _format_tie_breaks(
    played: registry.TournamentFormat, chosen: list[str]
) -> tuple[list[str], str | None]:
    """The tie-breaks for a format, and the first chosen one it does not know. Another
    format's defaults left as they were (the format changed on the form) become this
    format's own."""
    others = {
        other.default_tie_breaks
        for other in registry.tournament_formats()
        if other.default_tie_breaks != played.default_tie_breaks
    }
    if tuple(chosen) in others:
        return list(played.default_tie_breaks), None
    return chosen, next((name for name in chosen if name not in played.tie_breaks), None)


def _played_as(name: str | None) -> registry.TournamentFormat:
    """The format chosen on the form (the first one when none is, yet)."""
    formats = registry.tournament_formats()
    return next((played for played in formats if played.name == name), formats[0])


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
            "in French, German, Italian or English, or as a German-Swiss suit (Rosen, "
            "Schellen, Schilten, Eicheln); empty: equal blocks of the four suits."
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
            "drop_worst",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    PLAYED_RULES = ("format", "hands", "trump_order_text", "weis", "stoeck", "match_bonus")
    FIELD = {"trump_order": "trump_order_text"}  # a setting's field, when not its name

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
        # how it ranks before this form: validating writes the form's values onto it
        self.ranking_before = tournament.ranking_rule()
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
                if not tournament.draws_trumps
            )
        elif tournament.schedule.exists():  # a draft seats teams, or players, by the format
            self.fields["format"].disabled = True
            self.fields["format"].help_text = _("Fixed: a pass has been drawn.")
        for name in tournament.played_as.refused:  # what its format does not have
            del self.fields[self.FIELD.get(name, name)]
        if self.fields["format"].disabled:  # the tie-breaks of this format only
            names = tie_break_names(tournament.played_as.tie_breaks)
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
        played = _played_as(data.get("format"))
        if order and hands and len(order) != hands and "trump_order" not in played.refused:
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
        data["tie_breaks"], wrong = _format_tie_breaks(played, chosen)
        if wrong:
            self.add_error(
                "tie_break_1",
                _("“%(name)s” does not break ties in this format: choose another.")
                % {"name": _(TIE_BREAK_NAMES[wrong])},
            )
        self._refuse_what_the_format_has_not(played, data)
        best_of, passes = data.get("best_of"), data.get("passes")
        if best_of and passes and best_of > passes:
            self.add_error("best_of", _("At most the number of passes."))
        if best_of and data.get("drop_worst"):
            self.add_error(
                "drop_worst",
                _("Count the best passes or drop the worst one: not both (empty one of them)."),
            )
        if self.ranking_changed() and not data.get("reason", "").strip():
            self.add_error("reason", _("The standings are public: say why the ranking changes."))
        return data

    def _refuse_what_the_format_has_not(
        self, played: registry.TournamentFormat, data: dict[str, Any]
    ) -> None:
        """The settings its format has not (``TournamentFormat.refused``), each refused
        with its own sentence where it was typed."""
        for setting, sentence in played.refused.items():
            name = self.FIELD.get(setting, setting)
            if data.get(name) and name in self.fields:
                self.add_error(name, sentence)

    def ranking(self) -> dict[str, Any]:
        """How the standings rank, as the form would save it."""
        data = self.cleaned_data
        return {
            "tie_breaks": data.get("tie_breaks", []),
            "best_of": data.get("best_of"),
            "drop_worst": bool(data.get("drop_worst")),
        }

    def ranking_changed(self) -> bool:
        """Whether the public standings would rank otherwise (a change to log)."""
        tournament = self.instance
        if tournament.pk is None or not tournament.published:
            return False
        return self.ranking() != self.ranking_before

    def save(self, commit: bool = True) -> Tournament:
        self.instance.tie_breaks = self.cleaned_data["tie_breaks"]
        self.instance.trump_order = self.cleaned_data.get("trump_order_text", [])
        return super().save(commit)
