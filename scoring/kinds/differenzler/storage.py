"""A Différenzler game as the site keeps it: its four players are kept as two unnamed
"teams" of the seats 0 and 2, 1 and 3 (``Game.seat_names``), its hands as their
game-file records (``Hand.record``), and its statistics rows carry each player's own
figures (:func:`stats.seat_figures`).

What the core asks of a Différenzler game through its kind (``kind.py``): the record of
a stored game, storing a checked record, the rows of a game and their update when its
hands change, and what a tournament's table keeps of its result.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db.models import Case, F, Field, Value, When

from clubs.models import Member
from scoring import statistics, totals
from scoring.models import Game, Hand, Player, PlayerResult, Team
from scoring.rules.table import seat_of

from .gamefile import IndividualRecord
from .rules import DiffHand, DiffResult
from .stats import SeatFigures, seat_figures

NAME = "differenzler"


def read_hand(record: Mapping[str, Any]) -> DiffHand:
    """A stored hand (its game file's record, checked when it was stored)."""
    return DiffHand(
        trump=record["trump"],
        estimates=tuple(record["estimates"]),
        cards=tuple(record["cards"]),
    )


def write_hand(hand: DiffHand) -> dict[str, Any]:
    return hand.to_dict()


def hands_of(game: Game, hands: Iterable[Hand] | None = None) -> list[DiffHand]:
    """The game's hands (prefetched, or ``hands``) in order, as its rules count them."""
    stored = game.hands.all() if hands is None else hands
    return [read_hand(hand.record) for hand in sorted(stored, key=lambda hand: hand.number)]


def record(game: Game) -> IndividualRecord:
    """The game as its game file holds it (teams, players and hands prefetched)."""
    return IndividualRecord(
        name=game.name,
        played_on=game.played_on,
        ruleset=game.rules,
        players=game.seat_names(),
        hands=tuple(hands_of(game)),
    )


def store(
    game: Game, record: IndividualRecord, members: dict[str, Member], *, new_members: bool
) -> list[Player]:
    """Keep a checked record's players and hands for ``game`` (just created). A player
    is the club's member of that name, or with ``new_members`` a new member."""
    club = game.club
    if club and new_members:
        for name in record.players:
            if name.casefold() not in members:
                members[name.casefold()] = Member.objects.create(club=club, name=name)
    teams = [Team.objects.create(game=game, index=index, name="") for index in (0, 1)]
    players = Player.objects.bulk_create(
        Player(
            team=teams[seat % 2],
            position=seat // 2,
            name=name,
            member=members.get(name.casefold()),
        )
        for seat, name in enumerate(record.players)
    )
    Hand.objects.bulk_create(
        Hand(game=game, number=number, record=write_hand(hand))
        for number, hand in enumerate(record.hands, start=1)
    )
    return players


def result_rows(
    game: Game, players: Iterable[Player], stored: IndividualRecord | None = None
) -> list[PlayerResult]:
    """The game's rows as its hands make them (``stored``: the record it was just
    stored from): each player's own figures."""
    figures = seat_figures((stored or record(game)).result())
    return [
        statistics.row(
            game,
            player,
            NAME,
            dataclasses.asdict(figures[seat_of(player.team.index, player.position)]),
        )
        for player in players
    ]


def update_rows(game: Game, result: DiffResult) -> None:
    """The game's hands changed: its four rows take what it now comes to (``result``,
    counted by the caller), in one statement (a value the four share is written as it
    is)."""
    totals.changed(game)
    figures = seat_figures(result)
    seats = {  # the game's players as read with it (teams and players prefetched)
        player.pk: seat_of(team.index, player.position)
        for team in game.teams.all()
        for player in team.players.all()
    }
    values: dict[str, Any] = {}
    for name in (field.name for field in dataclasses.fields(SeatFigures)):
        column = PlayerResult._meta.get_field(name)
        assert isinstance(column, Field)  # a figure's column, no relation
        own = {pk: getattr(figures[seat], name) for pk, seat in seats.items()}
        if len(set(own.values())) == 1:
            values[name] = Value(next(iter(own.values())), output_field=column)
        else:
            values[name] = Case(
                *(When(player_id=pk, then=Value(v, output_field=column)) for pk, v in own.items()),
                default=F(name),
                output_field=column,
            )
    PlayerResult.objects.filter(game=game).update(**values)


def tie_breaks(result: DiffResult, hands: Sequence[DiffHand]) -> dict[str, Any]:
    """What a tournament's table keeps of the game for the tie-breaks: each player's
    exact estimates and best hand (RULES.md §10)."""
    return {"exact": list(result.exact), "best_hand": list(result.best_hand)}
