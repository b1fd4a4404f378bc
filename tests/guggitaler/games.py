"""Random Guggitaler games for the tests (RULES.md §14): a club's ruleset (a preset, or
its own order, values, credits, domino and number of Guggitaler), and valid hands from
none to the whole game, sometimes lopsided or mirrored so that totals tie. Also ways to
break a next hand, each on the game file's dict, with the field it must be refused by."""

from __future__ import annotations

import random
from typing import Any

from scoring.kinds.guggitaler.rules import (
    CATEGORIES,
    DOMINO,
    GuggiHand,
    GuggiRuleset,
    maximum,
    next_category,
    play,
)
from scoring.kinds.guggitaler.ruleset import PRESETS, parse_ruleset

NAMES = ("Anne", "Bernard", "Claude", "Denise")


def random_ruleset(rng: random.Random) -> GuggiRuleset:
    players = rng.choice([3, 4])
    if rng.random() < 0.4:
        data: dict[str, Any] = {"preset": rng.choice(PRESETS), "players": players}
        if rng.random() < 0.3:
            data["domino"] = False
        if rng.random() < 0.3:
            data["series"] = rng.randint(1, 3)
        return parse_ruleset(data)
    order = list(CATEGORIES)
    rng.shuffle(order)
    values = [rng.choice([1, 5, 10, 20, 40, 50, 1000, rng.randint(1, 1000)]) for _ in order]
    credits = sorted(rng.choice([0, 50, 100, 1000, rng.randint(0, 1000)]) for _ in range(players))
    return parse_ruleset(
        {
            "players": players,
            "categories": [[name, value] for name, value in zip(order, values, strict=True)],
            "domino": rng.random() < 0.7,
            "credits": credits[::-1],
            "series": rng.choice([1, 1, 2, rng.randint(1, 10)]),
        }
    )


