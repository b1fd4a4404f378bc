"""Différenzler as the core asks it (``settings.GAME_KINDS``)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from scoring.kinds.differenzler import estimates, storage
from scoring.kinds.differenzler.gamefile import read_game
from scoring.kinds.differenzler.lines import LINES
from scoring.kinds.differenzler.presenter import diff_view
from scoring.kinds.differenzler.views import estimates as estimate_pages
from scoring.kinds.differenzler.views import table
from scoring.models import Game, Hand
from scoring.registry import GameKind
from scoring.rules.ruleset import DIFFERENZLER, parse_ruleset
from scoring.services import Author


def play_hand(
    game: Game, number: int, sealed: Sequence[int], cards: tuple[int, ...], author: Author
) -> Hand:
    """Hand ``number`` as its table's phones record it: a trump drawn, the four
    estimates sealed, the hand started, its card points recorded (the demo)."""
    estimates.choose_trump(game, number, None)
    for seat, value in enumerate(sealed):
        estimates.seal_estimate(game, number, seat, value)
    estimates.start_hand(game, number, game.seat_names())
    return estimates.record_points(game, number, cards, form_key=uuid.uuid4(), author=author)


KIND = GameKind(
    storage.NAME,
    frozenset({DIFFERENZLER}),
    storage.read_hand,
    storage.write_hand,
    read_game=read_game,
    ruleset=parse_ruleset,
    record=storage.record,
    store=storage.store,
    tie_breaks=storage.tie_breaks,
    present=diff_view,
    table=table.screen,
    game_page=table.game_page,
    result_rows=storage.result_rows,
    correct_hand=estimate_pages.correct_points,
    history=estimate_pages.history,
    lines=LINES,
    each_for_themselves=True,
    urls="scoring.kinds.differenzler.urls",
    start_page="scoring:new_differenzler",
    label=_("Différenzler instead: four players, each for themselves, with sealed estimates"),
    start_game=estimates.start_game,
    new_seat_link=estimates.new_seat_link,
    play_hand=play_hand,
)
