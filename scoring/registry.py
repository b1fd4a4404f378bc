"""Game kinds, one package each, behind this one registry (issue 25, typed in issue 36).

A kind is a package under ``scoring/kinds/``; its ``kind`` module's ``KIND`` is an
instance of a :class:`GameKind` subclass: which rulesets are its own, how a hand is
kept, and what the core asks of its games (the game as its rules see it, the game
page, the table screen, a hand's correction, the statistics rows, its own URLs). What
every kind must answer is an abstract method of :class:`GameKind`: a kind that lacks
one cannot be instantiated (a type error for mypy, a ``TypeError`` when its ``kind``
module is imported). What only some kinds offer is one of the capability classes
below it (:class:`HandByHand`, :class:`Spectated`, :class:`AtTournaments`,
:class:`StartsBlank`, :class:`PaperTotals`, :class:`OwnSeats`), which a kind adds to
its bases; the core asks ``isinstance(kind, Spectated)`` before it asks the hook.

Its pure rules live in its own modules, plain Python, on what every kind shares
(:mod:`scoring.rules`). The kinds a site offers are named in ``settings.GAME_KINDS``
and imported from there when first asked for, so that the core (hands and their
history, locks, access, polls, the offline queue, statistics rows, tournaments) names
no kind: it asks :func:`of` for a game's kind (an import-linter contract keeps it so).

A hand is stored as its game file's record (``Hand.record``, a JSON object), the same
for every kind: the kind reads it (``read_hand``) into the hand its rules count and
writes a hand back (``write_hand``); no kind adds columns.
"""

from __future__ import annotations

import datetime as dt
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from scoring.rules.figures import Figure

if TYPE_CHECKING:  # the core's types a hook is handed: named for mypy, not imported
    # (the models and services ask this registry: importing them here would be a circle)
    from django.db.models import Model
    from django.http import HttpRequest, HttpResponse
    from django_stubs_ext import StrOrPromise

    from clubs.models import Club, Member
    from scoring.models import Game, HandChange, Player, PlayerResult
    from scoring.models import Hand as StoredHand
    from scoring.rules import Problem, Team
    from scoring.services.common import Author


class KindRuleset(Protocol):
    """What a kind's ruleset offers the core: its ``preset`` (which kind owns it:
    :attr:`GameKind.presets`) and ``to_dict()``, the game file's ``ruleset`` object,
    which ``GameKind.ruleset`` reads back (kept in ``Game.ruleset``)."""

    @property
    def preset(self) -> str | None: ...

    def to_dict(self) -> dict[str, Any]: ...


class KindHand(Protocol):
    """What a kind's hand offers the core: ``to_dict()``, its game file's record
    (``Hand.record``, and the version a table screen's live poll compares)."""

    def to_dict(self) -> dict[str, Any]: ...


class KindRecord(Protocol):
    """What a kind's game record (a whole game as its game file holds it) offers the
    core: its heading, ``to_dict()`` (the ``jass-game/1`` document, ``export_game``)
    and ``result()`` (what its hands come to: over, totals…)."""

    @property
    def name(self) -> str: ...

    @property
    def played_on(self) -> dt.date | None: ...

    @property
    def ruleset(self) -> KindRuleset: ...

    def to_dict(self) -> dict[str, Any]: ...

    def result(self) -> Any: ...


HandT = TypeVar("HandT", bound=KindHand)  # the hand its rules count
RecordT = TypeVar("RecordT", bound=KindRecord)  # a whole game, as its game file holds it
ResultT = TypeVar("ResultT")  # what its hands come to (``play``, ``record.result()``)
RulesetT = TypeVar("RulesetT", bound=KindRuleset)  # its ruleset, read and checked


@dataclass(frozen=True)
class KindLines:
    """A kind's lines on the club's pages: ``line`` makes a member's line from the sums
    of the member's rows of the kind (a mapping of ``games``, ``finished``, ``wins``,
    ``hands``, ``points``, ``differences``, ``exact`` and, on a player's page,
    ``matches_made``…: what was summed), ``board`` ranks the members who have one (the
    club's members, their lines by member id → standings, best first, each with
    ``member`` and ``line``). The club page shows the ranking with ``board_template``
    (reads ``board``), a player's page the line with ``line_template`` (reads ``line``),
    after ``member_line``, when given, has added what the page shows besides the sums
    (the member's rows of the kind, their line → the line: the team game's partners)."""

    line: Callable[[Mapping[str, Any]], Any]
    board: Callable[[list[Any], dict[int, Any]], list[Any]]
    board_template: str
    line_template: str
    member_line: Callable[[Any, Any], Any] | None = None
    # the kind's own figures, kept in its rows' ``figures`` and summed into the mapping
    # ``line`` reads under their names (``scoring.rules.figures``: no core column)
    figures: tuple[Figure, ...] = ()


