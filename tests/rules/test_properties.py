"""Property tests: the invariants of RULES.md §5, §6 and §8 hold for any valid input."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.kinds.team.rules import (
    CARD_POINTS,
    NO_TRUMP,
    STOECK_POINTS,
    SUITS,
    TRUMPS,
    GameRecord,
    Hand,
    RulesError,
    Ruleset,
    Team,
    check_hand,
    hand_parts,
    hand_points,
    marks_for,
    parse_ruleset,
    play,
    read_game,
    slate,
    weis_table,
)
from scoring.kinds.team.rules.slate import WIPE_AT
from scoring.rules.ruleset import TEAM_PRESETS
from tests.rules.builders import possible_weis

FAST = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

PLAYERS = ("Anne", "Claude", "Bernard", "Denise")
TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))


# --- strategies ----------------------------------------------------------------------------


@st.composite
def rulesets(draw: st.DrawFn, max_target: int = 3000) -> Ruleset:
    name = draw(st.sampled_from(sorted(TEAM_PRESETS)))
    data: dict[str, Any] = {"preset": name}
    if draw(st.booleans()):
        data["multipliers"] = draw(
            st.dictionaries(st.sampled_from(TRUMPS), st.integers(1, 4), max_size=6)
        )
    if draw(st.booleans()):
        data["match_bonus"] = draw(st.sampled_from([0, 50, 100, 150]))
    if draw(st.booleans()):
        data["weis"] = draw(st.sampled_from(["small", "large", "none"]))
    if draw(st.booleans()):
        data["stoeck"] = draw(st.booleans())
    if draw(st.booleans()):
        data["trumps"] = draw(st.lists(st.sampled_from(TRUMPS), min_size=1, unique=True))
    end = draw(st.sampled_from(["first-out", "whole-hand", "fixed-hands"]))
    if end == "fixed-hands":
        data.update(end=end, target=None, hands=draw(st.integers(1, 20)))
    else:
        data.update(end=end, hands=None, target=draw(st.integers(100, max_target)))
    return parse_ruleset(data)


@st.composite
def weis_entries(draw: st.DrawFn, style: str) -> tuple[str | int, ...]:
    """One team's Weis, possible under the style (distinct fours, at most 18 cards)."""
    if style == "none":
        return ()
    table = weis_table(style)
    values = sorted(set(table.values()))
    entries = draw(
        st.lists(st.one_of(st.sampled_from(sorted(table)), st.sampled_from(values)), max_size=3)
    )
    return possible_weis(entries, style)


@st.composite
def hands(draw: st.DrawFn, ruleset: Ruleset, chooser: bool = False) -> Hand:
    trump = draw(st.sampled_from(ruleset.trumps))
    match = draw(st.sampled_from([None, None, None, 0, 1]))
    if match is None:
        x = draw(st.integers(0, CARD_POINTS))
        cards = (x, CARD_POINTS - x)
    else:
        cards = (CARD_POINTS, 0) if match == 0 else (0, CARD_POINTS)
    weis_team = draw(st.sampled_from([None, 0, 1]))
    weis: tuple[tuple[str | int, ...], tuple[str | int, ...]] = ((), ())
    if weis_team is not None:
        entries = draw(weis_entries(ruleset.weis))
        weis = (entries, ()) if weis_team == 0 else ((), entries)
    stoeck = None
    if ruleset.stoeck and trump in SUITS:
        stoeck = draw(st.sampled_from([None, None, 0, 1]))
    return Hand(
        trump,
        cards,
        match=match,
        weis=weis,
        stoeck=stoeck,
        chooser=draw(st.sampled_from(PLAYERS)) if chooser and draw(st.booleans()) else None,
        chibre=draw(st.booleans()),
    )


@st.composite
def ruleset_and_hand(draw: st.DrawFn) -> tuple[Ruleset, Hand]:
    ruleset = draw(rulesets())
    return ruleset, draw(hands(ruleset))


