"""A player's lines on the club's pages, summed from the stored statistics rows: what
one team did in one game (``TeamFigures``, a row's figures, which the team game counts:
:func:`scoring.kinds.team.rules.stats.game_figures`), a player's line over many games
and the line of each partner. Plain values, no Django."""

from __future__ import annotations

from dataclasses import dataclass, field


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
    # the games counted in Striche (RULES.md §12) and the player's team's Striche in them
    striche_games: int = 0
    striche_made: int = 0
    striche_received: int = 0
    partners: dict[str, PartnerLine] = field(default_factory=dict)

    @property
    def striche_difference(self) -> int:
        return self.striche_made - self.striche_received

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


__all__ = ["PartnerLine", "PlayerLine", "TeamFigures"]