# -- How a kind is played as a tournament format (issue 36: tournaments ask the registry,
# not a kind's name). ``GameKind.tournament_formats`` below declares them. -------------

TEAMS, PARTNERS, TABLEMATES = "teams", "partners", "tablemates"  # TournamentFormat.seating


@dataclass(frozen=True)
class TournamentFormat:
    """A tournament format a kind is played in, as ``tournaments`` asks it: what
    ``Tournament.format`` stores, how its passes seat the entries and start each table's
    game, and how its standings rank. What it names (the seatings, the rankings, the
    tie-breaks) is what ``tournaments``' pure modules implement."""

    name: str  # stored in ``Tournament.format`` (at most 12 characters)
    label: Any  # what the tournament's form calls it
    # how a pass seats the entries: TEAMS (an entry is a team of two, drawn against
    # another, Swiss from pass 2), PARTNERS (an entry is a player, new partners every
    # pass: seats 1 and 3 against 2 and 4) or TABLEMATES (an entry is a player, each for
    # themselves at a table of four, new tablemates every pass). TEAMS and PARTNERS
    # start a table's game from its two named sides (``GameKind.blank_record``,
    # ``services.start_game``); TABLEMATES with ``GameKind.start_game`` (a seat and a
    # link each), and each of the four players signs its result
    seating: str
    # Tournament → the ruleset of each table's game, from the tournament's settings
    # (``hands``, ``weis``, ``stoeck``, ``match_bonus``)
    ruleset: Callable[[Any], Any]
    # the tie-breaks its standings allow (``tournaments.standings``' names), and the
    # ones a new tournament of this format starts with
    tie_breaks: tuple[str, ...] = ("best-pass", "matches", "draw")
    default_tie_breaks: tuple[str, ...] = ("best-pass", "matches", "draw")
    # ranked by the lowest total (a difference, ``standings.differenzler_standings``):
    # a bye counts the pass's average, a pass missed its largest; else by points
    # (``standings.standings``), a bye half a game
    lowest_wins: bool = False
    # the tournament's settings this format has not ("weis", "stoeck", "match_bonus",
    # "best_of", "trump_order": then its tables draw each hand's trump), each with the
    # sentence that refuses it when typed; the tournament's form leaves them out
    refused: Mapping[str, Any] = field(default_factory=dict)

    @property
    def of_players(self) -> bool:
        """Whether an entry is one player, not a team of two."""
        return self.seating != TEAMS

    @property
    def each_for_themselves(self) -> bool:
        """Four sides at a table, each a player, who each sign its result."""
        return self.seating == TABLEMATES


# -- end of the tournament formats' block -------------------------------------------------