@st.composite
def games(draw: st.DrawFn) -> tuple[Ruleset, list[Hand]]:
    """A valid game: hands are added until the game is over or the draw stops.

    When both teams cross on tricks, ``out_first`` is drawn; a game that ended on
    Stöck or Weis may drop the last hand's cards.
    """
    ruleset = draw(rulesets(max_target=1200))
    played: list[Hand] = []
    for _ in range(40):
        if played and not draw(st.integers(0, 15)):
            break  # an unfinished game
        hand = draw(hands(ruleset, chooser=True))
        try:
            result = play(ruleset, [*played, hand])
        except RulesError as error:
            fields = [p.field for p in error.problems]
            if fields != ["out_first"]:
                raise
            hand = dataclasses.replace(hand, out_first=draw(st.sampled_from([0, 1])))
            result = play(ruleset, [*played, hand])
        played.append(hand)
        if result.over:
            if result.out_on in ("stoeck", "weis") and hand.match is None and draw(st.booleans()):
                played[-1] = dataclasses.replace(hand, cards=None)
            break
    return ruleset, played


def weis_sum(ruleset: Ruleset, entries: tuple[str | int, ...]) -> int:
    table = weis_table(ruleset.weis)
    return sum(table[e] if isinstance(e, str) else e for e in entries)


# --- hands ---------------------------------------------------------------------------------


@FAST
@given(ruleset_and_hand())
def test_every_valid_hand_adds_up(case):
    ruleset, hand = case
    assert check_hand(ruleset, hand) == []
    m = ruleset.multiplier(hand.trump)
    points = hand_points(ruleset, hand)
    assert all(p >= 0 and p % m == 0 for p in points)

    cards = CARD_POINTS + (ruleset.match_bonus if hand.match is not None else 0)
    weis = 0
    for team in (0, 1):
        cancelled = hand.match is not None and hand.match != team
        if not cancelled:
            weis += weis_sum(ruleset, hand.weis[team])
    stoeck = STOECK_POINTS if hand.stoeck is not None else 0
    assert sum(points) == m * cards + m * weis + m * stoeck


@FAST
@given(ruleset_and_hand())
def test_a_match_leaves_the_other_team_only_its_stoeck(case):
    ruleset, hand = case
    if hand.match is None:
        return
    m = ruleset.multiplier(hand.trump)
    loser = 1 - hand.match
    points = hand_points(ruleset, hand)
    assert points[loser] == (m * STOECK_POINTS if hand.stoeck == loser else 0)
    assert points[hand.match] >= m * (CARD_POINTS + ruleset.match_bonus)


def _mutations(ruleset: Ruleset, hand: Hand) -> st.SearchStrategy[tuple[Hand, str]]:
    x = hand.cards[0] if hand.cards is not None else 0
    options: list[st.SearchStrategy[tuple[Hand, str]]] = [
        st.integers(1, 50).map(
            lambda d: (
                dataclasses.replace(hand, match=None, cards=(x, CARD_POINTS - x + d)),
                "cards",
            )
        ),
        st.integers(1, 50).map(
            lambda d: (
                dataclasses.replace(hand, match=None, cards=(-d, CARD_POINTS + d)),
                "cards",
            )
        ),
        st.integers(1, 156).map(
            lambda y: (dataclasses.replace(hand, match=0, cards=(y, CARD_POINTS - y)), "cards")
        ),
        st.just((dataclasses.replace(hand, weis=(("seq3",), ("seq4",))), "weis")),
        st.just((dataclasses.replace(hand, weis=(("seq10",), ())), "weis")),
        st.sampled_from([30, 0, 120, 1000]).map(
            lambda n: (dataclasses.replace(hand, weis=((), (n,))), "weis")
        ),
        st.just((dataclasses.replace(hand, weis=(("four-jacks", "four-jacks"), ())), "weis")),
        st.sampled_from(NO_TRUMP).map(
            lambda t: (dataclasses.replace(hand, trump=t, stoeck=0), "stoeck")
        ),
        st.just((dataclasses.replace(hand, match=True), "match")),
        st.just((dataclasses.replace(hand, cards=(True, CARD_POINTS - 1), match=None), "cards")),
        st.just((dataclasses.replace(hand, stoeck=2), "stoeck")),
        st.just((dataclasses.replace(hand, trump="joker"), "trump")),
    ]
    forbidden = [t for t in TRUMPS if t not in ruleset.trumps]
    if forbidden:
        options.append(
            st.sampled_from(forbidden).map(
                lambda t: (dataclasses.replace(hand, trump=t, stoeck=None), "trump")
            )
        )
    if ruleset.weis == "none":
        options.append(st.just((dataclasses.replace(hand, weis=((20,), ())), "weis")))
    if not ruleset.stoeck:
        options.append(st.just((dataclasses.replace(hand, stoeck=0), "stoeck")))
    return st.one_of(options)


