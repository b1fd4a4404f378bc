"""Random Sidi games for the tests: a ruleset (a preset, often with club options), and
hands that are valid contracts, played until the game is over or stopped on the way.
Plain Python, seeded, no database."""

from __future__ import annotations

import random
from typing import Any

from scoring.kinds.sidi.rules import SidiHand, play
from scoring.kinds.sidi.ruleset import (
    LOWEST_BIDS,
    MODES,
    PRESETS,
    SidiRuleset,
    parse_ruleset,
)
from scoring.kinds.team.rules.weis import KINDS, weis_table
from scoring.rules.gamefile import Team
from scoring.rules.ruleset import CARD_POINTS, SUITS
from tests.rules.builders import possible_weis

TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))
PLAYERS = ("Anne", "Claude", "Bernard", "Denise")
MOST_HANDS = 120  # a random game is stopped there if nobody has won (low bids, ties)


def random_ruleset(rng: random.Random) -> SidiRuleset:
    """A preset, often with options beside it; targets low enough that games end."""
    data: dict[str, Any] = {"preset": rng.choice(sorted(PRESETS))}
    if rng.random() < 0.7:
        data["target"] = rng.choice([100, 101, 300, 750, 1000, 1500, rng.randint(100, 2500)])
    if rng.random() < 0.4:
        data["min_bid"] = rng.choice(LOWEST_BIDS)
    if rng.random() < 0.3:
        data["match_value"] = rng.choice([157, 257])
    if rng.random() < 0.5:
        data["doubling"] = rng.choice(["none", "double", "redouble"])
    if rng.random() < 0.5:
        data["weis"] = rng.choice(["small", "large", "none"])
    if rng.random() < 0.3:
        data["stoeck"] = rng.random() < 0.5
    if rng.random() < 0.4:
        data["trumps"] = rng.sample(MODES, rng.randint(1, len(MODES)))
    return parse_ruleset(data)


def random_weis(rng: random.Random, style: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    if style == "none" or rng.random() < 0.55:
        return ((), ())
    values = sorted(set(weis_table(style).values()))
    entries = [
        rng.choice(KINDS) if rng.random() < 0.6 else rng.choice(values)
        for _ in range(rng.choice([1, 1, 2, 3, 5]))
    ]
    held = possible_weis(entries, style)
    return (held, ()) if rng.random() < 0.5 else ((), held)


def random_hand(rng: random.Random, ruleset: SidiRuleset) -> SidiHand:
    """A valid contract and its outcome: often just made or just failed (the bidders'
    card points at the bid, or one short), sometimes a match for either team."""
    team = rng.randrange(2)
    trump = rng.choice(ruleset.trumps)
    bids = ruleset.bids
    bid = rng.choice([rng.choice(bids), rng.choice(bids[: max(1, len(bids) - 2)])])
    double = rng.choice(ruleset.doubles)
    match = None
    roll = rng.random()
    if roll < 0.08:
        match = rng.randrange(2)
        cards = (CARD_POINTS, 0) if match == 0 else (0, CARD_POINTS)
    else:
        if roll < 0.4 and bid <= CARD_POINTS:
            mine = min(CARD_POINTS, max(0, bid - rng.choice([0, 0, 1, 5])))
        else:
            mine = rng.choice([rng.randint(0, CARD_POINTS), 0, CARD_POINTS])
        cards = (mine, CARD_POINTS - mine) if team == 0 else (CARD_POINTS - mine, mine)
    stoeck = None
    if ruleset.stoeck and trump in SUITS and rng.random() < 0.25:
        stoeck = rng.randrange(2)
    bidder = rng.choice(TEAMS[team].players) if rng.random() < 0.5 else None
    return SidiHand(
        team=team,
        trump=trump,
        bid=bid,
        cards=cards,
        double=double,
        match=match,
        weis=random_weis(rng, ruleset.weis),
        stoeck=stoeck,
        bidder=bidder,
    )


def random_game(rng: random.Random) -> tuple[SidiRuleset, list[SidiHand]]:
    """A valid game: played to its end, or stopped after a random number of hands."""
    ruleset = random_ruleset(rng)
    stop = rng.choice([0, 1, rng.randint(1, 8), MOST_HANDS, MOST_HANDS])
    hands: list[SidiHand] = []
    while len(hands) < stop and not play(ruleset, hands, check=False).over:
        hands.append(random_hand(rng, ruleset))
    play(ruleset, hands, players=PLAYERS)  # valid, or this raises
    return ruleset, hands
