"""The team game as the core asks it (``settings.GAME_KINDS``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import presenters, rules, statistics
from scoring.kinds.team import NAME
from scoring.kinds.team.views import games, table
from scoring.models import Game
from scoring.registry import GameKind
from scoring.rules.gamefile import read_game
from scoring.rules.ruleset import TEAM_PRESETS


def read_hand(record: Mapping[str, Any]) -> rules.Hand:
    """A stored hand (its game file's record, checked when it was stored)."""
    cards = record.get("cards")
    weis = record.get("weis") or [[], []]
    return rules.Hand(
        trump=record["trump"],
        cards=None if cards is None else (cards[0], cards[1]),
        match=record.get("match"),
        weis=(tuple(weis[0]), tuple(weis[1])),
        stoeck=record.get("stoeck"),
        out_first=record.get("out_first"),
        chooser=record.get("chooser") or None,
        chibre=bool(record.get("chibre", False)),
    )


def write_hand(hand: rules.Hand) -> dict[str, Any]:
    return hand.to_dict()


def play(
    game: Game, hands: list[rules.Hand], corrected: int | None = None, check: bool = True
) -> rules.GameResult:
    if corrected is not None:
        return rules.play_corrected(game.rules, hands, corrected)
    return rules.play(game.rules, hands, check=check)


def hands_changed(
    game: Game, hands: list[rules.Hand], result: rules.GameResult | None = None
) -> None:
    statistics.update_results(game, statistics.figures(game, hands, result))


def tie_breaks(result: rules.GameResult, hands: list[rules.Hand]) -> dict[str, Any]:
    """What a tournament's table keeps for the tie-breaks: each team's matches."""
    return {"matches": list(rules.matches_made(hands))}


def history(game: Game, changes: list[Any]) -> dict[str, Any]:
    """How the changes page writes a team game's hand (``GameKind.history``)."""
    return {"summary_template": "scoring/kinds/team/hand_summary.html"}


KIND = GameKind(
    NAME,
    frozenset(TEAM_PRESETS),
    read_hand,
    write_hand,
    read_game=read_game,
    record=lambda game: game.record(),
    present=presenters.game_view,
    table=table.team_table,
    game_page=games.team_game_page,
    result_rows=statistics.team_rows,
    play=play,
    hands_changed=hands_changed,
    correct_hand=table.team_correct_hand,
    history=history,
    tie_breaks=tie_breaks,
    spectate=games.spectator_page,
    urls="scoring.kinds.team.urls",
    start_page="scoring:new_game",
    offline_assets=("js/team_offline.js",),
)
