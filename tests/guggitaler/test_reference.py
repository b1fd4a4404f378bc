"""Guggitaler counted a second time, from RULES.md §14 alone: a reference written here,
sharing nothing with scoring/kinds/guggitaler but the game file's shape, against the
engine on 300 seeded random games (their results, and their next hand: accepted, or
refused naming the same hand and field); and properties of any game Hypothesis finds."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.kinds.guggitaler.gamefile import check_hand_data
from scoring.kinds.guggitaler.rules import DOMINO, GuggiHand, maximum, play
from scoring.kinds.guggitaler.ruleset import parse_ruleset
from tests.guggitaler.games import candidate, random_game

SEED = 20261202
GAMES = 300

# --- the reference: RULES.md §14 read once more ------------------------------------------

# What the counts of each hand add up to: (three players, four players).
ALL_OF_IT = {
    "tricks": (12, 9),
    "schellen": (9, 9),
    "ober": (4, 4),
    "king": (1, 1),
    "last-trick": (1, 1),
}
EMPTY_OF = {"weis": ([], [[], []]), "stoeck": (None,), "match": (None,), "cards": (None,)}


def whole(value: Any) -> bool:
    return type(value) is int


def reference_order(ruleset: dict[str, Any]) -> list[str]:
    one = [name for name, _ in ruleset["categories"]]
    if ruleset["domino"]:
        one.append("domino")
    return one * ruleset["series"]


def reference_result(ruleset: dict[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    n = ruleset["players"]
    value = dict(ruleset["categories"])
    totals = [0] * n
    rows = []
    for hand in hands:
        if hand["category"] == "domino":
            charged = [-ruleset["credits"][place - 1] for place in hand["places"]]
        else:
            charged = [count * value[hand["category"]] for count in hand["counts"]]
        totals = [t + p for t, p in zip(totals, charged, strict=True)]
        rows.append({"points": charged, "totals": list(totals)})
    ordered = sorted(totals)
    rank = [ordered.index(t) + 1 for t in totals]
    over = len(hands) == len(reference_order(ruleset))
    first = [seat for seat in range(n) if rank[seat] == 1]
    return {
        "hands": rows,
        "totals": totals,
        "over": over,
        "ranks": rank,
        "winner": first[0] if over and len(first) == 1 else None,
        "rubicon": False,
    }


def reference_refusal(
    ruleset: dict[str, Any], played: int, hand: dict[str, Any]
) -> tuple[int, str] | None:
    """The hand and field the next hand is refused by, the first in game-format.md's order."""
    number = played + 1
    order = reference_order(ruleset)
    n = ruleset["players"]
    if number > len(order):
        return number, "hands"
    if hand.get("category") != order[played]:
        return number, "category"
    counts, places = hand.get("counts"), hand.get("places")
    if order[played] == "domino":
        if counts is not None:
            return number, "counts"
        if not (
            isinstance(places, list)
            and all(whole(p) for p in places)
            and sorted(places) == list(range(1, n + 1))
        ):
            return number, "places"
    else:
        most = ALL_OF_IT[order[played]][n - 3]
        if not (
            isinstance(counts, list)
            and len(counts) == n
            and all(whole(k) and 0 <= k <= most for k in counts)
            and sum(counts) == most
        ):
            return number, "counts"
        if places is not None:
            return number, "places"
    if hand.get("trump") not in (None, "obe-abe"):
        return number, "trump"
    for key, empty in EMPTY_OF.items():
        if key in hand and hand[key] not in empty:
            return number, key
    for key in hand:
        if key not in ("category", "counts", "places", "trump", *EMPTY_OF) and not key.startswith(
            "x-"
        ):
            return number, key
    return None


# --- the engine against it ------------------------------------------------------------------


def engine_refusal(ruleset, played: int, data: dict[str, Any]) -> tuple[int, str] | None:
    _, problems = check_hand_data(ruleset, played + 1, data)
    return (problems[0].hand, problems[0].field) if problems else None


