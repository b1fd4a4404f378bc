"""The Schieber evening in Striche (RULES.md §12, "The evening"): what a club's games of
one night come to, per team and per player, and the evening's ranking.

Each game brings, for each of its two teams, the Striche that team made in it (its
kind counts them: ``scoring.kinds.team.rules.striche``); a team *receives* the other
team's. Per team of the evening (the same two players, whatever their seats) and per
player (with changing partners each player gets, in every game he played, his team's
made and received Striche): the Striche made, received and the difference, ranked by
the difference, higher first, or by the Striche made (the club's option); equal values
share the place (1, 2, 2, 4, as §10).

The evening's result (:func:`ranking`) is what a season championship (§15) takes as an
event's ranking: its teams when every player kept one partner all evening (a team is
one entry, so partners never tie with each other), else its players.

Plain values, no Django: who a player is (a member of the club, or a guest by name) is
the caller's :class:`Person`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

RankBy = Literal["difference", "made"]
RANK_BY: tuple[RankBy, ...] = ("difference", "made")


@dataclass(frozen=True)
class Person:
    """A player of the evening: a member of the club (``member``, their id) or a guest
    (``member`` None), known by ``name``. Two guests of one name are one guest."""

    name: str
    member: int | None = None

    @property
    def key(self) -> tuple[str, int | str]:
        return ("member", self.member) if self.member is not None else ("guest", self.name)

    @property
    def order(self) -> tuple[str, bool, int]:
        """By name, a member before a guest of the same name."""
        return (self.name, self.member is None, self.member or 0)


@dataclass(frozen=True)
class Side:
    """One team of one game: its players and the Striche it made there."""

    players: tuple[Person, ...]
    made: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(person.name for person in self.players)


@dataclass(frozen=True)
class Played:
    """One game of the evening with Striche: its two teams (``game``: the caller's id of
    it, kept for the lists)."""

    sides: tuple[Side, Side]
    game: int = 0


@dataclass(frozen=True)
class Line:
    """A team's or a player's evening: the games played, the Striche made and received,
    and the place among the evening's teams (or players)."""

    players: tuple[Person, ...]
    games: int
    made: int
    received: int
    place: int = 0

    @property
    def difference(self) -> int:
        return self.made - self.received

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(person.name for person in self.players)


@dataclass(frozen=True)
class Tally:
    """An evening's lines, each list best first: per team and per player; whether every
    player kept one partner all evening (``fixed_teams``); and what ranks them."""

    teams: tuple[Line, ...]
    players: tuple[Line, ...]
    fixed_teams: bool
    rank_by: RankBy
    games: int

    def player(self, person: Person) -> Line | None:
        """The line of ``person`` (by who they are), if they played."""
        return next((line for line in self.players if line.players[0].key == person.key), None)


def _team_key(players: Iterable[Person]) -> tuple[tuple[str, int | str], ...]:
    return tuple(sorted(person.key for person in players))


def _value(rank_by: RankBy) -> Callable[[Line], int]:
    if rank_by == "made":
        return lambda line: line.made
    return lambda line: line.difference


def ranked(lines: Iterable[Line], rank_by: RankBy = "difference") -> tuple[Line, ...]:
    """``lines`` best first by ``rank_by``, each with its place: equal values share it
    (1, 2, 2, 4); within a place, by name."""
    if rank_by not in RANK_BY:
        raise ValueError(f"rank_by must be one of {RANK_BY}, not {rank_by!r}")
    value = _value(rank_by)
    ordered = sorted(
        lines, key=lambda line: (-value(line), [person.order for person in line.players])
    )
    placed: list[Line] = []
    for position, line in enumerate(ordered, start=1):
        tied = placed and value(placed[-1]) == value(line)
        place = placed[-1].place if tied else position
        placed.append(
            Line(line.players, line.games, line.made, line.received, place)  # a new place
        )
    return tuple(placed)


def tally(games: Sequence[Played], rank_by: RankBy = "difference") -> Tally:
    """The evening of ``games`` (a club's games of one night with Striche): per team and
    per player, the games, Striche made and received, ranked by ``rank_by``."""
    teams: dict[tuple[tuple[str, int | str], ...], list[int]] = {}
    team_players: dict[tuple[tuple[str, int | str], ...], tuple[Person, ...]] = {}
    players: dict[tuple[str, int | str], list[int]] = {}
    people: dict[tuple[str, int | str], Person] = {}
    partners: dict[tuple[str, int | str], set[tuple[tuple[str, int | str], ...]]] = {}
    for game in games:
        for index, side in enumerate(game.sides):
            received = game.sides[1 - index].made
            key = _team_key(side.players)
            sums = teams.setdefault(key, [0, 0, 0])
            team_players.setdefault(key, tuple(sorted(side.players, key=lambda p: p.order)))
            sums[0] += 1
            sums[1] += side.made
            sums[2] += received
            for person in side.players:
                mine = players.setdefault(person.key, [0, 0, 0])
                people.setdefault(person.key, person)
                mine[0] += 1
                mine[1] += side.made
                mine[2] += received
                partners.setdefault(person.key, set()).add(key)
    team_lines = (Line(team_players[key], *sums) for key, sums in teams.items())
    player_lines = (Line((people[key],), *sums) for key, sums in players.items())
    return Tally(
        teams=ranked(team_lines, rank_by),
        players=ranked(player_lines, rank_by),
        fixed_teams=all(len(teams_of) == 1 for teams_of in partners.values()),
        rank_by=rank_by,
        games=len(games),
    )


def ranking(evening: Tally) -> tuple[Line, ...]:
    """The evening's result as one event of a season (RULES.md §15): its teams, each one
    entry, when every player kept one partner all evening; else each player an entry.
    Places 1, 2, 2, 4, best first."""
    return evening.teams if evening.fixed_teams else evening.players


class Ranked(Protocol):
    """An entry of an evening's ranking: a :class:`Line`, or a Différenzler evening's
    line (:mod:`scoring.rules.differenzler_evening`)."""

    @property
    def place(self) -> int: ...

    @property
    def names(self) -> tuple[str, ...]: ...


def season_entries(lines: Sequence[Ranked]) -> list[dict[str, object]]:
    """An evening's ranking (:func:`ranking`, or a Différenzler evening's
    ``diff_ranking``) as a season file's event writes it
    (game-format.md, ``jass-season/1``: ``events[].ranking``): each entry's ``place`` and
    its ``players`` by name, best first."""
    return [{"place": line.place, "players": list(line.names)} for line in lines]


__all__ = [
    "RANK_BY",
    "Line",
    "Person",
    "Played",
    "RankBy",
    "Ranked",
    "Side",
    "Tally",
    "ranked",
    "ranking",
    "season_entries",
    "tally",
]
