"""static/js/sidi.js counts a Sidi Barrani game and refuses a hand as the Python engine
does (scoring/kinds/sidi): random games of every preset and of random clubs' options,
with broken next hands, and a few worked out by hand from RULES.md §13, in Chromium (no
server)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scoring.kinds.sidi import rules as sidi_rules
from scoring.kinds.sidi.gamefile import read_hand
from scoring.kinds.sidi.rules import SidiHand, play
from scoring.kinds.sidi.ruleset import PRESETS, SidiRuleset, parse_ruleset, preset
from scoring.rules import RulesError
from tests.e2e.test_js_rules import first_difference
from tests.sidi.games import PLAYERS, random_game, random_hand

SIDI_JS = (
    Path(__file__).resolve().parents[2] / "scoring" / "kinds" / "sidi" / "static" / "js" / "sidi.js"
)
SEED = 20261128
GAMES = 400
CANDIDATES = 8  # next hands checked per game

# sidi.js names each refusal by its message's constant in rules.py, lowercased.
KEYS = {
    getattr(sidi_rules, name): name.lower()
    for name in (
        "TOO_MANY_HANDS",
        "GAME_OVER_BEFORE",
        "ONE_OF",
        "TRUMP_UNKNOWN",
        "TRUMP_NOT_ALLOWED",
        "NOT_A_TEAM",
        "CARDS_MISSING",
        "CARDS_SHAPE",
        "CARDS_NEGATIVE",
        "CARDS_MATCH",
        "CARDS_SUM",
        "WEIS_SHAPE",
        "WEIS_NONE",
        "WEIS_BOTH",
        "WEIS_KIND",
        "WEIS_VALUE",
        "WEIS_FOURS",
        "WEIS_CARDS",
        "STOECK_NONE",
        "STOECK_SUIT",
        "NOT_PLAYED_OUT",
        "BIDDER_NAME",
        "BIDDER_NOT_PLAYER",
    )
}

RUN_IN_PAGE = """(json) => JSON.stringify(JSON.parse(json).map((g) => {
  const S = window.JassSidi;
  return {
    play: S.play(g.ruleset, g.hands),
    checks: g.candidates.map((h) => S.check(g.ruleset, g.hands, h, g.players)),
  };
}))"""


@pytest.fixture(scope="module")
def sidi_page(browser):
    page = browser.new_page()
    page.set_content("<html></html>")
    page.add_script_tag(path=str(SIDI_JS))
    yield page
    page.close()


# Ways to break a next hand, each on the game file's dict; read_hand still reads it.
BROKEN_VALUES: dict[str, list[Any]] = {
    "team": [2, -1, "0", None, True, 1.5],
    "trump": ["misere", "Spades", 3, None, ["hearts"], "slalom", "obe-abe", "hearts"],
    "bid": [0, 10, 40, 55, 151, 157, 158, 257, 300, "120", 120.5, None, True],
    "double": [0, 2, 3, 4, 8, None, "2", True],
    "match": [2, -1, "0", True, 0, 1],
    "cards": [None, [157], [160, -3], [-1, 158], [100, 56], "157", [100.5, 56.5], [157, 0]],
    "weis": [
        None,
        [[]],
        [["seq10"], []],
        [[30], []],
        [[True], []],
        [["four-aces", "four-aces"], []],
        [[200, "four-jacks"], []],
        [["seq3"], [20]],
        [["seq9", "seq9", "seq3"], []],
        [["seq9", "seq9", "four-aces"], []],
        [[100, 100, 100, 100], []],
        [["seq7", 150], []],
        [[], ["seq3", 50, 300]],
        "seq3",
    ],
    "stoeck": [2, "1", True, 0, 1],
    "out_first": [0, 1],
    "cards_at_out": [[100, 20], 0],
    "bidder": [3, ["Anne"], "Zoé", "Anne", "Denise"],
}


def candidate(rng: random.Random, ruleset: SidiRuleset) -> dict[str, Any]:
    """A next hand in the file's form: valid, or broken one to three ways (a field left
    out, or given a value the rules may refuse)."""
    data = random_hand(rng, ruleset).to_dict()
    if rng.random() < 0.7:
        for key in rng.sample(sorted(BROKEN_VALUES), rng.choice([1, 1, 2, 3])):
            if rng.random() < 0.12:
                data.pop(key, None)
            else:
                data[key] = rng.choice(BROKEN_VALUES[key])
    return data


# --- what the Python engine says, in sidi.js's shapes ---------------------------------------


def python_check(ruleset: SidiRuleset, hands: list[SidiHand], data: dict) -> list[dict[str, Any]]:
    """The first problem play(check=True) names in the hand after these, as sidi.js
    gives it."""
    try:
        play(ruleset, [*hands, read_hand(data, len(hands) + 1)], players=PLAYERS)
    except RulesError as error:
        problem = error.problems[0]
        return [
            {
                "field": problem.field,
                "key": KEYS[problem.template],
                "params": json.loads(json.dumps(dict(problem.params))),
                "hand": problem.hand,
            }
        ]
    return []


Game = tuple[str, SidiRuleset, list[SidiHand], list[dict]]


def compare(page, games: list[Game]) -> list[dict[str, Any]]:
    """Run every game in the page at once; fail on the first difference, naming the game."""
    payload = [
        {
            "ruleset": ruleset.to_dict(),
            "hands": [h.to_dict() for h in hands],
            "candidates": candidates,
            "players": list(PLAYERS),
        }
        for _, ruleset, hands, candidates in games
    ]
    expected = [
        {
            "play": play(ruleset, hands, check=False).to_dict(),
            "checks": [python_check(ruleset, hands, data) for data in candidates],
        }
        for _, ruleset, hands, candidates in games
    ]
    results = json.loads(page.evaluate(RUN_IN_PAGE, json.dumps(payload)))
    assert len(results) == len(games)
    for (name, *_), game, want, got in zip(games, payload, expected, results, strict=True):
        found = first_difference(want, got)
        if found:
            note = ""
            if found.startswith(".checks["):
                index = int(found.split("[", 1)[1].split("]", 1)[0])
                note = f"\nnext hand: {json.dumps(game['candidates'][index])}"
            pytest.fail(
                f"sidi.js differs from the Python engine in {name}: {found}{note}\n"
                f"ruleset: {json.dumps(game['ruleset'])}\n"
                f"hands ({len(game['hands'])}): {json.dumps(game['hands'])}",
                pytrace=False,
            )
    return results


# --- the tests -----------------------------------------------------------------------------


def test_random_games_count_and_refuse_as_in_python(sidi_page):
    rng = random.Random(SEED)
    games: list[Game] = []
    for i in range(GAMES):
        ruleset, hands = random_game(rng)
        candidates = [candidate(rng, ruleset) for _ in range(CANDIDATES)]
        games.append((f"random game {i} (seed {SEED})", ruleset, hands, candidates))

    # The draw reaches every preset, option and outcome, and every refusal.
    rulesets = [ruleset for _, ruleset, _, _ in games]
    results = [play(ruleset, hands) for _, ruleset, hands, _ in games]
    assert {r.preset for r in rulesets} == set(PRESETS)
    assert {(r.doubling, r.weis, r.match_value) for r in rulesets} == {
        (d, w, v)
        for d in ("none", "double", "redouble")
        for w in ("small", "large", "none")
        for v in (157, 257)
    }
    assert sum(r.over for r in results) >= 150
    assert {r.winner for r in results} == {None, 0, 1}
    assert any(r.rubicon for r in results)
    assert {h.made for r in results for h in r.hands} == {True, False}
    verdicts = [
        python_check(ruleset, hands, data)
        for _, ruleset, hands, candidates in games
        for data in candidates
    ]
    assert sum(not v for v in verdicts) >= 300  # accepted
    assert {v[0]["key"] for v in verdicts if v} == set(KEYS.values()) - {"too_many_hands"}
    assert {v[0]["field"] for v in verdicts if v} == {"hands", *BROKEN_VALUES}

    compare(sidi_page, games)


def hand(team: int = 0, bid: int = 120, cards: tuple[int, int] = (130, 27), **more) -> SidiHand:
    return SidiHand(team=team, trump=more.pop("trump", "spades"), bid=bid, cards=cards, **more)


def test_hand_picked_games(sidi_page):
    sidi = preset("sidi")
    redouble = parse_ruleset({"doubling": "redouble", "target": 1000})
    low = parse_ruleset({"target": 100, "min_bid": 10})
    games = [
        ("game file's example", sidi, [hand(), hand(1, 120, (57, 100), double=2, trump="obe-abe",
                                                      weis=(("seq3",), ()))]),
        ("match of 257", sidi, [hand(0, 257, (157, 0), match=0)]),
        ("match against the bidders", sidi, [hand(0, 100, (0, 157), match=1,
                                                  weis=(("four-jacks",), ()), stoeck=0)]),
        ("redoubled, failed", redouble, [hand(0, 120, (119, 38), double=4)]),
        ("Rubicon at 49", low, [hand(0, 10, (108, 49), trump="hearts")]),
        ("no Rubicon at 50", low, [hand(0, 10, (107, 50), trump="hearts")]),
        ("level over the target", parse_ruleset({"target": 200}),
         [hand(0, 50, (107, 50)), hand(1, 50, (50, 107))]),
    ]  # fmt: skip
    results = [r["play"] for r in compare(sidi_page, [(n, rs, hs, []) for n, rs, hs in games])]
    example, match, against, redoubled, rubicon, no_rubicon, level = results
    assert example["totals"] == [567, 127]
    assert [h["made"] for h in example["hands"]] == [True, False]
    assert match["totals"] == [514, 0]
    assert against["totals"] == [20, 357]
    assert redoubled["totals"] == [119, 518]
    assert (rubicon["over"], rubicon["winner"], rubicon["rubicon"]) == (True, 0, True)
    assert (no_rubicon["over"], no_rubicon["rubicon"]) == (True, False)
    assert (level["totals"], level["over"], level["winner"]) == ([207, 207], False, None)


def test_a_thousand_level_hands_and_no_more(sidi_page):
    """Bid 157 and failed with 147 : 10 and a Weis of 20: 167 each, the totals level
    however high, so the game goes on, to the thousand hands a game holds."""
    ruleset = parse_ruleset({"target": 10_000})
    level = hand(0, 157, (147, 10), weis=((20,), ()))
    hands = [level] * 1000
    result = compare(sidi_page, [("a thousand level hands", ruleset, hands, [level.to_dict()])])
    assert result[0]["play"]["totals"] == [167_000, 167_000]
    assert result[0]["checks"][0] == [
        {"field": "hands", "key": "too_many_hands", "params": {"most": 1000}, "hand": 1001}
    ]
