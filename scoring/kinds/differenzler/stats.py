"""What a Différenzler game comes to for each player (RULES.md §10), for the statistics
rows (``PlayerResult``) and the club's pages: plain values in, plain values out."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import DiffResult


@dataclass(frozen=True)
class SeatFigures:
    """What one Différenzler game came to for one player."""

    hands: int
    differences: int  # the total difference
    exact: int  # hands estimated exactly
    finished: bool
    won: bool


def seat_figures(result: DiffResult) -> tuple[SeatFigures, ...]:
    """The four players' figures of a counted Différenzler game, in seat order."""
    exact = result.exact
    return tuple(
        SeatFigures(
            hands=len(result.hands),
            differences=result.totals[seat],
            exact=exact[seat],
            finished=result.over,
            won=result.winner == seat,
        )
        for seat in range(4)
    )


@dataclass
class DiffLine:
    """A player's Différenzler record over many games: the lower the average difference
    per hand, the better."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    differences: int = 0
    exact: int = 0

    @property
    def average(self) -> float | None:
        """The average difference per hand."""
        return self.differences / self.hands if self.hands else None

    def add(self, game: SeatFigures) -> None:
        self.games += 1
        self.finished += int(game.finished)
        self.wins += int(game.won)
        self.hands += game.hands
        self.differences += game.differences
        self.exact += game.exact
