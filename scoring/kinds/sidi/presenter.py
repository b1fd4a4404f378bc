"""What Sidi Barrani's pages show of a game (:class:`SidiView`): the teams' slates and
totals with their contracts made and failed, the winner and Rubicon, every hand's
contract and what came of it, and what the table screen's script needs offline."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.kinds.team.drawing.slate import slate_svg
from scoring.kinds.team.rules.hand import weis_points
from scoring.kinds.team.rules.slate import marks_for
from scoring.models import Game
from scoring.presenters import HandsSoFar
from scoring.suits import TrumpLabel

from . import rules
from .rules import SidiHand, SidiResult
from .ruleset import SidiRuleset
from .storage import hands_of, ruleset_of, teams_of
from .words import DOUBLED, mode_label


@dataclass(frozen=True)
class TeamLine:
    """One team on the slate: its name, players, total, contracts made and failed."""

    index: int
    name: str
    players: tuple[str, ...]
    total: int
    made: int
    failed: int
    won: bool
    slate: SafeString


@dataclass(frozen=True)
class HandRow:
    """One hand as the lists show it."""

    number: int
    team: str  # the bidding team's name
    mode: TrumpLabel
    bid: int
    doubled: str
    made: bool
    cards: tuple[int, int]
    match: str  # the team that made a match, or ""
    weis: tuple[int, int]
    stoeck: str
    points: tuple[int, int]
    totals: tuple[int, int]

    @property
    def contract(self) -> str:
        doubled = f" {self.doubled}" if self.doubled else ""
        return f"{self.team} · {self.mode} {self.bid}{doubled}"


@dataclass(frozen=True)
class SidiView(HandsSoFar):
    """A Sidi Barrani game as the lists of games and its pages show it."""

    game: Game
    ruleset: SidiRuleset
    team_names: tuple[str, str]
    players: tuple[tuple[str, ...], tuple[str, ...]]
    hands: tuple[SidiHand, ...]
    result: SidiResult
    card_template: str = "scoring/kinds/sidi/card.html"

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def winner(self) -> str | None:
        winner = self.result.winner
        return None if winner is None else self.team_names[winner]

    @property
    def rubicon(self) -> bool:
        return self.result.rubicon

    @cached_property
    def teams(self) -> list[TeamLine]:
        lines = []
        for team, name in enumerate(self.team_names):
            total = self.result.totals[team]
            made, failed = self.result.contracts[team]
            label = _("Slate of %(team)s: %(total)s points") % {"team": name, "total": total}
            svg = slate_svg(marks_for(total), label=label)
            lines.append(
                TeamLine(
                    team,
                    name,
                    self.players[team],
                    total,
                    made,
                    failed,
                    self.result.winner == team,
                    mark_safe(svg),  # slate_svg escapes every text
                )
            )
        return lines

    @cached_property
    def hand_rows(self) -> list[HandRow]:
        rows = []
        style = self.ruleset.weis
        for number, (hand, counted) in enumerate(
            zip(self.hands, self.result.hands, strict=True), 1
        ):
            cards = rules.card_points(self.ruleset, hand)
            weis = tuple(
                sum(weis_points(entry, style) for entry in hand.weis[team])
                if hand.match is None or hand.match == team
                else 0
                for team in (0, 1)
            )
            rows.append(
                HandRow(
                    number=number,
                    team=self.team_names[hand.team],
                    mode=mode_label(hand.trump, self.game.suit_style),
                    bid=hand.bid,
                    doubled=str(DOUBLED[hand.double]),
                    made=counted.made,
                    cards=(cards[0], cards[1]),
                    match="" if hand.match is None else self.team_names[hand.match],
                    weis=(weis[0], weis[1]),
                    stoeck="" if hand.stoeck is None else self.team_names[hand.stoeck],
                    points=counted.points,
                    totals=counted.totals,
                )
            )
        return rows

    @property
    def said(self) -> str:
        """What the game page's polite status line says when the live poll brings it
        anew: the last hand and the totals, and when the game is over."""
        if not self.hands:
            return ""
        last = self.hand_rows[-1]
        made = _("made") if last.made else _("failed")
        said = _("Hand %(number)s recorded: %(hand)s. Totals %(totals)s.") % {
            "number": last.number,
            "hand": f"{last.contract}, {made}",
            "totals": " : ".join(str(total) for total in self.result.totals),
        }
        return f"{said} {_('Game over.')}" if self.over else said

    @property
    def screen_state(self) -> dict[str, Any]:
        """What the table screen's script needs to count waiting hands on the phone
        (sidi_offline.js with sidi.js, offline.js): the ruleset and the hands as the
        game file writes them, the teams' names, the next hand, when the page was drawn
        (milliseconds; the newer of two kept copies wins), where a hand is sent."""
        return {
            "ruleset": self.ruleset.to_dict(),
            "hands": [hand.to_dict() for hand in self.hands],
            "teams": list(self.team_names),
            "players": [name for team in self.players for name in team],
            "totals": list(self.result.totals),
            "next": self.next_number,
            "over": self.over,
            "drawn": int(time.time() * 1000),
            "record": reverse("scoring:sidi_record_hand", args=[self.game.pk]),
            "worker": reverse("scoring:service_worker"),
            "made": _("made"),
            "failed": _("failed"),
        }


def present(game: Game, hands: list[SidiHand] | None = None) -> SidiView:
    """The game (teams, players and hands prefetched; ``hands``: as a service returned
    them)."""
    played = hands_of(game) if hands is None else hands
    ruleset = ruleset_of(game)
    teams = teams_of(game)
    result = rules.play(ruleset, played, check=False)
    return SidiView(
        game=game,
        ruleset=ruleset,
        team_names=(teams[0].name, teams[1].name),
        players=(teams[0].players, teams[1].players),
        hands=tuple(played),
        result=result,
    )