@FAST
@given(st.data())
def test_every_broken_hand_is_refused_naming_the_field(data):
    ruleset, hand = data.draw(ruleset_and_hand())
    broken, field = data.draw(_mutations(ruleset, hand))
    problems = check_hand(ruleset, broken)
    assert problems, broken
    assert field in [p.field for p in problems]
    assert all(p.message for p in problems)
    assert len({p.field for p in problems}) == len(problems)  # one problem per field


# --- the slate -----------------------------------------------------------------------------


@FAST
@given(st.lists(st.integers(0, 2000), max_size=40), st.booleans())
def test_the_slate_always_adds_up(points, wiped):
    states = slate(points, wiped=wiped)
    assert len(states) == len(points)
    running = 0
    for p, marks in zip(points, states, strict=True):
        running += p
        assert marks.total == running
        assert min(marks.hundreds, marks.half_crosses, marks.twenties, marks.number) >= 0
        if wiped:
            assert marks.twenties < WIPE_AT


@FAST
@given(st.integers(0, 5000))
def test_marks_for_one_hand(points):
    marks = marks_for(points)
    assert marks.total == points
    assert marks.hundreds == points // 100
    assert marks.half_crosses in (0, 1)
    assert 50 * marks.half_crosses + 20 * marks.twenties + marks.number < 100
    assert 0 <= marks.number < 20


# --- games ---------------------------------------------------------------------------------


@FAST
@given(games())
def test_totals_are_the_sum_of_the_hand_points(game):
    ruleset, played = game
    result = play(ruleset, played)
    assert len(result.hands) == len(played)
    totals = (0, 0)
    for number, (hand, counted) in enumerate(zip(played, result.hands, strict=True), 1):
        totals = (totals[0] + counted.points[0], totals[1] + counted.points[1])
        assert counted.totals == totals
        last = number == len(played)
        full = hand_points(ruleset, hand)
        if last and hand.out_first is not None:  # the loser frozen below the target
            loser = 1 - hand.out_first
            assert counted.points[hand.out_first] == full[hand.out_first]
            assert counted.points[loser] <= full[loser]
            assert counted.totals[loser] == ruleset.target - 1
        elif not (last and result.out_on in ("stoeck", "weis")):
            assert counted.points == full
    assert result.totals == totals
    for team in (0, 1):
        marks = slate(h.points[team] for h in result.hands)
        assert [m.total for m in marks] == [h.totals[team] for h in result.hands]


@FAST
@given(games())
def test_a_game_over_has_a_winner_unless_a_fixed_hands_draw(game):
    ruleset, played = game
    result = play(ruleset, played)
    if not result.over:
        assert result.winner is None
        assert result.rubicon is False
        if ruleset.end == "first-out":
            assert max(result.totals) < ruleset.target
        if ruleset.end == "fixed-hands":
            assert len(played) < ruleset.hands
        return
    if ruleset.end == "fixed-hands":
        assert len(played) == ruleset.hands
        assert result.rubicon is False
        if result.totals[0] == result.totals[1]:
            assert result.winner is None
            return
    assert result.winner in (0, 1)
    winner, loser = result.winner, result.loser
    assert result.totals[winner] >= result.totals[loser] or result.out_on != "total"
    if ruleset.target is not None:
        assert result.totals[winner] >= ruleset.target
        before = result.hands[-2].totals if len(result.hands) > 1 else (0, 0)
        assert max(before) < ruleset.target
        assert result.rubicon == (2 * result.totals[loser] < ruleset.target)
    if ruleset.end == "first-out" and result.out_on != "tricks":
        assert result.totals[loser] < ruleset.target
    if ruleset.end == "whole-hand":
        assert result.totals[winner] > result.totals[loser]
    # nothing may follow
    with pytest.raises(RulesError) as excinfo:
        play(ruleset, [*played, played[-1]])
    assert excinfo.value.problems[0].field == "hands"
    assert excinfo.value.problems[0].hand == len(played) + 1


