"""static/js/coiffeur.js counts a Coiffeur sheet and refuses a hand as the Python engine
does (scoring/kinds/coiffeur): random sheets of every preset and of random clubs'
sheets, and a few worked out by hand from RULES.md §11, in Chromium (no server)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scoring.kinds.coiffeur import rules as coiffeur_rules
from scoring.kinds.coiffeur.gamefile import read_hand
from scoring.kinds.coiffeur.rules import CoiffeurHand, cell, play
from scoring.kinds.coiffeur.sheet import MODES, PRESETS, CoiffeurRuleset, parse_ruleset, preset
from scoring.rules import RulesError
from tests.e2e.test_js_rules import first_difference
from tests.rules.test_coiffeur import _one_row_left

COIFFEUR_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "coiffeur.js"
SEED = 20261127
SHEETS = 400
CANDIDATES = 8  # next hands checked per sheet

# coiffeur.js names each refusal by its message's constant in rules.py, lowercased.
KEYS = {
    getattr(coiffeur_rules, name): name.lower()
    for name in (
        "SHEET_FULL",
        "NO_SUCH_SIDE",
        "NO_SUCH_ROW",
        "CELL_FILLED",
        "NOT_BOOLEAN",
        "TWO_KINDS",
        "CARDS_MISSING",
        "CARDS_WITH_STRUCK",
        "CARDS_RANGE",
        "MATCH_CARDS",
        "COUNTER_CARDS",
    )
}

RUN_IN_PAGE = """(json) => JSON.stringify(JSON.parse(json).map((s) => {
  const C = window.JassCoiffeur;
  return {
    play: C.play(s.ruleset, s.hands),
    checks: s.candidates.map((h) => C.check(s.ruleset, s.hands, h)),
  };
}))"""


@pytest.fixture(scope="module")
def coiffeur_page(browser):
    page = browser.new_page()
    page.set_content("<html></html>")
    page.add_script_tag(path=str(COIFFEUR_JS))
    yield page
    page.close()


def hand(team: int, row: str, cards: int | None = None, **flags: bool) -> CoiffeurHand:
    return CoiffeurHand(team, row, cards, **flags)


# --- random sheets ---------------------------------------------------------------------

FREE_ROWS = ("x", "eigene", "Wunsch 2", "free")
LABELS = ("Eichle", "Schelle", "Misär", "Wunsch", "Obenabe", "Rose")


def bonus(rng: random.Random) -> int:
    """A bonus or penalty, often one that a rounded sheet rounds (5 up, 4 down)."""
    return rng.choice([0, 0, 0, 5, 14, 15, 25, 50, 95, 100, 255, 500, 995, 1000])


def random_ruleset(rng: random.Random) -> CoiffeurRuleset:
    """A preset, now and then with options beside it, or a club's own sheet."""
    if rng.random() < 0.45:
        data: dict[str, Any] = {"preset": rng.choice(sorted(PRESETS))}
        if rng.random() < 0.4:
            data["rounded"] = True
        if rng.random() < 0.3:
            data["counter_penalty"] = bonus(rng)
        if rng.random() < 0.3 and preset(data["preset"]).teams == 2:
            data["counter_bonus"] = bonus(rng)
        return parse_ruleset(data)
    names = rng.sample([*MODES, *FREE_ROWS], rng.randint(6, 13))
    if "misere" not in names and rng.random() < 0.7:
        names[rng.randrange(len(names))] = "misere"
    rows = [
        [name, rng.randint(1, 20), *([rng.choice(LABELS)] if rng.random() < 0.25 else [])]
        for name in names
    ]
    teams = rng.choice([2, 2, 3])
    return parse_ruleset(
        {
            "rows": rows,
            "match_value": rng.choice([157, 257]),
            "match_bonus": bonus(rng),
            "counter_bonus": 0 if teams == 3 else bonus(rng),
            "counter_penalty": bonus(rng),
            "rounded": rng.random() < 0.4,
            "teams": teams,
        }
    )


def random_hand(rng: random.Random, team: int, row: str, kind: str) -> CoiffeurHand:
    chosen = rng.random() < 0.3
    extras: dict[str, Any] = {"trump": row, "chibre": rng.random() < 0.3} if chosen else {}
    if kind == "match":
        return CoiffeurHand(team, row, 0 if row == "misere" else 157, match=True, **extras)
    if kind == "counter":
        return CoiffeurHand(team, row, 157 if row == "misere" else 0, counter=True, **extras)
    if kind == "struck":
        return CoiffeurHand(team, row, None, struck=True, **extras)
    cards = rng.choice([0, 157, 5, 4, 15, rng.randint(0, 15) * 10 + rng.choice([4, 5])])
    return CoiffeurHand(team, row, rng.choice([cards, rng.randint(0, 157)]), **extras)


