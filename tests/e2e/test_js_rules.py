"""static/js/rules.js counts as the Python engine does: random valid games and a few
hand-picked ones, played by both, in Chromium (no server, no database)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from scoring.kinds.team.rules import (
    CARD_POINTS,
    SUITS,
    TRUMPS,
    Hand,
    RulesError,
    Ruleset,
    count_decides_rubicon,
    hand_parts,
    parse_ruleset,
    play,
    weis_table,
)
from scoring.kinds.team.rules.game import _first_out
from scoring.rules.ruleset import TEAM_PRESETS
from tests.rules.builders import lead_in, possible_weis

RULES_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "rules.js"
SEED = 20261123
GAMES = 400

# Everything rules.js computes for one game, in one object per game.
# JSON both ways: much faster than Playwright's own serialization of deep objects.
RUN_IN_PAGE = """(json) => JSON.stringify(JSON.parse(json).map((g) => {
  const R = window.JassRules;
  return {
    play: R.play(g.ruleset, g.hands),
    parts: g.hands.map((h) => R.handParts(g.ruleset, h)),
    steps: g.steps.map((s) => R.step(g.ruleset, s.totals, s.hand)),
  };
}))"""


@pytest.fixture(scope="module")
def rules_page(browser):
    page = browser.new_page()
    page.set_content("<html></html>")
    page.add_script_tag(path=str(RULES_JS))
    yield page
    page.close()


# --- random valid games (as tests/rules/test_properties.py draws them) ------------------------


def random_ruleset(rng: random.Random) -> Ruleset:
    data: dict[str, Any] = {"preset": rng.choice(sorted(TEAM_PRESETS))}
    if rng.random() < 0.5:
        modes = rng.sample(TRUMPS, rng.randint(1, len(TRUMPS)))
        data["multipliers"] = {mode: rng.randint(1, 4) for mode in modes}
    if rng.random() < 0.5:
        data["match_bonus"] = rng.choice([0, 50, 100, 150])
    if rng.random() < 0.6:
        data["weis"] = rng.choice(["small", "large", "none"])
    if rng.random() < 0.5:
        data["stoeck"] = rng.random() < 0.7
    if rng.random() < 0.3:
        data["trumps"] = rng.sample(TRUMPS, rng.randint(1, len(TRUMPS)))
    end = rng.choice(["first-out", "first-out", "whole-hand", "fixed-hands"])
    if end == "fixed-hands":
        data.update(end=end, target=None, hands=rng.randint(1, 20))
    else:
        target = rng.choice([1000, 1500, 2500, rng.randint(100, 1200), rng.randint(100, 400)])
        data.update(end=end, hands=None, target=target)
    return parse_ruleset(data)


def random_weis(rng: random.Random, style: str) -> tuple[str | int, ...]:
    """One team's Weis, possible under the style (distinct fours, at most 18 cards)."""
    if style == "none":
        return ()
    table = weis_table(style)
    values = sorted(set(table.values()))
    entries = [
        rng.choice(sorted(table)) if rng.random() < 0.6 else rng.choice(values)
        for _ in range(rng.randint(1, 3))
    ]
    return possible_weis(entries, style)


def random_hand(rng: random.Random, ruleset: Ruleset, close: bool = False) -> Hand:
    """A valid hand; a ``close`` one splits the cards nearly evenly and seldom has Weis,
    so that both teams near the target together (Stöck going out, ``out_first``)."""
    trump = rng.choice(ruleset.trumps)
    match = rng.choice([None] * (20 if close else 4) + [0, 1])
    if match is None:
        x = rng.randint(55, 102) if close else rng.randint(0, CARD_POINTS)
        cards = (x, CARD_POINTS - x)
    else:
        cards = (CARD_POINTS, 0) if match == 0 else (0, CARD_POINTS)
    weis: tuple[tuple[str | int, ...], tuple[str | int, ...]] = ((), ())
    weis_team = rng.choice([None] * (8 if close else 2) + [0, 1])
    if weis_team is not None:
        entries = random_weis(rng, ruleset.weis)
        weis = (entries, ()) if weis_team == 0 else ((), entries)
    stoeck = None
    if ruleset.stoeck and trump in SUITS:
        stoeck = rng.choice([None, 0, 1] if close else [None, None, 0, 1])
    return Hand(trump, cards, match=match, weis=weis, stoeck=stoeck, chibre=rng.random() < 0.2)


