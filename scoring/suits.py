"""How trump modes and kinds of Weis are named on screen: French suits (♥ ♦ ♣ ♠) or German-Swiss
(Rosen, Schellen, Schilten, Eicheln), as each game chooses (RULES.md §1)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

FRENCH_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
NO_TRUMP_SYMBOLS = {"obe-abe": "↓", "unde-ufe": "↑"}
# The usual correspondence (jassen.ch): Eicheln = ♣, Rosen = ♠, Schilten = ♥, Schellen = ♦.
GERMAN_NAMES = {"hearts": "Schilten", "diamonds": "Schellen", "clubs": "Eicheln", "spades": "Rosen"}
RED = {"hearts", "diamonds"}

# The kinds of Weis (scoring/kinds/team/rules/weis.py) as the hand form and the Weis referee name
# them; on the screen they start with a capital (``capfirst``).
WEIS_NAMES = {
    "seq3": _("three in a row"),
    "seq4": _("four in a row"),
    "seq5": _("five in a row"),
    "seq6": _("six in a row"),
    "seq7": _("seven in a row"),
    "seq8": _("eight in a row"),
    "seq9": _("nine in a row"),
    "four-jacks": _("four Jacks"),
    "four-nines": _("four 9s"),
    "four-aces": _("four Aces"),
    "four-kings": _("four Kings"),
    "four-queens": _("four Queens"),
    "four-tens": _("four 10s"),
}


FRENCH_NAMES = {
    "hearts": pgettext_lazy("trump", "Hearts"),
    "diamonds": pgettext_lazy("trump", "Diamonds"),
    "clubs": pgettext_lazy("trump", "Clubs"),
    "spades": pgettext_lazy("trump", "Spades"),
    "obe-abe": pgettext_lazy("trump", "Obe-abe"),
    "unde-ufe": pgettext_lazy("trump", "Unde-ufe"),
}


def french_name(trump: str) -> str:
    return str(FRENCH_NAMES[trump])  # translated now: the one name asked for


@dataclass(frozen=True)
class TrumpLabel:
    trump: str
    symbol: str
    name: str
    red: bool

    def __str__(self) -> str:
        return f"{self.symbol} {self.name}".strip()


def trump_label(trump: str, style: str = "french") -> TrumpLabel:
    """How ``trump`` is shown in the reader's language. A page names trumps often (each
    hand of the game page, each button of the hand form): made once per language."""
    return _trump_label(trump, style, get_language())


@functools.lru_cache(maxsize=256)
def _trump_label(trump: str, style: str, language: str | None) -> TrumpLabel:
    if style == "german" and trump in GERMAN_NAMES:
        return TrumpLabel(trump, "", GERMAN_NAMES[trump], False)
    symbol = FRENCH_SYMBOLS.get(trump) or NO_TRUMP_SYMBOLS.get(trump, "")
    return TrumpLabel(trump, symbol, french_name(trump), trump in RED and style != "german")
