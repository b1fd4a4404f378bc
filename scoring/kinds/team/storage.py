"""A team game as the site keeps it: its two teams of two players (``Team.index`` 0 and
1), its hands as their game-file records (``Hand.record``), and its statistics rows,
each carrying its team's figures (:func:`scoring.kinds.team.rules.stats.game_figures`).

What the core asks of a team game through its kind (``kind.py``): the record of a
stored game, storing a checked record, the rows of a game and their update when its
hands change, and what a tournament's table keeps of its result.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db.models import Case, Value, When

from clubs.models import Member
from scoring import services, statistics, totals
from scoring.kinds.team import rules
from scoring.kinds.team.rules import gamefile
from scoring.kinds.team.rules.stats import game_figures, striche_columns
from scoring.models import Game, Hand, Player, PlayerResult
from scoring.rules.lines import TeamFigures

from . import NAME


def read_hand(record: Mapping[str, Any]) -> rules.Hand:
    """A stored hand (its game file's record, checked when it was stored)."""
    cards = record.get("cards")
    weis = record.get("weis") or [[], []]
    at_out = record.get("cards_at_out")
    return rules.Hand(
        trump=record["trump"],
        cards=None if cards is None else (cards[0], cards[1]),
        match=record.get("match"),
        weis=(tuple(weis[0]), tuple(weis[1])),
        stoeck=record.get("stoeck"),
        out_first=record.get("out_first"),
        chooser=record.get("chooser") or None,
        chibre=bool(record.get("chibre", False)),
        cards_at_out=None if at_out is None else (at_out[0], at_out[1]),
        berg_first=record.get("berg_first"),
    )


def write_hand(hand: rules.Hand) -> dict[str, Any]:
    return hand.to_dict()


def hands_of(hands: Iterable[Hand]) -> list[rules.Hand]:
    """Stored hands in order, as the rules count them."""
    return [read_hand(hand.record) for hand in sorted(hands, key=lambda hand: hand.number)]


def record(game: Game) -> gamefile.GameRecord:
    """The game as its game file holds it (teams, players and hands prefetched)."""
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    return gamefile.GameRecord(
        name=game.name,
        played_on=game.played_on,
        ruleset=game.rules,
        teams=tuple(  # type: ignore[arg-type]
            gamefile.Team(team.name, tuple(p.name for p in team.ordered_players()))  # type: ignore[arg-type]  # two, as stored
            for team in teams
        ),
        hands=tuple(hands_of(game.hands.all())),
    )


def store(
    game: Game, record: gamefile.GameRecord, members: dict[str, Member], *, new_members: bool
) -> list[Player]:
    """Keep a checked record's teams and hands for ``game`` (just created); its players
    are the club's members of the same name, or with ``new_members`` new members."""
    sides = [(team.name, team.players) for team in record.teams]
    players = services.store_sides(game, sides, members, new_members=new_members)
    Hand.objects.bulk_create(
        Hand(game=game, number=number, record=write_hand(hand))
        for number, hand in enumerate(record.hands, start=1)
    )
    return players


def players_of(game: Game) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each team's players' names (teams and players prefetched, or read here)."""
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    names = [tuple(player.name for player in team.ordered_players()) for team in teams[:2]]
    while len(names) < 2:
        names.append(())
    return (names[0], names[1])


def play(
    game: Game, hands: list[rules.Hand], corrected: int | None = None, check: bool = True
) -> rules.GameResult:
    """The game with ``hands``; with ``check``, :class:`RulesError` names the first
    broken rule's hand and field (``corrected``: a corrected hand's number, so that a
    later hand it makes impossible is named as such), the Striche's rules included
    (RULES.md §12: a match's chooser, ``berg_first``)."""
    ruleset = game.rules
    players = players_of(game) if ruleset.striche is not None else ((), ())
    result, _striche = rules.play_striche(ruleset, hands, players, check=check, corrected=corrected)
    return result


def figures(
    game: Game, hands: Sequence[rules.Hand], result: rules.GameResult | None = None
) -> tuple[TeamFigures, TeamFigures]:
    """Both teams' figures of ``game`` with ``hands`` (``result``: already counted)."""
    ruleset = game.rules
    if result is None:
        result = rules.play(ruleset, hands, check=False)
    return game_figures(ruleset, hands, result)


def striche(
    game: Game, hands: Sequence[rules.Hand], result: rules.GameResult | None = None
) -> tuple[dict[str, int | None], dict[str, int | None]]:
    """Both teams' Striche columns of ``game`` with ``hands`` (RULES.md §12; ``None``
    without a Strich table)."""
    ruleset = game.rules
    if ruleset.striche is None:
        return striche_columns(None)
    return striche_columns(rules.count_striche(ruleset, hands, players_of(game), result))


def result_rows(
    game: Game, players: Iterable[Player], stored: gamefile.GameRecord | None = None
) -> list[PlayerResult]:
    """The game's rows as its hands make them (``stored``: the record it was just
    stored from), one per player with its team's figures and Striche."""
    hands = list(stored.hands) if stored is not None else hands_of(game.hands.all())
    teams = figures(game, hands)
    counted = striche(game, hands)
    return [
        statistics.row(
            game,
            player,
            NAME,
            dataclasses.asdict(teams[player.team.index]) | counted[player.team.index],
        )
        for player in players
    ]


def hands_changed(
    game: Game, hands: list[rules.Hand], result: rules.GameResult | None = None
) -> None:
    """The game's hands changed (in the caller's transaction): its four rows take their
    team's figures, in one statement (a value the teams share is written as it is)."""
    totals.changed(game)
    teams = figures(game, hands, result)
    counted = striche(game, hands, result)
    columns = [dataclasses.asdict(teams[team]) | counted[team] for team in (0, 1)]
    values: dict[str, Any] = {}
    for name in (*statistics.FIGURES, "striche_made", "striche_received"):
        first, second = columns[0][name], columns[1][name]
        values[name] = (
            Value(first)
            if first == second
            else Case(When(team=0, then=Value(first)), default=Value(second))
        )
    PlayerResult.objects.filter(game=game).update(**values)


def tie_breaks(result: rules.GameResult, hands: Sequence[rules.Hand]) -> dict[str, Any]:
    """What a tournament's table keeps for the tie-breaks: each team's matches."""
    return {"matches": list(rules.matches_made(hands))}
