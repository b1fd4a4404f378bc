"""A Différenzler tournament's pure parts (issue 15, RULES.md §10): tables of four with
new tablemates every pass as far as possible, byes, and standings by the lowest total
difference with the configured tie-breaks."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import tablemates, tablemates_pass
from tournaments.standings import (
    DiffPassScore,
    bye_difference,
    differenzler_standings,
    draw_lot,
)


def met_after(passes) -> Counter:
    met: Counter = Counter()
    for drawn in passes:
        met.update(tablemates(drawn.tables))
    return met


def again(drawn, met) -> int:
    return sum(met[pair] for pair in tablemates(drawn.tables))


def run(players, count, seed=7):
    passes, byes = [], Counter()
    for number in range(count):
        drawn = tablemates_pass(players, met_after(passes), byes, seed=seed + number)
        byes.update(drawn.byes)
        passes.append(drawn)
    return passes


def test_nine_players_sit_at_two_tables_and_one_sits_out_each_pass():
    players = list(range(1, 10))
    first, second = run(players, 2)
    for drawn in (first, second):
        assert len(drawn.tables) == 2
        assert len(drawn.byes) == 1
        seated = [p for table in drawn.tables for p in table] + list(drawn.byes)
        assert sorted(seated) == players
    assert first.byes != second.byes  # the bye goes round
    assert first.byes == (9,)  # the lowest ranked first


@pytest.mark.parametrize(("count", "passes"), [(16, 3), (20, 3), (24, 4), (32, 5)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_nobody_sits_with_a_tablemate_again_while_the_field_allows(count, passes, seed):
    met = met_after(run(list(range(count)), passes, seed=seed))
    assert max(met.values()) == 1
    assert len(met) == passes * (count // 4) * 6


def best_by_search(players, met) -> int:
    """The fewest repeated tablemates over every seating of 8 players at two tables."""
    first = players[0]
    best = None
    for others in combinations(players[1:], 3):
        table = (first, *others)
        rest = [p for p in players if p not in table]
        cost = sum(met[frozenset(pair)] for t in (table, rest) for pair in combinations(t, 2))
        best = cost if best is None else min(best, cost)
    return best


@pytest.mark.parametrize("seed", range(8))
def test_eight_players_meet_again_as_little_as_any_seating_allows(seed):
    rng = random.Random(seed)
    players = list(range(8))
    met: Counter = Counter()
    for _ in range(3):  # some history
        order = rng.sample(players, 8)
        met.update(tablemates([order[:4], order[4:]]))
    drawn = tablemates_pass(players, met, seed=seed)
    assert again(drawn, met) == best_by_search(players, met)


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 30), st.integers(0, 10_000))
def test_every_player_sits_once_or_sits_out(count, seed):
    players = list(range(count))
    passes = run(players, 3, seed=seed)
    for drawn in passes:
        seated = [p for table in drawn.tables for p in table]
        assert len(set(seated)) == len(seated) == 4 * (count // 4)
        assert sorted(seated + list(drawn.byes)) == players
    byes = Counter(p for drawn in passes for p in drawn.byes)
    assert max(byes.values(), default=0) - min((byes[p] for p in players), default=0) <= 1


def test_the_same_seed_draws_the_same_pass():
    players = list(range(12))
    met = Counter(tablemates([[0, 1, 2, 3]]))
    assert tablemates_pass(players, met, seed=3) == tablemates_pass(players, met, seed=3)


# -- standings ------------------------------------------------------------------------------


def test_the_lowest_total_difference_ranks_first():
    scores = [
        DiffPassScore("Anne", 1, 40, exact=2, best_hand=0),
        DiffPassScore("Anne", 2, 30, exact=1, best_hand=1),
        DiffPassScore("Bernard", 1, 20, exact=0, best_hand=2),
        DiffPassScore("Bernard", 2, 60, exact=0, best_hand=3),
        DiffPassScore("Claude", 1, 90),
        DiffPassScore("Claude", 2, 5, exact=3, best_hand=0),
    ]
    ranked = differenzler_standings(["Anne", "Bernard", "Claude"], scores)
    assert [(s.entry, s.total, s.rank) for s in ranked] == [
        ("Anne", 70, 1),
        ("Bernard", 80, 2),
        ("Claude", 95, 3),
    ]
    assert ranked[0].exact == 3
    assert ranked[0].best_hand == 0


def test_equal_totals_go_by_exact_estimates_then_the_best_hand_then_the_draw():
    scores = [
        DiffPassScore("Anne", 1, 50, exact=1, best_hand=0),
        DiffPassScore("Bernard", 1, 50, exact=2, best_hand=1),
        DiffPassScore("Claude", 1, 50, exact=1, best_hand=2),
        DiffPassScore("Denise", 1, 60),
    ]
    ranked = differenzler_standings(["Anne", "Bernard", "Claude", "Denise"], scores)
    assert [s.entry for s in ranked] == ["Bernard", "Anne", "Claude", "Denise"]
    assert [s.decided_by for s in ranked] == ["exact", "exact", "best-hand", None]
    assert [s.rank for s in ranked] == [1, 2, 3, 4]


def test_players_equal_on_everything_go_by_the_seeds_draw_or_share_without_it():
    scores = [DiffPassScore(name, 1, 40, exact=1, best_hand=2) for name in ("Anne", "Bernard")]
    ranked = differenzler_standings(["Anne", "Bernard"], scores, seed=11)
    expected = sorted(["Anne", "Bernard"], key=lambda name: draw_lot(11, name))
    assert [s.entry for s in ranked] == expected
    assert ranked[1].decided_by == "draw"
    shared = differenzler_standings(["Anne", "Bernard"], scores, tie_breaks=("exact",))
    assert [s.rank for s in shared] == [1, 1]


def test_a_bye_counts_the_passes_average_rounded_up():
    assert bye_difference([40, 50, 61]) == 51
    assert bye_difference([]) == 0
    scores = [
        DiffPassScore("Anne", 1, 40),
        DiffPassScore("Bernard", 1, bye_difference([40, 50, 61]), bye=True),
    ]
    ranked = differenzler_standings(["Anne", "Bernard"], scores)
    assert ranked[1].byes == 1
    assert ranked[1].total == 51


def test_an_unknown_tie_break_is_refused():
    with pytest.raises(ValueError, match="unknown tie-break 'matches'"):
        differenzler_standings(["Anne"], [], tie_breaks=("matches",))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 300), st.integers(0, 12)),
        min_size=1,
        max_size=30,
    )
)
def test_ranks_follow_the_totals(rows):
    entries = sorted({entry for entry, _, _ in rows})
    scores = [
        DiffPassScore(entry, number, difference, exact=exact)
        for number, (entry, difference, exact) in enumerate(rows)
    ]
    ranked = differenzler_standings(entries, scores, seed=1)
    totals = [s.total for s in ranked]
    assert totals == sorted(totals)
    assert all(a.rank <= b.rank for a, b in pairwise(ranked))
    assert {s.entry for s in ranked} == set(entries)


def test_a_pass_missed_counts_its_largest_difference_never_a_zero():
    scores = [
        DiffPassScore("Anne", 1, 40),
        DiffPassScore("Bernard", 1, 70),
        DiffPassScore("Claude", 1, 55, bye=True),  # a bye is not the pass's worst
        DiffPassScore("Anne", 2, 30),
        DiffPassScore("Bernard", 2, 20),
        DiffPassScore("Late", 2, 10),  # came for pass 2 only
    ]
    ranked = {
        s.entry: s for s in differenzler_standings(["Anne", "Bernard", "Claude", "Late"], scores)
    }
    assert ranked["Late"].per_pass == {1: 70, 2: 10}
    assert ranked["Late"].missed == {1}
    assert ranked["Claude"].per_pass == {1: 55, 2: 30}  # withdrew after pass 1
    assert ranked["Claude"].missed == {2}
    assert [ranked[n].total for n in ("Anne", "Bernard", "Claude", "Late")] == [70, 90, 85, 80]
    assert ranked["Anne"].rank == 1
    assert ranked["Bernard"].rank == 4
    assert not ranked["Anne"].missed
