"""A Guggitaler game as the site keeps it: its three or four players, each for
themselves, are kept as two unnamed "teams" (seat ``s`` in team ``s % 2`` at position
``s // 2``: seats 0 and 2, then 1 and 3, ``scoring.rules.seat_of``; with three players
the second team has one); its hands are their game-file records (``Hand.record``); each
player's statistics row carries their own total, rank and penalties.

What the core asks of a Guggitaler game through its kind (``kind.py``): the record of a
stored game, storing a checked record, the rows of a game, and its hands changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clubs.models import Member
from scoring import registry, services, statistics, totals
from scoring.models import Game, Hand, Player, PlayerResult
from scoring.rules import seat_of
from scoring.rules.figures import row_figures

from . import rules
from .gamefile import GuggiRecord
from .lines import OWN
from .rules import GuggiHand, GuggiResult
from .ruleset import GuggiRuleset, parse_ruleset

NAME = "guggitaler"


def ruleset_of(game: Game) -> GuggiRuleset:
    return parse_ruleset(game.ruleset)


def seated(game: Game) -> list[Player]:
    """The game's players in seat order (teams and players prefetched)."""
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    players = [team.ordered_players() for team in teams]
    count = sum(len(team) for team in players)
    return [players[seat % 2][seat // 2] for seat in range(count)]


def names_of(game: Game) -> tuple[str, ...]:
    return tuple(player.name for player in seated(game))


def _number(hand: Hand) -> int:
    return hand.number


def hands_of(game: Game) -> list[GuggiHand]:
    kind = registry.named(NAME)
    return [kind.read_hand(hand.record) for hand in sorted(game.hands.all(), key=_number)]


def record(game: Game) -> GuggiRecord:
    """The game as its game file holds it (teams, players and hands prefetched)."""
    return GuggiRecord(
        name=game.name,
        played_on=game.played_on,
        ruleset=ruleset_of(game),
        players=names_of(game),
        hands=tuple(hands_of(game)),
    )


def sides(players: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The players in seat order as the two unnamed teams that keep them."""
    teams: list[tuple[str, list[str]]] = [("", []), ("", [])]
    for seat, name in enumerate(players):
        team, position = seat % 2, seat // 2
        assert seat_of(team, position) == seat
        teams[team][1].append(name)
    return teams


def store(
    game: Game, record: GuggiRecord, members: dict[str, Member], *, new_members: bool
) -> list[Player]:
    """Keep a checked record's players and hands for ``game`` (just created); its
    players are the club's members of the same name, or with ``new_members`` new ones."""
    players = services.store_sides(game, sides(record.players), members, new_members=new_members)
    kind = registry.named(NAME)
    Hand.objects.bulk_create(
        Hand(game=game, number=number, record=kind.write_hand(hand))
        for number, hand in enumerate(record.hands, start=1)
    )
    return players


def play(
    game: Game, hands: Sequence[GuggiHand], corrected: int | None = None, check: bool = True
) -> GuggiResult:
    """The game with ``hands``; with ``check``, :class:`RulesError` names the first
    broken rule's hand and field."""
    return rules.play(ruleset_of(game), hands, check=check)


def seat_of_player(player: Player) -> int:
    return seat_of(player.team.index, player.position)


def _figures(result: GuggiResult, seat: int) -> dict[str, Any]:
    """A player's figures as the statistics rows hold them: the hands played, their
    total (signed: the domino gives back), whether the game is over and they won it;
    and their own figures (``lines.OWN``): the penalty points they took before the
    domino gave any back, and whether they finished last."""
    penalties = sum(max(0, hand.points[seat]) for hand in result.hands)
    last = result.over and result.ranks[seat] == max(result.ranks)
    return {
        "hands": len(result.hands),
        "points": result.totals[seat],
        "finished": result.over,
        "won": result.winner == seat,
        "figures": row_figures(OWN, penalties=penalties, last=last),
    }


def result_rows(
    game: Game, players: list[Player], stored: GuggiRecord | None = None
) -> list[PlayerResult]:
    """The game's rows (``stored``: the record it was just stored from), one per player,
    with their own figures."""
    hands = list(stored.hands) if stored is not None else hands_of(game)
    result = rules.play(ruleset_of(game), hands, check=False)
    return [
        statistics.row(game, player, NAME, _figures(result, seat_of_player(player)))
        for player in players
    ]


def hands_changed(
    game: Game, hands: Sequence[GuggiHand], result: GuggiResult | None = None
) -> None:
    """The game's hands changed (in the caller's transaction): each player's row takes
    what the game now comes to for them."""
    totals.changed(game)
    if result is None:
        result = rules.play(ruleset_of(game), hands, check=False)
    for player in Player.objects.filter(team__game=game).select_related("team"):
        figures = _figures(result, seat_of_player(player))
        PlayerResult.objects.filter(player=player).update(**figures)
