"""Weis (annonces): their values and which one is best (RULES.md §2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.rules.ruleset import NO_TRUMP, SUITS

# Sequence order A K Q J 10 9 8 7 6: index 0 is the highest card.
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")

SEQUENCES: dict[str, int] = {f"seq{n}": n for n in range(3, 10)}
FOUR_OF_A_KIND: dict[str, str] = {
    "four-tens": "10",
    "four-queens": "Q",
    "four-kings": "K",
    "four-aces": "A",
    "four-nines": "9",
    "four-jacks": "J",
}
KINDS: tuple[str, ...] = tuple(SEQUENCES) + tuple(FOUR_OF_A_KIND)

_SMALL: dict[str, int] = {
    "seq3": 20,
    "seq4": 50,
    "seq5": 100,
    "seq6": 100,
    "seq7": 100,
    "seq8": 100,
    "seq9": 100,
    "four-tens": 100,
    "four-queens": 100,
    "four-kings": 100,
    "four-aces": 100,
    "four-nines": 150,
    "four-jacks": 200,
}
WEIS_TABLES: dict[str, dict[str, int]] = {
    "small": _SMALL,
    "large": {**_SMALL, "seq6": 150, "seq7": 200, "seq8": 250, "seq9": 300},
    "none": {},
}


def weis_table(style: str) -> dict[str, int]:
    """Kind → points for a ruleset's Weis style (``small``, ``large`` or ``none``)."""
    return WEIS_TABLES[style]


def weis_values(style: str) -> frozenset[int]:
    """The bare numbers a game file may use for a Weis under this style."""
    return frozenset(WEIS_TABLES[style].values())


def card_count(kind: str) -> int:
    """How many cards a Weis of this kind shows."""
    return SEQUENCES.get(kind, 4)


@dataclass(frozen=True)
class Weis:
    """One player's Weis as declared: kind, its top card and, for a sequence, its suit.

    For a four-of-a-kind the top card is the rank itself and there is no suit.
    """

    kind: str
    top: str
    suit: str | None = None

    def problems(self) -> list[str]:
        """What makes this Weis impossible with a deck of 36 cards."""
        if self.kind not in KINDS:
            return [f"unknown kind {self.kind!r}"]
        if self.top not in RANKS:
            return [f"unknown card {self.top!r} (expected one of {' '.join(RANKS)})"]
        if self.kind in FOUR_OF_A_KIND:
            if self.top != FOUR_OF_A_KIND[self.kind]:
                return [f"{self.kind} has {FOUR_OF_A_KIND[self.kind]} as its card, not {self.top}"]
            if self.suit is not None:
                return [f"{self.kind} has no suit"]
            return []
        if self.suit not in SUITS:
            return [f"a sequence needs a suit ({', '.join(SUITS)})"]
        lowest = RANKS.index(self.top) + SEQUENCES[self.kind] - 1
        if lowest >= len(RANKS):
            return [f"no {self.kind} has {self.top} as its top card"]
        return []


def weis_key(weis: Weis, trump: str, style: str = "small") -> tuple[int, int, int, int]:
    """Sort key of a Weis: larger is better, for the first four steps of RULES.md §2.

    1. more points; 2. more cards; 3. the higher top card (in unde-ufe the lower);
    4. the one in trump.
    """
    points = weis_table(style if style != "none" else "small")[weis.kind]
    height = RANKS.index(weis.top) if trump == "unde-ufe" else -RANKS.index(weis.top)
    in_trump = int(weis.suit is not None and weis.suit == trump and trump not in NO_TRUMP)
    return (points, card_count(weis.kind), height, in_trump)


def best_weis(
    declared: Sequence[Weis | None], trump: str, leader: int = 0, style: str = "small"
) -> int | None:
    """Which player holds the single best Weis, or ``None`` when nobody declared one.

    ``declared[seat]`` is the best Weis of the player in that seat (seats 0–3 in
    playing order, counterclockwise; partners sit opposite, so the team of a seat
    is ``seat % 2``). ``leader`` is the seat that plays the first card: when two
    Weis are still equal after points, cards, top card and trump, the player who
    plays earlier in the first trick wins (step 5).
    """
    best: int | None = None
    best_key: tuple[int, ...] = ()
    for step in range(len(declared)):
        seat = (leader + step) % len(declared)
        weis = declared[seat]
        if weis is None:
            continue
        key = weis_key(weis, trump, style)
        if best is None or key > best_key:  # strictly better: earlier players keep ties
            best, best_key = seat, key
    return best
