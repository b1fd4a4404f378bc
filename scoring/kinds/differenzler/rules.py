"""Différenzler (RULES.md §10): four players each for themselves estimate their card
points before the first card; the difference |estimate − points made| is their score,
and the lowest total after a fixed number of hands wins.

Plain values in, plain values out, as the team game's engine (:mod:`scoring.kinds.team.rules`),
whose rulesets, trumps and problems it shares. The game file's section is read and
written by :mod:`scoring.kinds.differenzler.gamefile`, the statistics figures are
:mod:`scoring.kinds.differenzler.stats`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import GAME_OVER_BEFORE, MAX_GAME_HANDS, TOO_MANY_HANDS
from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int
from scoring.rules.ruleset import CARD_POINTS, DIFFERENZLER, TRUMPS, Ruleset

PRESET = DIFFERENZLER

PLAYERS = 4  # seated counterclockwise, no teams
MAX_ESTIMATE = CARD_POINTS  # an estimate is 0–157
Four = tuple[int, int, int, int]

NOT_FOUR = gettext_noop("must be four whole numbers, one per player in seat order")
OUT_OF_RANGE = gettext_noop("must be a whole number from 0 to {most}, not {value!r}")
CARDS_SUM = gettext_noop("{a} + {b} + {c} + {d} = {sum}, but the cards of a hand make {total}")
NOT_INDIVIDUAL = gettext_noop("a Différenzler game has four players each for themselves")


@dataclass(frozen=True)
class DiffHand:
    """A hand as the game file holds it: the trump, each player's estimate and the card
    points each made, in seat order (game-format.md "Différenzler")."""

    trump: str
    estimates: Four
    cards: Four

    def to_dict(self) -> dict[str, object]:
        return {"trump": self.trump, "estimates": list(self.estimates), "cards": list(self.cards)}


def _four_numbers(values: object) -> bool:
    return (
        isinstance(values, Sequence)
        and not isinstance(values, str)
        and len(values) == PLAYERS
        and all(is_int(v) for v in values)
    )


def check_estimates(estimates: object) -> list[Problem]:
    """What is wrong with four estimates: each a whole number from 0 to 157."""
    if not _four_numbers(estimates):
        return [Problem("estimates", NOT_FOUR)]
    assert isinstance(estimates, Sequence)
    return [
        Problem(f"estimates[{seat}]", OUT_OF_RANGE, params={"most": MAX_ESTIMATE, "value": value})
        for seat, value in enumerate(estimates)
        if not 0 <= value <= MAX_ESTIMATE
    ]


def check_estimate(value: object, seat: int) -> list[Problem]:
    """What is wrong with one player's estimate (their own phone types one)."""
    if is_int(value) and 0 <= value <= MAX_ESTIMATE:  # type: ignore[operator]
        return []
    return [
        Problem(f"estimates[{seat}]", OUT_OF_RANGE, params={"most": MAX_ESTIMATE, "value": value})
    ]


def check_cards(cards: object) -> list[Problem]:
    """What is wrong with the card points of a hand: four whole numbers 0–157 that add up
    to 157 (each player's own tricks, the last trick's 5 included)."""
    if not _four_numbers(cards):
        return [Problem("cards", NOT_FOUR)]
    assert isinstance(cards, Sequence)
    problems = [
        Problem(f"cards[{seat}]", OUT_OF_RANGE, params={"most": CARD_POINTS, "value": value})
        for seat, value in enumerate(cards)
        if not 0 <= value <= CARD_POINTS
    ]
    if not problems and sum(cards) != CARD_POINTS:
        a, b, c, d = cards
        params = {"a": a, "b": b, "c": c, "d": d, "sum": sum(cards), "total": CARD_POINTS}
        problems.append(Problem("cards", CARDS_SUM, params=params))
    return problems


def check_trump(ruleset: Ruleset, trump: object) -> list[Problem]:
    if trump not in TRUMPS:
        return [
            Problem(
                "trump",
                gettext_noop("unknown trump mode {trump!r} (expected one of {trumps})"),
                params={"trump": trump, "trumps": ", ".join(TRUMPS)},
            )
        ]
    if trump not in ruleset.trumps:
        return [
            Problem(
                "trump",
                gettext_noop("{trump} is not allowed in this game ({trumps})"),
                params={"trump": trump, "trumps": ", ".join(ruleset.trumps)},
            )
        ]
    return []


def check_hand(ruleset: Ruleset, hand: DiffHand) -> list[Problem]:
    """Every rule of RULES.md §10 this hand breaks, one problem per field."""
    return (
        check_trump(ruleset, hand.trump) + check_estimates(hand.estimates) + check_cards(hand.cards)
    )


FOURTH_TOO_MANY = gettext_noop(
    "The three card points typed make {sum}, more than the {total} of a hand."
)
TYPE_THREE = gettext_noop("Type the card points of at least three players.")


