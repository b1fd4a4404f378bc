"""Coiffeur as the core asks it (``settings.GAME_KINDS``): its hands and game file, its
sheet counted by its own rules, its pages, and its statistics rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.registry import GameKind

from . import storage, views
from .gamefile import read_game
from .gamefile import read_hand as _read_hand
from .lines import LINES
from .rules import CoiffeurHand
from .sheet import PRESETS, parse_ruleset


def read_hand(record: Mapping[str, Any]) -> CoiffeurHand:
    """A stored hand (its game file's record, checked when it was stored)."""
    return _read_hand(record, 0)


def write_hand(hand: CoiffeurHand) -> dict[str, Any]:
    return hand.to_dict()


KIND = GameKind(
    storage.NAME,
    frozenset(PRESETS),
    read_hand,
    write_hand,
    record=storage.record,
    read_game=read_game,
    ruleset=parse_ruleset,
    store=storage.store,
    present=views.present,
    table=views.table,
    game_page=views.game_page,
    result_rows=storage.result_rows,
    play=storage.play,
    hands_changed=storage.hands_changed,
    correct_hand=views.correct_hand,
    history=views.history,
    spectate=views.spectate,
    lines=LINES,
    urls="scoring.kinds.coiffeur.urls",
    start_page="scoring:new_coiffeur",
    offline_assets=(
        "css/coiffeur.css",
        "js/coiffeur.js",
        "js/coiffeur_form.js",
        "js/coiffeur_offline.js",
    ),
    label=_("Coiffeur instead: a sheet of rows, each side plays each row once"),
)
