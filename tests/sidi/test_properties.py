"""Property tests: what RULES.md §13 says of every Sidi hand and game holds for any valid
input that Hypothesis draws."""

from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.kinds.sidi.gamefile import SidiRecord, read_game
from scoring.kinds.sidi.rules import SidiHand, card_points, hand_points, made, play
from scoring.kinds.sidi.ruleset import SidiRuleset
from scoring.kinds.team.rules.hand import weis_points
from scoring.rules.ruleset import CARD_POINTS
from tests.sidi.games import TEAMS, random_game, random_hand, random_ruleset

FAST = settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def contracts(draw: st.DrawFn) -> tuple[SidiRuleset, SidiHand]:
    """A ruleset and a valid hand of it (drawn through a seeded generator)."""
    rng = random.Random(draw(seeds))
    ruleset = random_ruleset(rng)
    return ruleset, random_hand(rng, ruleset)


def weis_of(ruleset: SidiRuleset, hand: SidiHand, team: int) -> int:
    return sum(weis_points(entry, ruleset.weis) for entry in hand.weis[team])


@FAST
@given(contracts())
def test_a_hand_hands_out_the_card_points_the_bid_once_weis_and_stoeck(drawn):
    ruleset, hand = drawn
    points = hand_points(ruleset, hand)
    cards = CARD_POINTS if hand.match is None else ruleset.match_value
    kept = [weis_of(ruleset, hand, t) for t in (0, 1)]
    if hand.match is not None:
        kept[1 - hand.match] = 0
    stoeck = 0 if hand.stoeck is None else 20
    assert sum(points) == cards + hand.double * hand.bid + sum(kept) + stoeck


@FAST
@given(contracts())
def test_the_bid_goes_to_the_bidders_exactly_when_their_card_points_reach_it(drawn):
    ruleset, hand = drawn
    bidders = hand.team
    is_made = card_points(ruleset, hand)[bidders] >= hand.bid
    assert made(ruleset, hand) is is_made
    plain = hand_points(ruleset, dataclasses.replace(hand, weis=((), ()), stoeck=None))
    receiver = bidders if is_made else 1 - bidders
    assert plain[receiver] - card_points(ruleset, hand)[receiver] == hand.double * hand.bid
    assert plain[1 - receiver] == card_points(ruleset, hand)[1 - receiver]


@FAST
@given(contracts())
def test_weis_and_stoeck_never_change_whether_a_contract_is_made(drawn):
    ruleset, hand = drawn
    bare = dataclasses.replace(hand, weis=((), ()), stoeck=None)
    assert made(ruleset, hand) is made(ruleset, bare)
    # and doubling moves only the bid: the difference is (d - 1) × bid to one team
    single = hand_points(ruleset, dataclasses.replace(hand, double=1))
    doubled = hand_points(ruleset, hand)
    assert sorted(d - s for d, s in zip(doubled, single, strict=True)) == sorted(
        [0, (hand.double - 1) * hand.bid]
    )


@FAST
@given(seeds)
def test_a_game_adds_its_hands_up_and_ends_only_after_a_whole_hand(seed):
    ruleset, hands = random_game(random.Random(seed))
    result = play(ruleset, hands)
    running = (0, 0)
    for i, (played, counted) in enumerate(zip(hands, result.hands, strict=True)):
        points = hand_points(ruleset, played)
        running = (running[0] + points[0], running[1] + points[1])
        assert counted.points == points
        assert counted.totals == running
        before = play(ruleset, hands[:i])
        assert not before.over  # no hand was played after the end
    assert result.totals == running
    if result.over:
        assert max(result.totals) >= ruleset.target
        assert result.totals[0] != result.totals[1]
        assert result.totals[result.winner] == max(result.totals)
        assert result.rubicon is (2 * min(result.totals) < ruleset.target)
    else:
        assert result.winner is None
        assert result.rubicon is False
        assert max(running) < ruleset.target or running[0] == running[1]


@FAST
@given(seeds)
def test_a_game_file_reads_back_as_it_was_written(seed):
    ruleset, hands = random_game(random.Random(seed))
    record = SidiRecord("Sidi", None, ruleset, TEAMS, tuple(hands))
    written = json.loads(json.dumps(record.to_dict()))
    assert read_game(written) == record
    assert read_game(written).to_dict() == written
