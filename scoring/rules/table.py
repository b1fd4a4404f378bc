"""Around the table (RULES.md §7): seats, who deals and who chooses trump, drawing teams.

Seats are numbered 0–3 in playing order, counterclockwise; partners sit opposite,
so seats 0 and 2 are team 0, seats 1 and 3 team 1. The player to the right of a
seat is the next seat.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .ruleset import Ruleset

SEATS = 4


def team_of(seat: int) -> int:
    return seat % 2


def seat_of(team: int, position: int) -> int:
    """The seat of a team's first (position 0) or second (position 1) player."""
    return team + 2 * position


def chooser(first_chooser: int, hand_number: int) -> int:
    """The seat that chooses trump (and leads) in hand ``hand_number`` (1-based).

    In hand 1 it is the holder of the 7 of diamonds. Then the deal passes to the
    right and the player to the right of the dealer chooses; the one who chose
    deals next, so the choice moves one seat to the right every hand.
    """
    return (first_chooser + hand_number - 1) % SEATS


def dealer(first_chooser: int, hand_number: int) -> int:
    """The seat that deals hand ``hand_number``: the player to the left of the chooser."""
    return (chooser(first_chooser, hand_number) - 1) % SEATS


def draw_teams(players: Sequence[str], rng: random.Random | None = None) -> list[str]:
    """Each player draws a card; the two highest play together (RULES.md §7).

    Returns the four names in seat order (0–3): the two highest draws take seats 0
    and 2, the others 1 and 3. The deck is a plain 36-card deck, so no two draws tie.
    """
    if len(players) != SEATS:
        raise ValueError("a draw needs four players")
    rng = rng or random.SystemRandom()
    draws = rng.sample(range(36), SEATS)  # card ranks, all different
    order = sorted(range(SEATS), key=lambda i: draws[i], reverse=True)
    high, low = order[:2], order[2:]
    return [players[high[0]], players[low[0]], players[high[1]], players[low[1]]]


def needed_by_multiplier(ruleset: Ruleset, needed: int) -> dict[int, int]:
    """What ``needed`` points mean in raw points for each multiplier of the game's
    trumps: ×2 halves it (rounded up), ×3 takes a third."""
    factors = sorted({ruleset.multiplier(trump) for trump in ruleset.trumps})
    return {m: math.ceil(needed / m) for m in factors}