def random_game(rng: random.Random) -> tuple[Ruleset, list[Hand]]:
    """A valid game, judged by the Python engine hand by hand: ``out_first`` is added
    when it asks for it, and a game over on Stöck or Weis may drop the last cards."""
    ruleset = random_ruleset(rng)
    close = rng.random() < 0.4
    played: list[Hand] = []
    for _ in range(60):
        if played and rng.random() < 0.03:
            break  # an unfinished game
        hand = random_hand(rng, ruleset, close)
        try:
            result = play(ruleset, [*played, hand])
        except RulesError as error:
            if [p.field for p in error.problems] != ["out_first"]:
                raise
            hand = dataclasses.replace(hand, out_first=rng.choice([0, 1]))
            result = play(ruleset, [*played, hand])
        played.append(hand)
        if result.over:
            if result.out_on in ("stoeck", "weis") and hand.match is None and rng.random() < 0.6:
                played[-1] = dataclasses.replace(hand, cards=None)
                play(ruleset, played)  # still valid
            elif result.out_on == "tricks" and ruleset.end == "first-out" and rng.random() < 0.6:
                played[-1] = exactly_out(rng, ruleset, played)
            break
    return ruleset, played


def exactly_out(rng: random.Random, ruleset: Ruleset, played: list[Hand]) -> Hand:
    """The last hand of a game over on trick points, with the card points each team had
    taken when the first went out (RULES.md §6): drawn until the Python engine takes it,
    the whole hand sometimes left out."""
    last = played[-1]
    if last.match is not None:
        return last
    for _ in range(50):
        winner_at_out = rng.randint(0, last.cards[0] if last.cards else CARD_POINTS)
        loser_most = min((last.cards or (0, CARD_POINTS))[1], CARD_POINTS - 5 - winner_at_out)
        at_out = (winner_at_out, rng.randint(0, max(0, loser_most)))
        if rng.random() < 0.5:
            at_out = (at_out[1], at_out[0])
        if sum(at_out) > CARD_POINTS - 5:
            continue
        hand = dataclasses.replace(
            last,
            cards_at_out=at_out,
            cards=None if rng.random() < 0.3 else last.cards,
            out_first=rng.choice([None, last.out_first]),
        )
        try:
            play(ruleset, [*played[:-1], hand])
        except RulesError:
            continue
        return hand
    return last


# --- what the Python engine says, in rules.js's shapes ------------------------------------


def python_parts(ruleset: Ruleset, hand: Hand) -> dict[str, Any]:
    parts = hand_parts(ruleset, hand)
    return {
        "multiplier": parts.multiplier,
        "stoeck": list(parts.stoeck),
        "weis": list(parts.weis),
        "weisCancelled": list(parts.weis_cancelled),
        "tricks": list(parts.tricks),
        "points": list(parts.points),
    }


def python_step(ruleset: Ruleset, totals: list[int], hand: Hand) -> dict[str, Any]:
    parts = hand_parts(ruleset, hand)
    if ruleset.end != "first-out":
        points = list(parts.points)
        return {
            "points": points,
            "winner": None,
            "outOn": None,
            "needsOutFirst": False,
            "exact": False,
        }
    assert ruleset.target is not None
    step = _first_out(ruleset.target, (totals[0], totals[1]), parts, hand)
    return {
        "points": list(step.points),
        "winner": step.winner,
        "outOn": step.out_on,
        "needsOutFirst": step.needs_out_first,
        "exact": step.exact,
    }


