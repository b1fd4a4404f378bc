"""Coiffeur as the core asks it (``settings.GAME_KINDS``): its hands and game file, its
sheet counted by its own rules, its pages, and its statistics rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from scoring.models import Game, HandChange, Player, PlayerResult
from scoring.registry import GameKind, HandByHand, Spectated

from . import gamefile, storage, views
from .gamefile import CoiffeurRecord
from .lines import LINES
from .rules import CoiffeurHand, CoiffeurResult
from .sheet import PRESETS, CoiffeurRuleset, parse_ruleset


class Coiffeur(
    GameKind[CoiffeurHand, CoiffeurRecord],
    HandByHand[CoiffeurHand, CoiffeurResult],
    Spectated,
):
    """A sheet of rows, each side plays each row once; recorded hand by hand."""

    name = storage.NAME
    presets = frozenset(PRESETS)
    label = _("Coiffeur: a sheet of rows, each side plays each row once")
    urls = "scoring.kinds.coiffeur.urls"
    start_page = "scoring:new_coiffeur"
    offline_assets = (
        "css/coiffeur.css",
        "js/coiffeur.js",
        "js/coiffeur_form.js",
        "js/coiffeur_offline.js",
    )
    lines = LINES

    def read_hand(self, record: Mapping[str, Any]) -> CoiffeurHand:
        """A stored hand (its game file's record, checked when it was stored)."""
        return gamefile.read_hand(record, 0)

    def write_hand(self, hand: CoiffeurHand) -> dict[str, Any]:
        return hand.to_dict()

    def ruleset(self, data: object) -> CoiffeurRuleset:
        return parse_ruleset(data)

    def record(self, game: Game) -> CoiffeurRecord:
        return storage.record(game)

    def read_game(self, data: object) -> CoiffeurRecord:
        return gamefile.read_game(data)

    def store(
        self, game: Game, record: CoiffeurRecord, members: dict[str, Member], *, new_members: bool
    ) -> list[Player]:
        return storage.store(game, record, members, new_members=new_members)

    def result_rows(
        self, game: Game, players: list[Player], stored: CoiffeurRecord | None
    ) -> list[PlayerResult]:
        return storage.result_rows(game, players, stored)

    def present(self, game: Game) -> views.CoiffeurView:
        return views.present(game)

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
        hands: list[CoiffeurHand],
        corrected: int | None = None,
        check: bool = True,
    ) -> CoiffeurResult:
        return storage.play(game, hands, corrected, check)

    def hands_changed(
        self, game: Game, hands: list[CoiffeurHand], result: CoiffeurResult | None = None
    ) -> None:
        storage.hands_changed(game, hands, result)

    def spectate(self, request: HttpRequest, game: Game, poll: str) -> HttpResponse:
        return views.spectate(request, game, poll)


KIND = Coiffeur()
