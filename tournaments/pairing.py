"""Schedules of a tournament pass (RULES.md §9): plain Python, no Django.

Entries are any hashable ids. Teams of two meet table by table; individuals sit
four to a table, partners opposite. A rotating bye takes whoever has had the
fewest byes (the lowest ranked of them, in a Swiss pass).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

Entry = Hashable
Pair = frozenset[Entry]


@dataclass(frozen=True)
class TeamPass:
    """One pass of a teams tournament: who meets whom, and who sits out."""

    tables: tuple[tuple[Entry, Entry], ...]
    bye: Entry | None = None

    def meetings(self) -> set[Pair]:
        return {frozenset(table) for table in self.tables}


@dataclass(frozen=True)
class PlayerPass:
    """One pass of an individual tournament. A table is four players in seat order:
    seats 0 and 2 play together against seats 1 and 3."""

    tables: tuple[tuple[Entry, Entry, Entry, Entry], ...]
    byes: tuple[Entry, ...] = ()

    def partners(self) -> set[Pair]:
        return {frozenset((t[0], t[2])) for t in self.tables} | {
            frozenset((t[1], t[3])) for t in self.tables
        }

    def opponents(self) -> list[Pair]:
        return [frozenset((a, b)) for t in self.tables for a in (t[0], t[2]) for b in (t[1], t[3])]


def _byes(entries: Sequence[Entry], count: int, had: Counter[Entry]) -> list[Entry]:
    """``count`` entries to sit out: the fewest byes so far, the last in ``entries``
    (the lowest ranked when they are in standing order) among equals."""
    if count == 0:
        return []
    order = sorted(range(len(entries)), key=lambda i: (had[entries[i]], -i))
    return [entries[i] for i in order[:count]]


def random_team_pass(
    entries: Sequence[Entry], seed: int, byes: Counter[Entry] | None = None
) -> TeamPass:
    """The first pass: tables drawn at random, repeatable from ``seed``."""
    shuffled = list(entries)
    random.Random(seed).shuffle(shuffled)
    bye = _byes(shuffled, len(shuffled) % 2, byes or Counter())
    playing = [e for e in shuffled if e not in bye]
    tables = tuple((playing[i], playing[i + 1]) for i in range(0, len(playing), 2))
    return TeamPass(tables, bye[0] if bye else None)


def swiss_team_pass(
    standing: Sequence[Entry], met: Iterable[Pair], byes: Counter[Entry] | None = None
) -> TeamPass:
    """A pass paired by standing (best first): teams close in the standing meet, and
    no two teams meet twice while that is possible.

    Solved as a maximum-weight perfect matching (networkx): a pair that has met
    costs more than any set of rank differences, so a rematch is chosen only when
    no schedule without one exists.
    """
    met = set(met)
    bye = _byes(standing, len(standing) % 2, byes or Counter())
    playing = [e for e in standing if e not in bye]
    n = len(playing)
    # Teams meet near their place in the standing: first look only that far (fast on
    # hundreds of teams); the whole field only when that leaves a rematch.
    most_met = max(Counter(e for pair in met for e in pair).values(), default=0)
    for window in (min(n - 1, 2 * most_met + 8), n - 1):
        tables = _swiss_matching(playing, met, window)
        if tables is not None:
            break
    assert tables is not None
    return TeamPass(tuple((playing[a], playing[b]) for a, b in tables), bye[0] if bye else None)


def _swiss_matching(
    playing: list[Entry], met: set[Pair], window: int
) -> list[tuple[int, int]] | None:
    """Pairs of standing places within ``window`` of each other; ``None`` when the
    window leaves a team unpaired or a rematch (unless it is the whole field)."""
    n = len(playing)
    rematch = n * n  # larger than the sum of all rank differences of a pass
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        for j in range(i + 1, min(n, i + window + 1)):
            again = frozenset((playing[i], playing[j])) in met
            cost = (j - i) + (rematch if again else 0)
            graph.add_edge(i, j, weight=n * n * (rematch + 1) - cost, again=again)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    whole = window >= n - 1
    if not whole and (
        len(matching) * 2 < n or any(graph.edges[a, b]["again"] for a, b in matching)
    ):
        return None
    return sorted((min(a, b), max(a, b)) for a, b in matching)


def player_pass(
    players: Sequence[Entry],
    partnered: Iterable[Pair],
    opposed: Mapping[Pair, int],
    byes: Counter[Entry] | None = None,
    seed: int = 0,
) -> PlayerPass:
    """Tables of four where nobody partners the same person twice while that is
    possible, and opponents repeat as little as possible.

    Two matchings: first partners (a pair that already played together costs more
    than anything else), then pairs of partners into tables (weighted by how often
    their players have already faced each other). The seed varies the ties."""
    partnered = set(partnered)
    sitting = _byes(players, len(players) % 4, byes or Counter())
    playing = [p for p in players if p not in sitting]
    random.Random(seed).shuffle(playing)
    n = len(playing)
    if n == 0:
        return PlayerPass((), tuple(sitting))

    def faced(a: Entry, b: Entry) -> int:
        return opposed.get(frozenset((a, b)), 0)

    big = 1000 * (1 + max(opposed.values(), default=0))
    graph: nx.Graph[int] = nx.Graph()
    for i, j in combinations(range(n), 2):
        again = frozenset((playing[i], playing[j])) in partnered
        graph.add_edge(
            i, j, weight=4 * big - (3 * big if again else 0) - faced(playing[i], playing[j])
        )
    pairs = [tuple(sorted(pair)) for pair in nx.max_weight_matching(graph, maxcardinality=True)]

    tables_graph: nx.Graph[int] = nx.Graph()
    for x, y in combinations(range(len(pairs)), 2):
        cost = sum(faced(playing[a], playing[b]) for a in pairs[x] for b in pairs[y])
        tables_graph.add_edge(x, y, weight=4 * big - cost)
    tables = []
    for x, y in sorted(
        tuple(sorted(edge)) for edge in nx.max_weight_matching(tables_graph, maxcardinality=True)
    ):
        (a1, a2), (b1, b2) = pairs[x], pairs[y]
        tables.append((playing[a1], playing[b1], playing[a2], playing[b2]))
    return PlayerPass(tuple(tables), tuple(sitting))
