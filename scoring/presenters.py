"""What the game pages show, computed once per game from the rules engine."""

from __future__ import annotations

from dataclasses import dataclass

from scoring import rules
from scoring.models import Game, Team
from scoring.rules.hand import Pair


@dataclass(frozen=True)
class GameSummary:
    game: Game
    teams: list[Team]
    ruleset: rules.Ruleset
    result: rules.GameResult
    hands_played: int

    @property
    def winner(self) -> Team | None:
        return None if self.result.winner is None else self.teams[self.result.winner]

    @property
    def loser(self) -> Team | None:
        return None if self.result.loser is None else self.teams[self.result.loser]

    @property
    def scores(self) -> list[tuple[Team, int]]:
        return list(zip(self.teams, self.result.totals, strict=True))


@dataclass(frozen=True)
class HandRow:
    number: int
    trump: str
    trump_label: str
    points: Pair
    totals: Pair
    match: int | None
    stoeck: int | None
    weis: tuple[int, int]


def game_summary(game: Game) -> GameSummary:
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    result = game.result()
    return GameSummary(game, teams, game.rules, result, len(result.hands))


def hand_rows(game: Game, result: rules.GameResult) -> list[HandRow]:
    ruleset = game.rules
    hands = sorted(game.hands.all(), key=lambda hand: hand.number)
    rows = []
    for hand, counted in zip(hands, result.hands, strict=True):
        parts = rules.hand_parts(ruleset, hand.to_rules())
        rows.append(
            HandRow(
                number=hand.number,
                trump=hand.trump,
                trump_label=hand.get_trump_display(),
                points=counted.points,
                totals=counted.totals,
                match=hand.match,
                stoeck=hand.stoeck,
                weis=parts.weis,
            )
        )
    return rows
