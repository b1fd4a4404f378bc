"""What Guggitaler's pages show of a game: the sheet of each hand's counts and points,
the running totals, the ranks and the winner (the lowest total), and what the table
screen's script needs to count hands waiting on the phone."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import registry
from scoring.models import Game
from scoring.presenters import HandsSoFar

from .rules import DOMINO, GuggiHand, GuggiResult, GuggiRuleset, play
from .storage import NAME, hands_of, names_of, ruleset_of
from .words import hand_name


def signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


@dataclass(frozen=True)
class HandRow:
    """One hand on the sheet: its number and name, each player's count (or place) and
    the points it charged them."""

    number: int
    category: str
    name: str
    typed: tuple[int, ...]
    points: tuple[str, ...]

    @property
    def cells(self) -> list[tuple[int, str]]:
        return list(zip(self.typed, self.points, strict=True))

    @property
    def text(self) -> str:
        return " · ".join(str(value) for value in self.typed)


@dataclass(frozen=True)
class PlayerTotal:
    seat: int
    name: str
    total: int
    rank: int
    won: bool

    @property
    def total_text(self) -> str:
        return signed(self.total)


@dataclass(frozen=True)
class GuggiView(HandsSoFar):
    """A Guggitaler game as the lists of games and its pages show it."""

    game: Game
    ruleset: GuggiRuleset
    names: tuple[str, ...]
    hands: tuple[GuggiHand, ...]
    result: GuggiResult
    card_template: str = "scoring/kinds/guggitaler/card.html"

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def next_name(self) -> str:
        return hand_name(self.result.next_category)

    @property
    def rows(self) -> list[HandRow]:
        return [
            HandRow(
                number,
                hand.category,
                hand_name(hand.category),
                tuple((hand.places if hand.category == DOMINO else hand.counts) or ()),
                tuple(signed(p) for p in counted.points),
            )
            for number, (hand, counted) in enumerate(
                zip(self.hands, self.result.hands, strict=True), start=1
            )
        ]

    @property
    def totals(self) -> list[PlayerTotal]:
        result = self.result
        return [
            PlayerTotal(seat, name, result.totals[seat], result.ranks[seat], result.winner == seat)
            for seat, name in enumerate(self.names)
        ]

    @property
    def winner(self) -> str | None:
        return None if self.result.winner is None else self.names[self.result.winner]

    @property
    def said(self) -> str:
        """What the game page's status line says when the live poll brings it anew."""
        if not self.hands:
            return ""
        last = self.rows[-1]
        said = _("Hand %(number)s recorded: %(hand)s. Totals %(totals)s.") % {
            "number": last.number,
            "hand": f"{last.name}: {last.text}",
            "totals": " : ".join(total.total_text for total in self.totals),
        }
        return f"{said} {_('Game over.')}" if self.over else said

    @property
    def screen_state(self) -> dict[str, Any]:
        """What the table screen's script needs to count waiting hands on the phone
        (guggitaler_offline.js, offline.js): the ruleset and hands as the game file
        writes them, the players' names, the next hand, when the page was drawn, where a
        hand is sent."""
        kind = registry.named(NAME)
        return {
            "ruleset": self.ruleset.to_dict(),
            "hands": [kind.write_hand(hand) for hand in self.hands],
            "teams": list(self.names),
            "next": len(self.hands) + 1,
            "over": self.over,
            "drawn": int(time.time() * 1000),
            "record": reverse("scoring:guggitaler_record_hand", args=[self.game.pk]),
            "worker": reverse("scoring:service_worker"),
            "draw": _("The lowest total is shared: no winner — waiting to be sent."),
        }


def present(game: Game, hands: list[GuggiHand] | None = None) -> GuggiView:
    """The game (teams, players and hands prefetched; ``hands``: as a service returned
    them)."""
    played = hands_of(game) if hands is None else hands
    ruleset = ruleset_of(game)
    result = play(ruleset, played, check=False)
    return GuggiView(game, ruleset, names_of(game), tuple(played), result)