class GameKind(ABC, Generic[HandT, RecordT]):
    """A kind of game, as the core asks it: subclass it with the kind's hand and
    record types, give its ``name`` and ``presets``, and answer every abstract method.
    ``Game`` below is ``scoring.models.Game`` with its teams, players and hands
    prefetched (``with_everything``).

    Four players each for themselves (Différenzler) are kept as two unnamed "teams" of
    two seats each, seats 0 and 2, then 1 and 3 (``Game.seat_names`` reads them back in
    seat order), and the kind sets ``each_for_themselves``."""

    # -- what it is: required --------------------------------------------------------

    @property
    @abstractmethod
    def name(self) -> str:
        """As settings, the code and its statistics rows say it ("team",
        "differenzler", "coiffeur"): a class attribute, ``name = "coiffeur"``."""

    @property
    @abstractmethod
    def presets(self) -> frozenset[str]:
        """The ruleset presets that are this kind's games (``KindRuleset.preset``): a
        class attribute."""

    # -- what it is: optional, with their defaults -----------------------------------

    #: what the new game page calls it, beside the link to ``start_page``
    label: ClassVar[StrOrPromise] = ""
    #: the URL name of the page that starts a game of this kind, which the new game page
    #: (``scoring:new_game``, the core's) links; None: not started by hand
    start_page: ClassVar[str | None] = None
    #: its own pages: the dotted path of a URL module, included by ``scoring/urls.py``
    #: in the ``scoring`` namespace (a string, so that the core imports no kind)
    urls: ClassVar[str | None] = None
    #: the static files its table screen loads besides the core's, which the service
    #: worker keeps for a table screen opened offline
    offline_assets: ClassVar[tuple[str, ...]] = ()
    #: its players' lines on the club's page and a player's page (None: none there)
    lines: ClassVar[KindLines | None] = None
    #: four players each for themselves, kept as two unnamed "teams" of the seats 0 and
    #: 2, 1 and 3 (``Game.seat_names``): what a tournament's table shows of its game
    each_for_themselves: ClassVar[bool] = False
    #: the tournament formats it is played in (none: not in tournaments), in the order the
    #: tournament's form offers them (:class:`TournamentFormat`). A kind with a format is
    #: :class:`AtTournaments`; for a TEAMS or PARTNERS format it is :class:`StartsBlank`,
    #: for TABLEMATES :class:`OwnSeats`
    tournament_formats: ClassVar[tuple[TournamentFormat, ...]] = ()

    # -- its hands and game file: required -------------------------------------------

    @abstractmethod
    def read_hand(self, record: Mapping[str, Any]) -> HandT:
        """A stored hand (``Hand.record``, checked when it was stored) → the hand its
        rules count."""

    @abstractmethod
    def write_hand(self, hand: HandT) -> dict[str, Any]:
        """A hand → its record (``hand.to_dict()``), as ``read_hand`` reads it back."""

    @abstractmethod
    def ruleset(self, data: object) -> KindRuleset:
        """A ruleset as the game file writes it → the kind's ruleset, checked
        (``to_dict()`` writes it out, as ``Game.ruleset`` keeps it); raises
        ``RulesError`` naming each field that is wrong (the admin checks with it)."""

    @abstractmethod
    def record(self, game: Game) -> RecordT:
        """The game as its game file holds it (``to_dict()``, ``result()``: over,
        totals…): its export, and what the core reads of its result."""

    @abstractmethod
    def read_game(self, data: object) -> RecordT:
        """A ``jass-game/1`` document of this kind → its checked record; raises
        ``RulesError`` naming the hand and field (``services.import_game``)."""

    @abstractmethod
    def store(
        self, game: Game, record: RecordT, members: dict[str, Member], *, new_members: bool
    ) -> list[Player]:
        """Keep ``game`` (just created) as ``record`` has it: its sides as ``Team`` rows,
        up to three, of one or two ``Player``s (``services.store_sides``; ``members``:
        the club's by folded name, and with ``new_members`` an unknown name becomes a
        member) and its hands. Its players, for ``result_rows``: how
        ``services.store_game`` keeps a game of this kind (a start or an import)."""

    @abstractmethod
    def result_rows(
        self, game: Game, players: list[Player], stored: RecordT | None
    ) -> list[PlayerResult]:
        """The game's unsaved ``PlayerResult`` rows, one per player (built with
        ``statistics.row``), counted from ``stored``'s hands when given (the record it
        was just stored from) or else from the game's, prefetched."""

    # -- its pages: required ---------------------------------------------------------

    @abstractmethod
    def present(self, game: Game) -> Any:
        """What the lists of games and the game page show of it (its view; a
        ``card_template`` on it names its card in the lists)."""

    @abstractmethod
    def table(
        self, request: HttpRequest, game: Game, status: int = 200, **refused: Any
    ) -> HttpResponse:
        """The table screen (``status`` 422, with the refused forms of the game's
        extra by name, when one was refused). It includes ``scoring/includes/live.html``
        and ``net_status.html``; its part ``#table`` is what htmx swaps."""

    @abstractmethod
    def game_page(self, request: HttpRequest, game: Game) -> HttpResponse:
        """The game page, read-only, for a member."""

    @abstractmethod
    def correct_hand(self, request: HttpRequest, game: Game, number: int) -> HttpResponse:
        """The page that corrects hand ``number`` (GET shows it, POST corrects)."""

    def history(self, game: Game, changes: list[HandChange]) -> dict[str, Any]:
        """What the changes page shows besides ``changes`` (its ``HandChange`` rows,
        whose ``before`` and ``after`` it may annotate): e.g. ``summary_template``, how
        a hand is written. Default: nothing."""
        return {}

    # -- what the core asks by name --------------------------------------------------

    def owns(self, ruleset: Mapping[str, Any]) -> bool:
        return ruleset.get("preset") in self.presets

    def offers(self, name: str) -> bool:
        """Whether the kind answers ``name`` (a hook or a setting that is not None)."""
        return getattr(self, name, None) is not None

    def asks(self, name: str) -> Callable[..., Any]:
        """The hook ``name`` of this kind (a method above, or of a capability class),
        bound; :class:`NotOffered` when the kind does not offer it. For a page that
        names its hook (``scoring.views.common.kind_page``); the core otherwise calls
        the hook itself, after ``isinstance`` for a capability."""
        found = getattr(self, name, None)
        if found is None:
            raise NotOffered(f"{self.name} games have no {name}")
        return cast("Callable[..., Any]", found)


# -- what only some kinds offer: a kind adds the class to its bases -------------------


