"""Statistics of players over many games, from the hands through the engine.

Plain values in, plain values out: each game comes with the keys of its four
players (a member's id, or ``None`` for a guest), team by team.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from .game import GameResult
from .gamefile import GameRecord
from .hand import Hand, hand_parts
from .ruleset import Ruleset

Key = Hashable


@dataclass
class PartnerLine:
    name: str
    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass
class PlayerLine:
    """One player's record: counted for the team the player played in."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    matches_made: int = 0
    matches_suffered: int = 0
    rubicons_given: int = 0
    rubicons_suffered: int = 0
    weis: int = 0
    stoeck: int = 0
    partners: dict[str, PartnerLine] = field(default_factory=dict)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def add(self, game: TeamFigures) -> None:
        """Count one more game, played in a team that did ``game``."""
        self.games += 1
        self.finished += int(game.finished)
        self.wins += int(game.won)
        self.rubicons_given += int(game.rubicon_given)
        self.rubicons_suffered += int(game.rubicon_suffered)
        self.hands += game.hands
        self.points += game.points
        self.matches_made += game.matches_made
        self.matches_suffered += game.matches_suffered
        self.weis += game.weis
        self.stoeck += game.stoeck

    def partner_lines(self) -> list[PartnerLine]:
        return sorted(self.partners.values(), key=lambda p: (-p.games, p.name))


@dataclass(frozen=True)
class TeamFigures:
    """What one team did in one game, as the statistics count it (each of its two
    players is credited with it): the points as counted (after multipliers, Weis and
    Stöck), the points its Weis and its Stöck scored, the matches it made and
    suffered; whether the game finished with a winner, whether this team won, the
    Rubicon given or suffered, and how the winner went out (``""`` before the end)."""

    hands: int = 0
    points: int = 0
    matches_made: int = 0
    matches_suffered: int = 0
    weis: int = 0
    stoeck: int = 0
    finished: bool = False
    won: bool = False
    rubicon_given: bool = False
    rubicon_suffered: bool = False
    out_on: str = ""


def game_figures(
    ruleset: Ruleset, hands: Sequence[Hand], result: GameResult
) -> tuple[TeamFigures, TeamFigures]:
    """Both teams' figures of a game counted as ``result`` (``play`` of its hands)."""
    counted_weis = [0, 0]
    stoeck = [0, 0]
    matches = [0, 0]
    for number, hand in enumerate(hands, start=1):
        parts = hand_parts(ruleset, hand)
        # the last hand counts only up to going out: Stöck, then Weis, then tricks
        cut = result.out_on if number == len(hands) else None
        for team in (0, 1):
            stoeck[team] += parts.stoeck[team]
            if cut == "weis":
                counted_weis[team] += parts.weis[team]
            elif cut != "stoeck":
                counted_weis[team] += parts.weis[team] - parts.weis_cancelled[team]
        if hand.match is not None and cut not in ("stoeck", "weis"):
            matches[hand.match] += 1
    finished = result.over and result.winner is not None
    figures = []
    for team in (0, 1):
        won = finished and result.winner == team
        figures.append(
            TeamFigures(
                hands=len(result.hands),
                points=result.totals[team],
                matches_made=matches[team],
                matches_suffered=matches[1 - team],
                weis=counted_weis[team],
                stoeck=stoeck[team],
                finished=finished,
                won=won,
                rubicon_given=finished and result.rubicon and won,
                rubicon_suffered=finished and result.rubicon and not won,
                out_on=(result.out_on or "") if finished else "",
            )
        )
    return figures[0], figures[1]


PlayerKeys = tuple[tuple[Key | None, Key | None], tuple[Key | None, Key | None]]


def player_statistics(games: Iterable[tuple[GameRecord, PlayerKeys]]) -> dict[Key, PlayerLine]:
    """Every keyed player's line over the games (guests, keyed ``None``, are skipped).

    Points are the team's points as counted (after multipliers, Weis and Stöck);
    Weis and Stöck are the points the team scored with them; a game that is not
    over counts as played but neither won nor lost.
    """
    lines: dict[Key, PlayerLine] = {}
    for record, keys in games:
        figures = game_figures(record.ruleset, record.hands, record.result())
        for team in (0, 1):
            team_figures = figures[team]
            for position in (0, 1):
                key = keys[team][position]
                if key is None:
                    continue
                line = lines.setdefault(key, PlayerLine())
                line.add(team_figures)
                partner_name = record.teams[team].players[1 - position]
                partner = line.partners.setdefault(partner_name, PartnerLine(partner_name))
                partner.games += 1
                partner.wins += int(team_figures.won)
    return lines