@FAST
@given(games())
def test_stoeck_goes_out_before_weis_and_tricks(game):
    ruleset, played = game
    result = play(ruleset, played)
    if result.out_on == "stoeck":
        m = ruleset.multiplier(played[-1].trump)
        expected = [0, 0]
        expected[result.winner] = m * STOECK_POINTS
        assert result.hands[-1].points == tuple(expected)
        assert played[-1].stoeck == result.winner
    if result.out_on == "weis":
        assert any(played[-1].weis)
        assert played[-1].weis[result.winner]


def with_target(ruleset: Ruleset, target: int) -> Ruleset:
    """The same rules, first-out to ``target``: 10**6, beyond ``MAX_TARGET``, is never reached."""
    data = {**ruleset.to_dict(), "end": "first-out", "hands": None, "target": target}
    return parse_ruleset(data, bounded=False)


@FAST
@given(st.data())
def test_first_out_counts_stoeck_then_weis_then_tricks(data):
    """The last hand of a first-out game, with the target put where it makes a difference."""
    ruleset = with_target(data.draw(rulesets()), 10**6)
    prefix = data.draw(st.lists(hands(ruleset), max_size=6))
    before = (0, 0)
    peak = 0  # Weis counts before a match against cancels it: a hand's peak
    for hand in prefix:
        p = hand_parts(ruleset, hand)
        peak = max(peak, *(before[t] + p.stoeck[t] + p.weis[t] for t in (0, 1)))
        before = (before[0] + p.points[0], before[1] + p.points[1])
    assert before == play(ruleset, prefix).totals
    last = data.draw(hands(ruleset))
    parts = hand_parts(ruleset, last)
    final = (before[0] + parts.points[0], before[1] + parts.points[1])
    after_stoeck = (before[0] + parts.stoeck[0], before[1] + parts.stoeck[1])
    after_weis = (after_stoeck[0] + parts.weis[0], after_stoeck[1] + parts.weis[1])
    low = max(peak, *before) + 1
    # aim the target at each step of the hand in turn (a range may be empty)
    tops = [max(after_stoeck), max(after_weis), min(final), max(final), max(final) + 50]
    top = data.draw(st.sampled_from([t for t in tops if t >= low] or [low]))
    target = data.draw(st.integers(low, max(low, top)))
    ruleset = with_target(ruleset, target)

    # RULES.md §6, trick by trick: Stöck, then Weis, then trick points
    crossed_on_tricks = [team for team in (0, 1) if final[team] >= target]
    if max(after_stoeck) >= target:
        expected = (after_stoeck.index(max(after_stoeck)), "stoeck", parts.stoeck)
    elif max(after_weis) >= target:
        counted = (parts.stoeck[0] + parts.weis[0], parts.stoeck[1] + parts.weis[1])
        expected = (after_weis.index(max(after_weis)), "weis", counted)
    elif len(crossed_on_tricks) == 2:
        out_first = data.draw(st.sampled_from([0, 1]))
        last = dataclasses.replace(last, out_first=out_first)
        # the other team had not reached the target yet: frozen below it
        counted = list(parts.points)
        counted[1 - out_first] = target - 1 - before[1 - out_first]
        expected = (out_first, "tricks", tuple(counted))
    elif crossed_on_tricks:
        expected = (crossed_on_tricks[0], "tricks", parts.points)
    else:
        expected = (None, None, parts.points)
    if expected[1] in ("stoeck", "weis") and last.match is None and data.draw(st.booleans()):
        last = dataclasses.replace(last, cards=None)

    result = play(ruleset, [*prefix, last])
    assert (result.winner, result.out_on, result.hands[-1].points) == expected
    assert result.over is (expected[0] is not None)
    if result.over:
        assert result.rubicon == (2 * result.totals[result.loser] < target)


@FAST
@given(games(), st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1)) | st.none())
def test_random_games_round_trip_through_the_game_file(game, played_on):
    ruleset, played = game
    record = GameRecord("Table 3", played_on, ruleset, TEAMS, tuple(played))
    data = json.loads(json.dumps(record.to_dict()))
    again = read_game(data)
    assert again == record
    assert again.result() == record.result() == play(ruleset, played)
    assert again.to_dict() == data
