"""The hand being played at a Différenzler table: what anyone there may know of it
(:class:`TableState`), and what every action of the table starts with: the game's row
locked, and the hand checked to be the one being played."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.kinds.differenzler import rules as differenzler
from scoring.kinds.differenzler.models import Estimate, OpenHand
from scoring.models import Game
from scoring.rules import Problem, RulesError
from scoring.services import StaleScreen, lock_game

GAME_OVER = gettext_noop("The game is over: all {hands} hands are played.")


@dataclass(frozen=True)
class TableState:
    """What anyone at the table may know of the hand being played: its number, trump,
    whether it started, and which seats have estimated (never how much)."""

    number: int
    trump: str
    trump_drawn: bool
    started: bool
    estimated: frozenset[int]
    over: bool

    @property
    def all_estimated(self) -> bool:
        return len(self.estimated) == differenzler.PLAYERS

    @property
    def version(self) -> str:
        seats = "".join(str(seat) for seat in sorted(self.estimated))
        return f"{self.number}-{self.trump}-{int(self.started)}-{seats}-{int(self.over)}"


def state(game: Game, played: int | None = None) -> TableState:
    """The hand being played of ``game`` (``played``: its number of hands, if known)."""
    if played is None:
        played = game.hands.count()
    number = played + 1
    over = played >= (game.rules.hands or 0)
    open_hand = OpenHand.objects.filter(game=game, number=number).first()
    estimated = frozenset(
        Estimate.objects.filter(game=game, number=number).values_list("seat", flat=True)
    )
    return TableState(
        number=number,
        trump=open_hand.trump if open_hand else "",
        trump_drawn=bool(open_hand and open_hand.trump_drawn),
        started=bool(open_hand and open_hand.started_at),
        estimated=estimated,
        over=over,
    )


def _locked(game: Game) -> int:
    """Lock the game's row (``services.lock_game``); the number of hands it has, read
    after the lock."""
    lock_game(game)
    return game.hands.count()


def _refuse(template: str, field: str = "", **params: object) -> RulesError:
    return RulesError([Problem(field, template, params=params)])


def _open(game: Game, number: int, played: int) -> OpenHand:
    """The hand being played, checked to be ``number`` and not past the last hand."""
    last = game.rules.hands or 0
    if played >= last:
        raise _refuse(GAME_OVER, hands=last)
    if number != played + 1:
        raise StaleScreen(_("This screen is out of date — here is the game now."))
    open_hand = OpenHand.objects.filter(game=game).first()
    if open_hand is not None and open_hand.number != number:
        open_hand.delete()  # a hand left open before an undo
        open_hand = None
    if open_hand is None:
        open_hand = OpenHand.objects.create(game=game, number=number)
    return open_hand
