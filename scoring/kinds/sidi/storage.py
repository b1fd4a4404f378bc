"""A Sidi Barrani game as the site keeps it: its two teams are the game's ``Team`` rows
(``Team.index`` 0 and 1, each of two players); its hands are their game-file records
(``Hand.record``); its statistics rows carry each team's figures, with its contracts
made and failed as the kind's own figures (``lines.OWN``).

What the core asks of a Sidi game through its kind (``kind.py``): the record of a
stored game, storing a checked record, the rows of a game, and its hands changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clubs.models import Member
from scoring import services, statistics, totals
from scoring.kinds.team.rules.hand import weis_points
from scoring.models import Game, Hand, Player, PlayerResult
from scoring.rules.figures import row_figures
from scoring.rules.gamefile import Team
from scoring.rules.ruleset import STOECK_POINTS

from . import gamefile, rules
from .gamefile import SidiRecord
from .lines import OWN
from .rules import SidiHand, SidiResult
from .ruleset import SidiRuleset, parse_ruleset

NAME = "sidi"


def ruleset_of(game: Game) -> SidiRuleset:
    return parse_ruleset(game.ruleset)


def teams_of(game: Game) -> tuple[Team, Team]:
    """The game's two teams in order (teams and players prefetched)."""
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    first, second = (
        Team(team.name, (players[0].name, players[1].name))
        for team in teams
        for players in [team.ordered_players()]
    )
    return (first, second)


def read_hand(record: Any) -> SidiHand:
    """A stored hand (its game file's record, checked when it was stored)."""
    return gamefile.read_hand(record, 0)


def hands_of(game: Game) -> list[SidiHand]:
    return [read_hand(hand.record) for hand in sorted(game.hands.all(), key=_number)]


def _number(hand: Hand) -> int:
    return hand.number


def record(game: Game) -> SidiRecord:
    """The game as its game file holds it (teams, players and hands prefetched)."""
    return SidiRecord(
        name=game.name,
        played_on=game.played_on,
        ruleset=ruleset_of(game),
        teams=teams_of(game),
        hands=tuple(hands_of(game)),
    )


def store(
    game: Game, record: SidiRecord, members: dict[str, Member], *, new_members: bool
) -> list[Player]:
    """Keep a checked record's teams and hands for ``game`` (just created); its players
    are the club's members of the same name, or with ``new_members`` new members."""
    sides = [(team.name, team.players) for team in record.teams]
    players = services.store_sides(game, sides, members, new_members=new_members)
    Hand.objects.bulk_create(
        Hand(game=game, number=number, record=hand.to_dict())
        for number, hand in enumerate(record.hands, start=1)
    )
    return players


def play(
    game: Game, hands: Sequence[SidiHand], corrected: int | None = None, check: bool = True
) -> SidiResult:
    """The game with ``hands``; with ``check``, :class:`RulesError` names the first
    broken rule's hand and field (the bidder, when given, one of the four players)."""
    players = {name for team in teams_of(game) for name in team.players}
    return rules.play(ruleset_of(game), hands, check=check, players=players)


def team_figures(
    ruleset: SidiRuleset, hands: Sequence[SidiHand], result: SidiResult, team: int
) -> dict[str, Any]:
    """What the game comes to for ``team``, as its statistics rows hold it: the hands,
    its points, the matches it made and suffered, its Weis and Stöck, whether the game
    is over and it won, Rubicon given or suffered; its own figures, the contracts it
    made and failed."""
    weis = sum(
        weis_points(entry, ruleset.weis)
        for hand in hands
        if hand.match is None or hand.match == team
        for entry in hand.weis[team]
    )
    made, failed = result.contracts[team]
    won = result.over and result.winner == team
    return {
        "hands": len(hands),
        "points": result.totals[team],
        "matches_made": sum(1 for hand in hands if hand.match == team),
        "matches_suffered": sum(1 for hand in hands if hand.match == 1 - team),
        "weis": weis,
        "stoeck": sum(STOECK_POINTS for hand in hands if hand.stoeck == team),
        "finished": result.over,
        "won": won,
        "rubicon_given": result.rubicon and won,
        "rubicon_suffered": result.rubicon and result.over and not won,
        "figures": row_figures(OWN, contracts_made=made, contracts_failed=failed),
    }


def result_rows(
    game: Game, players: list[Player], stored: SidiRecord | None = None
) -> list[PlayerResult]:
    """The game's rows (``stored``: the record it was just stored from), one per player,
    with their team's figures."""
    ruleset = ruleset_of(game)
    hands = list(stored.hands) if stored is not None else hands_of(game)
    result = rules.play(ruleset, hands, check=False)
    figures = [team_figures(ruleset, hands, result, team) for team in (0, 1)]
    return [statistics.row(game, player, NAME, figures[player.team.index]) for player in players]


def hands_changed(game: Game, hands: Sequence[SidiHand], result: SidiResult | None = None) -> None:
    """The game's hands changed (in the caller's transaction): the club's monthly totals
    are stale, and each team's rows take what the game now comes to for it."""
    totals.changed(game)
    ruleset = ruleset_of(game)
    if result is None:
        result = rules.play(ruleset, hands, check=False)
    for team in (0, 1):
        figures = team_figures(ruleset, hands, result, team)
        PlayerResult.objects.filter(game=game, team=team).update(**figures)
