"""Game kinds, one package each, behind this one registry (issue 25).

A kind is a package under ``scoring/kinds/``; its ``kind`` module's ``KIND`` is a
:class:`GameKind`: which rulesets are its own, how a hand is kept, and what the core
asks of its games (the game as its rules see it, the game page, the table screen, a
hand's correction, the statistics rows, its own URLs). Its pure rules live in its own
modules, plain Python, on what every kind shares (:mod:`scoring.rules`). The kinds a
site offers are named in ``settings.GAME_KINDS`` and imported from there when first
asked for, so that the core (hands and their history, locks, access, polls, the offline
queue, statistics rows, tournaments) names no kind: it asks :func:`of` for a game's kind
(an import-linter contract keeps it so).

A hand is stored as its game file's record (``Hand.record``, a JSON object), the same
for every kind: the kind reads it (``read_hand``) into the hand its rules count and
writes a hand back (``write_hand``); no kind adds columns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any


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


@dataclass(frozen=True)
class GameKind:
    """A kind of game, as the core asks it. ``Game`` below is ``scoring.models.Game``
    with its teams, players and hands prefetched (``with_everything``)."""

    name: str  # as settings and the code say it ("team", "differenzler", "coiffeur")
    presets: frozenset[str]  # the ruleset presets that are this kind's games
    read_hand: Callable[[Mapping[str, Any]], Any]  # a stored record → the kind's hand
    write_hand: Callable[[Any], dict[str, Any]]  # the kind's hand → its record
    # a ruleset as the game file writes it → the kind's ruleset, checked (``to_dict()``
    # writes it out); raises RulesError naming each field that is wrong
    ruleset: Callable[[Any], Any] | None = None
    # Game → its game file's record (``to_dict()``, ``result()``: over, totals…)
    record: Callable[[Any], Any] | None = None
    # a ``jass-game/1`` document of this kind → its checked record (raises RulesError
    # naming the hand and field); what ``services.import_game`` reads it with
    read_game: Callable[[Any], Any] | None = None
    # (Game just created, its checked record, the club's members by folded name, whether
    # unknown names become members) → its players, with its teams and hands stored: how
    # ``services.store_game`` keeps a game of this kind (a start or an import)
    store: Callable[..., list[Any]] | None = None
    # the URL name of the page that starts a game of this kind, and what the new game
    # page calls it (None: started from the new game page itself, or not by hand)
    start_page: str | None = None
    label: Any = ""
    # the static files its table screen loads besides the core's, which the service
    # worker keeps for a table screen opened offline
    offline_assets: tuple[str, ...] = ()
    # its players' lines on the club's page and a player's page (None: none there)
    lines: KindLines | None = None
    # four players each for themselves, kept as two unnamed "teams" of the seats 0 and
    # 2, 1 and 3 (``Game.seat_names``): what a tournament's table shows of its game
    each_for_themselves: bool = False
    # Game → what the lists of games and the game page show of it
    present: Callable[[Any], Any] | None = None
    # (request, Game, status, **refused forms of the game's extra) → the table screen
    table: Callable[..., Any] | None = None
    # (request, Game) → the game page
    game_page: Callable[..., Any] | None = None
    # (Game, its players, the record it was just stored from or None) → its unsaved
    # ``PlayerResult`` rows, one per player (counted from the record's hands when given,
    # else from the game's, prefetched)
    result_rows: Callable[[Any, list[Any], Any], list[Any]] | None = None
    # (Game, hands, corrected=None, check=True) → what they come to; raises RulesError
    # naming the hand and field (``corrected``: the number of a corrected hand, so that
    # a later hand it makes impossible is named as such)
    play: Callable[..., Any] | None = None
    # (Game, hands, result=None) → None: the game's hands changed (recorded, corrected,
    # taken back), in the same transaction; its statistics rows follow
    hands_changed: Callable[..., None] | None = None
    # (request, Game, hand number) → the page that corrects that hand
    correct_hand: Callable[..., Any] | None = None
    # (Game, its ``HandChange`` rows) → what the changes page shows besides them
    history: Callable[[Any, list[Any]], Mapping[str, Any]] | None = None
    # (request, Game, its live poll's URL) → the game, read-only, for whoever holds a
    # spectator link; a kind without it has no spectator links (a 404)
    spectate: Callable[..., Any] | None = None
    # (its result, its hands) → what a tournament's table keeps of its game besides the
    # totals, for the tie-breaks (a JSON object: a team game's matches, a Différenzler
    # player's exact estimates and best hand)
    tie_breaks: Callable[[Any, Any], dict[str, Any]] | None = None
    # (name, date played or None, its ruleset, its sides: ``scoring.rules.Team``s, each
    # its name and players) → the record of a game with no hand yet, for
    # ``services.start_game`` (a start form, a tournament's table)
    blank_record: Callable[..., Any] | None = None
    # (ruleset, each side's totals, each side's matches) → what is wrong with the
    # totals of a whole game from a paper sheet (a list of ``Problem``; empty: none);
    # a tournament's director enters them (None: a kind scored hand by hand only)
    check_totals: Callable[..., list[Any]] | None = None
    # its own pages: the dotted path of a URL module, included by ``scoring/urls.py``
    # in the ``scoring`` namespace (a string, so the core imports no kind)
    urls: str | None = None
    # What the apps above scoring (tournaments, the demo) do with a kind whose players
    # each have a seat and its own link (Différenzler):
    # (club=, name=, players=, hands=, trumps=, played_on=, suit_style=, form_key=)
    # → a new Game with its seats' links, no hand played yet
    start_game: Callable[..., Any] | None = None
    # (Game, seat, Author) → the seat's new link, the old one closed
    new_seat_link: Callable[[Any, int, Any], Any] | None = None
    # (Game, hand number, the four estimates, the four card points, Author) → the hand
    # played as its table's phones would: the trump drawn, the estimates sealed, the
    # hand started and its card points recorded
    play_hand: Callable[..., Any] | None = None

    def owns(self, ruleset: Mapping[str, Any]) -> bool:
        return ruleset.get("preset") in self.presets

    def asks(self, name: str) -> Callable[..., Any]:
        """What the core asks of this kind's games under ``name`` (a field above);
        :class:`NotOffered` when the kind does not answer it (yet)."""
        found = getattr(self, name)
        if found is None:
            raise NotOffered(f"{self.name} games have no {name}")
        return found  # type: ignore[no-any-return]


class NotOffered(LookupError):
    """A kind's games do not offer what was asked (a page of a kind not built yet):
    the page answers 404."""


@cache
def registered() -> tuple[GameKind, ...]:
    """The kinds of ``settings.GAME_KINDS``, in that order: the first is the kind of a
    ruleset that no kind claims (a game stored before its preset was named)."""
    from django.conf import settings  # type: ignore[import-untyped]

    return tuple(import_module(path).KIND for path in settings.GAME_KINDS)


def of(ruleset: Mapping[str, Any]) -> GameKind:
    """The kind of a game with ``ruleset`` (the game file's, written out)."""
    kinds = registered()
    return next((kind for kind in kinds if kind.owns(ruleset)), kinds[0])


def named(name: str) -> GameKind:
    return next(kind for kind in registered() if kind.name == name)
