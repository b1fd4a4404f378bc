"""The Différenzler table (RULES.md §10), one action per function, each in one
transaction with the game's row locked: the trump of the hand, each player's sealed
estimate, starting the hand, recording its points.

The estimates stay sealed: nothing here returns another seat's estimate before the
hand's points are recorded. Once the scorer starts a hand its estimates and trump
cannot change; recording the points stores the ``Hand`` with the four estimates, and
the sealed rows are gone.

The package keeps those actions by what they do: ``table`` (the hand being played, and
the lock and checks every action starts with), ``sealing`` (trump, sealed estimates,
starting the hand), ``seats`` (the seats' links, held by a phone), ``points`` (a hand's
points recorded, taken back, put right) and ``history`` (estimates sealed, changed and
refused). Everything is imported from here:
``from scoring.kinds.differenzler import estimates``.
"""

from __future__ import annotations

from scoring.kinds.differenzler.estimates.history import (
    REFUSALS_KEPT_EVERY,
    estimate_record,
    refusals_seen_by,
    refused,
    sealed_elsewhere,
)
from scoring.kinds.differenzler.estimates.points import (
    NEXT_STARTED,
    NOT_STARTED,
    NOTHING_TO_REOPEN,
    Scored,
    correct_points,
    points_version,
    record_points,
    reopen_last_hand,
    score_hand,
)
from scoring.kinds.differenzler.estimates.sealing import (
    MISSING,
    NO_TRUMP_YET,
    OWN_PHONE,
    PRIVATE,
    SEAT_HELD,
    STARTED,
    TRUMP_ESTIMATED,
    choose_trump,
    seal_estimate,
    start_hand,
)
from scoring.kinds.differenzler.estimates.seats import (
    hold_seat,
    holds,
    new_seat_link,
    own_estimate,
    refuse_other_phone,
    seat_links,
    start_game,
)
from scoring.kinds.differenzler.estimates.table import (
    GAME_OVER,
    TableState,
    state,
)

__all__ = [
    "GAME_OVER",
    "MISSING",
    "NEXT_STARTED",
    "NOTHING_TO_REOPEN",
    "NOT_STARTED",
    "NO_TRUMP_YET",
    "OWN_PHONE",
    "PRIVATE",
    "REFUSALS_KEPT_EVERY",
    "SEAT_HELD",
    "STARTED",
    "TRUMP_ESTIMATED",
    "Scored",
    "TableState",
    "choose_trump",
    "correct_points",
    "estimate_record",
    "hold_seat",
    "holds",
    "new_seat_link",
    "own_estimate",
    "points_version",
    "record_points",
    "refusals_seen_by",
    "refuse_other_phone",
    "refused",
    "reopen_last_hand",
    "score_hand",
    "seal_estimate",
    "sealed_elsewhere",
    "seat_links",
    "start_game",
    "start_hand",
    "state",
]