def random_sheet(rng: random.Random) -> tuple[CoiffeurRuleset, list[CoiffeurHand]]:
    """A valid sheet, empty to full, in any order. On a lopsided one a side makes
    matches and the others counter-matches, so that a side is often safe; on a mirrored
    one every side plays a row as the others do, so that full sheets draw."""
    ruleset = random_ruleset(rng)
    cells = [(s, name) for s in range(ruleset.teams) for name in ruleset.names]
    rng.shuffle(cells)
    size = len(cells)
    filled = rng.choice([0, rng.randint(1, size), rng.randint(size // 2, size), size - 1, size])
    style = rng.choices(["mixed", "lopsided", "mirrored"], [6, 3, 1])[0]
    if style == "mirrored" and rng.random() < 0.7:
        filled = size
    strong = rng.randrange(ruleset.teams)
    kinds = ["cards", "match", "counter", "struck"]
    mirrored = {row: (rng.getrandbits(32), rng.choice(kinds)) for row in ruleset.names}
    hands = []
    for team, row in cells[:filled]:
        if style == "mirrored":
            seed, kind = mirrored[row]
            hands.append(random_hand(random.Random(seed), team, row, kind))
            continue
        if style == "mixed":
            weights = [5, 2, 2, 1]
        else:
            weights = [1, 6, 0, 0] if team == strong else [2, 0, 5, 2]
        hands.append(random_hand(rng, team, row, rng.choices(kinds, weights)[0]))
    play(ruleset, hands)  # valid, or this raises
    return ruleset, hands


# Ways to break a next hand, each on the game file's dict; read_hand still reads it.
def break_team(rng, ruleset, hands, data):
    data["team"] = rng.choice([-1, ruleset.teams, 3, 7, "0", True, None, 1.5])


def break_row(rng, ruleset, hands, data):
    data["row"] = rng.choice(["nowhere", "Clubs", "", 3, None, " " + data["row"]])


def refill(rng, ruleset, hands, data):
    if hands:
        done = rng.choice(hands)
        data.update(team=done.team, row=done.row)


def break_flag(rng, ruleset, hands, data):
    data[rng.choice(["match", "counter", "struck"])] = rng.choice([1, 0, "true", None])


def two_kinds(rng, ruleset, hands, data):
    for key in rng.sample(["match", "counter", "struck"], rng.choice([2, 3])):
        data[key] = True


def no_cards(rng, ruleset, hands, data):
    if rng.random() < 0.5:
        data["cards"] = None
    else:
        data.pop("cards", None)


def struck_with_cards(rng, ruleset, hands, data):
    data.update(struck=True, match=False, counter=False, cards=rng.choice([0, 12, 157]))


def cards_out_of_range(rng, ruleset, hands, data):
    data["cards"] = rng.choice([-1, 158, 1000, 2.5, "50", True, False])


def wrong_match_cards(rng, ruleset, hands, data):
    key = rng.choice(["match", "counter"])
    data.update(match=False, counter=False, struck=False, cards=rng.choice([0, 157, 150, 3]))
    data[key] = True


def flags_left_out(rng, ruleset, hands, data):
    for key in ("match", "counter", "struck"):
        if data.get(key) is False:
            del data[key]


BREAKS = (
    break_team,
    break_row,
    refill,
    break_flag,
    two_kinds,
    no_cards,
    struck_with_cards,
    cards_out_of_range,
    wrong_match_cards,
    flags_left_out,
)


def candidate(rng: random.Random, ruleset: CoiffeurRuleset, hands: list[CoiffeurHand]) -> dict:
    """A next hand in the file's form: valid in an open cell, or broken one to three ways."""
    done = {(h.team, h.row) for h in hands}
    cells = [(s, n) for s in range(ruleset.teams) for n in ruleset.names]
    open_cells = [c for c in cells if c not in done] or cells
    team, row = rng.choice(open_cells)
    kind = rng.choice(["cards", "cards", "match", "counter", "struck"])
    data = random_hand(rng, team, row, kind).to_dict()
    if rng.random() < 0.65:
        for breaking in rng.sample(BREAKS, rng.choice([1, 1, 2, 3])):
            breaking(rng, ruleset, hands, data)
    return data


# --- what the Python engine says, in coiffeur.js's shapes ---------------------------------


def python_play(ruleset: CoiffeurRuleset, hands: list[CoiffeurHand]) -> dict[str, Any]:
    result = play(ruleset, hands, check=False)
    return {
        **result.to_dict(),
        "kinds": [list(side) for side in result.kinds],
        "openRows": [list(rows) for rows in result.open_rows],
        "rowDifferences": list(result.row_differences),
        "matches": list(result.matches),
        "played": list(result.played),
        "safe": result.safe,
        "rubicon": result.rubicon,
        "hands": [
            {
                "cell": cell(ruleset, h),
                "totals": list(play(ruleset, hands[: i + 1], check=False).totals),
            }
            for i, h in enumerate(hands)
        ],
    }


def python_check(
    ruleset: CoiffeurRuleset, hands: list[CoiffeurHand], data: dict
) -> list[dict[str, Any]]:
    """The first problem play(check=True) names in the hand after these, as coiffeur.js
    gives it."""
    try:
        play(ruleset, [*hands, read_hand(data, len(hands) + 1)])
    except RulesError as error:
        problem = error.problems[0]
        return [
            {
                "field": problem.field,
                "key": KEYS[problem.template],
                "hand": problem.hand,
                "params": dict(problem.params),
            }
        ]
    return []


Sheet = tuple[str, CoiffeurRuleset, list[CoiffeurHand], list[dict]]


def compare(page, sheets: list[Sheet]) -> list[dict[str, Any]]:
    """Run every sheet in the page at once; fail on the first difference, naming the sheet."""
    payload = [
        {
            "ruleset": ruleset.to_dict(),
            "hands": [h.to_dict() for h in hands],
            "candidates": candidates,
        }
        for _, ruleset, hands, candidates in sheets
    ]
    expected = [
        {
            "play": python_play(ruleset, hands),
            "checks": [python_check(ruleset, hands, data) for data in candidates],
        }
        for _, ruleset, hands, candidates in sheets
    ]
    results = json.loads(page.evaluate(RUN_IN_PAGE, json.dumps(payload)))
    assert len(results) == len(sheets)
    for (name, *_), sheet, want, got in zip(sheets, payload, expected, results, strict=True):
        found = first_difference(want, got)
        if found:
            note = ""
            if found.startswith(".checks["):
                index = int(found.split("[", 1)[1].split("]", 1)[0])
                note = f"\nnext hand: {json.dumps(sheet['candidates'][index])}"
            pytest.fail(
                f"coiffeur.js differs from the Python engine in {name}: {found}{note}\n"
                f"ruleset: {json.dumps(sheet['ruleset'])}\n"
                f"hands ({len(sheet['hands'])}): {json.dumps(sheet['hands'])}",
                pytrace=False,
            )
    return results


# --- the tests -----------------------------------------------------------------------------


def test_random_sheets_count_and_refuse_as_in_python(coiffeur_page):
    rng = random.Random(SEED)
    sheets: list[Sheet] = []
    for i in range(SHEETS):
        ruleset, hands = random_sheet(rng)
        candidates = [candidate(rng, ruleset, hands) for _ in range(CANDIDATES)]
        sheets.append((f"random sheet {i} (seed {SEED})", ruleset, hands, candidates))

    # The draw reaches every sheet, every kind of cell, every mark and every refusal.
    rulesets = [ruleset for _, ruleset, _, _ in sheets]
    results = [play(ruleset, hands) for _, ruleset, hands, _ in sheets]
    assert {r.preset for r in rulesets} == set(PRESETS)
    assert {len(r.rows) for r in rulesets} == set(range(6, 14))
    assert {(r.teams, r.rounded, r.match_value) for r in rulesets} == {
        (t, rounded, v) for t in (2, 3) for rounded in (False, True) for v in (157, 257)
    }
    assert any(label for r in rulesets for _, _, label in r.rows)
    every = [(r, h) for (_, r, hands, _) in sheets for h in hands]
    assert any(h.row == "misere" and h.match for _, h in every)
    assert any(h.row == "misere" and h.counter for _, h in every)
    assert any(h.counter and r.counter_bonus and r.counter_penalty for r, h in every)
    assert any(h.struck for _, h in every)
    assert sum(r.over for r in results) >= 50
    assert sum(not hands for _, _, hands, _ in sheets) >= 10
    assert {r.winner for r in results if r.over} == {None, 0, 1, 2}
    assert {r.ruleset.teams for r in results if r.over and r.winner is None} == {2, 3}
    assert {r.safe for r in results} == {None, 0, 1, 2}
    verdicts = [
        python_check(ruleset, hands, data)
        for _, ruleset, hands, candidates in sheets
        for data in candidates
    ]
    assert sum(not v for v in verdicts) >= 500  # accepted
    assert {v[0]["key"] for v in verdicts if v} == set(KEYS.values())
    assert {v[0]["field"] for v in verdicts if v} == {
        "hands",
        "team",
        "row",
        "match",
        "counter",
        "struck",
        "cards",
    }

    compare(coiffeur_page, sheets)


def test_hand_picked_sheets(coiffeur_page):
    seed = preset("coiffeur")
    flat = preset("coiffeur-157")
    three = preset("coiffeur-3")
    penalised = parse_ruleset({"counter_penalty": 100, "counter_bonus": 300})
    rounded = parse_ruleset({"rounded": True, "counter_penalty": 25, "counter_bonus": 45})
    flat_rounded = parse_ruleset({"preset": "coiffeur-157", "rounded": True})
    bonus_100 = parse_ruleset({"counter_bonus": 100})
    penalty_1 = parse_ruleset({"counter_penalty": 1})

    def full(ruleset, last_cards):
        """Every cell 60 card points, the last side's last row (choice, ×10) as given."""
        hands = [hand(s, row, 60) for row in ruleset.names for s in range(ruleset.teams)]
        hands[-1] = hand(ruleset.teams - 1, "choice", last_cards)
        return hands

    def lead(unde_ufe: CoiffeurHand) -> list[CoiffeurHand]:
        """A: clubs ×1, spades ×4 and obe-abe ×5 as matches (257 × 10 = 2570), unde-ufe as
        given, the rest struck; B: all struck. Both have choice ×10 open, where a match
        of B's makes 2570."""
        hands = [hand(0, row, 157, match=True) for row in ("clubs", "spades", "obe-abe")]
        hands.append(unde_ufe)
        hands += [hand(0, row, struck=True) for row in ("diamonds", "hearts", "slalom")]
        hands += [hand(0, row, struck=True) for row in ("misere", "3x3")]
        return hands + [hand(1, row, struck=True) for row in seed.names[:-1]]

    level = lead(hand(0, "unde-ufe", struck=True))
    ahead = lead(hand(0, "unde-ufe", 1))  # 1 × 6 more
    three_level = [*full(three, 60)[:-2], hand(1, "choice", 100), hand(2, "choice", 100)]

    sheets = [
        ("game file's example", seed, [hand(0, "obe-abe", 98)]),
        ("misère, 20 made", seed, [hand(1, "misere", 20)]),
        ("match ×3", seed, [hand(0, "hearts", 157, match=True)]),
        ("match 157 and 500", flat, [hand(0, "hearts", 157, match=True)]),
        (
            "misère match, misère counter-match",
            penalised,
            [hand(0, "misere", 0, match=True), hand(1, "misere", 157, counter=True)],
        ),
        (
            "rounded",
            rounded,
            [
                hand(0, "clubs", 85),
                hand(1, "clubs", 84),
                hand(0, "misere", 72),
                hand(1, "hearts", 157, match=True),
                hand(0, "spades", 0, counter=True),
            ],
        ),
        ("rounded 157 and 500", flat_rounded, [hand(0, "hearts", 157, match=True)]),
        ("full, B by 10", seed, full(seed, 61)),
        ("three sides, C wins", three, full(three, 100)),
        ("three sides, B and C level", three, three_level),
        ("level at best", seed, level),
        ("ahead by 6", seed, ahead),
        ("ahead by 6, bonus 100", bonus_100, ahead),
        ("ahead by 6, penalty 1", penalty_1, ahead),
    ]
    results = [r["play"] for r in compare(coiffeur_page, [(n, rs, hs, []) for n, rs, hs in sheets])]
    example, misere, match, flat_match, misere_kinds, rounding, flat_round = results[:7]
    full_b, three_c, three_level, level_r, ahead_r, bonus_r, penalty_r = results[7:]

    assert example["cells"][0][4] == 490
    assert (example["totals"], example["difference"]) == ([490, 0], 490)
    assert example["openRows"][0] == [n for n in seed.names if n != "obe-abe"]
    assert misere["cells"][1][7] == (157 - 20) * 8 == 1096
    assert match["cells"][0][2] == 257 * 3 == 771
    assert flat_match["cells"][0][2] == 157 * 3 + 500 == 971
    # misère: a match is no trick (257 × 8), a counter-match all nine (−100 × 8), and
    # the other side receives the counter-match bonus
    assert misere_kinds["cells"][0][7] == 2056
    assert misere_kinds["cells"][1][7] == -800
    assert misere_kinds["totals"] == [2056 + 300, -800]
    assert misere_kinds["rowDifferences"][7] == 2856
    assert misere_kinds["kinds"][0][7] == "match"
    assert misere_kinds["kinds"][1][7] == "counter"
    # rounded before the multiplier: 85 → 90, 84 → 80, 157 − 72 = 85 → 90 × 8, 257 → 260
    # × 3, penalty 25 → 30 × 4, bonus 45 → 50
    assert [rounding["cells"][0][0], rounding["cells"][1][0]] == [90, 80]
    assert rounding["cells"][0][7] == 720
    assert rounding["cells"][1][2] == 780
    assert rounding["cells"][0][3] == -120
    assert rounding["totals"] == [90 + 720 - 120, 80 + 780 + 50]
    assert [h["totals"] for h in rounding["hands"]] == [
        [90, 0],
        [90, 80],
        [810, 80],
        [810, 860],
        [690, 910],
    ]
    assert flat_round["cells"][0][2] == 160 * 3 + 500
    assert (full_b["over"], full_b["winner"], full_b["difference"]) == (True, 1, -10)
    assert full_b["safe"] is None
    # 60 × (1 + … + 10 − 8) = 2820, and misère (157 − 60) × 8 = 776; C: 40 × 10 more
    assert three_c["totals"] == [3596, 3596, 3996]
    assert (three_c["winner"], three_c["difference"], three_c["rowDifferences"]) == (2, None, [])
    assert three_level["totals"] == [3596, 3996, 3996]
    assert (three_level["over"], three_level["winner"]) == (True, None)
    # safe: A's lowest above B's highest, strictly
    assert level_r["totals"] == [2570, 0]
    assert level_r["openRows"] == [["choice"], ["choice"]]
    assert level_r["safe"] is None
    assert (ahead_r["totals"], ahead_r["safe"]) == ([2576, 0], 0)
    assert bonus_r["safe"] is None  # B's highest: 2570 + A's counter-match bonus 100
    assert penalty_r["safe"] is None  # A's lowest: 2576 − 1 × 10


def test_hand_picked_refusals(coiffeur_page):
    seed = preset("coiffeur")
    before = [hand(1, "clubs", 40)]
    full = [hand(s, row, 60) for row in seed.names for s in range(2)]
    cases = [
        (before, hand(1, "clubs", 40), "row", "cell_filled"),
        (before, hand(0, "clubs", 40), None, None),
        (before, hand(2, "hearts", 50), "team", "no_such_side"),
        (before, hand(0, "undenufe", 50), "row", "no_such_row"),
        (before, hand(0, "hearts", 157, match=True, counter=True), "match", "two_kinds"),
        (before, hand(0, "hearts"), "cards", "cards_missing"),
        (before, hand(0, "hearts", 158), "cards", "cards_range"),
        (before, hand(0, "hearts", 150, match=True), "cards", "match_cards"),
        (before, hand(0, "misere", 157, match=True), "cards", "match_cards"),
        (before, hand(0, "misere", 0, counter=True), "cards", "counter_cards"),
        (before, hand(0, "3x3", 12, struck=True), "cards", "cards_with_struck"),
        (full, hand(0, "clubs", 1), "hands", "sheet_full"),
    ]
    sheets = [(f"refusal {i}", seed, h, [n.to_dict()]) for i, (h, n, _, _) in enumerate(cases)]
    results = compare(coiffeur_page, sheets)
    for (_, _, field, key), result in zip(cases, results, strict=True):
        got = result["checks"][0]
        assert [(p["field"], p["key"]) for p in got] == ([(field, key)] if field else [])
    assert results[0]["checks"][0][0]["params"] == {"side": "B", "row": "clubs", "earlier": 1}


@pytest.mark.parametrize("penalty", [0, 1])
def test_can_no_longer_be_caught_at_its_exact_edge(coiffeur_page, penalty):
    """The mark needs A's worst strictly above B's best: both sides have choice ×10
    open, where B's match makes 2570 and A's counter-match −10 × penalty. A's lead one
    point short of the edge, at it, and one point over (RULES.md §11)."""
    ruleset = parse_ruleset({"preset": "coiffeur", "counter_penalty": penalty})
    edge = 2570 + 10 * penalty
    sheets = [
        (f"lead {edge + step}", ruleset, _one_row_left(edge + step - 2567), [])
        for step in (-1, 0, 1)
    ]
    results = [r["play"] for r in compare(coiffeur_page, sheets)]
    assert [r["totals"][0] - r["totals"][1] for r in results] == [edge - 1, edge, edge + 1]
    assert [r["safe"] for r in results] == [None, None, 0]
