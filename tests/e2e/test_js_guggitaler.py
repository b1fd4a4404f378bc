"""static/js/guggitaler.js counts a Guggitaler game and refuses a next hand as the Python
engine does (scoring/kinds/guggitaler): random games of both presets and of clubs' own
rulesets with random next hands, valid and broken, and a few worked out by hand from
RULES.md §14, in Chromium (no server)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scoring.kinds.guggitaler import gamefile as guggi_file
from scoring.kinds.guggitaler import rules as guggi_rules
from scoring.kinds.guggitaler.gamefile import check_hand_data
from scoring.kinds.guggitaler.rules import DOMINO, GuggiHand, GuggiRuleset, play
from scoring.kinds.guggitaler.ruleset import PRESETS, parse_ruleset, preset
from scoring.rules import gamefile as envelope
from tests.e2e.test_js_rules import first_difference
from tests.guggitaler.games import candidate, random_game

GUGGITALER_JS = (
    Path(__file__).resolve().parents[2] / "scoring/kinds/guggitaler/static/js/guggitaler.js"
)
SEED = 20261204
GAMES = 300
CANDIDATES = 8  # next hands checked per game

# guggitaler.js names each refusal by its message's constant, lowercased.
KEYS = {
    getattr(module, name): name.lower()
    for module, names in (
        (envelope, ("GAME_OVER_BEFORE", "UNKNOWN_FIELD")),
        (guggi_file, ("NOT_OBJECT", "NONE_HERE")),
        (
            guggi_rules,
            (
                "NOT_NEXT",
                "COUNTS_MISSING",
                "COUNTS_RANGE",
                "COUNTS_SUM",
                "COUNTS_IN_DOMINO",
                "PLACES_IN_CATEGORY",
                "PLACES_RANGE",
                "NOT_OBE_ABE",
            ),
        ),
    )
    for name in names
}

RUN_IN_PAGE = """(json) => JSON.stringify(JSON.parse(json).map((g) => {
  const G = window.JassGuggitaler;
  return {
    play: G.play(g.ruleset, g.hands),
    checks: g.candidates.map((c) => G.check(g.ruleset, g.hands.slice(0, c.played), c.hand)),
  };
}))"""


@pytest.fixture(scope="module")
def guggitaler_page(browser):
    page = browser.new_page()
    page.set_content("<html></html>")
    page.add_script_tag(path=str(GUGGITALER_JS))
    yield page
    page.close()


def whole_float(value: object) -> bool:
    """A number such as 3.0, which JSON.parse reads as 3 (and Python refuses): the phone
    cannot tell it apart, so it is left out of the comparison."""
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        return any(whole_float(v) for v in value.values())
    if isinstance(value, list):
        return any(whole_float(v) for v in value)
    return False


def python_play(ruleset: GuggiRuleset, hands: list[GuggiHand]) -> dict[str, Any]:
    result = play(ruleset, hands, check=False)
    return {
        **result.to_dict(),
        "leaders": list(result.leaders),
        "nextCategory": result.next_category,
    }


def python_check(ruleset: GuggiRuleset, played: int, data: object) -> list[dict[str, Any]]:
    """The first problem the game file's reader names in the hand after ``played`` hands,
    as guggitaler.js gives it."""
    _, problems = check_hand_data(ruleset, played + 1, data)
    return [
        {
            "field": p.field,
            "key": KEYS[p.template],
            "hand": p.hand,
            "params": json.loads(json.dumps(dict(p.params))),
        }
        for p in problems[:1]
    ]


Game = tuple[str, GuggiRuleset, list[GuggiHand], list[dict[str, Any]]]


def compare(page, games: list[Game]) -> list[dict[str, Any]]:
    """Run every game in the page at once; fail on the first difference, naming the game."""
    payload = [
        {
            "ruleset": ruleset.to_dict(),
            "hands": [h.to_dict() for h in hands],
            "candidates": candidates,
        }
        for _, ruleset, hands, candidates in games
    ]
    expected = [
        {
            "play": python_play(ruleset, hands),
            "checks": [python_check(ruleset, c["played"], c["hand"]) for c in candidates],
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
                f"guggitaler.js differs from the Python engine in {name}: {found}{note}\n"
                f"ruleset: {json.dumps(game['ruleset'])}\n"
                f"hands ({len(game['hands'])}): {json.dumps(game['hands'])}",
                pytrace=False,
            )
    return results


def test_random_games_count_and_refuse_as_in_python(guggitaler_page):
    rng = random.Random(SEED)
    games: list[Game] = []
    for i in range(GAMES):
        ruleset, hands = random_game(rng)
        candidates = []
        while len(candidates) < CANDIDATES:
            played = rng.choice([len(hands), rng.randint(0, len(hands))])
            data = candidate(rng, ruleset, hands[:played])
            if not whole_float(data):
                candidates.append({"played": played, "hand": data})
        games.append((f"random game {i} (seed {SEED})", ruleset, hands, candidates))

    # The draw reaches both presets, three and four players, the ends of the game, shared
    # first places and every refusal.
    rulesets = [ruleset for _, ruleset, _, _ in games]
    results = [play(ruleset, hands) for _, ruleset, hands, _ in games]
    assert {r.preset for r in rulesets} == set(PRESETS)
    assert {(r.players, r.domino) for r in rulesets} == {
        (3, False),
        (3, True),
        (4, False),
        (4, True),
    }
    assert max(r.series for r in rulesets) >= 5
    assert sum(r.over for r in results) >= 100
    assert sum(r.over and r.winner is None for r in results) >= 10
    assert sum(not hands for _, _, hands, _ in games) >= 10
    verdicts = [
        python_check(ruleset, c["played"], c["hand"])
        for _, ruleset, _, candidates in games
        for c in candidates
    ]
    assert sum(not v for v in verdicts) >= 400  # accepted
    assert {v[0]["key"] for v in verdicts if v} == set(KEYS.values()) - {"not_object"}

    compare(guggitaler_page, games)


def c(category: str, *counts: int) -> GuggiHand:
    return GuggiHand(category, counts=counts)


def test_hand_picked_games(guggitaler_page):
    four, three = preset(), preset(players=3)
    jassbuch = preset("guggitaler-jassbuch")
    example = [
        c("tricks", 3, 2, 4, 0),
        c("schellen", 2, 3, 4, 0),
        c("ober", 1, 0, 2, 1),
        c("king", 0, 0, 1, 0),
        c("last-trick", 1, 0, 0, 0),
        GuggiHand(DOMINO, places=(4, 1, 3, 2)),
    ]
    three_all = [
        c("tricks", 12, 0, 0),
        c("schellen", 0, 9, 0),
        c("ober", 0, 0, 4),
        c("king", 1, 0, 0),
        c("last-trick", 0, 1, 0),
        GuggiHand(DOMINO, places=(3, 2, 1)),
    ]
    series = parse_ruleset({"series": 2, "domino": False})
    games: list[Game] = [
        ("the format's example", four, example, []),
        ("three players", three, three_all, []),
        ("Jassbuch", jassbuch, example, []),
        ("two Guggitaler, no domino", series, example[:5] * 2, []),
        ("not started", three, [], []),
    ]
    results = [r["play"] for r in compare(guggitaler_page, games)]

    assert results[0]["totals"] == [105, -110, 85, -80]
    assert (results[0]["ranks"], results[0]["winner"]) == ([4, 1, 3, 2], 1)
    # 60 + 40 = 100 − 70; 90 + 50 = 140 − 100; 80 − 150
    assert results[1]["totals"] == [30, 40, -70]
    assert results[1]["hands"][0]["points"] == [60, 0, 0]
    # 3 + 2·2 + 1·4 + 0 + 10 = 21 − 8; 4 + 4·2 + 2·4 + 8 = 28 − 12, …
    assert results[2]["totals"] == [13, -17, 16, -12]
    assert sum(results[2]["totals"]) == 61 - 61
    assert (results[3]["totals"], results[3]["winner"]) == ([210, 80, 280, 40], 3)
    assert results[4]["ranks"] == [1, 1, 1]
    assert (results[4]["nextCategory"], results[3]["nextCategory"]) == ("tricks", None)


def test_hand_picked_refusals(guggitaler_page):
    four = preset()
    before = [c("tricks", 3, 2, 4, 0)]
    nine = {"category": "schellen", "counts": [9, 0, 0, 0]}
    five = [*before, c("schellen", 9, 0, 0, 0), c("ober", 4, 0, 0, 0), c("king", 1, 0, 0, 0)]
    five.append(c("last-trick", 1, 0, 0, 0))
    whole = [*five, GuggiHand(DOMINO, places=(1, 2, 3, 4))]
    cases = [
        (before, {"category": "schellen", "counts": [2, 3, 4, 0]}, None),
        (before, {"category": "ober", "counts": [2, 1, 1, 0]}, "not_next"),
        (before, {"category": "schellen"}, "counts_missing"),
        (before, {"category": "schellen", "counts": [10, 0, 0, -1]}, "counts_range"),
        (before, {"category": "schellen", "counts": [2, 3, 4, 1]}, "counts_sum"),
        (
            before,
            {"category": "schellen", "counts": [9, 0, 0, 0], "places": []},
            "places_in_category",
        ),
        (five, {"category": "domino", "counts": [0, 0, 0, 0]}, "counts_in_domino"),
        (five, {"category": "domino", "places": [1, 2, 2, 4]}, "places_range"),
        (
            before,
            {"category": "schellen", "counts": [9, 0, 0, 0], "trump": "hearts"},
            "not_obe_abe",
        ),
        (before, {**nine, "cards": 0}, "none_here"),
        (before, {**nine, "team": 0}, "unknown_field"),
        (before, ["schellen", 9, 0, 0, 0], "not_object"),
        (whole, {"category": "tricks", "counts": [9, 0, 0, 0]}, "game_over_before"),
    ]
    games: list[Game] = [
        (f"refusal {i}", four, hands, [{"played": len(hands), "hand": data}])
        for i, (hands, data, _) in enumerate(cases)
    ]
    results = compare(guggitaler_page, games)

    for (_, _, key), result in zip(cases, results, strict=True):
        got = result["checks"][0]
        assert [p["key"] for p in got] == ([key] if key else [])
    assert results[4]["checks"][0][0]["params"] == {"total": 10, "most": 9}
