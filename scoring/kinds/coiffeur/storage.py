"""A Coiffeur game as the site keeps it: its sides are the game's teams (two or three,
``Team.index``), each of one or two players; its hands are their game-file records
(``Hand.record``); its statistics rows carry each side's figures
(:func:`stats.side_figures`) for each of the side's players.

What the core asks of a Coiffeur game through its kind (``kind.py``): the record of a
stored game, storing a checked record, the rows of a game, and its hands changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clubs.models import Member
from scoring import registry, services, statistics, totals
from scoring.models import Game, Hand, Player, PlayerResult
from scoring.rules.figures import row_figures

from . import rules, sheet
from .gamefile import CoiffeurRecord, Side
from .lines import OWN
from .rules import CoiffeurHand, CoiffeurResult
from .stats import SideFigures, side_figures

NAME = "coiffeur"


def ruleset_of(game: Game) -> sheet.CoiffeurRuleset:
    return sheet.parse_ruleset(game.ruleset)


def sides_of(game: Game) -> tuple[Side, ...]:
    """The game's sides in order (teams and players prefetched)."""
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    return tuple(
        Side(team.name, tuple(player.name for player in team.ordered_players())) for team in teams
    )


def hands_of(game: Game) -> list[CoiffeurHand]:
    kind = registry.named(NAME)
    return [kind.read_hand(hand.record) for hand in sorted(game.hands.all(), key=_number)]


def _number(hand: Hand) -> int:
    return hand.number


def record(game: Game) -> CoiffeurRecord:
    """The game as its game file holds it (teams, players and hands prefetched)."""
    return CoiffeurRecord(
        name=game.name,
        played_on=game.played_on,
        ruleset=ruleset_of(game),
        sides=sides_of(game),
        hands=tuple(hands_of(game)),
    )


def store(
    game: Game, record: CoiffeurRecord, members: dict[str, Member], *, new_members: bool
) -> list[Player]:
    """Keep a checked record's sides and hands for ``game`` (just created); its players
    are the club's members of the same name, or with ``new_members`` new members."""
    sides = [(side.name, side.players) for side in record.sides]
    players = services.store_sides(game, sides, members, new_members=new_members)
    kind = registry.named(NAME)
    Hand.objects.bulk_create(
        Hand(game=game, number=number, record=kind.write_hand(hand))
        for number, hand in enumerate(record.hands, start=1)
    )
    return players


def play(
    game: Game, hands: Sequence[CoiffeurHand], corrected: int | None = None, check: bool = True
) -> CoiffeurResult:
    """The sheet with ``hands``; with ``check``, :class:`RulesError` names the first
    broken rule's hand and field (a later hand that a correction makes impossible is
    named as such by its own number)."""
    return rules.play(ruleset_of(game), hands, check=check)


def _figures(values: SideFigures) -> dict[str, Any]:
    """A side's figures as the statistics rows hold them: the cells it filled as its
    hands, the points of its cells (what the average per cell is made of), its
    matches, and whether the sheet is full and this side won it; and its own figures
    (``lines.OWN``): the cells it struck, and whether it suffered a counter-match."""
    return {
        "hands": values.cells,
        "points": values.cell_points,
        "matches_made": values.matches,
        "finished": values.finished,
        "won": values.won,
        "figures": row_figures(OWN, struck=values.struck, countered=values.counters > 0),
    }


def result_rows(
    game: Game, players: list[Player], stored: CoiffeurRecord | None = None
) -> list[PlayerResult]:
    """The game's rows (``stored``: the record it was just stored from), one per player,
    with their side's figures."""
    hands = list(stored.hands) if stored is not None else hands_of(game)
    figures = side_figures(rules.play(ruleset_of(game), hands, check=False))
    return [
        statistics.row(game, player, NAME, _figures(figures[player.team.index]))
        for player in players
    ]


def hands_changed(
    game: Game, hands: Sequence[CoiffeurHand], result: CoiffeurResult | None = None
) -> None:
    """The game's hands changed (in the caller's transaction): each side's rows take
    what the sheet now comes to for it."""
    totals.changed(game)
    if result is None:
        result = rules.play(ruleset_of(game), hands, check=False)
    for side, values in enumerate(side_figures(result)):
        PlayerResult.objects.filter(game=game, team=side).update(**_figures(values))