class HandByHand(ABC, Generic[HandT, ResultT]):
    """Its hands are recorded, corrected and taken back by the core's services
    (``scoring/services/hands.py``: the history, form keys and the game's row lock),
    and the admin edits them. Without it (Différenzler, whose estimates are sealed at
    its own table) the kind's own services record its hands."""

    @abstractmethod
    def play(
        self, game: Game, hands: list[HandT], corrected: int | None = None, check: bool = True
    ) -> ResultT:
        """What ``hands`` come to in ``game``; with ``check``, raises ``RulesError``
        naming the first broken rule's hand and field (``corrected``: the number of a
        corrected hand, so that a later hand it makes impossible is named as such)."""

    @abstractmethod
    def hands_changed(self, game: Game, hands: list[HandT], result: ResultT | None = None) -> None:
        """The game's hands changed (recorded, corrected, taken back; ``result``: what
        ``play`` made of them, if counted), in the caller's transaction. Must call
        ``scoring.totals.changed(game)`` (the club's monthly and daily totals are
        stale) and update the game's ``PlayerResult`` rows to match ``hands``."""


class Spectated(ABC):
    """Its games are shown to whoever holds a spectator link; a kind without it has no
    spectator links (a 404)."""

    @abstractmethod
    def spectate(self, request: HttpRequest, game: Game, poll: str) -> HttpResponse:
        """The game, read-only, polling ``poll`` (its live poll's URL) for changes."""


class AtTournaments(ABC, Generic[HandT, ResultT]):
    """Its games are played at a tournament's tables."""

    @abstractmethod
    def tie_breaks(self, result: ResultT, hands: Sequence[HandT]) -> dict[str, Any]:
        """What a tournament's table keeps of its game besides the totals, for the
        tie-breaks (a JSON object: a team game's matches, a Différenzler player's exact
        estimates and best hand)."""


class StartsBlank(ABC, Generic[RulesetT, RecordT]):
    """Its games start from named sides (``services.start_game``: a start form, a
    tournament's team table)."""

    @abstractmethod
    def blank_record(
        self, name: str, played_on: dt.date | None, ruleset: RulesetT, sides: tuple[Team, ...]
    ) -> RecordT:
        """The record of a game with no hand yet: ``sides`` are ``scoring.rules.Team``s,
        each its name and players."""


class PaperTotals(ABC, Generic[RulesetT]):
    """A tournament's director may enter the totals of a whole game from a paper sheet
    (without it, a kind is scored hand by hand only)."""

    @abstractmethod
    def check_totals(
        self, ruleset: RulesetT, totals: tuple[int, int], matches: tuple[int, int]
    ) -> list[Problem]:
        """What is wrong with each side's totals and matches (empty: nothing)."""


class OwnSeats(ABC):
    """Each player holds a seat with a link of their own (Différenzler): what the apps
    above scoring (a tournament's tables, the demo) ask of such a kind."""

    @abstractmethod
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
        """A new game with its seats' links, no hand played yet (the same ``form_key``
        sent again gives the game it started the first time)."""

    @abstractmethod
    def new_seat_link(self, game: Game, seat: int, author: Author) -> Model:
        """The seat's new link (its row), the old one closed; what the seat sealed stays."""

    @abstractmethod
    def play_hand(
        self,
        game: Game,
        number: int,
        sealed: Sequence[int],
        cards: tuple[int, ...],
        author: Author,
    ) -> StoredHand:
        """Hand ``number`` played as its table's phones would: the trump drawn, the
        estimates ``sealed``, the hand started and its card points recorded (the demo)."""


class NotOffered(LookupError):
    """A kind's games do not offer what was asked (a page of a kind not built yet):
    the page answers 404."""


@cache
def registered() -> tuple[GameKind[Any, Any], ...]:
    """The kinds of ``settings.GAME_KINDS``, in that order: the first is the kind of a
    ruleset that no kind claims (a game stored before its preset was named)."""
    from django.conf import settings

    kinds = tuple(import_module(path).KIND for path in settings.GAME_KINDS)
    for path, kind in zip(settings.GAME_KINDS, kinds, strict=True):
        if not isinstance(kind, GameKind):
            raise TypeError(f"{path}.KIND is no registry.GameKind")
    return kinds


def of(ruleset: Mapping[str, Any]) -> GameKind[Any, Any]:
    """The kind of a game with ``ruleset`` (the game file's, written out)."""
    kinds = registered()
    return next((kind for kind in kinds if kind.owns(ruleset)), kinds[0])


def named(name: str) -> GameKind[Any, Any]:
    return next(kind for kind in registered() if kind.name == name)


def tournament_formats() -> list[TournamentFormat]:
    """Every kind's tournament formats, the kinds in ``settings.GAME_KINDS`` order."""
    return [form for kind in registered() for form in kind.tournament_formats]


def tournament_format(name: str) -> TournamentFormat:
    """The tournament format stored as ``name`` (:class:`NotOffered` if no kind has it)."""
    found = next((form for form in tournament_formats() if form.name == name), None)
    if found is None:
        raise NotOffered(f"no kind is played as the tournament format {name!r}")
    return found
