"""Schedules of a tournament pass (RULES.md §9): plain Python, no Django.

Entries are any hashable ids. Teams of two meet table by table; individuals sit
four to a table, partners opposite. Byes go in the order of ``bye_order``: first to
those who have played the most passes, then to those with the fewest byes, then to
the lowest ranked — so a late-comer plays the pass they come for.
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


def bye_order(
    entries: Sequence[Entry],
    played: Mapping[Entry, int] | None = None,
    byes: Mapping[Entry, int] | None = None,
) -> list[Entry]:
    """Everyone in the order byes go: first those who have played the most passes
    (``played``: passes at a table), then those with the fewest ``byes``, then the
    lowest ranked (``entries`` in standing order, best first; at random in pass 1)."""
    played, byes = played or {}, byes or {}
    order = sorted(range(len(entries)), key=lambda i: (*due(entries[i], played, byes), -i))
    return [entries[i] for i in order]


def due(entry: Entry, played: Mapping[Entry, int], byes: Mapping[Entry, int]) -> tuple[int, int]:
    """How soon ``entry`` is due a bye, rank aside: the lower, the sooner."""
    return (-played.get(entry, 0), byes.get(entry, 0))


def sitting_out(
    entries: Sequence[Entry],
    count: int,
    had: Mapping[Entry, int],
    played: Mapping[Entry, int] | None = None,
) -> list[Entry]:
    """The ``count`` entries who sit out, in ``bye_order``."""
    return bye_order(entries, played, had)[:count] if count else []


def _not_due(
    entries: Sequence[Entry],
    played: Mapping[Entry, int],
    byes: Mapping[Entry, int],
    sitting: Sequence[Entry],
) -> list[Entry]:
    """Who, once ``sitting`` sat out and the others played this pass, is not among
    the first due a bye in the passes to come (for the look-ahead)."""
    after_played = Counter({e: played.get(e, 0) + (e not in sitting) for e in entries})
    after_byes = Counter({e: byes.get(e, 0) + (e in sitting) for e in entries})
    first = min((due(e, after_played, after_byes) for e in entries), default=(0, 0))
    return [e for e in entries if due(e, after_played, after_byes) != first]


def random_team_pass(
    entries: Sequence[Entry],
    seed: int,
    byes: Counter[Entry] | None = None,
    played: Mapping[Entry, int] | None = None,
) -> TeamPass:
    """The first pass: tables drawn at random, repeatable from ``seed``."""
    shuffled = list(entries)
    random.Random(seed).shuffle(shuffled)
    bye = sitting_out(shuffled, len(shuffled) % 2, byes or Counter(), played)
    playing = [e for e in shuffled if e not in bye]
    tables = tuple((playing[i], playing[i + 1]) for i in range(0, len(playing), 2))
    return TeamPass(tables, bye[0] if bye else None)


def swiss_team_pass(
    standing: Sequence[Entry],
    met: Iterable[Pair],
    byes: Counter[Entry] | None = None,
    passes_left: int = 0,
    played: Mapping[Entry, int] | None = None,
) -> TeamPass:
    """A pass paired by standing (best first): teams close in the standing meet, and
    no two teams meet twice while that is possible — in this pass and, looking
    ``passes_left`` passes ahead, in the passes still to come. The bye goes by
    ``bye_order`` (``played``: each team's passes at a table so far).

    Solved as a maximum-weight perfect matching (networkx): a pair that has met
    costs more than any set of rank differences, so a rematch is chosen only when
    no schedule without one exists. When the best pass would leave the passes to
    come no way without a rematch (a small field playing nearly everyone), the next
    best passes are tried, the bye among them (see ``lookahead``).
    """
    met = set(met)
    byes = byes or Counter()
    played = played or {}
    bye = sitting_out(standing, len(standing) % 2, byes, played)
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
        and not _team_pass_follows(standing, met, byes, played, drawn, passes_left)
    ):
        return _swiss_looking_ahead(standing, met, byes, played, passes_left) or drawn
    return drawn


def _team_pass_follows(
    standing: Sequence[Entry],
    met: set[Pair],
    byes: Counter[Entry],
    played: Mapping[Entry, int],
    drawn: TeamPass,
    passes_left: int,
) -> bool:
    """Whether the passes after ``drawn`` can still be played without a rematch
    (``None`` from the search, out of steps, counts as yes: take the pass)."""
    sitting = [drawn.bye] if drawn.bye is not None else []
    return (
        lookahead.can_follow(
            standing,
            met | drawn.meetings(),
            passes_left,
            sitting=len(standing) % 2,
            sat_out=_not_due(standing, played, byes, sitting),
        )
        is not False
    )


LOOKAHEAD_PASSES = 300  # the best passes tried for one that keeps the rest open


def _swiss_looking_ahead(
    standing: Sequence[Entry],
    met: set[Pair],
    byes: Counter[Entry],
    played: Mapping[Entry, int],
    passes_left: int,
) -> TeamPass | None:
    """The best pass without a rematch after which the passes to come can be played
    without one either, the bye chosen with the tables (among those first due it by
    ``bye_order`` but for their rank, the lowest ranked preferred); ``None`` when none
    of the best is found."""
    n = len(standing)
    phantom = n  # the bye's seat, below the last place
    rematch = (n + 1) ** 2
    soonest = min(due(e, played, byes) for e in standing)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n + n % 2))
    for i, j in combinations(range(n), 2):
        if frozenset((standing[i], standing[j])) not in met:
            graph.add_edge(i, j, weight=rematch - (j - i))
    if n % 2:
        for i in range(n):
            if due(standing[i], played, byes) == soonest:
                graph.add_edge(i, phantom, weight=rematch - (phantom - i))
    for tables in lookahead.ranked_matchings(graph, LOOKAHEAD_PASSES):
        bye = next((standing[min(e)] for e in tables if phantom in e), None)
        drawn = TeamPass(
            tuple((standing[a], standing[b]) for a, b in tables if phantom not in (a, b)), bye
        )
        if _team_pass_follows(standing, met, byes, played, drawn, passes_left):
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
    played: Mapping[Entry, int] | None = None,
) -> PlayerPass:
    """Tables of four where nobody partners the same person twice while that is
    possible (in this pass and, looking ``passes_left`` passes ahead, in those to
    come), and opponents meet again as little as possible: the most times two
    opponents have already faced each other first, then how many pairs have.

    Two matchings: first partners (a pair that already played together costs more
    than anything else; two who faced each other before are good partners, since
    then they do not face each other again), then pairs of partners into tables
    (weighted by how often their players have already faced each other). The seed
    varies the ties. ``players`` in standing order: those first in ``bye_order`` sit
    out (``played``: passes at a table so far) — or others as soon due, rank aside,
    when those would leave no way to new partners or, in a small field, seat
    opponents who met before."""
    drawn = _Individuals(
        players, frozenset(partnered), opposed, byes or Counter(), passes_left, played or {}
    )
    best: tuple[tuple[bool, tuple[int, int]], PlayerPass] | None = None
    choices = _sitting_choices(players, len(players) % 4, drawn.byes, drawn.played)
    for index, sitting in enumerate(islice(choices, SITTING_CHOICES)):
        tables, fine = _seat(drawn, sitting, seed)
        score = (not fine, drawn.faced_again(tables))  # new partners first, then opponents
        if best is None or score < best[0]:
            best = (score, PlayerPass(tables, tuple(sitting)))
        stuck, again = best[0]
        if not stuck and (
            again == (0, 0) or len(players) > FEW_TO_SIT_OUT or index >= OTHER_SITTERS
        ):
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
    has partnered and faced whom, the byes so far, how many passes come after, and
    how many passes each has played."""

    players: Sequence[Entry]
    partnered: frozenset[Pair]
    opposed: Mapping[Pair, int]
    byes: Counter[Entry]
    passes_left: int
    played: Mapping[Entry, int]

    def new(self, playing: list[Entry], pairs: Sequence[Edge]) -> bool:
        """Whether these pairs of partners (indexes of ``playing``) never played together."""
        return not any(frozenset((playing[a], playing[b])) in self.partnered for a, b in pairs)

    def follow(self, sitting: list[Entry], playing: list[Entry], pairs: Sequence[Edge]) -> bool:
        """Whether the passes after these partners can still give everyone new
        partners (``None`` from the search, out of steps, counts as yes)."""
        if not self.passes_left:
            return True
        return (
            lookahead.can_follow(
                self.players,
                self.partnered | {frozenset((playing[a], playing[b])) for a, b in pairs},
                self.passes_left,
                sitting=len(self.players) % 4,
                sat_out=_not_due(self.players, self.played, self.byes, sitting),
            )
            is not False
        )

    def faced_again(self, tables: Sequence[tuple[Entry, ...]]) -> tuple[int, int]:
        """The most times two opponents at these tables have faced each other before,
        then how many pairs of opponents have: fewer third meetings before fewer
        second ones."""
        before = [
            self.opposed.get(frozenset((a, b)), 0)
            for t in tables
            for a in (t[0], t[2])
            for b in (t[1], t[3])
        ]
        return (max(before, default=0), sum(1 for times in before if times))


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
    if fine and drawn.faced_again(tables) != (0, 0) and len(playing) <= FEW_PLAYERS:
        tables = _fewest_faced_again(drawn, sitting, playing, graph, tables)
    return tables, fine


def _sitting_choices(
    players: Sequence[Entry], count: int, byes: Counter[Entry], played: Mapping[Entry, int]
) -> Iterator[list[Entry]]:
    """Who sits out: first those first in ``bye_order``, then the other choices among
    those as soon due a bye, rank aside."""
    first = sitting_out(players, count, byes, played)
    yield first
    if count == 0:
        return
    latest = max(due(p, played, byes) for p in first)
    pool = [p for p in bye_order(players, played, byes) if due(p, played, byes) <= latest]
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
    new, leaving the passes to come new partners too), the tables where opponents
    meet again least (``faced_again``)."""
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
        if fewest == (0, 0) or since_better >= STALE_CHOICES:
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