def test_the_engine_counts_and_refuses_as_the_reference_on_random_games():
    rng = random.Random(SEED)
    refusals: set[str] = set()
    accepted = over = ties = 0
    for i in range(GAMES):
        ruleset, hands = random_game(rng)
        rules_data, hands_data = ruleset.to_dict(), [hand.to_dict() for hand in hands]
        expected = reference_result(rules_data, hands_data)
        assert play(ruleset, hands).to_dict() == expected, f"game {i} (seed {SEED})"
        over += expected["over"]
        ties += expected["over"] and expected["winner"] is None
        for _ in range(6):
            played = rng.choice([len(hands), rng.randint(0, len(hands))])
            data = candidate(rng, ruleset, hands[:played])
            want = reference_refusal(rules_data, played, data)
            assert engine_refusal(ruleset, played, data) == want, (
                f"game {i} (seed {SEED}), next hand after {played}: {data}"
            )
            if want is None:
                accepted += 1
            else:
                refusals.add(want[1])

    # The draw reaches the ends of the game and every refusal.
    assert over >= 100
    assert ties >= 10
    assert accepted >= 300
    assert refusals == {
        "hands",
        "category",
        "counts",
        "places",
        "trump",
        "weis",
        "stoeck",
        "match",
        "cards",
        "count",
        "chooser",
        "points",
        "winner",
    }


# --- properties -----------------------------------------------------------------------------

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[Any, list[GuggiHand]]:
    """Any valid game: a ruleset within its options and hands from none to the last."""
    players = draw(st.sampled_from([3, 4]))
    names = draw(st.permutations(list(ALL_OF_IT)))
    values = draw(st.lists(st.integers(1, 1000), min_size=5, max_size=5))
    credits = sorted(draw(st.lists(st.integers(0, 1000), min_size=players, max_size=players)))
    ruleset = parse_ruleset(
        {
            "players": players,
            "categories": [[n, v] for n, v in zip(names, values, strict=True)],
            "domino": draw(st.booleans()),
            "credits": credits[::-1],
            "series": draw(st.integers(1, 3)),
        }
    )
    hands = []
    for category in ruleset.order[: draw(st.integers(0, ruleset.hands))]:
        if category == DOMINO:
            places = draw(st.permutations(range(1, players + 1)))
            hands.append(GuggiHand(DOMINO, places=tuple(places)))
            continue
        most = maximum(category, players)
        cuts = sorted(
            draw(st.lists(st.integers(0, most), min_size=players - 1, max_size=players - 1))
        )
        edges = [0, *cuts, most]
        hands.append(GuggiHand(category, counts=tuple(b - a for a, b in pairwise(edges))))
    return ruleset, hands


@FAST
@given(games())
def test_each_hand_charges_its_whole_penalty_and_the_domino_its_credits(game):
    ruleset, hands = game
    result = play(ruleset, hands)

    for hand, counted in zip(hands, result.hands, strict=True):
        if hand.category == DOMINO:
            assert sum(counted.points) == -sum(ruleset.credits)
        else:
            assert sum(counted.points) == ruleset.value(hand.category) * ruleset.maximum(
                hand.category
            )
    for seat in range(ruleset.players):
        assert result.totals[seat] == sum(counted.points[seat] for counted in result.hands)


@FAST
@given(games())
def test_ranks_order_the_totals_lowest_first_and_only_a_lone_first_wins(game):
    ruleset, hands = game
    result = play(ruleset, hands)
    totals, ranked = result.totals, result.ranks

    for a in range(ruleset.players):
        assert ranked[a] == 1 + sum(1 for t in totals if t < totals[a])
        for b in range(ruleset.players):
            assert (totals[a] < totals[b]) == (ranked[a] < ranked[b])
    assert min(ranked) == 1
    assert result.over == (len(hands) == ruleset.hands)
    if result.winner is not None:
        assert result.over
        assert ranked.count(1) == 1
        assert totals[result.winner] == min(totals)
    else:
        assert not result.over or ranked.count(1) > 1


@FAST
@given(games(), st.data())
def test_a_count_moved_to_another_player_moves_its_penalty_and_one_more_is_refused(game, data):
    ruleset, hands = game
    if not hands or hands[-1].category == DOMINO:
        return
    category, counts = hands[-1].category, list(hands[-1].counts or ())
    giver = data.draw(st.sampled_from([seat for seat, k in enumerate(counts) if k]))
    taker = data.draw(st.integers(0, ruleset.players - 1))
    moved = list(counts)
    moved[giver] -= 1
    moved[taker] += 1
    more = list(counts)
    more[taker] += 1

    before = play(ruleset, hands).totals
    after = play(ruleset, [*hands[:-1], GuggiHand(category, counts=tuple(moved))]).totals
    value = ruleset.value(category)
    assert after[giver] - before[giver] == (0 if giver == taker else -value)
    assert after[taker] - before[taker] == (0 if giver == taker else value)
    assert sum(after) == sum(before)
    refused = check_hand_data(ruleset, len(hands), GuggiHand(category, tuple(more)).to_dict())[1]
    assert [(p.hand, p.field) for p in refused] == [(len(hands), "counts")]
