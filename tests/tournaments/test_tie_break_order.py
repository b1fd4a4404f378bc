"""The tie-breaks apply in the order the director chose, for every order the settings
form allows (each tie-break at most once, up to three): team tournaments and
Différenzler (no database).

Four entries with equal totals, each placed differently by each tie-break, so that
an order applied in another order (sorted, or the default) ranks them otherwise. With
the tournament's seed 32, the reproducible draw places them D, C, B, A."""

from itertools import permutations

import pytest

from tournaments.standings import (
    DIFFERENZLER_TIE_BREAKS,
    TIE_BREAKS,
    DiffPassScore,
    PassScore,
    differenzler_standings,
    draw_lot,
    standings,
)

SEED = 32
ENTRIES = ["A", "B", "C", "D"]


def every_order(names: dict[str, str]) -> list[tuple[str, ...]]:
    return [order for size in range(4) for order in permutations(names, size)]


def test_the_draw_places_the_four_entries_in_reverse():
    lots = sorted(ENTRIES, key=lambda entry: draw_lot(SEED, entry))

    assert lots == ["D", "C", "B", "A"]


# -- a tournament of points: 2000 points each -------------------------------------------
# A: best pass 1200, a match   B: best pass 1200   C: best pass 1000, a match   D: 1000
TEAM_SCORES = [
    PassScore("A", 1, 1200, matches=1),
    PassScore("A", 2, 800),
    PassScore("B", 1, 1200),
    PassScore("B", 2, 800),
    PassScore("C", 1, 1000, matches=1),
    PassScore("C", 2, 1000),
    PassScore("D", 1, 1000),
    PassScore("D", 2, 1000),
]
DRAWN = [("D", 1), ("C", 2), ("B", 3), ("A", 4)]  # the draw decides alone
TEAM_RANKINGS: dict[tuple[str, ...], list[tuple[str, int]]] = {
    (): [("A", 1), ("B", 1), ("C", 1), ("D", 1)],
    ("best-pass",): [("A", 1), ("B", 1), ("C", 3), ("D", 3)],
    ("matches",): [("A", 1), ("C", 1), ("B", 3), ("D", 3)],
    ("draw",): DRAWN,
    ("best-pass", "matches"): [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
    ("matches", "best-pass"): [("A", 1), ("C", 2), ("B", 3), ("D", 4)],
    ("best-pass", "draw"): [("B", 1), ("A", 2), ("D", 3), ("C", 4)],
    ("matches", "draw"): [("C", 1), ("A", 2), ("D", 3), ("B", 4)],
    ("draw", "best-pass"): DRAWN,
    ("draw", "matches"): DRAWN,
    ("best-pass", "matches", "draw"): [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
    ("best-pass", "draw", "matches"): [("B", 1), ("A", 2), ("D", 3), ("C", 4)],
    ("matches", "best-pass", "draw"): [("A", 1), ("C", 2), ("B", 3), ("D", 4)],
    ("matches", "draw", "best-pass"): [("C", 1), ("A", 2), ("D", 3), ("B", 4)],
    ("draw", "best-pass", "matches"): DRAWN,
    ("draw", "matches", "best-pass"): DRAWN,
}


def test_every_order_of_the_team_tie_breaks_is_covered():
    assert sorted(TEAM_RANKINGS) == sorted(every_order(TIE_BREAKS))


@pytest.mark.parametrize("order", list(TEAM_RANKINGS), ids="|".join)
def test_team_tie_breaks_apply_in_the_chosen_order(order):
    ranked = standings(ENTRIES, TEAM_SCORES, tie_breaks=order, seed=SEED)

    assert {s.total for s in ranked} == {2000}
    assert [(s.entry, s.rank) for s in ranked] == TEAM_RANKINGS[order]


def test_the_team_tie_break_named_is_the_first_that_differs_in_the_chosen_order():
    by_matches = standings(ENTRIES, TEAM_SCORES, tie_breaks=("matches", "best-pass"), seed=SEED)
    by_best_pass = standings(ENTRIES, TEAM_SCORES, tie_breaks=("best-pass", "matches"), seed=SEED)

    assert [(s.entry, s.decided_by) for s in by_matches] == [
        ("A", "best-pass"),  # A above C: equal matches, a better pass
        ("C", "best-pass"),
        ("B", "matches"),  # C above B: more matches, although B's best pass is better
        ("D", "best-pass"),
    ]
    assert [(s.entry, s.decided_by) for s in by_best_pass] == [
        ("A", "matches"),
        ("B", "matches"),
        ("C", "best-pass"),  # B above C: a better pass, although C made a match
        ("D", "matches"),
    ]


# -- Différenzler: a total difference of 40 each ----------------------------------------
# A: 2 exact estimates   B: 1   C: none, best hand 3   D: none, best hand 5.
# An exact estimate is a hand with a difference of 0: whoever has one has the best
# hand there is, so "exact" and "best hand" never disagree on who is ahead; what
# their order changes is only where the draw comes in.
DIFF_SCORES = [
    DiffPassScore("A", 1, 40, exact=2, best_hand=0),
    DiffPassScore("B", 1, 40, exact=1, best_hand=0),
    DiffPassScore("C", 1, 40, exact=0, best_hand=3),
    DiffPassScore("D", 1, 40, exact=0, best_hand=5),
]
DIFF_RANKINGS: dict[tuple[str, ...], list[tuple[str, int]]] = {
    (): [("A", 1), ("B", 1), ("C", 1), ("D", 1)],
    ("exact",): [("A", 1), ("B", 2), ("C", 3), ("D", 3)],
    ("best-hand",): [("A", 1), ("B", 1), ("C", 3), ("D", 4)],
    ("draw",): DRAWN,
    ("exact", "best-hand"): [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
    ("best-hand", "exact"): [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
    ("exact", "draw"): [("A", 1), ("B", 2), ("D", 3), ("C", 4)],
    ("best-hand", "draw"): [("B", 1), ("A", 2), ("C", 3), ("D", 4)],
    ("draw", "exact"): DRAWN,
    ("draw", "best-hand"): DRAWN,
    ("exact", "best-hand", "draw"): [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
    ("exact", "draw", "best-hand"): [("A", 1), ("B", 2), ("D", 3), ("C", 4)],
    ("best-hand", "exact", "draw"): [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
    ("best-hand", "draw", "exact"): [("B", 1), ("A", 2), ("C", 3), ("D", 4)],
    ("draw", "exact", "best-hand"): DRAWN,
    ("draw", "best-hand", "exact"): DRAWN,
}


def test_every_order_of_the_differenzler_tie_breaks_is_covered():
    assert sorted(DIFF_RANKINGS) == sorted(
        order for order in every_order(DIFFERENZLER_TIE_BREAKS) if "best-pass" not in order
    )
    assert len(every_order(DIFFERENZLER_TIE_BREAKS)) == 41  # the best pass's: below


@pytest.mark.parametrize("order", list(DIFF_RANKINGS), ids="|".join)
def test_differenzler_tie_breaks_apply_in_the_chosen_order(order):
    ranked = differenzler_standings(ENTRIES, DIFF_SCORES, tie_breaks=order, seed=SEED)

    assert {s.total for s in ranked} == {40}
    assert [(s.entry, s.rank) for s in ranked] == DIFF_RANKINGS[order]


def test_the_differenzler_tie_break_named_follows_the_chosen_order():
    draw_second = differenzler_standings(
        ENTRIES, DIFF_SCORES, tie_breaks=("best-hand", "draw", "exact"), seed=SEED
    )

    assert [(s.entry, s.decided_by) for s in draw_second] == [
        ("B", "draw"),  # B above A: the same best hand, then the draw, before A's estimates
        ("A", "draw"),
        ("C", "best-hand"),
        ("D", "best-hand"),
    ]


# -- Différenzler over two passes, 40 each: the best single pass comes in ------------------
# A: 10 + 30, 2 exact   B: 20 + 20, 1 exact   C: 5 + 35, best hand 3   D: 15 + 25, best hand 5
TWO_PASSES = [
    DiffPassScore("A", 1, 10, exact=2, best_hand=0),
    DiffPassScore("A", 2, 30),
    DiffPassScore("B", 1, 20, exact=1, best_hand=0),
    DiffPassScore("B", 2, 20),
    DiffPassScore("C", 1, 5, best_hand=3),
    DiffPassScore("C", 2, 35, best_hand=4),
    DiffPassScore("D", 1, 15, best_hand=5),
    DiffPassScore("D", 2, 25, best_hand=6),
]
# what each tie-break compares, read off the scores above (lower first)
FIGURES = {
    "exact": {"A": -2, "B": -1, "C": 0, "D": 0},
    "best-hand": {"A": 0, "B": 0, "C": 3, "D": 5},
    "best-pass": {"A": 10, "B": 20, "C": 5, "D": 15},
    "draw": {"D": 0, "C": 1, "B": 2, "A": 3},
}


def expected(order: tuple[str, ...]) -> list[tuple[str, int]]:
    """The ranking the figures give in ``order``: equal on every one, a shared rank."""
    key = {entry: tuple(FIGURES[name][entry] for name in order) for entry in ENTRIES}
    ranked = sorted(ENTRIES, key=lambda entry: (key[entry], entry))
    return [(e, 1 + sum(key[o] < key[e] for o in ENTRIES)) for e in ranked]


def test_the_best_pass_alone_ranks_the_lowest_single_pass_first():
    assert expected(("best-pass",)) == [("C", 1), ("A", 2), ("D", 3), ("B", 4)]


@pytest.mark.parametrize("order", every_order(DIFFERENZLER_TIE_BREAKS), ids="|".join)
def test_differenzler_tie_breaks_with_the_best_pass_apply_in_the_chosen_order(order):
    ranked = differenzler_standings(ENTRIES, TWO_PASSES, tie_breaks=order, seed=SEED)

    assert {s.total for s in ranked} == {40}
    assert [(s.entry, s.rank) for s in ranked] == expected(order)


def test_the_best_pass_breaks_ties_after_the_dropped_pass_is_left_out():
    """With the worst pass dropped, totals are 10, 20, 5 and 15: no tie to break."""
    ranked = differenzler_standings(
        ENTRIES, TWO_PASSES, drop_worst=True, tie_breaks=("best-pass",), seed=SEED
    )

    assert [(s.entry, s.total, s.dropped, s.decided_by) for s in ranked] == [
        ("C", 5, {2}, None),
        ("A", 10, {2}, None),
        ("D", 15, {2}, None),
        ("B", 20, {2}, None),  # equal passes: the later is dropped
    ]
