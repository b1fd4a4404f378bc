"""What the pages show of a Différenzler game (RULES.md §10), counted once per game by
its rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring import extras, rules
from scoring.models import Game, Hand
from scoring.suits import TrumpLabel, trump_label

from . import rules as diff
from .rules import DiffResult
from .storage import hands_of


@dataclass(frozen=True)
class SeatView:
    """One player of a Différenzler game: their total difference and what it is made of."""

    seat: int
    name: str
    total: int
    rank: int
    exact: int  # hands estimated exactly
    best: int | None  # the smallest difference in one hand
    behind: int  # how far above the leader's total
    won: bool
    hands: int

    @property
    def average(self) -> float | None:
        """The average difference per hand played."""
        return round(self.total / self.hands, 1) if self.hands else None


@dataclass(frozen=True)
class DiffRow:
    number: int
    trump: TrumpLabel
    estimates: tuple[int, ...]
    cards: tuple[int, ...]
    points: tuple[int, ...]  # the differences
    totals: tuple[int, ...]

    @property
    def cells(self) -> list[tuple[int, int, int]]:
        """Estimate, card points and difference of each seat."""
        return list(zip(self.estimates, self.cards, self.points, strict=True))


@dataclass(frozen=True)
class DiffView:
    """Everything a page shows about a Différenzler game."""

    game: Game
    ruleset: rules.Ruleset
    result: DiffResult
    seats: list[SeatView]
    rows: list[DiffRow]
    names_winner: bool = True
    individual = True
    card_template = "scoring/kinds/differenzler/card.html"  # in the lists of games
    chart_floor = 10  # the chart's scale: differences stay small

    @property
    def chart_label(self) -> str:
        return _("Each player's total difference, hand by hand")

    @property
    def hands_played(self) -> int:
        return len(self.rows)

    @property
    def hands_left(self) -> int:
        return diff.hands_left(self.ruleset, self.hands_played)

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def winner(self) -> SeatView | None:
        return None if self.result.winner is None else self.seats[self.result.winner]

    @property
    def leaders(self) -> list[SeatView]:
        return [self.seats[seat] for seat in self.result.leaders]

    @property
    def last_cells(self) -> dict[str, Any] | None:
        """The last hand scored, player by player: name, estimate, card points, difference."""
        if not self.rows:
            return None
        last = self.rows[-1]
        seats = [(seat.name, *cells) for seat, cells in zip(self.seats, last.cells, strict=True)]
        return {"number": last.number, "trump": last.trump, "seats": seats}

    @property
    def standings(self) -> list[SeatView]:
        """The players by rank, the lowest total first (seat order among equals)."""
        return sorted(self.seats, key=lambda seat: (seat.rank, seat.seat))

    @property
    def totals_by_hand(self) -> list[tuple[int, ...]]:
        return [row.totals for row in self.rows]

    @property
    def team_names(self) -> tuple[str, ...]:
        """The chart's legend: the four players."""
        return tuple(seat.name for seat in self.seats)


def diff_view(game: Game, hands: list[Hand] | None = None) -> DiffView:
    """A Différenzler game's page (teams, players and hands prefetched, or ``hands``)."""
    ruleset = game.rules
    names_winner = extras.extra_for(game).names_winner(game)
    played = hands_of(game, hands)
    result = diff.play(ruleset, played, check=False)
    behind = diff.behind(result.totals)
    exact, best = result.exact, result.best_hand
    seats = [
        SeatView(
            seat=seat,
            name=name,
            total=result.totals[seat],
            rank=result.ranks[seat],
            exact=exact[seat],
            best=best[seat],
            behind=behind[seat],
            won=names_winner and result.winner == seat,
            hands=len(result.hands),
        )
        for seat, name in enumerate(game.seat_names())
    ]
    rows = [
        DiffRow(
            number=number,
            trump=trump_label(hand.trump, game.suit_style),
            estimates=hand.estimates,
            cards=hand.cards,
            points=counted.points,
            totals=counted.totals,
        )
        for number, (hand, counted) in enumerate(zip(played, result.hands, strict=True), start=1)
    ]
    return DiffView(game, ruleset, result, seats, rows, names_winner)
