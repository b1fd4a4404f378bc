"""Schedules of a tournament pass (RULES.md §9): plain Python, no Django.

Entries are any hashable ids. Teams of two meet table by table; individuals sit
four to a table, partners opposite. A rotating bye takes whoever has had the
fewest byes (the lowest ranked of them, in a Swiss pass).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, islice

import networkx as nx

from tournaments import lookahead
from tournaments.lookahead import Edge

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
    standing: Sequence[Entry],
    met: Iterable[Pair],
    byes: Counter[Entry] | None = None,
    passes_left: int = 0,
) -> TeamPass:
    """A pass paired by standing (best first): teams close in the standing meet, and
    no two teams meet twice while that is possible — in this pass and, looking
    ``passes_left`` passes ahead, in the passes still to come.

    Solved as a maximum-weight perfect matching (networkx): a pair that has met
    costs more than any set of rank differences, so a rematch is chosen only when
    no schedule without one exists. When the best pass would leave the passes to
    come no way without a rematch (a small field playing nearly everyone), the next
    best passes are tried, the bye among them (see ``lookahead``).
    """
    met = set(met)
    byes = byes or Counter()
    bye = _byes(standing, len(standing) % 2, byes)
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
    drawn = TeamPass(tuple((playing[a], playing[b]) for a, b in tables), bye[0] if bye else None)
    if (
        passes_left
        and not drawn.meetings() & met
        and not _team_pass_follows(standing, met, byes, drawn, passes_left)
    ):
        return _swiss_looking_ahead(standing, met, byes, passes_left) or drawn
    return drawn


def _team_pass_follows(
    standing: Sequence[Entry],
    met: set[Pair],
    byes: Counter[Entry],
    drawn: TeamPass,
    passes_left: int,
) -> bool:
    """Whether the passes after ``drawn`` can still be played without a rematch
    (``None`` from the search, out of steps, counts as yes: take the pass)."""
    after = byes + Counter([drawn.bye] if drawn.bye is not None else [])
    fewest = min((after[e] for e in standing), default=0)
    return (
        lookahead.can_follow(
            standing,
            met | drawn.meetings(),
            passes_left,
            sitting=len(standing) % 2,
            sat_out=[e for e in standing if after[e] > fewest],
        )
        is not False
    )


LOOKAHEAD_PASSES = 300  # the best passes tried for one that keeps the rest open


def _swiss_looking_ahead(
    standing: Sequence[Entry], met: set[Pair], byes: Counter[Entry], passes_left: int
) -> TeamPass | None:
    """The best pass without a rematch after which the passes to come can be played
    without one either, the bye chosen with the tables (among those with the fewest
    byes, the lowest ranked preferred); ``None`` when none of the best is found."""
    n = len(standing)
    phantom = n  # the bye's seat, below the last place
    rematch = (n + 1) ** 2
    fewest = min(byes[e] for e in standing)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n + n % 2))
    for i, j in combinations(range(n), 2):
        if frozenset((standing[i], standing[j])) not in met:
            graph.add_edge(i, j, weight=rematch - (j - i))
    if n % 2:
        for i in range(n):
            if byes[standing[i]] == fewest:
                graph.add_edge(i, phantom, weight=rematch - (phantom - i))
    for tables in lookahead.ranked_matchings(graph, LOOKAHEAD_PASSES):
        bye = next((standing[min(e)] for e in tables if phantom in e), None)
        drawn = TeamPass(
            tuple((standing[a], standing[b]) for a, b in tables if phantom not in (a, b)), bye
        )
        if _team_pass_follows(standing, met, byes, drawn, passes_left):
            return drawn
    return None


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
    passes_left: int = 0,
) -> PlayerPass:
    """Tables of four where nobody partners the same person twice while that is
    possible (in this pass and, looking ``passes_left`` passes ahead, in those to
    come), and opponents repeat as little as possible.

    Two matchings: first partners (a pair that already played together costs more
    than anything else; two who faced each other before are good partners, since
    then they do not face each other again), then pairs of partners into tables
    (weighted by how often their players have already faced each other). The seed
    varies the ties. ``players`` in standing order: the lowest ranked of those with
    the fewest byes sit out — or others with as few byes, when those would leave no
    way to new partners or, in a small field, seat opponents who met before."""
    drawn = _Individuals(players, frozenset(partnered), opposed, byes or Counter(), passes_left)
    best: tuple[tuple[bool, int], PlayerPass] | None = None
    choices = _sitting_choices(players, len(players) % 4, drawn.byes)
    for index, sitting in enumerate(islice(choices, SITTING_CHOICES)):
        tables, fine = _seat(drawn, sitting, seed)
        score = (not fine, drawn.faced_again(tables))  # new partners first, then opponents
        if best is None or score < best[0]:
            best = (score, PlayerPass(tables, tuple(sitting)))
        stuck, again = best[0]
        if not stuck and (not again or len(players) > FEW_TO_SIT_OUT or index >= OTHER_SITTERS):
            break
    assert best is not None
    return best[1]


SITTING_CHOICES = 60  # who may sit out instead, tried when the first choice corners
OTHER_SITTERS = 12  # … or, in a small field, when opponents would meet again
FEW_TO_SIT_OUT = 16  # … a field this small, where who sits out changes most
FEW_PLAYERS = 48  # up to here, other partners are tried when opponents would meet again
PARTNER_CHOICES = 40
STALE_CHOICES = 10  # … stopping after this many in a row without fewer


@dataclass(frozen=True)
class _Individuals:
    """What an individual pass is drawn from: the players in standing order, who
    has partnered and faced whom, the byes so far, and how many passes come after."""

    players: Sequence[Entry]
    partnered: frozenset[Pair]
    opposed: Mapping[Pair, int]
    byes: Counter[Entry]
    passes_left: int

    def new(self, playing: list[Entry], pairs: Sequence[Edge]) -> bool:
        """Whether these pairs of partners (indexes of ``playing``) never played together."""
        return not any(frozenset((playing[a], playing[b])) in self.partnered for a, b in pairs)

    def follow(self, sitting: list[Entry], playing: list[Entry], pairs: Sequence[Edge]) -> bool:
        """Whether the passes after these partners can still give everyone new
        partners (``None`` from the search, out of steps, counts as yes)."""
        if not self.passes_left:
            return True
        after = self.byes + Counter(sitting)
        fewest = min((after[p] for p in self.players), default=0)
        return (
            lookahead.can_follow(
                self.players,
                self.partnered | {frozenset((playing[a], playing[b])) for a, b in pairs},
                self.passes_left,
                sitting=len(self.players) % 4,
                sat_out=[p for p in self.players if after[p] > fewest],
            )
            is not False
        )

    def faced_again(self, tables: Sequence[tuple[Entry, ...]]) -> int:
        """How many pairs of opponents at these tables have faced each other before."""
        return sum(
            1
            for t in tables
            for a in (t[0], t[2])
            for b in (t[1], t[3])
            if self.opposed.get(frozenset((a, b)), 0)
        )


def _seat(
    drawn: _Individuals, sitting: list[Entry], seed: int
) -> tuple[tuple[tuple[Entry, Entry, Entry, Entry], ...], bool]:
    """The tables of a pass with ``sitting`` sitting out, and whether everyone has a
    new partner (leaving the passes to come new partners too)."""
    playing = [p for p in drawn.players if p not in sitting]
    random.Random(seed).shuffle(playing)
    graph = _partner_graph(playing, drawn.partnered, drawn.opposed)
    pairs, fine = _partners(drawn, sitting, playing, graph)
    tables = _tables(playing, pairs, drawn.opposed)
    if fine and drawn.faced_again(tables) and len(playing) <= FEW_PLAYERS:
        tables = _fewest_faced_again(drawn, sitting, playing, graph, tables)
    return tables, fine


def _sitting_choices(
    players: Sequence[Entry], count: int, byes: Counter[Entry]
) -> Iterator[list[Entry]]:
    """Who sits out: first the lowest ranked of those with the fewest byes (see
    ``_byes``), then the other choices among those with as few byes."""
    first = _byes(players, count, byes)
    yield first
    if count == 0:
        return
    most = max(byes[p] for p in first)
    order = sorted(range(len(players)), key=lambda i: (byes[players[i]], -i))
    pool = [players[i] for i in order if byes[players[i]] <= most]
    for choice in combinations(pool, count):
        if set(choice) != set(first):
            yield list(choice)


def _partners(
    drawn: _Individuals, sitting: list[Entry], playing: list[Entry], graph: nx.Graph[int]
) -> tuple[list[Edge], bool]:
    """The pairs of partners among ``playing`` (indexes), and whether they are all
    new and leave the passes to come a way to new partners."""
    pairs: list[Edge] = sorted(
        (min(a, b), max(a, b)) for a, b in nx.max_weight_matching(graph, maxcardinality=True)
    )
    if not drawn.new(playing, pairs):
        return pairs, False
    if drawn.follow(sitting, playing, pairs):
        return pairs, True
    for candidate in lookahead.ranked_matchings(graph, LOOKAHEAD_PASSES):
        if not drawn.new(playing, candidate):
            break  # the best left repeat partners already: keep the first
        if drawn.follow(sitting, playing, candidate):
            return candidate, True
    return pairs, False


def _fewest_faced_again(
    drawn: _Individuals,
    sitting: list[Entry],
    playing: list[Entry],
    graph: nx.Graph[int],
    tables: tuple[tuple[Entry, Entry, Entry, Entry], ...],
) -> tuple[tuple[Entry, Entry, Entry, Entry], ...]:
    """Partners and tables are two matchings: the best partners may leave only
    tables where opponents meet again. Among the next best choices of partners (all
    new, leaving the passes to come new partners too), the tables with the fewest
    opponents meeting again."""
    best, fewest = tables, drawn.faced_again(tables)
    since_better = 0
    for candidate in lookahead.ranked_matchings(graph, PARTNER_CHOICES):
        if not drawn.new(playing, candidate):
            break
        seated = _tables(playing, candidate, drawn.opposed)
        again = drawn.faced_again(seated)
        if again < fewest and drawn.follow(sitting, playing, candidate):
            best, fewest, since_better = seated, again, 0
        else:
            since_better += 1
        if fewest == 0 or since_better >= STALE_CHOICES:
            break
    return best


def _partner_graph(
    playing: list[Entry], partnered: frozenset[Pair], opposed: Mapping[Pair, int]
) -> nx.Graph[int]:
    """Who may partner whom (indexes of ``playing``): a pair that played together
    costs more than anything; two who faced each other are preferred."""
    big = 1000 * (1 + max(opposed.values(), default=0))
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(playing)))
    for i, j in combinations(range(len(playing)), 2):
        pair = frozenset((playing[i], playing[j]))
        again = 3 * big if pair in partnered else 0
        graph.add_edge(i, j, weight=4 * big - again + opposed.get(pair, 0))
    return graph


def _tables(
    playing: list[Entry], pairs: Sequence[Edge], opposed: Mapping[Pair, int]
) -> tuple[tuple[Entry, Entry, Entry, Entry], ...]:
    """Pairs of partners two by two at tables, facing those they faced least."""

    def faced(a: Entry, b: Entry) -> int:
        return opposed.get(frozenset((a, b)), 0)

    big = 1000 * (1 + max(opposed.values(), default=0))
    graph: nx.Graph[int] = nx.Graph()
    for x, y in combinations(range(len(pairs)), 2):
        cost = sum(faced(playing[a], playing[b]) for a in pairs[x] for b in pairs[y])
        graph.add_edge(x, y, weight=4 * big - cost)
    tables = []
    for x, y in sorted(
        tuple(sorted(edge)) for edge in nx.max_weight_matching(graph, maxcardinality=True)
    ):
        (a1, a2), (b1, b2) = pairs[x], pairs[y]
        tables.append((playing[a1], playing[b1], playing[a2], playing[b2]))
    return tuple(tables)


# -- Différenzler: four each for themselves, new tablemates (RULES.md §10) -----------------


def tablemates(tables: Iterable[Sequence[Entry]]) -> list[Pair]:
    """Every pair of players who sat at the same table (six a table of four)."""
    return [frozenset(pair) for table in tables for pair in combinations(table, 2)]


def _met_again(table: Sequence[Entry], met: Mapping[Pair, int]) -> int:
    return sum(met.get(frozenset(pair), 0) for pair in combinations(table, 2))


TABLEMATE_ROUNDS = 200  # rounds of improving swaps, at most (each tries every pair of seats)


def tablemates_pass(
    players: Sequence[Entry],
    met: Mapping[Pair, int],
    byes: Counter[Entry] | None = None,
    seed: int = 0,
) -> PlayerPass:
    """Tables of four players each for themselves where as few as possible sit again
    with someone they already sat with (``met``: how often each pair shared a table).

    When the count is not a multiple of four, the lowest ranked of those with the fewest
    byes sit out (``players`` in standing order, as ``_byes``). The tables are two
    matchings (pairs who never met, then pairs of pairs who met least), then improved
    by swapping two players of different tables while that seats fewer again. The
    seed varies the ties; the same seed gives the same pass."""
    sitting = _byes(players, len(players) % 4, byes or Counter())
    playing = [p for p in players if p not in sitting]
    best: tuple[int, list[list[Entry]]] | None = None
    rng = random.Random(seed)
    for _ in range(TABLEMATE_STARTS):  # from a few orders: the swaps end in different places
        rng.shuffle(playing)
        tables = _tablemates_from(list(playing), met)
        cost = sum(_met_again(table, met) for table in tables)
        if best is None or cost < best[0]:
            best = (cost, tables)
        if cost == 0:
            break
    tables = best[1] if best else []
    return PlayerPass(tuple((t[0], t[1], t[2], t[3]) for t in tables), tuple(sitting))


TABLEMATE_STARTS = 12


def _tablemates_from(playing: list[Entry], met: Mapping[Pair, int]) -> list[list[Entry]]:
    if not playing:
        return []
    big = 1000 * (1 + max(met.values(), default=0))
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(playing)))
    for i, j in combinations(range(len(playing)), 2):
        graph.add_edge(i, j, weight=big - met.get(frozenset((playing[i], playing[j])), 0))
    pairs: list[Edge] = sorted(
        (min(a, b), max(a, b)) for a, b in nx.max_weight_matching(graph, maxcardinality=True)
    )
    tables = [list(table) for table in _tables(playing, pairs, met)]
    for _ in range(TABLEMATE_ROUNDS):
        if not _better_swap(tables, met):
            break
    return tables


def _better_swap(tables: list[list[Entry]], met: Mapping[Pair, int]) -> bool:
    """Swap the two players of different tables that most lowers how often tablemates
    meet again; whether a swap was made."""
    best: tuple[int, int, int, int, int] | None = None
    cost = [_met_again(table, met) for table in tables]
    for x, y in combinations(range(len(tables)), 2):
        for i in range(4):
            for j in range(4):
                a, b = list(tables[x]), list(tables[y])
                a[i], b[j] = b[j], a[i]
                gain = cost[x] + cost[y] - _met_again(a, met) - _met_again(b, met)
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, x, y, i, j)
    if best is None:
        return False
    _, x, y, i, j = best
    tables[x][i], tables[y][j] = tables[y][j], tables[x][i]
    return True
