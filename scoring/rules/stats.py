"""Statistics of players over many games, from the hands through the engine.

Plain values in, plain values out: each game comes with the keys of its four
players (a member's id, or ``None`` for a guest), team by team.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from .gamefile import GameRecord
from .hand import hand_parts

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

    def partner_lines(self) -> list[PartnerLine]:
        return sorted(self.partners.values(), key=lambda p: (-p.games, p.name))


PlayerKeys = tuple[tuple[Key | None, Key | None], tuple[Key | None, Key | None]]


def player_statistics(games: Iterable[tuple[GameRecord, PlayerKeys]]) -> dict[Key, PlayerLine]:
    """Every keyed player's line over the games (guests, keyed ``None``, are skipped).

    Points are the team's points as counted (after multipliers, Weis and Stöck);
    Weis and Stöck are the points the team scored with them; a game that is not
    over counts as played but neither won nor lost.
    """
    lines: dict[Key, PlayerLine] = {}
    for record, keys in games:
        result = record.result()
        counted_weis = [0, 0]
        stoeck = [0, 0]
        matches = [0, 0]
        for number, hand in enumerate(record.hands, start=1):
            parts = hand_parts(record.ruleset, hand)
            # the last hand counts only up to going out: Stöck, then Weis, then tricks
            cut = result.out_on if number == len(record.hands) else None
            for team in (0, 1):
                stoeck[team] += parts.stoeck[team]
                if cut == "weis":
                    counted_weis[team] += parts.weis[team]
                elif cut != "stoeck":
                    counted_weis[team] += parts.weis[team] - parts.weis_cancelled[team]
            if hand.match is not None and cut not in ("stoeck", "weis"):
                matches[hand.match] += 1
        for team in (0, 1):
            other = 1 - team
            for position in (0, 1):
                key = keys[team][position]
                if key is None:
                    continue
                line = lines.setdefault(key, PlayerLine())
                line.games += 1
                won = result.over and result.winner == team
                if result.over and result.winner is not None:
                    line.finished += 1
                    line.wins += int(won)
                    if result.rubicon:
                        line.rubicons_given += int(won)
                        line.rubicons_suffered += int(not won)
                line.hands += len(result.hands)
                line.points += result.totals[team]
                line.matches_made += matches[team]
                line.matches_suffered += matches[other]
                line.weis += counted_weis[team]
                line.stoeck += stoeck[team]
                partner_name = record.teams[team].players[1 - position]
                partner = line.partners.setdefault(partner_name, PartnerLine(partner_name))
                partner.games += 1
                partner.wins += int(won)
    return lines
