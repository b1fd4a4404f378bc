"""Random valid team games counted in Striche (RULES.md §12), from a seeded
``random.Random``: for the tests that store them (import and export, statistics) as
well as the pure ones. Plain Python."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from scoring.kinds.team.rules import Hand, RulesError, Ruleset, parse_ruleset, play_striche

PLAYERS = (("Anne", "Claude"), ("Bernard", "Denise"))
NAMES = ("Anne", "Claude", "Bernard", "Denise")


def random_table(rng: random.Random) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for name in ("sieg", "berg", "matsch", "kontermatsch", "schneider"):
        if rng.random() < 0.4:
            table[name] = rng.randint(1 if name == "sieg" else 0, 10)
    for name in ("with_berg", "with_schneider"):
        if rng.random() < 0.3:
            table[name] = rng.random() < 0.5
    if rng.random() < 0.4:
        table["berg_tie"] = rng.choice(["table", "higher"])
    return table


def random_hand(rng: random.Random, ruleset: Ruleset, number: int) -> Hand:
    trump = rng.choice(ruleset.trumps)
    match = rng.choice([0, 1]) if rng.random() < 0.15 else None
    if match is None:
        x = rng.randint(0, 157)
        cards = (x, 157 - x)
    else:
        cards = (157, 0) if match == 0 else (0, 157)
    weis: Any = ((), ())
    if ruleset.weis != "none" and rng.random() < 0.4:
        entry = rng.choice([20, 50, 100])
        weis = ((entry,), ()) if rng.random() < 0.5 else ((), (entry,))
    stoeck = None
    if ruleset.stoeck and trump in ("hearts", "diamonds", "clubs", "spades") and rng.random() < 0.3:
        stoeck = rng.choice([0, 1])
    return Hand(
        trump,
        cards,
        match=match,
        weis=weis,
        stoeck=stoeck,
        chooser=NAMES[(number - 1) % 4],  # as the table deals
        chibre=rng.random() < 0.3,
    )


def random_striche_game(rng: random.Random, *, striche: bool = True) -> tuple[Ruleset, list[Hand]]:
    """A valid game with a random Strich table, first-out or whole-hand: hands until it
    is over (or stops, unfinished); ``out_first`` and ``berg_first`` drawn where asked."""
    data: dict[str, Any] = {
        "preset": rng.choice(["chibre", "pique-double", "schieber-2500"]),
        "end": rng.choice(["first-out", "first-out", "whole-hand"]),
        "target": rng.choice([500, 1000, 1001, 1500, 2000, rng.randint(300, 2500)]),
    }
    if striche:
        data["striche"] = random_table(rng)
    ruleset = parse_ruleset(data)
    played: list[Hand] = []
    totals = (0, 0)
    even = rng.random() < 0.5  # hands split evenly: both teams near the line together
    for number in range(1, 60):
        if played and rng.random() < 0.04:
            break  # unfinished
        hand = random_hand(rng, ruleset, number)
        if even and hand.match is not None and rng.random() < 0.7:
            hand = dataclasses.replace(hand, match=None)
        if even and hand.match is None:
            x = rng.randint(70, 87)
            hand = dataclasses.replace(hand, cards=(x, 157 - x))
        if ruleset.target is not None and hand.match is None and rng.random() < 0.7:
            hand = _both_to_the_line(ruleset, hand, totals) or hand
        for _ in range(3):
            try:
                result, _count = play_striche(ruleset, [*played, hand], PLAYERS)
                break
            except RulesError as error:
                field = error.problems[0].field
                if field not in ("out_first", "berg_first"):
                    raise
                hand = dataclasses.replace(hand, **{field: rng.choice([0, 1])})
        played.append(hand)
        totals = result.totals
        if result.over:
            break
    return ruleset, played


def _both_to_the_line(ruleset: Ruleset, hand: Hand, totals: tuple[int, int]) -> Hand | None:
    """The hand with its card points split so that both teams reach the Berg line on
    trick points, where they can (so that ties are drawn often enough to be tested)."""
    assert ruleset.target is not None
    line = (ruleset.target + 1) // 2
    m = ruleset.multiplier(hand.trump)
    before = [totals[t] + m * 20 * (hand.stoeck == t) + m * sum(hand.weis[t]) for t in (0, 1)]
    if max(totals) >= line or max(before) >= line:
        return None
    need = [-(-(line - before[t]) // m) for t in (0, 1)]
    if need[0] + need[1] > 157:
        return None
    x = need[0] + (157 - need[0] - need[1]) // 2
    return dataclasses.replace(hand, cards=(x, 157 - x))
