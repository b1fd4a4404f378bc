"""Looking ahead when a pass is drawn (plain Python, no Django).

Passes are drawn one at a time, so a small field that plays nearly every other
team can corner itself: after a few passes the pairs not yet used may leave no
way to play the next pass without a rematch (teams) or a repeated pair of
partners (individuals), although a whole-tournament schedule without one exists.
``can_follow`` tells whether the passes still to come can be played without a
repeat; ``ranked_matchings`` lists a pass's matchings from the best down, so that
the draw takes the best one after which the tournament can still be completed.

Sitting out (a bye) is a seat of its own: a phantom that each pass pairs with
whoever sits out, and that nobody meets twice while others have not sat out.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Collection, Hashable, Iterator, Sequence
from dataclasses import dataclass

import networkx as nx

Entry = Hashable
Pair = frozenset[Entry]
Edge = tuple[int, int]

STEPS = 20_000  # of the search for the passes to come: beyond it, take the pass


@dataclass(frozen=True)
class SitOut:
    """The phantom seat of whoever sits out a pass (the n-th of a pass's byes)."""

    index: int


class _OutOfSteps(Exception):
    pass


def can_follow(
    players: Sequence[Entry],
    used: Collection[Pair],
    passes: int,
    sitting: int = 0,
    sat_out: Collection[Entry] = (),
    steps: int = STEPS,
) -> bool | None:
    """Whether ``passes`` more passes can pair ``players`` with no pair of ``used``
    again and no pair twice, ``sitting`` of them sitting out each pass, not those
    of ``sat_out`` while enough others have not. ``None`` when the search ran out
    of ``steps`` without an answer."""
    if passes <= 0:
        return True
    phantoms = [SitOut(i) for i in range(sitting)]
    may_sit = [p for p in players if p not in sat_out]
    if len(may_sit) < passes * sitting:  # everyone sits out again before the end
        may_sit = list(players)
    near: dict[Entry, set[Entry]] = {p: set() for p in [*players, *phantoms]}
    for a, b in itertools.combinations(players, 2):
        if frozenset((a, b)) not in used:
            near[a].add(b)
            near[b].add(a)
    for phantom in phantoms:
        near[phantom].update(may_sit)
        for player in may_sit:
            near[player].add(phantom)
    try:
        return _rounds(near, passes, [steps])
    except _OutOfSteps:
        return None


def _rounds(near: dict[Entry, set[Entry]], rounds: int, steps: list[int]) -> bool:
    """Whether the graph ``near`` holds ``rounds`` perfect matchings with no edge in
    common (found one after the other, depth first)."""
    if rounds == 0:
        return True
    if len(near) % 2:
        return False
    fewest = min((len(others) for others in near.values()), default=0)
    if fewest < rounds:
        return False
    # Dirac: every vertex with at least n/2 neighbours has a perfect matching;
    # taking one away leaves each vertex one neighbour fewer.
    if fewest - (rounds - 1) >= len(near) / 2:
        return True
    for matching in _perfect_matchings(near, steps):
        rest = {v: set(others) for v, others in near.items()}
        for a, b in matching:
            rest[a].discard(b)
            rest[b].discard(a)
        if _rounds(rest, rounds - 1, steps):
            return True
    return False


def _perfect_matchings(
    near: dict[Entry, set[Entry]], steps: list[int]
) -> Iterator[list[tuple[Entry, Entry]]]:
    """Every perfect matching of ``near``, the most constrained vertex first."""
    chosen: list[tuple[Entry, Entry]] = []

    def extend(free: frozenset[Entry]) -> Iterator[list[tuple[Entry, Entry]]]:
        if not free:
            yield list(chosen)
            return
        steps[0] -= 1
        if steps[0] < 0:
            raise _OutOfSteps
        vertex = min(free, key=lambda v: len(near[v] & free))
        for other in sorted(near[vertex] & free, key=lambda v: len(near[v] & free)):
            chosen.append((vertex, other))
            yield from extend(free - {vertex, other})
            chosen.pop()

    yield from extend(frozenset(near))


def ranked_matchings(graph: nx.Graph[int], limit: int) -> Iterator[list[tuple[int, int]]]:
    """Up to ``limit`` perfect matchings of ``graph`` (weighted edges), the heaviest
    first: Murty's partition, each next one found by networkx's maximum-weight
    matching with some edges forced and one more left out."""
    everyone = graph.number_of_nodes()
    counter = itertools.count()

    Found = tuple[int, int, tuple[tuple[int, int], ...], frozenset[tuple[int, int]], list[Edge]]

    def solve(forced: tuple[Edge, ...], banned: frozenset[Edge]) -> Found | None:
        # a view without the forced edges' ends and the banned edges: no copy
        rest = nx.restricted_view(graph, [v for edge in forced for v in edge], banned)
        found = sorted(
            (min(a, b), max(a, b)) for a, b in nx.max_weight_matching(rest, maxcardinality=True)
        )
        if 2 * (len(found) + len(forced)) < everyone:
            return None
        edges = [*forced, *found]
        weight = sum(graph.edges[a, b]["weight"] for a, b in edges)
        return (-weight, next(counter), forced, banned, edges)

    first = solve((), frozenset())
    heap = [first] if first else []
    for _ in range(limit):
        if not heap:
            return
        _weight, _n, forced, banned, edges = heapq.heappop(heap)
        yield edges
        free = edges[len(forced) :]
        for i, edge in enumerate(free):
            child = solve((*forced, *free[:i]), banned | {edge})
            if child:
                heapq.heappush(heap, child)
