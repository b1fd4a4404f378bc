"""Différenzler as the core asks it (``settings.GAME_KINDS``). It records its hands
itself, with the estimates sealed at its table (``estimates``): not hand by hand
through the core's services."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member
from scoring.kinds.differenzler import estimates, gamefile, storage
from scoring.kinds.differenzler.gamefile import IndividualRecord
from scoring.kinds.differenzler.lines import LINES
from scoring.kinds.differenzler.presenter import DiffView, diff_view
from scoring.kinds.differenzler.rules import DiffHand, DiffResult
from scoring.kinds.differenzler.views import estimates as estimate_pages
from scoring.kinds.differenzler.views import table as table_views
from scoring.models import Game, Hand, HandChange, Player, PlayerResult, SeatLink
from scoring.registry import TABLEMATES, AtTournaments, GameKind, OwnSeats, TournamentFormat
from scoring.rules.ruleset import DIFFERENZLER, Ruleset, parse_ruleset
from scoring.services import Author


def tournament_ruleset(tournament: Any) -> Ruleset:
    """A Différenzler tournament table's game: its number of hands, each trump drawn or
    turned up at the table (RULES.md §10)."""
    return parse_ruleset({"preset": DIFFERENZLER, "hands": tournament.hands})


CARD_POINTS_ONLY = _("A Différenzler game counts card points only.")
TOURNAMENT_FORMAT = TournamentFormat(
    "differenzler",
    _("Différenzler, new tablemates every pass"),
    TABLEMATES,
    tournament_ruleset,
    tie_breaks=("exact", "best-hand", "best-pass", "draw"),
    default_tie_breaks=("exact", "best-hand", "draw"),
    lowest_wins=True,  # the lowest total difference first (RULES.md §10)
    refused={
        "weis": CARD_POINTS_ONLY,
        "stoeck": CARD_POINTS_ONLY,
        "match_bonus": CARD_POINTS_ONLY,
        "trump_order": _(
            "A Différenzler table draws each hand's trump, or turns it up: leave it empty."
        ),
        "best_of": _("A Différenzler tournament counts every pass."),
    },
)


class Differenzler(
    GameKind[DiffHand, IndividualRecord],
    AtTournaments[DiffHand, DiffResult],
    OwnSeats,
):
    """Four players each for themselves, kept as two unnamed "teams" (seats 0 and 2,
    1 and 3), each with a seat and a link of their own."""

    name = storage.NAME
    presets = frozenset({DIFFERENZLER})
    label = _("Différenzler: four players, each for themselves, with sealed estimates")
    urls = "scoring.kinds.differenzler.urls"
    start_page = "scoring:new_differenzler"
    # its screen, kept by the service worker, opens offline with its script: what was
    # typed comes back and Save says it needs a connection
    offline_assets = ("js/differenzler.js",)
    lines = LINES
    each_for_themselves = True
    tournament_formats = (TOURNAMENT_FORMAT,)

    def read_hand(self, record: Mapping[str, Any]) -> DiffHand:
        return storage.read_hand(record)

    def write_hand(self, hand: DiffHand) -> dict[str, Any]:
        return storage.write_hand(hand)

    def ruleset(self, data: object) -> Ruleset:
        return parse_ruleset(data)

    def record(self, game: Game) -> IndividualRecord:
        return storage.record(game)

    def read_game(self, data: object) -> IndividualRecord:
        return gamefile.read_game(data)

    def store(
        self, game: Game, record: IndividualRecord, members: dict[str, Member], *, new_members: bool
    ) -> list[Player]:
        return storage.store(game, record, members, new_members=new_members)

    def result_rows(
        self, game: Game, players: list[Player], stored: IndividualRecord | None
    ) -> list[PlayerResult]:
        return storage.result_rows(game, players, stored)

    def present(self, game: Game) -> DiffView:
        return diff_view(game)

    def table(
        self, request: HttpRequest, game: Game, status: int = 200, **refused: Any
    ) -> HttpResponse:
        return table_views.screen(request, game, status, **refused)

    def game_page(self, request: HttpRequest, game: Game) -> HttpResponse:
        return table_views.game_page(request, game)

    def correct_hand(self, request: HttpRequest, game: Game, number: int) -> HttpResponse:
        return estimate_pages.correct_points(request, game, number)

    def history(self, game: Game, changes: list[HandChange]) -> dict[str, Any]:
        return estimate_pages.history(game, changes)

    def tie_breaks(self, result: DiffResult, hands: Sequence[DiffHand]) -> dict[str, Any]:
        return storage.tie_breaks(result, hands)

    def start_game(
        self,
        *,
        club: Club,
        name: str,
        players: tuple[str, str, str, str],
        hands: int,
        trumps: tuple[str, ...],
        played_on: dt.date | None,
        suit_style: str,
        form_key: uuid.UUID | None,
    ) -> Game:
        return estimates.start_game(
            club=club,
            name=name,
            players=players,
            hands=hands,
            trumps=trumps,
            played_on=played_on,
            suit_style=suit_style,
            form_key=form_key,
        )

    def new_seat_link(self, game: Game, seat: int, author: Author) -> SeatLink:
        return estimates.new_seat_link(game, seat, author)

    def play_hand(
        self,
        game: Game,
        number: int,
        sealed: Sequence[int],
        cards: tuple[int, ...],
        author: Author,
    ) -> Hand:
        """Hand ``number`` as its table's phones record it: a trump drawn, the four
        estimates sealed, the hand started, its card points recorded (the demo)."""
        estimates.choose_trump(game, number, None)
        for seat, value in enumerate(sealed):
            estimates.seal_estimate(game, number, seat, value)
        estimates.start_hand(game, number, game.seat_names())
        return estimates.record_points(game, number, cards, form_key=uuid.uuid4(), author=author)


KIND = Differenzler()