def fill_cards(cards: Sequence[int | None]) -> Four:
    """Four players' card points from three or four typed: the one left blank is 157
    minus the others, since a hand's cards make 157 (raises :class:`RulesError` when
    two are blank or the three typed make more than 157)."""
    blanks = [seat for seat, value in enumerate(cards) if value is None]
    if len(cards) != PLAYERS or len(blanks) > 1:
        raise RulesError([Problem("cards", TYPE_THREE)])
    typed = sum(value for value in cards if value is not None)
    filled = list(cards)
    if blanks:
        if typed > CARD_POINTS:
            params = {"sum": typed, "total": CARD_POINTS}
            raise RulesError([Problem("cards", FOURTH_TOO_MANY, params=params)])
        filled[blanks[0]] = CARD_POINTS - typed
    return (filled[0], filled[1], filled[2], filled[3])  # type: ignore[return-value]


def differences(hand: DiffHand) -> Four:
    """Each player's score of a valid hand: |estimate − card points made|."""
    e, c = hand.estimates, hand.cards
    return (abs(e[0] - c[0]), abs(e[1] - c[1]), abs(e[2] - c[2]), abs(e[3] - c[3]))


def ranks(totals: Sequence[int]) -> Four:
    """1-based ranks, the lowest total first; equal totals share a rank (1, 2, 2, 4)."""
    r = [1 + sum(1 for other in totals if other < mine) for mine in totals]
    return (r[0], r[1], r[2], r[3])


@dataclass(frozen=True)
class DiffHandResult:
    points: Four  # the four differences of this hand
    totals: Four  # the running sums after it


@dataclass(frozen=True)
class DiffResult:
    """A Différenzler game counted from its hands."""

    hands: tuple[DiffHandResult, ...]
    totals: Four
    over: bool
    ranks: Four
    winner: int | None  # the player ranked 1 alone once the game is over

    rubicon = False  # no Rubicon in Différenzler

    @property
    def leaders(self) -> tuple[int, ...]:
        """The players ranked 1 now (several when their totals are equal)."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @property
    def exact(self) -> Four:
        """How many hands each player estimated exactly (a difference of 0)."""
        counts = [sum(1 for hand in self.hands if hand.points[seat] == 0) for seat in range(4)]
        return (counts[0], counts[1], counts[2], counts[3])

    @property
    def best_hand(self) -> tuple[int | None, ...]:
        """Each player's smallest difference in one hand (``None`` before any hand)."""
        return tuple(
            min((hand.points[seat] for hand in self.hands), default=None) for seat in range(4)
        )

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``result`` object for a Différenzler game."""
        return {
            "hands": [{"points": list(h.points), "totals": list(h.totals)} for h in self.hands],
            "totals": list(self.totals),
            "over": self.over,
            "ranks": list(self.ranks),
            "winner": self.winner,
            "rubicon": False,
        }


def play(ruleset: Ruleset, hands: Sequence[DiffHand], check: bool = True) -> DiffResult:
    """Count a Différenzler game: the differences hand by hand, running totals, ranks and,
    once ``ruleset.hands`` hands are played, the winner (``None`` when the lowest total
    is shared).

    With ``check`` every hand is validated first and :class:`RulesError` lists what is
    wrong, each problem naming its hand (1-based) and field: a broken rule of a hand,
    a hand after the last one, more than ``MAX_GAME_HANDS`` hands.
    """
    if not ruleset.individual:
        raise RulesError([Problem("ruleset.preset", NOT_INDIVIDUAL)])
    last = ruleset.hands or 0
    results: list[DiffHandResult] = []
    totals: Four = (0, 0, 0, 0)
    for number, hand in enumerate(hands, start=1):
        if check and number > MAX_GAME_HANDS:
            raise RulesError([Problem("hands", TOO_MANY_HANDS, number, {"most": MAX_GAME_HANDS})])
        if check and number > last:
            raise RulesError([Problem("hands", GAME_OVER_BEFORE, number, {"last": last})])
        if check:
            broken = check_hand(ruleset, hand)
            if broken:
                raise RulesError([problem.in_hand(number) for problem in broken])
        points = differences(hand)
        totals = (
            totals[0] + points[0],
            totals[1] + points[1],
            totals[2] + points[2],
            totals[3] + points[3],
        )
        results.append(DiffHandResult(points, totals))
    over = len(results) >= last
    ranked = ranks(totals)
    leaders = [seat for seat, rank in enumerate(ranked) if rank == 1]
    winner = leaders[0] if over and len(leaders) == 1 else None
    return DiffResult(tuple(results), totals, over, ranked, winner)


def hands_left(ruleset: Ruleset, played: int) -> int:
    return max(0, (ruleset.hands or 0) - played)


def behind(totals: Sequence[int]) -> Four:
    """How far each player's total is above the lowest: what they must make up on the
    leader in the hands left (0 for the leader)."""
    low = min(totals)
    return (totals[0] - low, totals[1] - low, totals[2] - low, totals[3] - low)


def points_open(ruleset: Ruleset, played: int) -> int:
    """The card points still to be played in the game: 157 a hand left. A player's
    difference can still grow by at most this much (RULES.md §10)."""
    return hands_left(ruleset, played) * CARD_POINTS