def python_play(ruleset: Ruleset, hands: list[Hand]) -> dict[str, Any]:
    result = play(ruleset, hands, check=False)
    return {
        "hands": [{"points": list(h.points), "totals": list(h.totals)} for h in result.hands],
        "totals": list(result.totals),
        "over": result.over,
        "winner": result.winner,
        "outOn": result.out_on,
        "rubicon": result.rubicon,
        "estimated": result.estimated,
    }


def steps_of(ruleset: Ruleset, hands: list[Hand]) -> list[tuple[list[int], Hand]]:
    """Each hand with the totals before it; a hand with ``out_first`` once more without
    it (the phone asking who went out first)."""
    totals = [0, 0]
    steps = []
    for hand, counted in zip(hands, play(ruleset, hands, check=False).hands, strict=True):
        steps.append((list(totals), hand))
        if hand.out_first is not None:
            steps.append((list(totals), dataclasses.replace(hand, out_first=None)))
        totals = list(counted.totals)
    return steps


def first_difference(expected: Any, got: Any, path: str = "") -> str | None:
    """Where two JSON values first differ (``.play.hands[3].points[1]: expected …``)."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in [*expected, *(key for key in got if key not in expected)]:
            if key not in got or key not in expected:
                return f"{path}.{key}: expected {expected.get(key)!r}, got {got.get(key)!r}"
            found = first_difference(expected[key], got[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for i, (a, b) in enumerate(zip(expected, got, strict=True)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    same = expected == got and isinstance(expected, bool) == isinstance(got, bool)
    return None if same else f"{path}: expected {expected!r}, got {got!r}"


def compare(page, games: list[tuple[str, Ruleset, list[Hand]]]) -> list[dict[str, Any]]:
    """Run every game in the page at once; fail on the first difference, naming the game."""
    payload = []
    expected = []
    for _, ruleset, hands in games:
        steps = steps_of(ruleset, hands)
        payload.append(
            {
                "ruleset": ruleset.to_dict(),
                "hands": [hand.to_dict() for hand in hands],
                "steps": [{"totals": t, "hand": h.to_dict()} for t, h in steps],
            }
        )
        expected.append(  # the hand's parts first: the most telling difference
            {
                "parts": [python_parts(ruleset, hand) for hand in hands],
                "steps": [python_step(ruleset, t, h) for t, h in steps],
                "play": python_play(ruleset, hands),
            }
        )
    results = json.loads(page.evaluate(RUN_IN_PAGE, json.dumps(payload)))
    assert len(results) == len(games)
    for (name, _, _), game, want, got in zip(games, payload, expected, results, strict=True):
        found = first_difference(want, got)
        if found:
            hand_note = ""
            if found.startswith((".parts[", ".play.hands[")):
                index = int(found.split("[", 1)[1].split("]", 1)[0])
                hand_note = f"\nhand {index + 1}: {json.dumps(game['hands'][index])}"
            elif found.startswith(".steps["):
                index = int(found.split("[", 1)[1].split("]", 1)[0])
                hand_note = f"\nstep: {json.dumps(game['steps'][index])}"
            pytest.fail(
                f"rules.js differs from the Python engine in {name}: {found}{hand_note}\n"
                f"ruleset: {json.dumps(game['ruleset'])}\n"
                f"hands ({len(game['hands'])}): {json.dumps(game['hands'])}",
                pytrace=False,
            )
    return results


# --- the tests ----------------------------------------------------------------------------


def test_random_games_count_as_in_python(rules_page):
    rng = random.Random(SEED)
    games = [(f"random game {i} (seed {SEED})", *random_game(rng)) for i in range(GAMES)]

    # The draw reaches every way a game ends, and the hands the phone must get right.
    hands = [hand for _, _, game in games for hand in game]
    ends = {play(ruleset, game).out_on for _, ruleset, game in games}
    assert ends >= {"stoeck", "weis", "tricks", "total", None}, ends
    assert sum(hand.out_first is not None for hand in hands) >= 5
    assert sum(hand.cards_at_out is not None for hand in hands) >= 20
    assert any(hand.cards_at_out is not None and hand.cards is None for hand in hands)
    assert any(play(ruleset, game).estimated for _, ruleset, game in games)
    assert any(hand.cards is None for hand in hands)
    assert any(hand.match is not None and any(hand.weis) for hand in hands)
    assert any(isinstance(e, int) for hand in hands for team in hand.weis for e in team)

    compare(rules_page, games)


def test_weis_tables_as_in_python(rules_page):
    got = rules_page.evaluate(
        "(styles) => styles.map((s) => window.JassRules.weisTable(s))", ["small", "large", "none"]
    )
    assert got == [weis_table("small"), weis_table("large"), weis_table("none")]


def test_hand_picked_games(rules_page):
    chibre = parse_ruleset({"preset": "chibre"})
    schieber = parse_ruleset({"preset": "schieber-2500"})
    whole = parse_ruleset({"preset": "chibre", "end": "whole-hand"})
    games = [
        # Both cross on tricks, team 0 first: team 1 frozen at 999 (RULES.md §6).
        ("out first, capped", chibre, [*lead_in(900, 950), Hand("hearts", (100, 57), out_first=0)]),
        # Stöck counts first and takes team 0 out; no cards were needed.
        ("out on Stöck", chibre, [*lead_in(990, 503), Hand("hearts", None, stoeck=0)]),
        # Stöck for team 0 first (not out), then team 1's Weis takes it out.
        (
            "out on Weis, cards null",
            chibre,
            [*lead_in(900, 800), Hand("spades", None, weis=((), ("four-jacks",)), stoeck=0)],
        ),
        # A match by team 1 cancels team 0's Weis, never its Stöck.
        (
            "match cancels Weis, not Stöck",
            chibre,
            [Hand("hearts", (0, 157), match=1, weis=(("seq4",), ()), stoeck=0)],
        ),
        # Unde-ufe ×3: cards and Weis multiplied.
        ("unde-ufe ×3", schieber, [Hand("unde-ufe", (100, 57), weis=(("seq3",), ()))]),
        # Whole hand: the higher total after the hand wins; exactly half is not Rubicon.
        ("whole hand, exactly half", whole, [*lead_in(860, 485), Hand("clubs", (142, 15))]),
    ]
    tournament = parse_ruleset({"preset": "tournament", "hands": 2})
    games += [
        # Whole hand, equal totals above the target: play on; the next hand decides.
        ("whole hand, equal: play on", whole, [*lead_in(950, 953), Hand("clubs", (80, 77))]),
        (
            "whole hand, decided after a tie",
            whole,
            [*lead_in(950, 953), Hand("clubs", (80, 77)), Hand("clubs", (100, 57))],
        ),
        # Fixed hands ending level: over, no winner.
        ("fixed hands, a draw", tournament, [Hand("hearts", (100, 57)), Hand("clubs", (57, 100))]),
        # The exact last hand: 19 card points when the winner went out, not 57: Rubicon.
        (
            "exact last hand",
            chibre,
            [*lead_in(933, 480), Hand("hearts", (100, 57), cards_at_out=(80, 19))],
        ),
    ]
    results = compare(rules_page, games)
    capped, stoeck, weis, match, unde, half, tie, after_tie, draw, exact = results

    assert capped["play"]["totals"] == [1000, 999]
    assert capped["play"]["hands"][-1]["points"] == [100, 49]
    assert (capped["play"]["winner"], capped["play"]["outOn"]) == (0, "tricks")
    assert stoeck["play"]["totals"] == [1010, 503]
    assert (stoeck["play"]["winner"], stoeck["play"]["outOn"]) == (0, "stoeck")
    assert weis["play"]["hands"][-1]["points"] == [20, 200]
    assert (weis["play"]["winner"], weis["play"]["outOn"]) == (1, "weis")
    assert match["parts"][0] == {
        "multiplier": 1,
        "stoeck": [20, 0],
        "weis": [50, 0],
        "weisCancelled": [50, 0],
        "tricks": [0, 257],
        "points": [20, 257],
    }
    assert unde["parts"][0]["multiplier"] == 3
    assert unde["play"]["totals"] == [360, 171]
    assert half["play"]["totals"] == [1002, 500]
    assert (half["play"]["winner"], half["play"]["outOn"]) == (0, "total")
    assert half["play"]["rubicon"] is False
    assert tie["play"]["totals"] == [1030, 1030]
    assert (tie["play"]["over"], tie["play"]["winner"]) == (False, None)
    assert (after_tie["play"]["winner"], after_tie["play"]["outOn"]) == (0, "total")
    assert draw["play"]["totals"] == [157, 157]
    assert (draw["play"]["over"], draw["play"]["winner"], draw["play"]["outOn"]) == (
        True,
        None,
        "total",
    )
    assert draw["play"]["rubicon"] is False

    # Before the table says who went out first, the phone must ask.
    asked = rules_page.evaluate(
        "([r, t, h]) => window.JassRules.step(r, t, h)",
        [chibre.to_dict(), [900, 950], Hand("hearts", (100, 57)).to_dict()],
    )
    assert asked == {
        "points": [100, 57],
        "winner": None,
        "outOn": "tricks",
        "needsOutFirst": True,
        "exact": False,
    }
    assert (capped["play"]["estimated"], stoeck["play"]["estimated"]) == (True, False)
    assert exact["play"]["totals"] == [1013, 499]
    assert (exact["play"]["rubicon"], exact["play"]["estimated"]) == (True, False)


def test_whether_the_count_decides_rubicon_as_in_python(rules_page):
    """The table screen asks for the count at going out first when it decides Rubicon:
    rules.js (countDecidesRubicon) and the engine (count_decides_rubicon) agree on the
    last hand of every random game that ends, played as a whole hand."""
    rng = random.Random(SEED)
    cases, expected = [], []
    for _ in range(GAMES):
        ruleset, hands = random_game(rng)
        if not hands:
            continue
        whole = [*hands[:-1], dataclasses.replace(hands[-1], cards_at_out=None)]
        try:
            result = play(ruleset, whole)
        except RulesError:
            continue  # the last hand needed its count (no whole hand given)
        before = result.hands[-2].totals if len(result.hands) > 1 else (0, 0)
        cases.append([ruleset.to_dict(), list(before), whole[-1].to_dict()])
        expected.append(count_decides_rubicon(ruleset, result))

    got = rules_page.evaluate(
        "(cases) => cases.map(([r, t, h]) => window.JassRules.countDecidesRubicon(r, t, h))",
        cases,
    )

    assert got == expected
    assert 3 <= sum(expected) < len(expected)  # the draw reaches both answers


def test_the_count_decides_rubicon_at_exactly_half_the_target_as_in_python(rules_page):
    """The edge the random games never reach: the whole hand takes the loser to one
    below half the target, exactly half (made: the count decides), one above; and a
    loser already at half before the hand (nothing to decide)."""
    cases, expected = [], []
    for target in (1000, 200, 2500):
        ruleset = parse_ruleset({"preset": "chibre", "target": target})
        half = target // 2
        for before, after in [
            (half - 50, half - 1),
            (half - 50, half),
            (half - 50, half + 1),
            (half - 1, half),
            (half, half + 7),
        ]:
            loser_cards = after - before
            last = Hand("hearts", (CARD_POINTS - loser_cards, loser_cards))
            lead = next(
                hands
                for winner in range(target - CARD_POINTS + loser_cards, target)
                if (hands := _lead_in_or_none(winner, before))
            )
            result = play(ruleset, [*lead, last])
            assert (result.winner, result.totals[1]) == (0, after)
            cases.append([ruleset.to_dict(), list(result.hands[-2].totals), last.to_dict()])
            expected.append(count_decides_rubicon(ruleset, result))

    got = rules_page.evaluate(
        "(cases) => cases.map(([r, t, h]) => window.JassRules.countDecidesRubicon(r, t, h))",
        cases,
    )

    assert got == expected
    assert expected == [False, True, True, True, False] * 3


def _lead_in_or_none(a: int, b: int) -> list[Hand] | None:
    try:
        return lead_in(a, b)
    except AssertionError:
        return None