def random_counts(rng: random.Random, most: int, players: int, style: str) -> tuple[int, ...]:
    """``players`` whole numbers adding up to ``most``: spread, or one player takes all,
    or as even as they can be, or (twins) the first two players take as little as each
    other and the rest goes to the others, so that they tie for first place."""
    if style == "twins":
        twin = rng.choice([0, 0, min(1, most // players)])
        counts = [twin, twin, *random_counts(rng, most - 2 * twin, players - 2, "spread")]
        return tuple(counts)
    if players == 1:
        return (most,)
    if style == "all" or most == 1:
        counts = [0] * players
        counts[rng.randrange(players)] = most
        return tuple(counts)
    if style == "even":
        counts = [most // players] * players
        for seat in rng.sample(range(players), most % players):
            counts[seat] += 1
        return tuple(counts)
    cuts = sorted(rng.randint(0, most) for _ in range(players - 1))
    edges = [0, *cuts, most]
    counts = [edges[i + 1] - edges[i] for i in range(players)]
    rng.shuffle(counts)
    return tuple(counts)


def random_hand(rng: random.Random, ruleset: GuggiRuleset, played: int, style: str) -> GuggiHand:
    category = next_category(ruleset, played)
    assert category is not None
    trump = rng.choice([None, None, "obe-abe"])
    if category == DOMINO:
        places = list(range(1, ruleset.players + 1))
        rng.shuffle(places)
        equal = [
            [place for place in range(1, ruleset.players + 1) if ruleset.credits[place - 1] == c]
            for c in set(ruleset.credits)
        ]
        pairs = [same for same in equal if len(same) >= 2]
        if style == "twins" and pairs:  # places of equal credits to the twins
            twins = rng.sample(rng.choice(pairs), 2)
            rest = [place for place in places if place not in twins]
            places = [*twins, *rest]
        return GuggiHand(DOMINO, places=tuple(places), trump=trump)
    most = maximum(category, ruleset.players)
    return GuggiHand(category, counts=random_counts(rng, most, ruleset.players, style), trump=trump)


def random_game(rng: random.Random) -> tuple[GuggiRuleset, list[GuggiHand]]:
    """A valid game, empty to over."""
    ruleset = random_ruleset(rng)
    size = ruleset.hands
    played = rng.choice([0, rng.randint(1, size), size - 1, size, size, size])
    style = rng.choices(["spread", "all", "even", "twins"], [6, 2, 2, 2])[0]
    hands = [
        random_hand(rng, ruleset, n, style if style == "twins" or rng.random() < 0.8 else "spread")
        for n in range(played)
    ]
    play(ruleset, hands)  # valid, or this raises
    return ruleset, hands


def document(ruleset: GuggiRuleset, hands: list[GuggiHand], name: str = "") -> dict[str, Any]:
    """The game file of a game, without its result."""
    return {
        "format": "jass-game/1",
        "name": name,
        "played_on": "2026-12-02",
        "ruleset": ruleset.to_dict(),
        "players": list(NAMES[: ruleset.players]),
        "hands": [hand.to_dict() for hand in hands],
    }


# --- ways to break a next hand: each changes the game file's dict of a hand that would be
# valid, and returns the field that is then refused (the first in game-format.md's order,
# when it is the only break) ---


def _counts(ruleset: GuggiRuleset, data: dict[str, Any]) -> list[Any]:
    """The hand's counts, or valid ones if another break has taken them away."""
    counts = data.get("counts")
    whole = isinstance(counts, list) and all(type(k) is int for k in counts)
    if whole and len(counts) == ruleset.players:
        return list(counts)
    most = maximum(data["category"], ruleset.players)
    return [most, *[0] * (ruleset.players - 1)]


def wrong_category(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    others = [c for c in (*CATEGORIES, DOMINO) if c != data["category"]]
    data["category"] = rng.choice([*others, "Tricks", "", None, 3])
    return "category"


def counts_missing(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    if data["category"] == DOMINO:
        data["counts"] = [0] * ruleset.players
    elif rng.random() < 0.5:
        data.pop("counts")
    else:
        data["counts"] = None
    return "counts"


def counts_out_of_range(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    if data["category"] == DOMINO:
        data["counts"] = rng.choice([[], [1], [0] * ruleset.players])
        return "counts"
    counts = _counts(ruleset, data)
    seat = rng.randrange(len(counts))
    most = maximum(data["category"], ruleset.players)
    counts[seat] = rng.choice([-1, most + 1, 13, 1.0, 2.5, "1", True, None, 10**6])
    data["counts"] = rng.choice([counts, counts[:-1], [*counts, 0], "3,2,4,0", {}])
    return "counts"


def counts_wrong_sum(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    if data["category"] == DOMINO:
        data["counts"] = [1] * ruleset.players
        return "counts"
    counts = _counts(ruleset, data)
    most = maximum(data["category"], ruleset.players)
    seat = rng.randrange(len(counts))
    counts[seat] = counts[seat] + 1 if counts[seat] < most else counts[seat] - 1
    data["counts"] = counts
    return "counts"


def places_broken(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    n = ruleset.players
    if data["category"] != DOMINO:
        data["places"] = rng.choice([list(range(1, n + 1)), []])
        return "places"
    data["places"] = rng.choice(
        [[1] * n, list(range(n)), list(range(2, n + 2)), list(range(1, n)), None, [1.0, 2, 3, 4]]
    )
    if rng.random() < 0.3:
        data.pop("places")
    return "places"


def wrong_trump(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    data["trump"] = rng.choice(["hearts", "unde-ufe", "Obe-abe", "", 1, True])
    return "trump"


def extra_field(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    key, value = rng.choice(
        [
            ("weis", [["seq3", 20], []]),
            ("weis", [20]),
            ("stoeck", 0),
            ("match", 1),
            ("match", False),
            ("cards", [100, 57]),
            ("cards", 0),
        ]
    )
    data[key] = value
    return key


def unknown_field(rng: random.Random, ruleset: GuggiRuleset, data: dict[str, Any]) -> str:
    key = rng.choice(["count", "chooser", "points", "winner"])
    data[key] = 1
    return key


BREAKS = (
    wrong_category,
    counts_missing,
    counts_out_of_range,
    counts_wrong_sum,
    places_broken,
    wrong_trump,
    extra_field,
    unknown_field,
)


def with_empty_extras(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """A valid hand as another program may write it: the team game's fields, empty."""
    for key, value in (("weis", [[], []]), ("stoeck", None), ("match", None), ("cards", None)):
        if rng.random() < 0.2:
            data[key] = value
    if rng.random() < 0.1:
        data["x-note"] = "Grosi dealt"
    return data


def candidate(rng: random.Random, ruleset: GuggiRuleset, hands: list[GuggiHand]) -> dict[str, Any]:
    """A next hand in the file's form: valid, or broken one to three ways."""
    played = len(hands) if len(hands) < ruleset.hands else rng.randrange(ruleset.hands)
    data = random_hand(rng, ruleset, played, "spread").to_dict()
    if rng.random() < 0.7:
        chosen = rng.sample(BREAKS, rng.choice([1, 1, 2, 3]))
        # the category last: the others break a hand of the category the game is at
        for breaking in sorted(chosen, key=lambda b: b is wrong_category):
            breaking(rng, ruleset, data)
    else:
        with_empty_extras(rng, data)
    return data
