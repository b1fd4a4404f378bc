"""The tables of a Différenzler pass (RULES.md §10): four players each for themselves,
with new tablemates as far as the field allows. Plain Python, no Django.

What a seating costs is two numbers, compared in this order: the most times two
players it seats together have already sat at a table together, then the total of
those earlier meetings (two who met twice count 2). So nobody meets someone a third
time while a seating exists in which nobody does, even if it repeats more pairs once.

Up to three tables (12 players) every seating is tried. A larger field is seated in
order, then two players of different tables are swapped while that lowers the total;
then the pairs that met most are priced above everything else and the swaps, with a
few random shakes, look for a seating without them; all that from a few starts
(other orders). The seed varies the order: the same seed and players give the same
pass.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from tournaments.pairing import Entry, Pair, PlayerPass, sitting_out

Cost = tuple[int, int]  # the most times a pair seated together met before, their total
Table = tuple[Entry, Entry, Entry, Entry]
Grid = list[list[int]]  # how often players i and j met (indexes of the players)


def tablemates(tables: Iterable[Sequence[Entry]]) -> list[Pair]:
    """Every pair of players who sat at the same table (six a table of four)."""
    return [frozenset(pair) for table in tables for pair in combinations(table, 2)]


def seating_cost(tables: Iterable[Sequence[Entry]], met: Mapping[Pair, int]) -> Cost:
    """The most times two players seated together have met before, and the total."""
    again = [met.get(pair, 0) for pair in tablemates(tables)]
    return (max(again, default=0), sum(again))


def tablemates_pass(
    players: Sequence[Entry],
    met: Mapping[Pair, int],
    byes: Counter[Entry] | None = None,
    seed: int = 0,
    played: Mapping[Entry, int] | None = None,
) -> PlayerPass:
    """Tables of four where tablemates have met before as little as the field allows
    (``met``: how often each pair shared a table), as ``seating_cost`` measures it.

    When the count is not a multiple of four, ``n mod 4`` sit out, the first in
    ``pairing.bye_order`` (``players`` in standing order, ``played``: passes at a
    table so far, ``byes``: byes so far); the tables are the best seating of the others."""
    sitting = sitting_out(players, len(players) % 4, byes or Counter(), played)
    playing = [p for p in players if p not in sitting]
    return PlayerPass(best_tables(playing, met, seed), tuple(sitting))


def best_tables(
    playing: Sequence[Entry], met: Mapping[Pair, int], seed: int | None = None
) -> tuple[Table, ...]:
    """The seating of ``playing`` (a multiple of four) that costs least.

    ``seed`` varies which of equally good seatings is taken. Without a seed the
    players are taken in the order given: that is what the check compares a pass with,
    so a pass drawn with a seed is never worse than that (both are tried)."""
    order = list(playing)
    if seed is not None:
        random.Random(seed).shuffle(order)
    search = _Search(order, met)
    found = search.best()
    if seed is not None and found[0] != (0, 0) and not search.exhaustive:
        plain = _Search(list(playing), met).best()
        if plain[0] < found[0]:
            found = plain
    return found[1]


def least_cost(playing: Sequence[Entry], met: Mapping[Pair, int]) -> Cost:
    """What the best seating found of ``playing`` costs (see ``best_tables``)."""
    return seating_cost(best_tables(playing, met), met)


EXHAUSTIVE_TABLES = 3  # up to here, every seating is tried: 5,775 for 12 players
STARTS = 6  # of the search from swaps, at most …
STALE_STARTS = 2  # … stopping after this many in a row found nothing better
SHAKES = 40  # random shakes of a seating, at most, per start and target …
STALE_SHAKES = 12  # … stopping after this many in a row found nothing better
BIG = 1 << 40  # the price of a pair that met more often than the target allows


class _Search:
    """The search for the best seating of ``players`` (indexes into ``grid``)."""

    def __init__(self, players: list[Entry], met: Mapping[Pair, int]) -> None:
        self.players = players
        n = len(players)
        self.grid: Grid = [[0] * n for _ in range(n)]
        index = {player: i for i, player in enumerate(players)}
        for pair, times in met.items():
            if len(pair) == 2 and all(p in index for p in pair):
                i, j = (index[p] for p in pair)
                self.grid[i][j] = self.grid[j][i] = times
        self.exhaustive = n <= 4 * EXHAUSTIVE_TABLES

    def best(self) -> tuple[Cost, tuple[Table, ...]]:
        n = len(self.players)
        if not any(any(row) for row in self.grid):  # nobody met: any seating will do
            seats = [list(range(i, i + 4)) for i in range(0, n, 4)]
        elif self.exhaustive:
            seats = _every_seating(self.grid)
        else:
            seats = self._swaps()
        tables = tuple(
            (self.players[a], self.players[b], self.players[c], self.players[d])
            for a, b, c, d in seats
        )
        return _cost(seats, self.grid), tables

    def _swaps(self) -> list[list[int]]:
        grid, n = self.grid, len(self.players)
        rng = random.Random(n)
        best: tuple[Cost, list[list[int]]] | None = None
        stale = 0
        for start in range(STARTS):
            order = list(range(n))
            if start:
                rng.shuffle(order)
            seats = _improve([order[i : i + 4] for i in range(0, n, 4)], _priced(grid, None))
            cost = _cost(seats, grid)
            while cost[0] > 0:  # then look for a seating where no pair meets that often
                fewer = _shaken(seats, _priced(grid, cost[0] - 1), rng)
                if _cost(fewer, grid)[0] >= cost[0]:
                    break
                seats, cost = fewer, _cost(fewer, grid)
            seats = _shaken(seats, _priced(grid, cost[0]), rng)  # the total, within the most
            cost = _cost(seats, grid)
            if best is None or cost < best[0]:
                best, stale = (cost, seats), 0
            else:
                stale += 1
            if best[0] == (0, 0) or stale >= STALE_STARTS:
                break
        assert best is not None
        return best[1]


def _cost(seats: Iterable[Sequence[int]], grid: Grid) -> Cost:
    again = [grid[a][b] for table in seats for a, b in combinations(table, 2)]
    return (max(again, default=0), sum(again))


def _priced(grid: Grid, most: int | None) -> Grid:
    """Each pair's price at a table: how often it met, and ``BIG`` more when that is
    more than ``most``."""
    if most is None:
        return grid
    return [[t + BIG if t > most else t for t in row] for row in grid]


def _every_seating(grid: Grid) -> list[list[int]]:
    """The best of all seatings (few players): the first player without a seat sits
    with three of the others, then the rest; a branch stops once it costs as much as
    the best found so far."""
    n = len(grid)
    best: list[tuple[Cost, list[list[int]]]] = []
    tables: list[list[int]] = []

    def seat(free: list[int], most: int, total: int) -> None:
        if not free:
            if not best or (most, total) < best[0][0]:
                best[:] = [((most, total), [list(t) for t in tables])]
            return
        first, rest = free[0], free[1:]
        for trio in combinations(rest, 3):
            table = (first, *trio)
            again = [grid[a][b] for a, b in combinations(table, 2)]
            cost = (max(most, *again), total + sum(again))
            if best and cost >= best[0][0]:
                continue
            tables.append(list(table))
            seat([p for p in rest if p not in trio], *cost)
            tables.pop()
            if best and best[0][0] == (0, 0):
                return

    seat(list(range(n)), 0, 0)
    return best[0][1]


def _improve(seats: list[list[int]], price: Grid) -> list[list[int]]:
    """Swap the two players of different tables that most lowers the seating's price,
    while a swap does (a copy of ``seats``)."""
    seats = [list(table) for table in seats]
    n = len(price)
    at = [0] * n  # each player's table
    for number, table in enumerate(seats):
        for p in table:
            at[p] = number
    # toward[p][t]: what player p pays with the players of table t
    toward = [[row[a] + row[b] + row[c] + row[d] for a, b, c, d in seats] for row in price]
    while True:
        best, swap = 0, None
        for i in range(n):
            ti = at[i]
            own = toward[i][ti]
            row = price[i]
            for j in range(i + 1, n):
                tj = at[j]
                if tj == ti:
                    continue
                gain = own - toward[i][tj] + toward[j][tj] - toward[j][ti] + 2 * row[j]
                if gain > best:
                    best, swap = gain, (i, j)
        if swap is None:
            return seats
        i, j = swap
        ti, tj = at[i], at[j]
        seats[ti][seats[ti].index(i)] = j
        seats[tj][seats[tj].index(j)] = i
        at[i], at[j] = tj, ti
        for p in range(n):
            change = price[p][j] - price[p][i]
            toward[p][ti] += change
            toward[p][tj] -= change


def _price(seats: Iterable[Sequence[int]], price: Grid) -> int:
    return sum(price[a][b] for table in seats for a, b in combinations(table, 2))


def _shaken(seats: list[list[int]], price: Grid, rng: random.Random) -> list[list[int]]:
    """The best seating found from ``seats`` by the swaps, then by shaking it (three
    random swaps) and swapping again, kept when it costs no more."""
    best = _improve(seats, price)
    cost = _price(best, price)
    stale = 0
    for _ in range(SHAKES):
        if cost == 0 or stale >= STALE_SHAKES:
            break
        shaken = [list(table) for table in best]
        for _ in range(3):
            x, y = rng.sample(range(len(shaken)), 2)
            i, j = rng.randrange(4), rng.randrange(4)
            shaken[x][i], shaken[y][j] = shaken[y][j], shaken[x][i]
        shaken = _improve(shaken, price)
        again = _price(shaken, price)
        stale = 0 if again < cost else stale + 1
        if again <= cost:
            best, cost = shaken, again
    return best
