"""The Différenzler evening (RULES.md §10, §15): what a club's Différenzler games of one
night come to per player, and the evening's ranking.

Each game gives each of its four players his total difference (the sum of
|estimate − points made| over its hands, §10). A player's evening is the **sum of his
differences over the evening's games** he played; lower is better, as in a game.
Equal sums share the place (1, 2, 2, 4, as §10); within a place, by name. Every player
is one entry (nobody has a partner). A player who sat out a game has no difference
for it: the sum is over the games he played (the club seats its evening so that
everybody plays as many games).

Plain values, no Django: who a player is comes from :mod:`scoring.rules.evening`'s
:class:`~scoring.rules.evening.Person`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.rules.evening import Person


@dataclass(frozen=True)
class Seat:
    """One player's part of one Différenzler game: who, and his total difference."""

    person: Person
    differences: int
    game: int = 0


@dataclass(frozen=True)
class DiffLine:
    """A player's Différenzler evening: the games he played, the sum of his differences,
    and his place among the evening's players."""

    players: tuple[Person, ...]
    games: int
    differences: int
    place: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(person.name for person in self.players)


def diff_ranking(seats: Iterable[Seat]) -> tuple[DiffLine, ...]:
    """The evening of ``seats`` (every player's difference in every game of the night):
    one line per player, lowest sum first, equal sums sharing the place (1, 2, 2, 4)."""
    sums: dict[tuple[str, int | str], list[int]] = {}
    people: dict[tuple[str, int | str], Person] = {}
    for seat in seats:
        if seat.differences < 0:
            raise ValueError(f"a difference is never negative, not {seat.differences}")
        mine = sums.setdefault(seat.person.key, [0, 0])
        people.setdefault(seat.person.key, seat.person)
        mine[0] += 1
        mine[1] += seat.differences
    ordered = sorted(sums, key=lambda key: (sums[key][1], people[key].order))
    placed: list[DiffLine] = []
    for position, key in enumerate(ordered, start=1):
        games, total = sums[key]
        tied = placed and placed[-1].differences == total
        place = placed[-1].place if tied else position
        placed.append(DiffLine((people[key],), games, total, place))
    return tuple(placed)


__all__ = ["DiffLine", "Seat", "diff_ranking"]
