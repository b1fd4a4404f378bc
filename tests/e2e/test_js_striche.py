"""static/js/rules.js counts the Striche (RULES.md §12) as the Python engine does, and
refuses a hand's chooser and berg_first as it does: random games counted in Striche,
played by both, in Chromium (no server, no database)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from scoring.kinds.team.phone_checks import ENGINE_CODES
from scoring.kinds.team.rules import Hand, RulesError, count_striche, play, play_striche
from tests.rules.striche_games import PLAYERS, random_striche_game

RULES_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "rules.js"
SEED = 20261128
GAMES = 300
CODE_OF = {template: code for code, template in ENGINE_CODES.items()}
# the refusals of a game counted in Striche that rules.js twins (check)
STRICHE_CODES = (
    "chooser-needed",
    "berg-first-needed",
    "berg-first-unwanted",
    "berg-first-higher",
    "berg-first-no-berg",
    "berg-first-no-striche",
)

RUN_IN_PAGE = """(json) => JSON.stringify(JSON.parse(json).map((g) => {
  const R = window.JassRules;
  return {
    striche: R.striche(g.ruleset, g.hands, g.choosers),
    checks: g.checks.map((c) => R.check(g.ruleset, c.totals, c.hand)),
  };
}))"""


@pytest.fixture(scope="module")
def rules_page(browser):
    page = browser.new_page()
    page.set_content("<html></html>")
    page.add_script_tag(path=str(RULES_JS))
    yield page
    page.close()


def chooser_teams(hands: list[Hand]) -> list[int | None]:
    return [
        next((team for team in (0, 1) if hand.chooser in PLAYERS[team]), None) for hand in hands
    ]


def engine_says(ruleset, hands: list[Hand]) -> list[dict]:
    """What the engine refuses of the last hand: field and the script's code."""
    try:
        play_striche(ruleset, hands, PLAYERS)
    except RulesError as error:
        return [
            {"field": p.field, "code": CODE_OF.get(p.template, p.template)}
            for p in error.problems
            if p.hand == len(hands)
        ]
    return []


def broken_versions(ruleset, hands: list[Hand], rng: random.Random):
    """Each hand as played, and with its berg_first taken away, given or changed, and
    a match's chooser taken away: every refusal of the Striche the engine has."""
    for number, hand in enumerate(hands, start=1):
        before = hands[: number - 1]
        yield before, hand
        if hand.berg_first is not None:
            yield before, dataclasses.replace(hand, berg_first=None)
            yield before, dataclasses.replace(hand, berg_first=1 - hand.berg_first)
        elif rng.random() < 0.3:
            yield before, dataclasses.replace(hand, berg_first=rng.choice([0, 1]))
        if hand.match is not None and rng.random() < 0.3:
            yield before, dataclasses.replace(hand, chooser=None)


def test_random_games_count_their_striche_as_in_python(rules_page):
    rng = random.Random(SEED)
    payload, expected = [], []
    for _ in range(GAMES):
        ruleset, hands = random_striche_game(rng)
        count = count_striche(ruleset, hands, PLAYERS)
        checks, said = [], []
        for before, hand in broken_versions(ruleset, hands, rng):
            totals = list(play(ruleset, before, check=False).totals)
            checks.append({"totals": totals, "hand": hand.to_dict()})
            said.append(engine_says(ruleset, [*before, hand]))
        payload.append(
            {
                "ruleset": ruleset.to_dict(),
                "hands": [hand.to_dict() for hand in hands],
                "choosers": chooser_teams(hands),
                "checks": checks,
            }
        )
        expected.append({"striche": count.to_list(), "checks": said})

    got = json.loads(rules_page.evaluate(RUN_IN_PAGE, json.dumps(payload)))

    refusals: Counter[str] = Counter()
    for index, (js, py) in enumerate(zip(got, expected, strict=True)):
        assert js["striche"] == py["striche"], (index, payload[index])
        for case, (js_check, py_check) in enumerate(zip(js["checks"], py["checks"], strict=True)):
            said = [{"field": p["field"], "code": p["code"]} for p in js_check]
            assert said == py_check, (index, case, payload[index]["checks"][case])
            refusals.update(p["code"] for p in py_check)
    # every refusal was met (but a game without Striche's, below), and valid hands
    assert set(STRICHE_CODES) - set(refusals) == {"berg-first-no-striche"}, refusals


def test_a_game_without_striche_refuses_berg_first_as_in_python(rules_page):
    ruleset, hands = random_striche_game(random.Random(3), striche=False)
    hand = dataclasses.replace(hands[0], berg_first=0)
    said = rules_page.evaluate(
        "(a) => JassRules.check(a[0], [0, 0], a[1])", [ruleset.to_dict(), hand.to_dict()]
    )
    assert [(p["field"], p["code"]) for p in said] == [("berg_first", "berg-first-no-striche")]
    assert engine_says(ruleset, [hand]) == [
        {"field": "berg_first", "code": "berg-first-no-striche"}
    ]
