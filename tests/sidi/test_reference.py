"""An independent count of Sidi Barrani, written here from RULES.md §13 (and §2 for the
Weis table, §3 for Stöck) without importing the engine, over the game file's JSON; the
engine's result must be the same on 300 seeded random games."""

from __future__ import annotations

import json
import random
from typing import Any

from scoring.kinds.sidi.gamefile import SidiRecord, read_game
from tests.sidi.games import TEAMS, random_game

SEED = 20261128
GAMES = 300

# RULES.md §2: small Weis, and large Weis where it differs
WEIS_SMALL = {
    "seq3": 20,
    "seq4": 50,
    **{f"seq{n}": 100 for n in range(5, 10)},
    "four-tens": 100,
    "four-queens": 100,
    "four-kings": 100,
    "four-aces": 100,
    "four-nines": 150,
    "four-jacks": 200,
}
WEIS_LARGE = {**WEIS_SMALL, "seq6": 150, "seq7": 200, "seq8": 250, "seq9": 300}


def reference(game: dict[str, Any]) -> dict[str, Any]:
    """RULES.md §13 read plainly: both teams keep their card points (a match counts the
    match value, 257 or 157); the bidders' card points alone against the bid; d × bid to
    whoever the contract favours; each team's Weis (cancelled by a match against it) and
    20 for Stöck, never multiplied. The target is looked at after each whole hand: a team
    at or over it and the totals unequal ends the game, the higher total wins; Rubicon
    when the loser is under half the target."""
    rules = game["ruleset"]
    table = WEIS_LARGE if rules["weis"] == "large" else WEIS_SMALL
    a_total = b_total = 0
    rows = []
    finished = False
    for hand in game["hands"]:
        assert not finished, "the engine let a hand follow the end of the game"
        bidders = hand["team"]
        others = 1 - bidders
        got = list(hand["cards"])
        if hand.get("match") is not None:
            got = [0, 0]
            got[hand["match"]] = rules["match_value"]
        contract_made = got[bidders] >= hand["bid"]
        value = hand.get("double", 1) * hand["bid"]
        score = list(got)
        if contract_made:
            score[bidders] += value
        else:
            score[others] += value
        for side in (0, 1):
            weis = hand.get("weis", [[], []])[side]
            cancelled = hand.get("match") is not None and hand["match"] != side
            if not cancelled:
                score[side] += sum(table[w] if isinstance(w, str) else w for w in weis)
            if hand.get("stoeck") == side:
                score[side] += 20
        a_total += score[0]
        b_total += score[1]
        rows.append({"points": score, "totals": [a_total, b_total], "made": contract_made})
        if (a_total >= rules["target"] or b_total >= rules["target"]) and a_total != b_total:
            finished = True
    winner = None
    rubicon = False
    if finished:
        winner = 0 if a_total > b_total else 1
        loser_total = min(a_total, b_total)
        rubicon = loser_total < rules["target"] / 2
    return {
        "hands": rows,
        "totals": [a_total, b_total],
        "over": finished,
        "winner": winner,
        "rubicon": rubicon,
    }


def test_engine_counts_300_random_games_as_the_reference():
    rng = random.Random(SEED)
    outcomes = []
    for i in range(GAMES):
        ruleset, hands = random_game(rng)
        document = SidiRecord(f"Sidi {i}", None, ruleset, TEAMS, tuple(hands)).to_dict()
        game_json = json.loads(json.dumps(document))
        expected = reference(game_json)
        assert game_json["result"] == expected, f"game {i} (seed {SEED}): {json.dumps(game_json)}"
        # the file without its result reads back and gives the same result
        del game_json["result"]
        assert read_game(game_json).result().to_dict() == expected
        outcomes.append((ruleset, expected, hands))

    # the draw reaches what the rules distinguish
    results = [expected for _, expected, _ in outcomes]
    rows = [row for expected in results for row in expected["hands"]]
    every = [(r, h) for r, _, hands in outcomes for h in hands]
    assert sum(r["over"] for r in results) >= 150
    assert {r["winner"] for r in results} == {None, 0, 1}
    assert sum(r["rubicon"] for r in results) >= 10
    assert sum(r["over"] and not r["rubicon"] for r in results) >= 10
    assert {row["made"] for row in rows} == {True, False}
    assert {h.double for _, h in every} == {1, 2, 4}
    assert {(r.match_value, h.bid) for r, h in every if h.match is not None} >= {(157, 157)}
    assert any(h.bid == 257 and h.match == h.team for _, h in every)
    assert any(h.match is not None and h.match != h.team for _, h in every)
    assert any(h.match is not None and any(h.weis) for _, h in every)
    assert any(h.stoeck is not None for _, h in every)
    assert {r.weis for r, h in every if any(h.weis)} == {"small", "large"}
    assert any(h.trump == "slalom" for _, h in every)
    assert any(not hands for _, _, hands in outcomes)
