"""The table screen's one extension point: what another app adds to some games.

A game is scored on the table screen and its hands change through
``scoring.services``. Some games come with more: a tournament table's game has a
trump imposed on each hand, is scored by whoever opened the table's link without an
account, is signed by both sides and, once settled, changed by the director alone.
``scoring`` knows nothing of tournaments: for each game it asks the extra that claims
it (``extra_for``), and an app higher up registers its extra when it starts
(``tournaments.table_extra``, registered in ``TournamentsConfig.ready``). A game no
extra claims gets :class:`TableExtra` itself: an ordinary game, nothing added.

A new kind of game that needs more at the table (another app's tables) subclasses
:class:`TableExtra`, overrides what it needs and calls :func:`register`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Q

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse


# The extras sit below the models, the presenters and the services, which ask them: what
# an extra is handed is named here, not imported (no import circle in scoring).
Game = Any  # scoring.models.Game
HandChange = Any  # scoring.models.HandChange
GameView = Any  # a game's view, as its kind presents it (GameKind.present)
Author = Any  # scoring.services.Author


class TableExtra:
    """What an app adds to the games it claims. Every method has the default of an
    ordinary game; an extra overrides what its games need."""

    #: relations to read with a game (``select_related``), so that ``claims`` and
    #: the rest cost no query: e.g. ``("table__round__tournament",)``
    related: tuple[str, ...] = ()

    #: the games of this extra that lists of a club's games leave out, as a
    #: ``Q`` (a tournament's games are found through the tournament)
    unlisted: Q | None = None

    def claims(self, game: Game) -> bool:
        """Whether ``game`` is one of this extra's games."""
        return False

    def imposed_trump(self, game: Game, number: int) -> str | None:
        """The trump imposed on hand ``number``, or None when the chooser picks it."""
        return None

    def settled(self, game: Game) -> bool:
        """Whether the game's result is settled: from then on only a club admin
        changes its hands, by a correction with a reason."""
        return False

    def title(self, game: Game) -> str | None:
        """The game's name as shown, composed in the reader's language from what the
        extra knows (a tournament table's game: its tournament, pass and table), or
        None to show the name the game keeps (``Game.name``, which its file carries)."""
        return None

    def names_winner(self, game: Game) -> bool:
        """Whether the game's pages name a winner once it is over (a tournament's
        games have none: their points count in the standings, RULES.md §9)."""
        return True

    def held(self, game: Game) -> bool:
        """Whether the game's hands are out of its scorers' hands for now: its result
        settled, or disputed (the tournament director checks it). Then only a club
        admin changes them, and the table's screen offers no correction or undo."""
        return self.settled(game)

    def seats_private(self, game: Game) -> bool:
        """Whether a Différenzler game's seats belong to their players alone: their
        seat links are handed to each player by someone else (a tournament prints
        each on its player's slip), so the table's screen shows no seat codes and
        makes none, and the phone passed round seals a seat's estimate once but
        never changes it: that player's own phone does. An ordinary game's scorer
        shows the codes and may change what the phone passed round sealed."""
        return False

    def version(self, game: Game) -> str:
        """What this extra shows of the game beyond its hands, as text that changes
        when that changes (read from rows already joined with the game)."""
        return ""

    def grants(self, request: HttpRequest, game: Game, needed: str) -> bool:
        """Whether this browser may do what ``needed`` (a club role) allows with the
        game without that role (a link it opened)."""
        return False

    def opened(self, request: HttpRequest, game_id: int) -> HttpResponse | bool | None:
        """Before a view of game ``game_id`` for a browser that is not signed in:
        True to let it in (it opened the game's link), a response to answer instead
        (that link is gone), None when this extra has nothing to say."""
        return None

    def guard_change(self, game: Game, action: str, author: Author) -> Any:
        """Inside the transaction of a change to the hands (``action``: a
        ``HandChange`` action), after the game's row is locked: raise
        ``services.StaleScreen`` or ``services.ReasonNeeded`` to refuse it. What it
        returns is handed to ``after_change``. Every change to a game's hands passes
        here (recorded, corrected, taken back; team and Différenzler games alike), so
        an extra also marks here what follows the hands (a tournament's standings)."""
        return None

    def after_change(
        self,
        guarded: Any,
        before: Any,  # what the game came to, counted by its kind
        after: Any,
        hands: list[Any],  # its hands, as its kind counts them
        change: HandChange,
        author: Author,
    ) -> None:
        """In the same transaction, after a correction was stored (``guarded``: what
        ``guard_change`` returned)."""

    def screen(self, request: HttpRequest, view: GameView, **forms: Any) -> dict[str, Any]:
        """More context for the table screen (the team game's ``scoring/kinds/team/table.html``):
        ``extra_result`` (a template shown instead of the scoreboard and the hand
        form), ``extra_over`` (a template shown under a finished game), and what
        those templates read. ``forms``: refused forms to show again."""
        return {}


_ORDINARY = TableExtra()
_registered: list[TableExtra] = []


def register(extra: TableExtra) -> None:
    """Make ``extra`` answer for the games it claims (once, when its app starts)."""
    if not any(type(known) is type(extra) for known in _registered):
        _registered.append(extra)


def extra_for(game: Game) -> TableExtra:
    """The extra that claims ``game``, or the ordinary one."""
    return next((extra for extra in _registered if extra.claims(game)), _ORDINARY)


def related() -> tuple[str, ...]:
    """The relations every registered extra reads with a game."""
    return tuple(path for extra in _registered for path in extra.related)


def claimed(game: Game) -> bool:
    """Whether an extra claims ``game`` (it is more than an ordinary game)."""
    return extra_for(game) is not _ORDINARY


def unlisted() -> Q:
    """The games that lists of a club's games leave out (``TableExtra.unlisted``)."""
    found = Q(pk__in=[])
    for extra in _registered:
        if extra.unlisted is not None:
            found |= extra.unlisted
    return found


def opened(request: HttpRequest, game_id: int) -> HttpResponse | bool | None:
    """What the registered extras say of a browser not signed in (``TableExtra.opened``)."""
    for extra in _registered:
        answer = extra.opened(request, game_id)
        if answer is not None:
            return answer
    return None
