"""Sidi Barrani as the core asks it (``settings.GAME_KINDS``): two teams of two, each
hand a contract made or failed (RULES.md §13); its hands go through the core's services,
its game file through its own section, its pages through the generic views."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from scoring.models import Game, HandChange, Player, PlayerResult
from scoring.registry import GameKind, HandByHand

from . import gamefile, storage, views
from .gamefile import SidiRecord
from .lines import LINES
from .presenter import SidiView, present
from .rules import SidiHand, SidiResult
from .ruleset import PRESETS, SidiRuleset, parse_ruleset


class Sidi(GameKind[SidiHand, SidiRecord], HandByHand[SidiHand, SidiResult]):
    """Two teams of two; each hand's contract is bid, made or failed; to a target."""

    name = storage.NAME
    presets = frozenset(PRESETS)
    label = _("Sidi Barrani: two teams of two bid for the trump, each contract made or failed")
    urls = "scoring.kinds.sidi.urls"
    start_page = "scoring:new_sidi"
    offline_assets = ("css/sidi.css", "js/sidi.js", "js/sidi_offline.js")
    lines = LINES

    def read_hand(self, record: Mapping[str, Any]) -> SidiHand:
        """A stored hand (its game file's record, checked when it was stored)."""
        return storage.read_hand(record)

    def write_hand(self, hand: SidiHand) -> dict[str, Any]:
        return hand.to_dict()

    def ruleset(self, data: object) -> SidiRuleset:
        return parse_ruleset(data)

    def record(self, game: Game) -> SidiRecord:
        return storage.record(game)

    def read_game(self, data: object) -> SidiRecord:
        return gamefile.read_game(data)

    def store(
        self, game: Game, record: SidiRecord, members: dict[str, Member], *, new_members: bool
    ) -> list[Player]:
        return storage.store(game, record, members, new_members=new_members)

    def result_rows(
        self, game: Game, players: list[Player], stored: SidiRecord | None
    ) -> list[PlayerResult]:
        return storage.result_rows(game, players, stored)

    def present(self, game: Game) -> SidiView:
        return present(game)

    def table(
        self, request: HttpRequest, game: Game, status: int = 200, **refused: Any
    ) -> HttpResponse:
        return views.HANDS.table(request, game, status=status, **refused)

    def game_page(self, request: HttpRequest, game: Game) -> HttpResponse:
        return views.game_page(request, game)

    def correct_hand(self, request: HttpRequest, game: Game, number: int) -> HttpResponse:
        return views.correct_hand(request, game, number)

    def history(self, game: Game, changes: list[HandChange]) -> dict[str, Any]:
        return views.history(game, changes)

    def play(
        self, game: Game, hands: list[SidiHand], corrected: int | None = None, check: bool = True
    ) -> SidiResult:
        return storage.play(game, hands, corrected, check)

    def hands_changed(
        self, game: Game, hands: list[SidiHand], result: SidiResult | None = None
    ) -> None:
        storage.hands_changed(game, hands, result)


KIND = Sidi()
