"""How trump modes are named on screen: French suits (♥ ♦ ♣ ♠) or German-Swiss
(Rosen, Schellen, Schilten, Eicheln), as each game chooses (RULES.md §1)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import pgettext

FRENCH_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
NO_TRUMP_SYMBOLS = {"obe-abe": "↓", "unde-ufe": "↑"}
# The usual correspondence (jassen.ch): Eicheln = ♣, Rosen = ♠, Schilten = ♥, Schellen = ♦.
GERMAN_NAMES = {"hearts": "Schilten", "diamonds": "Schellen", "clubs": "Eicheln", "spades": "Rosen"}
RED = {"hearts", "diamonds"}


def french_name(trump: str) -> str:
    return {
        "hearts": pgettext("trump", "Hearts"),
        "diamonds": pgettext("trump", "Diamonds"),
        "clubs": pgettext("trump", "Clubs"),
        "spades": pgettext("trump", "Spades"),
        "obe-abe": pgettext("trump", "Obe-abe"),
        "unde-ufe": pgettext("trump", "Unde-ufe"),
    }[trump]


@dataclass(frozen=True)
class TrumpLabel:
    trump: str
    symbol: str
    name: str
    red: bool

    def __str__(self) -> str:
        return f"{self.symbol} {self.name}".strip()


def trump_label(trump: str, style: str = "french") -> TrumpLabel:
    if style == "german" and trump in GERMAN_NAMES:
        return TrumpLabel(trump, "", GERMAN_NAMES[trump], False)
    symbol = FRENCH_SYMBOLS.get(trump) or NO_TRUMP_SYMBOLS.get(trump, "")
    return TrumpLabel(trump, symbol, french_name(trump), trump in RED and style != "german")
