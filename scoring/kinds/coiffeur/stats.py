"""Coiffeur statistics of players over many sheets (a player's Coiffeur line: games, won,
cells played, points, average per cell, matches made), counted by the engine.

Plain values in, plain values out, as the team game's
(:mod:`scoring.kinds.team.rules.stats`): each game comes with the keys of its players,
side by side in the order of the side's players (a member's id, or ``None`` for a
guest). A game still being played counts as played, never won.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from .gamefile import CoiffeurRecord
from .rules import CoiffeurResult

Key = Hashable
SideKeys = Sequence[Sequence[Key | None]]  # per side, one key per player of the side


@dataclass(frozen=True)
class SideFigures:
    """What one side did in one sheet; each of its players is credited with it.

    ``points`` is the side's total (its cells and the counter-match bonuses it
    received); ``cell_points`` the sum of its cells alone, from which the average per
    cell is counted."""

    cells: int  # cells filled, struck ones included
    points: int
    cell_points: int
    matches: int
    finished: bool  # the sheet is full
    won: bool  # the sheet is full and this side alone has the highest total
    struck: int = 0  # cells struck (0 points)
    counters: int = 0  # its cells of a counter-match (the other side took every trick)


def side_figures(result: CoiffeurResult) -> tuple[SideFigures, ...]:
    """Every side's figures of a counted sheet, in the order of the sides."""
    matches, played = result.matches, result.played
    return tuple(
        SideFigures(
            cells=played[side],
            points=result.totals[side],
            cell_points=sum(value for value in cells if value is not None),
            matches=matches[side],
            finished=result.over,
            won=result.winner == side,
            struck=sum(1 for kind in kinds if kind == "struck"),
            counters=sum(1 for kind in kinds if kind == "counter"),
        )
        for side, (cells, kinds) in enumerate(zip(result.cells, result.kinds, strict=True))
    )


@dataclass
class CoiffeurLine:
    """A player's Coiffeur record over many sheets."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    cells: int = 0
    points: int = 0
    cell_points: int = 0
    matches: int = 0

    @property
    def average(self) -> float | None:
        """The average points per cell played (a struck cell counts, as 0)."""
        return self.cell_points / self.cells if self.cells else None

    @property
    def win_rate(self) -> float | None:
        """Won of the finished sheets (a sheet being played is neither won nor lost)."""
        return self.wins / self.finished if self.finished else None

    def add(self, side: SideFigures) -> None:
        """Count one more sheet, played in a side that did ``side``."""
        self.games += 1
        self.finished += int(side.finished)
        self.wins += int(side.won)
        self.cells += side.cells
        self.points += side.points
        self.cell_points += side.cell_points
        self.matches += side.matches


def player_statistics(games: Iterable[tuple[CoiffeurRecord, SideKeys]]) -> dict[Key, CoiffeurLine]:
    """Every keyed player's line over the sheets (guests, keyed ``None``, are skipped).
    A player keyed twice in one sheet is counted once, for the first side."""
    lines: dict[Key, CoiffeurLine] = {}
    for record, keys in games:
        if len(keys) != len(record.sides):
            raise ValueError(f"{len(record.sides)} sides, keys for {len(keys)}")
        counted: set[Key] = set()
        for side, figures in enumerate(side_figures(record.result())):
            for key in keys[side]:
                if key is None or key in counted:
                    continue
                counted.add(key)
                lines.setdefault(key, CoiffeurLine()).add(figures)
    return lines


__all__ = ["CoiffeurLine", "SideFigures", "player_statistics", "side_figures"]
