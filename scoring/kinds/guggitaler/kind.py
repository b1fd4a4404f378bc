"""Guggitaler as the core asks it (``settings.GAME_KINDS``): its hands and game file,
its game counted by its own rules, its pages, and its statistics rows. Three or four
players each for themselves, recorded hand by hand through the core's services."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from scoring.models import Game, HandChange, Player, PlayerResult
from scoring.registry import GameKind, HandByHand

from . import gamefile, presenter, storage, views
from .gamefile import GuggiRecord
from .lines import LINES
from .rules import GuggiHand, GuggiResult
from .ruleset import PRESETS, GuggiRuleset, parse_ruleset


class Guggitaler(GameKind[GuggiHand, GuggiRecord], HandByHand[GuggiHand, GuggiResult]):
    """Five hands of penalties and the domino, three or four players each for
    themselves, the lowest total wins (RULES.md §14)."""

    name = storage.NAME
    presets = frozenset(PRESETS)
    label = _("Guggitaler: 3 or 4 players, five hands of penalties, the lowest total wins")
    urls = "scoring.kinds.guggitaler.urls"
    start_page = "scoring:new_guggitaler"
    offline_assets = ("js/guggitaler.js", "js/guggitaler_offline.js")
    lines = LINES

    def read_hand(self, record: Mapping[str, Any]) -> GuggiHand:
        """A stored hand (its game file's record, checked when it was stored)."""
        data = dict(record)
        return GuggiHand(
            category=data["category"],
            counts=None if data.get("counts") is None else tuple(data["counts"]),
            places=None if data.get("places") is None else tuple(data["places"]),
            trump=data.get("trump"),
        )

    def write_hand(self, hand: GuggiHand) -> dict[str, Any]:
        return hand.to_dict()

    def ruleset(self, data: object) -> GuggiRuleset:
        return parse_ruleset(data)

    def record(self, game: Game) -> GuggiRecord:
        return storage.record(game)

    def read_game(self, data: object) -> GuggiRecord:
        return gamefile.read_game(data)

    def store(
        self, game: Game, record: GuggiRecord, members: dict[str, Member], *, new_members: bool
    ) -> list[Player]:
        return storage.store(game, record, members, new_members=new_members)

    def result_rows(
        self, game: Game, players: list[Player], stored: GuggiRecord | None
    ) -> list[PlayerResult]:
        return storage.result_rows(game, players, stored)

    def present(self, game: Game) -> presenter.GuggiView:
        return presenter.present(game)

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
        self,
        game: Game,
        hands: list[GuggiHand],
        corrected: int | None = None,
        check: bool = True,
    ) -> GuggiResult:
        return storage.play(game, hands, corrected, check)

    def hands_changed(
        self, game: Game, hands: list[GuggiHand], result: GuggiResult | None = None
    ) -> None:
        storage.hands_changed(game, hands, result)


KIND = Guggitaler()
