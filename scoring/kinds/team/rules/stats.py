"""The team game's statistics of players over many games, from the hands through its
rules.

Plain values in, plain values out: each game comes with the keys of its four
players (a member's id, or ``None`` for a guest), team by team.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from scoring.rules.lines import PartnerLine, PlayerLine, TeamFigures
from scoring.rules.ruleset import Ruleset

from .game import GameResult
from .gamefile import GameRecord
from .hand import Hand, hand_parts
from .striche import StricheCount

Key = Hashable


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


Columns = dict[str, int | None]


def striche_columns(count: StricheCount | None) -> tuple[Columns, Columns]:
    """Each team's Striche as its statistics rows keep them (RULES.md §12): those it
    made and those the other team made; ``None`` both in a game without Striche."""
    if count is None:
        none: Columns = {"striche_made": None, "striche_received": None}
        return dict(none), dict(none)
    made = count.made
    return (
        {"striche_made": made[0], "striche_received": made[1]},
        {"striche_made": made[1], "striche_received": made[0]},
    )


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
