"""Sheets worked out by hand from RULES.md §11, for the Coiffeur screen's tests: the hands,
and what the sheet must say (cells are the row's card points × its multiplier)."""

from __future__ import annotations

from scoring.kinds.coiffeur.rules import CoiffeurHand
from scoring.kinds.coiffeur.sheet import parse_ruleset, preset

SEED = preset("coiffeur")  # clubs ×1 … spades ×4, obe-abe ×5, unde-ufe ×6, slalom ×7,
# misère ×8, 3×3 ×9, free choice ×10; match 257
EIGHT = preset("coiffeur-8")  # the suits ×1–4, obe-abe ×5, unde-ufe ×6, two free rows ×7, ×8
THREE = preset("coiffeur-3")
FLAT = preset("coiffeur-157")  # match 157 × the row, plus 500 not multiplied
PENALTY = parse_ruleset({"preset": "coiffeur", "counter_bonus": 100, "counter_penalty": 100})
SIDES = ("Anne & Claude", "Bernard & Denise")


def h(team: int, row: str, cards: int | None = None, **flags: bool) -> CoiffeurHand:
    return CoiffeurHand(team, row, cards, **flags)


# Four hands of the seed's sheet: A obe-abe 98 → 98 × 5 = 490; B misère with 20 card
# points → (157 − 20) × 8 = 1096; A a match in clubs → 257 × 1; B strikes clubs → 0.
# Totals 747 and 1096, difference 747 − 1096 = −349; clubs differ by 257 − 0 = +257.
OPENING = [
    h(0, "obe-abe", 98),
    h(1, "misere", 20),
    h(0, "clubs", 157, match=True),
    h(1, "clubs", struck=True),
]

# Eight rows each, A makes 100 card points in every row and B 90: A 100 × 36 = 3600,
# B 90 × 36 = 3240, A wins by 360; every row differs by 10 × its multiplier.
FULL_EIGHT = [h(side, name, 100 - 10 * side) for name in EIGHT.names for side in (0, 1)]

# Equal card points everywhere: the sheet is full and nobody wins.
DRAWN_EIGHT = [h(side, name, 77) for name in EIGHT.names for side in (0, 1)]

# A makes a match in every row (257 × 36 = 9252), B has only played clubs with 0 card
# points: B's best is a match in each of its seven open rows, 257 × 35 = 8995 < 9252.
# A can no longer be caught, though the sheet is not full and nobody has won yet.
CAUGHT_NEVER = [h(0, name, 157, match=True) for name in EIGHT.names] + [h(1, "clubs", 0)]

# A counter-match in hearts (×3) with penalty 100: −100 × 3 = −300 for A, and the flat
# counter-match bonus of 100 to B, in no cell. Totals −300 and 100, difference −400.
COUNTERED = [h(0, "hearts", 0, counter=True)]

# Match 157 + 500: a match in spades (×4) is 157 × 4 + 500 = 1128; a misère match (no
# trick, 0 card points) 157 × 8 + 500 = 1756.
FLAT_MATCHES = [h(0, "spades", 157, match=True), h(1, "misere", 0, match=True)]

# Three sides: obe-abe 100 → 500 for A, 50 → 250 for B, C strikes it. No difference.
THREE_SIDES = [h(0, "obe-abe", 100), h(1, "obe-abe", 50), h(2, "obe-abe", struck=True)]
