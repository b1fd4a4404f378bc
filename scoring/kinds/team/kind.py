"""The team game as the core asks it (``settings.GAME_KINDS``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from scoring.kinds.team import NAME, presenter, rules, storage
from scoring.kinds.team.lines import LINES
from scoring.kinds.team.rules import gamefile
from scoring.kinds.team.rules.gamefile import GameRecord
from scoring.kinds.team.views import games
from scoring.kinds.team.views import table as table_views
from scoring.kinds.team.weis_words import weis_words
from scoring.models import Game, HandChange, Player, PlayerResult
from scoring.registry import (
    PARTNERS,
    TEAMS,
    AtTournaments,
    GameKind,
    HandByHand,
    PaperTotals,
    Spectated,
    StartsBlank,
    TournamentFormat,
)
from scoring.rules import Problem, Ruleset, Team
from scoring.rules.ruleset import TEAM_PRESETS, parse_ruleset


def tournament_ruleset(tournament: Any) -> Ruleset:
    """A tournament table's game (``TournamentFormat.ruleset``): a fixed number of hands,
    every hand worth 157 unless the club switched Weis, Stöck or the match bonus on
    (RULES.md §9); each hand's trump is imposed by the tournament."""
    return parse_ruleset(
        {
            "preset": "tournament",
            "hands": tournament.hands,
            "weis": "small" if tournament.weis else "none",
            "stoeck": tournament.stoeck,
            "match_bonus": 100 if tournament.match_bonus else 0,
        }
    )


TOURNAMENT_FORMATS = (  # ranked by points; tie-breaks: the best pass, matches, a draw
    TournamentFormat("teams", _("teams of two"), TEAMS, tournament_ruleset),
    TournamentFormat(
        "individual", _("individual, new partners every pass"), PARTNERS, tournament_ruleset
    ),
)


class TeamGame(
    GameKind[rules.Hand, GameRecord],
    HandByHand[rules.Hand, rules.GameResult],
    Spectated,
    AtTournaments[rules.Hand, rules.GameResult],
    StartsBlank[Ruleset, GameRecord],
    PaperTotals[Ruleset],
):
    """Two teams of two to a target or a number of hands, recorded hand by hand at the
    table (or its totals from a tournament's paper sheet)."""

    name = NAME
    presets = frozenset(TEAM_PRESETS)
    urls = "scoring.kinds.team.urls"
    start_page = "scoring:new_team"
    label = _("Team game: two teams of two, partners sitting opposite")
    offline_assets = ("js/rules.js", "js/team_offline.js")
    lines = LINES
    tournament_formats = TOURNAMENT_FORMATS

    def read_hand(self, record: Mapping[str, Any]) -> rules.Hand:
        return storage.read_hand(record)

    def write_hand(self, hand: rules.Hand) -> dict[str, Any]:
        return storage.write_hand(hand)

    def ruleset(self, data: object) -> Ruleset:
        return parse_ruleset(data)

    def record(self, game: Game) -> GameRecord:
        return storage.record(game)

    def read_game(self, data: object) -> GameRecord:
        return gamefile.read_game(data)

    def store(
        self, game: Game, record: GameRecord, members: dict[str, Member], *, new_members: bool
    ) -> list[Player]:
        return storage.store(game, record, members, new_members=new_members)

    def result_rows(
        self, game: Game, players: list[Player], stored: GameRecord | None
    ) -> list[PlayerResult]:
        return storage.result_rows(game, players, stored)

    def present(self, game: Game) -> presenter.GameView:
        return presenter.game_view(game)

    def table(
        self, request: HttpRequest, game: Game, status: int = 200, **refused: Any
    ) -> HttpResponse:
        return table_views.team_table(request, game, status, **refused)

    def game_page(self, request: HttpRequest, game: Game) -> HttpResponse:
        return games.team_game_page(request, game)

    def correct_hand(self, request: HttpRequest, game: Game, number: int) -> HttpResponse:
        return table_views.team_correct_hand(request, game, number)

    def history(self, game: Game, changes: list[HandChange]) -> dict[str, Any]:
        """Each team's Weis in words, as the hand form names them (``said_weis``,
        beside the stored kinds)."""
        points = rules.weis_table(game.rules.weis)
        for change in changes:
            for when in ("before", "after"):
                hand = getattr(change, when)
                if hand:
                    weis = hand.get("weis") or [[], []]
                    hand["said_weis"] = [weis_words(entries, points) for entries in weis]
        return {"summary_template": "scoring/kinds/team/hand_summary.html"}

    def play(
        self,
        game: Game,
        hands: list[rules.Hand],
        corrected: int | None = None,
        check: bool = True,
    ) -> rules.GameResult:
        return storage.play(game, hands, corrected, check)

    def hands_changed(
        self, game: Game, hands: list[rules.Hand], result: rules.GameResult | None = None
    ) -> None:
        storage.hands_changed(game, hands, result)

    def spectate(self, request: HttpRequest, game: Game, poll: str) -> HttpResponse:
        return games.spectator_page(request, game, poll)

    def tie_breaks(self, result: rules.GameResult, hands: Sequence[rules.Hand]) -> dict[str, Any]:
        return storage.tie_breaks(result, hands)

    def blank_record(
        self, name: str, played_on: dt.date | None, ruleset: Ruleset, sides: tuple[Team, ...]
    ) -> GameRecord:
        first, second = sides  # a team game's two teams
        return GameRecord(name, played_on, ruleset, (first, second), ())

    def check_totals(
        self, ruleset: Ruleset, totals: tuple[int, int], matches: tuple[int, int]
    ) -> list[Problem]:
        return rules.check_totals(ruleset, totals, matches)


KIND = TeamGame()
