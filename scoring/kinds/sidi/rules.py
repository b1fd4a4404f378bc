"""Sidi Barrani's hands (RULES.md §13, game-format.md "Sidi Barrani"): each is the final
contract (the bidding team, its mode, its bid, doubled or not) and what came of it (the
card points, a match, Weis and Stöck). Made when the bidders' card points reach the bid;
the bid, times the double, goes to the bidders if made, else to the other team. After
the whole hand in which a team reaches the target, the higher total wins.

Plain values in, plain values out, as the rest of the engine: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from scoring.kinds.team.rules.hand import (
    CARDS_MATCH,
    CARDS_NEGATIVE,
    CARDS_SHAPE,
    CARDS_SUM,
    NOT_A_TEAM,
    STOECK_NONE,
    STOECK_SUIT,
    TEAM_CARDS,
    TRUMP_NOT_ALLOWED,
    TRUMP_UNKNOWN,
    WEIS_BOTH,
    WEIS_CARDS,
    WEIS_FOURS,
    WEIS_KIND,
    WEIS_NONE,
    WEIS_SHAPE,
    WEIS_VALUE,
    WeisEntry,
    is_team,
    weis_points,
)
from scoring.kinds.team.rules.weis import (
    FOUR_OF_A_KIND,
    KINDS,
    SEQUENCES,
    card_count,
    weis_table,
    weis_values,
)
from scoring.rules.gamefile import GAME_OVER_BEFORE, MAX_GAME_HANDS, TOO_MANY_HANDS
from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int
from scoring.rules.ruleset import CARD_POINTS, ONE_OF, STOECK_POINTS, SUITS

from .ruleset import MODES, SidiRuleset

Pair = tuple[int, int]

TEAMS: tuple[int, ...] = (0, 1)
CARDS_MISSING = gettext_noop("the card points are missing")
NOT_PLAYED_OUT = gettext_noop("must be null: in Sidi Barrani every hand is played to the end")
BIDDER_NAME = gettext_noop("must be a player's name")
BIDDER_NOT_PLAYER = gettext_noop("{chooser!r} is not one of the four players")


@dataclass(frozen=True)
class SidiHand:
    """A hand as the game file holds it (game-format.md "Sidi Barrani", "a hand").

    ``team`` bid ``bid`` card points in ``trump`` (a suit, obe-abe, unde-ufe or slalom),
    ``double`` 1, 2 (doubled) or 4 (redoubled). ``cards`` are the raw card points of
    team 0 and team 1, last trick included; with a match ``(157, 0)`` or ``(0, 157)``
    and ``match`` the team that took all nine tricks. ``weis`` and ``stoeck`` as in the
    team game. ``bidder`` (a player's name) does not change the score. ``out_first`` and
    ``cards_at_out`` exist only to be refused when a file gives them (a Sidi hand is
    always played out)."""

    team: int
    trump: str
    bid: int
    cards: Pair | None
    double: int = 1
    match: int | None = None
    weis: tuple[tuple[WeisEntry, ...], tuple[WeisEntry, ...]] = field(default=((), ()))
    stoeck: int | None = None
    bidder: str | None = None
    out_first: object = None
    cards_at_out: object = None

    def to_dict(self) -> dict[str, Any]:
        """The game file's hand (``bidder`` only where given)."""
        written: dict[str, Any] = {
            "team": self.team,
            "trump": self.trump,
            "bid": self.bid,
            "double": self.double,
            "cards": None if self.cards is None else list(self.cards),
            "match": self.match,
            "weis": [list(self.weis[0]), list(self.weis[1])],
            "stoeck": self.stoeck,
        }
        if self.bidder is not None:
            written["bidder"] = self.bidder
        return written


@dataclass(frozen=True)
class SidiHandResult:
    """What one hand came to: each team's points, the running totals, and whether the
    bidding team (``team``) made its contract."""

    team: int
    points: Pair
    totals: Pair
    made: bool

    def to_dict(self) -> dict[str, Any]:
        return {"points": list(self.points), "totals": list(self.totals), "made": self.made}


@dataclass(frozen=True)
class SidiResult:
    """A Sidi game counted from its hands."""

    hands: tuple[SidiHandResult, ...]
    totals: Pair
    over: bool
    winner: int | None  # the higher total once over, else None
    rubicon: bool  # over, and the loser under half the target

    @property
    def contracts(self) -> tuple[Pair, Pair]:
        """Per team, its contracts (made, failed)."""
        return (self._contracts(0), self._contracts(1))

    def _contracts(self, team: int) -> Pair:
        made = sum(1 for h in self.hands if h.team == team and h.made)
        failed = sum(1 for h in self.hands if h.team == team and not h.made)
        return (made, failed)

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``result`` object for a Sidi game."""
        return {
            "hands": [hand.to_dict() for hand in self.hands],
            "totals": list(self.totals),
            "over": self.over,
            "winner": self.winner,
            "rubicon": self.rubicon,
        }


def _listed(values: Sequence[object]) -> str:
    return ", ".join(str(value) for value in values)


def _is_list(value: object) -> TypeGuard[Sequence[Any]]:
    return isinstance(value, Sequence) and not isinstance(value, str)


def _kinds_of(entry: WeisEntry, style: str) -> list[str]:
    """The kinds an entry may stand for: a bare number may be several (100 is any run
    of five or more, or four 10s, Qs, Ks or As)."""
    if isinstance(entry, str):
        return [entry]
    return [kind for kind, value in weis_table(style).items() if value == entry]


def _weis_problem(style: str, weis: object) -> Problem | None:
    """The first thing wrong with a hand's Weis (RULES.md §2), in game-format.md's order
    for Sidi: not two lists, any entry where the club plays no Weis, entries for both
    teams, an unknown kind or value, a four-of-a-kind twice, more than 18 cards (the
    team game's own check names both teams before "no Weis", so it is not reused)."""

    def bad(template: str, **params: object) -> Problem:
        return Problem("weis", template, params=params)

    if not _is_list(weis) or len(weis) != 2:
        return bad(WEIS_SHAPE)
    first, second = weis
    if not _is_list(first) or not _is_list(second):
        return bad(WEIS_SHAPE)
    first, second = list(first), list(second)
    entries = first + second
    if not entries:
        return None
    if style == "none":
        return bad(WEIS_NONE)
    if first and second:
        return bad(WEIS_BOTH)
    values = weis_values(style)
    for entry in entries:
        if isinstance(entry, str):
            if entry not in KINDS:
                return bad(WEIS_KIND, kind=entry, kinds=", ".join(KINDS))
        elif not is_int(entry) or entry not in values:
            allowed = ", ".join(str(v) for v in sorted(values))
            return bad(WEIS_VALUE, entry=entry, style=style, allowed=allowed)
    kinds = [_kinds_of(entry, style) for entry in entries]
    fours = [options[0] for options in kinds if len(options) == 1 and options[0] in FOUR_OF_A_KIND]
    if len(set(fours)) != len(fours):
        return bad(WEIS_FOURS)
    if style == "large":  # a card may serve in a four-of-a-kind and a sequence
        kinds = [options for options in kinds if all(kind in SEQUENCES for kind in options)]
    if sum(min(card_count(kind) for kind in options) for options in kinds) > TEAM_CARDS:
        return bad(WEIS_CARDS, cards=TEAM_CARDS)
    return None


def _cards_problem(hand: SidiHand) -> Problem | None:
    cards = hand.cards
    if cards is None:
        return Problem("cards", CARDS_MISSING)
    if not (_is_list(cards) and len(cards) == 2 and all(is_int(c) for c in cards)):
        return Problem("cards", CARDS_SHAPE)
    if min(cards) < 0:
        return Problem("cards", CARDS_NEGATIVE, params={"cards": list(cards)})
    if hand.match is not None:
        if cards[hand.match] != CARD_POINTS or cards[1 - hand.match] != 0:
            expected = [CARD_POINTS, 0] if hand.match == 0 else [0, CARD_POINTS]
            params = {"team": hand.match, "expected": expected, "cards": list(cards)}
            return Problem("cards", CARDS_MATCH, params=params)
    elif sum(cards) != CARD_POINTS:
        params = {"a": cards[0], "b": cards[1], "sum": sum(cards), "total": CARD_POINTS}
        return Problem("cards", CARDS_SUM, params=params)
    return None


def check_hand(
    ruleset: SidiRuleset, hand: SidiHand, players: Collection[str] | None = None
) -> list[Problem]:
    """What is wrong with a hand on its own: [] or the first problem, in game-format.md's
    order (the game being over is the caller's to check). With ``players``, a ``bidder``
    must be one of them."""
    found = _first_problem(ruleset, hand, players)
    return [] if found is None else [found]


def _first_problem(
    ruleset: SidiRuleset, hand: SidiHand, players: Collection[str] | None
) -> Problem | None:
    params: dict[str, object]
    if not (is_int(hand.team) and hand.team in TEAMS):
        return Problem("team", ONE_OF, params={"expected": _listed(TEAMS), "value": hand.team})
    if not (isinstance(hand.trump, str) and hand.trump in MODES):
        params = {"trump": hand.trump, "trumps": _listed(MODES)}
        return Problem("trump", TRUMP_UNKNOWN, params=params)
    if hand.trump not in ruleset.trumps:
        params = {"trump": hand.trump, "trumps": _listed(ruleset.trumps)}
        return Problem("trump", TRUMP_NOT_ALLOWED, params=params)
    if not (is_int(hand.bid) and hand.bid in ruleset.bids):
        return Problem("bid", ONE_OF, params={"expected": _listed(ruleset.bids), "value": hand.bid})
    if not (is_int(hand.double) and hand.double in ruleset.doubles):
        params = {"expected": _listed(ruleset.doubles), "value": hand.double}
        return Problem("double", ONE_OF, params=params)
    if hand.match is not None and not is_team(hand.match):
        return Problem("match", NOT_A_TEAM, params={"value": hand.match})
    broken = _cards_problem(hand) or _weis_problem(ruleset.weis, hand.weis)
    if broken is not None:
        return broken
    if hand.stoeck is not None:
        if not is_team(hand.stoeck):
            return Problem("stoeck", NOT_A_TEAM, params={"value": hand.stoeck})
        if not ruleset.stoeck:
            return Problem("stoeck", STOECK_NONE)
        if hand.trump not in SUITS:
            return Problem("stoeck", STOECK_SUIT, params={"trump": hand.trump})
    for name in ("out_first", "cards_at_out"):
        if getattr(hand, name) is not None:
            return Problem(name, NOT_PLAYED_OUT)
    if hand.bidder is not None:
        if not isinstance(hand.bidder, str):
            return Problem("bidder", BIDDER_NAME)
        if players is not None and hand.bidder not in players:
            return Problem("bidder", BIDDER_NOT_PLAYER, params={"chooser": hand.bidder})
    return None


def card_points(ruleset: SidiRuleset, hand: SidiHand) -> Pair:
    """Each team's card points as the contract counts them: the team named by ``match``
    has the match value (257, or 157), the other 0."""
    assert hand.cards is not None
    if hand.match is None:
        return (hand.cards[0], hand.cards[1])
    return (ruleset.match_value, 0) if hand.match == 0 else (0, ruleset.match_value)


def made(ruleset: SidiRuleset, hand: SidiHand) -> bool:
    """The contract is made when the bidders' card points reach the bid (Weis and Stöck
    never help)."""
    return card_points(ruleset, hand)[hand.team] >= hand.bid


def hand_points(ruleset: SidiRuleset, hand: SidiHand) -> Pair:
    """A valid hand's points per team (RULES.md §13 "A hand's score"): each team its
    card points; d × bid to the bidders if made, else to the other team; then each team
    its Weis (none for the team a match was made against) and Stöck, never multiplied."""
    points = list(card_points(ruleset, hand))
    gets_bid = hand.team if made(ruleset, hand) else 1 - hand.team
    points[gets_bid] += hand.double * hand.bid
    for team in TEAMS:
        if hand.match is None or hand.match == team:
            points[team] += sum(weis_points(entry, ruleset.weis) for entry in hand.weis[team])
        if hand.stoeck == team:
            points[team] += STOECK_POINTS
    return (points[0], points[1])


def is_over(ruleset: SidiRuleset, totals: Pair) -> bool:
    """After a whole hand: a team at or above the target, and the totals differ (equal
    totals play another hand)."""
    return max(totals) >= ruleset.target and totals[0] != totals[1]


def play(
    ruleset: SidiRuleset,
    hands: Iterable[SidiHand],
    check: bool = True,
    players: Collection[str] | None = None,
) -> SidiResult:
    """Count a Sidi game. With ``check`` every hand is validated and :class:`RulesError`
    names the first broken rule's hand (1-based) and field: more hands than a game
    holds, a hand after the game is over, then the hand's own fields in game-format.md's
    order (with ``players``, a ``bidder`` must be one of them). ``hands`` may be read
    as they come (a generator that raises stops the count there)."""
    totals: Pair = (0, 0)
    results: list[SidiHandResult] = []
    over = False
    for number, hand in enumerate(hands, start=1):
        if check:
            if number > MAX_GAME_HANDS:
                params = {"most": MAX_GAME_HANDS}
                raise RulesError([Problem("hands", TOO_MANY_HANDS, number, params)])
            if over:
                raise RulesError([Problem("hands", GAME_OVER_BEFORE, number, {"last": number - 1})])
            broken = check_hand(ruleset, hand, players)
            if broken:
                raise RulesError([problem.in_hand(number) for problem in broken])
        points = hand_points(ruleset, hand)
        totals = (totals[0] + points[0], totals[1] + points[1])
        results.append(SidiHandResult(hand.team, points, totals, made(ruleset, hand)))
        over = is_over(ruleset, totals)
    winner = (0 if totals[0] > totals[1] else 1) if over else None
    rubicon = over and 2 * min(totals) < ruleset.target
    return SidiResult(tuple(results), totals, over, winner, rubicon)


__all__ = [
    "SidiHand",
    "SidiHandResult",
    "SidiResult",
    "SidiRuleset",
    "card_points",
    "check_hand",
    "hand_points",
    "is_over",
    "made",
    "play",
]
