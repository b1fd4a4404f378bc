"""The team game as the core asks it (``settings.GAME_KINDS``)."""

from __future__ import annotations

from typing import Any

from scoring.kinds.team import NAME, presenter, rules, storage
from scoring.kinds.team.lines import LINES
from scoring.kinds.team.rules import check_totals
from scoring.kinds.team.rules.gamefile import GameRecord, read_game
from scoring.kinds.team.views import games, table
from scoring.kinds.team.weis_words import weis_words
from scoring.models import Game
from scoring.registry import GameKind
from scoring.rules.ruleset import TEAM_PRESETS, parse_ruleset


def history(game: Game, changes: list[Any]) -> dict[str, Any]:
    """How the changes page writes a team game's hand (``GameKind.history``): each
    team's Weis in words, as the hand form names them (``said_weis``, beside the
    stored kinds)."""
    points = rules.weis_table(game.rules.weis)
    for change in changes:
        for name in ("before", "after"):
            hand = getattr(change, name)
            if hand:
                weis = hand.get("weis") or [[], []]
                hand["said_weis"] = [weis_words(entries, points) for entries in weis]
    return {"summary_template": "scoring/kinds/team/hand_summary.html"}


KIND = GameKind(
    NAME,
    frozenset(TEAM_PRESETS),
    storage.read_hand,
    storage.write_hand,
    read_game=read_game,
    ruleset=parse_ruleset,
    record=storage.record,
    store=storage.store,
    present=presenter.game_view,
    table=table.team_table,
    game_page=games.team_game_page,
    result_rows=storage.result_rows,
    play=storage.play,
    hands_changed=storage.hands_changed,
    correct_hand=table.team_correct_hand,
    history=history,
    tie_breaks=storage.tie_breaks,
    blank_record=GameRecord,
    check_totals=check_totals,
    spectate=games.spectator_page,
    urls="scoring.kinds.team.urls",
    start_page="scoring:new_game",
    offline_assets=("js/rules.js", "js/team_offline.js"),
    lines=LINES,
)
