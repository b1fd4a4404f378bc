"""The phone refuses what the server refuses (issue 34): broken hands of every kind of
refusal the engine gives for one hand, drawn at random (seeded) onto random games, are
judged by the Python engine (``play``) and by static/js/rules.js (``check``) in
Chromium; both refuse the same hands, naming the same field and the same message, and
take the same valid ones. No server, no database."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest

from scoring.kinds.team.phone_checks import ENGINE_CODES
from scoring.kinds.team.rules import (
    CARD_POINTS,
    NO_TRUMP,
    SUITS,
    TRUMPS,
    Hand,
    RulesError,
    Ruleset,
    parse_ruleset,
    play,
)
from tests.e2e.test_js_rules import random_game, random_hand, rules_page  # noqa: F401
from tests.e2e.test_js_striche import STRICHE_CODES

SEED = 20261128
CASES = 1500

# A hand broken one way: (its name, what it does to a valid hand given the game).
Breaker = Any


def _other_trump(rng: random.Random, ruleset: Ruleset, hand: Hand) -> Hand:
    banned = [trump for trump in TRUMPS if trump not in ruleset.trumps]
    return dataclasses.replace(hand, trump=rng.choice(banned) if banned else "misère")


def _at_out(rng: random.Random, ruleset: Ruleset, totals: tuple[int, int], hand: Hand) -> Hand:
    """A count at going out near what takes a team out (or anywhere), with or without
    the whole hand, sometimes naming a team that went out first."""
    m = ruleset.multiplier(hand.trump)
    team = rng.choice((0, 1))
    target = ruleset.target or 1000
    need = max(0, -(-(target - totals[team]) // m))
    a = min(CARD_POINTS, max(0, need + rng.randint(-8, 8))) if rng.random() < 0.8 else None
    a = rng.randint(0, CARD_POINTS) if a is None else a
    b = rng.randint(0, max(0, CARD_POINTS - a)) if rng.random() < 0.85 else rng.randint(0, 157)
    pair = (a, b) if team == 0 else (b, a)
    if rng.random() < 0.1:
        pair = (pair[0] + pair[1], 0) if rng.random() < 0.5 else (CARD_POINTS - pair[1], pair[1])
    cards = hand.cards if rng.random() < 0.5 else None
    out_first = rng.choice([None, None, 0, 1])
    match = hand.match if cards is not None and rng.random() < 0.1 else None
    if match is None and cards is not None and hand.match is not None:
        cards = (100, 57)
    return dataclasses.replace(
        hand, cards=cards, cards_at_out=pair, out_first=out_first, match=match
    )


def _both_out(rng: random.Random, ruleset: Ruleset, totals: tuple[int, int], hand: Hand) -> Hand:
    """A count at going out that takes both teams to the target, where both are near."""
    m, target = ruleset.multiplier(hand.trump), ruleset.target or 1000
    needs = [max(0, -(-(target - totals[team]) // m)) for team in (0, 1)]
    if sum(needs) > 152:
        return _at_out(rng, ruleset, totals, hand)
    plain = dataclasses.replace(hand, match=None, weis=((), ()), stoeck=None, cards=None)
    return dataclasses.replace(plain, cards_at_out=(needs[0], needs[1]))


def _other_first(rng: random.Random, ruleset: Ruleset, totals: tuple[int, int], hand: Hand) -> Hand:
    """A count at going out that takes one team out, said to have gone out second."""
    m, target = ruleset.multiplier(hand.trump), ruleset.target or 1000
    team = rng.choice((0, 1))
    need = max(0, -(-(target - totals[team]) // m))
    if need > 152:
        return _at_out(rng, ruleset, totals, hand)
    plain = dataclasses.replace(hand, match=None, weis=((), ()), stoeck=None, cards=None)
    pair = (need, 0) if team == 0 else (0, need)
    return dataclasses.replace(plain, cards_at_out=pair, out_first=rng.choice((team, 1 - team)))


BREAKERS: list[tuple[str, Breaker]] = [
    ("count, who went out first", _other_first),
    ("count takes both out", _both_out),
    ("valid", lambda rng, r, t, h: h),
    ("unknown trump", lambda rng, r, t, h: dataclasses.replace(h, trump="misère")),
    ("trump not in the game", lambda rng, r, t, h: _other_trump(rng, r, h)),
    ("match not a team", lambda rng, r, t, h: dataclasses.replace(h, match=2, cards=(157, 0))),
    ("cards not two numbers", lambda rng, r, t, h: dataclasses.replace(h, cards=(100, 57, 0))),
    ("cards as text", lambda rng, r, t, h: dataclasses.replace(h, cards=(100, "57"))),
    ("negative cards", lambda rng, r, t, h: dataclasses.replace(h, cards=(-5, 162), match=None)),
    ("cards not 157", lambda rng, r, t, h: dataclasses.replace(h, cards=(74, 80), match=None)),
    ("match, wrong cards", lambda rng, r, t, h: dataclasses.replace(h, match=0, cards=(100, 57))),
    ("match, no cards", lambda rng, r, t, h: dataclasses.replace(h, match=1, cards=None)),
    ("Weis for both", lambda rng, r, t, h: dataclasses.replace(h, weis=(("seq3",), ("seq4",)))),
    ("Weis, one list", lambda rng, r, t, h: dataclasses.replace(h, weis=(("seq3",),))),
    ("Weis kind unknown", lambda rng, r, t, h: dataclasses.replace(h, weis=(("seq10",), ()))),
    (
        "Weis value not of the game",
        lambda rng, r, t, h: dataclasses.replace(
            h, weis=((), (rng.choice([30, 350, 0, 10, 250, 300]),))
        ),
    ),
    (
        "a four-of-a-kind twice",
        lambda rng, r, t, h: dataclasses.replace(
            h, weis=(rng.choice([("four-jacks", "four-jacks"), (150, "four-nines")]), ())
        ),
    ),
    (
        "Weis of more than 18 cards",
        lambda rng, r, t, h: dataclasses.replace(h, weis=((), ("seq9", "seq9", "seq3"))),
    ),
    ("Weis of the game", lambda rng, r, t, h: dataclasses.replace(h, weis=((100, 50), ()))),
    ("Stöck not a team", lambda rng, r, t, h: dataclasses.replace(h, stoeck=2)),
    (
        "Stöck without a suit",
        lambda rng, r, t, h: dataclasses.replace(h, trump=rng.choice(NO_TRUMP), stoeck=0),
    ),
    (
        "Stöck with a suit",
        lambda rng, r, t, h: dataclasses.replace(h, trump=rng.choice(SUITS), stoeck=1),
    ),
    ("out first not a team", lambda rng, r, t, h: dataclasses.replace(h, out_first=5)),
    ("out first given", lambda rng, r, t, h: dataclasses.replace(h, out_first=rng.choice((0, 1)))),
    ("no card points", lambda rng, r, t, h: dataclasses.replace(h, cards=None, match=None)),
    ("count not two numbers", lambda rng, r, t, h: dataclasses.replace(h, cards_at_out=(-1, 5))),
    ("count, 74 : 80", lambda rng, r, t, h: dataclasses.replace(h, cards_at_out=(74, 80))),
    ("count at going out", _at_out),
    ("count at going out ", _at_out),  # twice as often: it has the most ways to go wrong
]


def as_json(hand: Hand) -> dict[str, Any]:
    """The hand as the phone holds it, broken parts included."""
    fields = dataclasses.asdict(hand)
    return json.loads(json.dumps(fields, default=list))


def refusals(ruleset: Ruleset, lead: list[Hand], hand: Hand) -> list[list[str]]:
    """What the engine refuses of ``hand`` played after ``lead``: (field, message)."""
    try:
        play(ruleset, [*lead, hand])
    except RulesError as error:
        return sorted([p.field, p.template] for p in error.problems)
    return []


def draw_cases(rng: random.Random) -> list[tuple[str, Ruleset, list[Hand], Hand]]:
    cases = []
    while len(cases) < CASES:
        ruleset, hands = random_game(rng)
        if rng.random() < 0.15:  # a ruleset that counts no Weis or no Stöck: a new game
            changed = ruleset.to_dict() | rng.choice([{"weis": "none"}, {"stoeck": False}])
            ruleset, hands = parse_ruleset(changed), []
        over = play(ruleset, hands).over if hands else False
        last = len(hands) - 1 if over else len(hands)
        lead = hands[: rng.choice([last, last, max(0, last - 1), rng.randint(0, last)])]
        name, breaker = rng.choice(BREAKERS)
        totals = play(ruleset, lead).totals
        hand = random_hand(rng, ruleset, close=rng.random() < 0.5)
        cases.append((name, ruleset, lead, breaker(rng, ruleset, totals, hand)))
    return cases


def test_the_phone_refuses_what_the_engine_refuses_naming_the_same_field(rules_page):  # noqa: F811
    rng = random.Random(SEED)
    cases = draw_cases(rng)
    payload = [
        [ruleset.to_dict(), list(play(ruleset, lead).totals), as_json(hand)]
        for _, ruleset, lead, hand in cases
    ]

    got = json.loads(
        rules_page.evaluate(
            """(json) => JSON.stringify(JSON.parse(json).map(([r, t, h]) =>
              window.JassRules.check(r, t, h).map((p) => [p.field, p.code])))""",
            json.dumps(payload),
        )
    )

    seen: Counter[str] = Counter()
    for (name, ruleset, lead, hand), sent, codes in zip(cases, payload, got, strict=True):
        unknown = [code for _, code in codes if code not in ENGINE_CODES]
        assert not unknown, f"rules.js names codes the engine does not have: {unknown}"
        phone = sorted([field, ENGINE_CODES[code]] for field, code in codes)
        engine = refusals(ruleset, lead, hand)
        if phone != engine:
            pytest.fail(
                f"{name}: the engine refuses {engine}, the phone {phone}\n"
                f"ruleset: {json.dumps(sent[0])}\ntotals: {sent[1]}\nhand: {json.dumps(sent[2])}",
                pytrace=False,
            )
        seen.update(code for _, code in codes)
        seen["valid"] += not codes

    # the draw reaches every refusal the phone twins, and valid hands (those of a game
    # counted in Striche, a match's chooser and berg_first, in test_js_striche.py)
    missing = sorted(set(ENGINE_CODES) - set(seen) - set(STRICHE_CODES))
    assert not missing, f"no case reached {missing}"
    assert seen["valid"] >= 100, seen


# --- the hand form as typed: the form's own checks, then the engine's -------------------

# Sets the form's boxes as a scorer would leave them, then reads back what the browser
# holds (a number box drops what is not a number) and what team_offline.js refuses.
FILL_AND_JUDGE = """(c) => {
  const form = document.getElementById('hand-form');
  const radio = (name, value) => {
    form.querySelectorAll(`input[name="${name}"]`).forEach((input) => {
      input.checked = input.value === value;
    });
  };
  radio('trump', c.trump); radio('typed_team', c.typed_team); radio('match', c.match);
  radio('weis_team', c.weis_team); radio('stoeck', c.stoeck); radio('out_first', c.out_first);
  for (const name of ['points', 'at_out_0', 'at_out_1', 'weis_values']) {
    form.querySelector(`input[name="${name}"]`).value = c[name];
  }
  form.querySelectorAll('.weis-count').forEach((box) => { box.value = c.counts[box.name] || '0'; });
  const data = {};
  for (const [name, value] of new FormData(form)) data[name] = value;
  for (const box of form.querySelectorAll('input:disabled')) data[box.name] = box.value;
  const words = JSON.parse(document.getElementById('hand-checks').textContent).messages;
  const problems = window.JassOfflineKind.problems(form);
  const unsaid = problems.filter((p) => !words[p.code]);
  return {data, problems: problems.map((p) => p.name), unsaid};
}"""


def random_typing(rng: random.Random, ruleset: Ruleset) -> dict[str, Any]:
    """What a scorer may leave in the hand form, odd things included."""
    pick = rng.choice
    return {
        "trump": pick(ruleset.trumps),
        "typed_team": pick(["0", "1"]),
        "points": pick(
            ["", str(rng.randint(0, 157)), str(rng.randint(0, 157)), "158", "257", "-5"]
        ),
        "match": pick(["", "", "", "0", "1"]),
        "weis_team": pick(["", "", "0", "1"]),
        "weis_values": pick(
            ["", "", "", "50", "30", "350", "50 150", "150", "20,20,20,20,20,20,20", "x"]
        ),
        "counts": pick([{}, {}, {"weis_seq3": "1"}, {"weis_four_nines": "1"}, {"weis_seq9": "2"}]),
        "stoeck": pick(["", "", "0", "1"]),
        "out_first": pick(["", "", "", "0", "1"]),
        **pick(
            [
                {"at_out_0": "", "at_out_1": ""},
                {"at_out_0": "", "at_out_1": ""},
                {"at_out_0": str(rng.randint(0, 157)), "at_out_1": str(rng.randint(0, 60))},
                {"at_out_0": str(rng.randint(120, 157)), "at_out_1": str(rng.randint(0, 30))},
                {"at_out_0": "74", "at_out_1": "80"},
                {"at_out_0": "90", "at_out_1": ""},
                {"at_out_0": "160", "at_out_1": "0"},
            ]
        ),
    }


def test_the_hand_form_is_refused_on_the_phone_as_on_the_server(page, live_server, scorer):
    """The table screen's form, typed at random: team_offline.js refuses a hand exactly
    when the server's HandForm or the engine does, beside the same fields."""
    from scoring.kinds.team.hand_form import HandForm
    from scoring.models import Game
    from tests.e2e.test_table import record
    from tests.e2e.test_table_weis_and_out_first import start_game_to

    start_game_to(page, live_server, 300)
    record(page, "Hearts", 120)  # 120 : 37: a hand of 157 and more may take a team out
    game = Game.objects.get()
    ruleset, lead = game.rules, [hand.read() for hand in game.hands.order_by("number")]
    rng = random.Random(SEED)
    refused = accepted = 0

    for number in range(150):
        typed = random_typing(rng, ruleset)
        if rng.random() < 0.3:  # a plain hand: trump, points, perhaps a Weis of the game
            plain = {"points": str(rng.randint(0, 157)), "at_out_0": "", "at_out_1": ""}
            plain |= {"weis_values": rng.choice(["", "50"]), "counts": {}, "out_first": ""}
            typed |= plain | {"weis_team": "1" if plain["weis_values"] else ""}
            typed |= {"match": "", "stoeck": ""}
        judged = page.evaluate(FILL_AND_JUDGE, typed)
        form = HandForm(data=judged["data"], ruleset=ruleset, team_names=("A & C", "B & D"))
        if form.is_valid():
            try:
                play(ruleset, [*lead, form.cleaned_data["hand"]])
            except RulesError as error:
                form.add_problems(error.problems)
        server = sorted(set(form.errors))
        phone = sorted(set(judged["problems"]))
        assert phone == server, f"case {number}: server {form.errors}, phone {phone}\n{typed}"
        assert not judged["unsaid"], f"case {number}: the page carries no words for {judged}"
        refused += bool(server)
        accepted += not server

    assert refused >= 50
    assert accepted >= 10
