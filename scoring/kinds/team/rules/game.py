"""A game hand by hand: running totals, going out, the winner and Rubicon (RULES.md §6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from scoring.rules.gamefile import GAME_OVER_BEFORE, MAX_GAME_HANDS, TOO_MANY_HANDS
from scoring.rules.problems import Problem, RulesError, gettext_noop
from scoring.rules.ruleset import (
    CARD_POINTS,
    END_FIRST_OUT,
    END_FIXED_HANDS,
    END_WHOLE_HAND,
    Ruleset,
)

from .hand import Hand, HandParts, Pair, check_hand, hand_parts

OUT_FIRST_NEEDED = gettext_noop(
    "both teams cross the target on trick points in this hand: "
    "say which team went out first (0 or 1)"
)

TEAMS_ONLY = gettext_noop("a game of two teams cannot use the differenzler preset")

# How the winner went out: on Stöck, on Weis, on trick points; or, without going
# out, by the higher total after a whole hand or after the fixed number of hands.
OutOn = Literal["stoeck", "weis", "tricks", "total"]


@dataclass(frozen=True)
class HandResult:
    """What a hand counted (in the last hand, only what counted before going out)."""

    points: Pair
    totals: Pair


@dataclass(frozen=True)
class GameResult:
    hands: tuple[HandResult, ...]
    totals: Pair
    over: bool
    winner: int | None
    out_on: OutOn | None
    rubicon: bool
    # a first-out game that ended on trick points without the card points at going
    # out (``Hand.cards_at_out``): the loser's total, and so Rubicon, comes from the
    # whole hand, capped below the target (RULES.md §6)
    estimated: bool = False

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``result`` object (``estimated`` once the game is over)."""
        written = {
            "hands": [{"points": list(h.points), "totals": list(h.totals)} for h in self.hands],
            "totals": list(self.totals),
            "over": self.over,
            "winner": self.winner,
            "rubicon": self.rubicon,
        }
        if self.over:
            written["estimated"] = self.estimated
        return written


def _add(a: Pair, b: Pair) -> Pair:
    return (a[0] + b[0], a[1] + b[1])


@dataclass(frozen=True)
class _Step:
    points: Pair
    winner: int | None = None
    out_on: OutOn | None = None
    needs_out_first: bool = False
    # ``cards_at_out`` was counted: both totals are exact
    exact: bool = False
    # what is wrong with ``cards_at_out`` where the game stands
    at_out_problem: str | None = None


def _before_tricks(hand: Hand) -> str | None:
    return AT_OUT_BEFORE_TRICKS if hand.cards_at_out is not None else None


def _first_out(target: int, totals: Pair, parts: HandParts, hand: Hand) -> _Step:
    """Count a hand Stöck first, then Weis, then tricks, stopping when a team goes out."""
    counted = parts.stoeck
    for team in (0, 1):
        if totals[team] + counted[team] >= target:
            return _Step(counted, team, "stoeck", at_out_problem=_before_tricks(hand))
    counted = _add(counted, parts.weis)
    for team in (0, 1):
        if totals[team] + counted[team] >= target:
            return _Step(counted, team, "weis", at_out_problem=_before_tricks(hand))
    if hand.cards_at_out is not None:
        return _exactly_out(target, totals, parts, hand)
    if hand.cards is None:
        return _Step(parts.points)
    final = _add(totals, parts.points)
    crossed = [team for team in (0, 1) if final[team] >= target]
    if len(crossed) == 2:
        # The table says who crossed first; at that moment the other team had not
        # reached the target, and the rest of the hand does not count: its total
        # is frozen below the target.
        winner = hand.out_first if hand.out_first in (0, 1) else None
        points = parts.points
        if winner is not None:
            loser = 1 - winner
            frozen = min(points[loser], target - 1 - totals[loser])
            points = (frozen, points[1]) if loser == 0 else (points[0], frozen)
        return _Step(points, winner, "tricks", needs_out_first=True)
    if crossed:
        return _Step(parts.points, crossed[0], "tricks")
    return _Step(parts.points)


AT_OUT_NOBODY = gettext_noop(
    "with these card points at going out no team is at the target; give them only "
    "in the hand where a team goes out on trick points"
)
AT_OUT_BOTH = gettext_noop(
    "with these card points at going out both teams are at the target; when the "
    "first went out, the other had not reached it"
)
AT_OUT_OTHER_TEAM = gettext_noop(
    "team {team} went out first, but the card points at going out take team {other} to the target"
)
AT_OUT_BEFORE_TRICKS = gettext_noop(
    "the game ended on Stöck or Weis before a trick counted: no card points at going out"
)
AT_OUT_NOT_FIRST_OUT = gettext_noop(
    "only a game played to a target that ends when a team goes out counts the card "
    "points at going out"
)


def _exactly_out(target: int, totals: Pair, parts: HandParts, hand: Hand) -> _Step:
    """The exact last hand (RULES.md §6): Stöck and Weis, then the card points each
    team had taken when the first went out, times the multiplier."""
    at_out = hand.cards_at_out
    assert at_out is not None
    tricks = (parts.multiplier * at_out[0], parts.multiplier * at_out[1])
    points = _add(_add(parts.stoeck, parts.weis), tricks)
    final = _add(totals, points)
    crossed = [team for team in (0, 1) if final[team] >= target]
    if len(crossed) != 1:
        return _Step(points, at_out_problem=AT_OUT_BOTH if crossed else AT_OUT_NOBODY)
    if hand.out_first is not None and hand.out_first != crossed[0]:
        return _Step(points, at_out_problem=AT_OUT_OTHER_TEAM)
    return _Step(points, crossed[0], "tricks", exact=True)


OUT_FIRST_UNWANTED = gettext_noop(
    "only given when both teams cross the target on trick points in the same "
    "hand of a first-out game; here it must be null"
)
CARDS_MISSING_FIRST_OUT = gettext_noop(
    "the card points are missing: they may be left out only when the game "
    "ended on Stöck or Weis in this hand"
)
CARDS_MISSING = gettext_noop(
    "the card points are missing: they may be left out only in a first-out "
    "game that ended on Stöck or Weis"
)


def _rules_of_the_game(ruleset: Ruleset, hand: Hand, step: _Step, number: int) -> list[Problem]:
    """What a hand breaks given where the game stands (``out_first``, missing cards)."""
    problems: list[Problem] = []
    ended_before_tricks = step.out_on in ("stoeck", "weis")
    if hand.cards_at_out is not None and ruleset.end != END_FIRST_OUT:
        problems.append(Problem("cards_at_out", AT_OUT_NOT_FIRST_OUT, number))
    elif step.at_out_problem is not None:
        params = {"team": hand.out_first, "other": 1 - (hand.out_first or 0)}
        problems.append(Problem("cards_at_out", step.at_out_problem, number, params))
    if hand.cards is None and not ended_before_tricks and hand.cards_at_out is None:
        template = CARDS_MISSING_FIRST_OUT if ruleset.end == END_FIRST_OUT else CARDS_MISSING
        problems.append(Problem("cards", template, number))
    if step.at_out_problem is not None or step.exact:
        pass  # ``out_first`` was checked against the card points at going out
    elif step.needs_out_first and hand.out_first is None:
        problems.append(
            Problem(
                "out_first",
                OUT_FIRST_NEEDED,
                number,
            )
        )
    elif hand.out_first is not None and not step.needs_out_first:
        problems.append(Problem("out_first", OUT_FIRST_UNWANTED, number))
    return problems


def play(ruleset: Ruleset, hands: Sequence[Hand], check: bool = True) -> GameResult:
    """Count a game from its hands: totals, whether it is over, the winner, Rubicon.

    With ``check`` every hand is validated first, and :class:`RulesError` is raised
    listing what is wrong, each problem naming its hand (1-based) and field: a broken
    rule of a hand, a hand after the game was over, a missing or unwanted ``out_first``,
    more than ``MAX_GAME_HANDS`` hands.
    """
    if ruleset.individual:  # counted by its own kind (scoring.kinds.differenzler)
        raise RulesError([Problem("ruleset.preset", TEAMS_ONLY)])
    problems: list[Problem] = []
    results: list[HandResult] = []
    totals: Pair = (0, 0)
    winner: int | None = None
    out_on: OutOn | None = None
    over = False
    exact = False

    for number, hand in enumerate(hands, start=1):
        if check and number > MAX_GAME_HANDS:
            problems.append(Problem("hands", TOO_MANY_HANDS, number, {"most": MAX_GAME_HANDS}))
            break
        if over:
            problems.append(Problem("hands", GAME_OVER_BEFORE, number, {"last": number - 1}))
            break
        if check:
            broken = check_hand(ruleset, hand)
            if broken:
                problems.extend(problem.in_hand(number) for problem in broken)
                break
        parts = hand_parts(ruleset, hand)
        if ruleset.end == END_FIRST_OUT:
            assert ruleset.target is not None
            step = _first_out(ruleset.target, totals, parts, hand)
        else:
            step = _Step(parts.points)
        if check:
            broken = _rules_of_the_game(ruleset, hand, step, number)
            if broken:
                problems.extend(broken)
                break
        totals = _add(totals, step.points)
        results.append(HandResult(step.points, totals))

        if step.winner is not None:
            over, winner, out_on, exact = True, step.winner, step.out_on, step.exact
        elif ruleset.end == END_WHOLE_HAND:
            assert ruleset.target is not None
            if max(totals) >= ruleset.target and totals[0] != totals[1]:
                over, winner, out_on = True, int(totals[1] > totals[0]), "total"
        elif ruleset.end == END_FIXED_HANDS and number == ruleset.hands:
            over, out_on = True, "total"
            winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])

    if problems:
        raise RulesError(problems)
    rubicon = (
        over
        and winner is not None
        and ruleset.target is not None
        and 2 * totals[1 - winner] < ruleset.target
    )
    estimated = over and ruleset.end == END_FIRST_OUT and out_on == "tricks" and not exact
    return GameResult(tuple(results), totals, over, winner, out_on, rubicon, estimated)


COUNT_DECIDES_RUBICON = gettext_noop(
    "the card points at going out decide Rubicon in this hand: give them, or say "
    "that they were not counted and the result is estimated"
)


def count_decides_rubicon(ruleset: Ruleset, result: GameResult) -> bool:
    """Whether the last hand of a game just counted took a team out on trick points
    without the card points at going out, and that count would decide Rubicon
    (RULES.md §6): the loser was below half the target before the hand and the
    whole hand, capped below the target, lifts it to half or more. Then the table
    screen asks for the count before saving (a game file may leave it out)."""
    if not (result.estimated and result.hands and ruleset.target is not None):
        return False
    loser = result.loser
    if loser is None:
        return False
    before = result.hands[-2].totals[loser] if len(result.hands) > 1 else 0
    after = result.totals[loser]
    return 2 * before < ruleset.target <= 2 * after


# Why a correction makes a later hand impossible (RULES.md §6): said of that hand,
# which the scorer did not touch, rather than beside a field of the corrected one.
LATER_HAND = gettext_noop("hand {later} would then be impossible")
LATER_CARDS_MISSING = gettext_noop(
    "hand {later} would then be impossible: its card points were left out because "
    "Stöck or Weis took a team out in it, and they no longer would"
)
LATER_HAND_WHY = {
    GAME_OVER_BEFORE: gettext_noop(
        "hand {later} would then be impossible: the game would already be over after hand {last}"
    ),
    CARDS_MISSING_FIRST_OUT: LATER_CARDS_MISSING,
    CARDS_MISSING: LATER_CARDS_MISSING,
    OUT_FIRST_NEEDED: gettext_noop(
        "hand {later} would then be impossible: both teams would cross the target in it "
        "on trick points, and it does not say which team went out first"
    ),
    OUT_FIRST_UNWANTED: gettext_noop(
        "hand {later} would then be impossible: it says which team went out first, but "
        "both teams would no longer cross the target in it on trick points"
    ),
}


def play_corrected(ruleset: Ruleset, hands: Sequence[Hand], number: int) -> GameResult:
    """Count a game whose hand ``number`` was corrected, as :func:`play` does.

    A problem of a later hand, which only the correction can have caused, is said of
    that hand: field ``hands``, naming it (``later``) and why it would be impossible
    (the game would be over before it, its missing card points or its ``out_first``
    would no longer fit). Problems of the corrected hand are left as they are.
    """
    try:
        return play(ruleset, hands)
    except RulesError as error:
        raise RulesError([_said_of_later(p, number) for p in error.problems]) from None


def _said_of_later(problem: Problem, number: int) -> Problem:
    if problem.hand is None or problem.hand <= number:
        return problem
    template = LATER_HAND_WHY.get(problem.template, LATER_HAND)
    return Problem("hands", template, problem.hand, {**problem.params, "later": problem.hand})


def points_to_go_out(ruleset: Ruleset, totals: Pair) -> tuple[int, int] | None:
    """Points each team still needs to reach the target (``None`` without a target)."""
    if ruleset.target is None:
        return None
    return (max(0, ruleset.target - totals[0]), max(0, ruleset.target - totals[1]))


def matches_made(hands: Sequence[Hand]) -> Pair:
    """How many matches (all nine tricks) each team made in these hands."""
    return (
        sum(1 for hand in hands if hand.match == 0),
        sum(1 for hand in hands if hand.match == 1),
    )


MOST_EXTRA_PER_HAND = 1000  # Weis, Stöck and a match bonus of one hand come nowhere near
TOTALS_NEGATIVE = gettext_noop("totals cannot be negative")
TOO_MANY_MATCHES = gettext_noop("at most {hands} matches in a game of {hands} hands")
TOTALS_WRONG = gettext_noop("{a} + {b} = {sum}, but {hands} hands make {cards}")
TOTALS_WRONG_WITH_WEIS = gettext_noop(
    "{a} + {b} = {sum} does not fit {hands} hands: {cards} card points, and Weis and Stöck in tens"
)


def check_totals(ruleset: Ruleset, totals: Pair, matches: Pair = (0, 0)) -> list[Problem]:
    """What is wrong with the totals of a whole game of a fixed number of hands
    (a tournament's paper score sheet), given how many matches each team made.

    Every hand holds 157 card points, and 100 more for a match when the match bonus
    counts (RULES.md §1, §9); Weis and Stöck, when they count, add tens (§2, §3),
    never more than a hand could hold. No multipliers: the trump of each hand is
    not on the sheet."""
    if ruleset.hands is None:
        raise ValueError("totals are checked for a game of a fixed number of hands")
    hands = ruleset.hands
    if min(totals) < 0:
        return [Problem("totals", TOTALS_NEGATIVE)]
    if min(matches) < 0 or sum(matches) > hands:
        return [Problem("matches", TOO_MANY_MATCHES, params={"hands": hands})]
    cards = hands * CARD_POINTS + ruleset.match_bonus * sum(matches)
    extra = sum(totals) - cards
    params = {"a": totals[0], "b": totals[1], "sum": sum(totals), "hands": hands, "cards": cards}
    if ruleset.weis == "none" and not ruleset.stoeck:
        return [Problem("totals", TOTALS_WRONG, params=params)] if extra else []
    if extra < 0 or extra % 10 or extra > hands * MOST_EXTRA_PER_HAND:
        return [Problem("totals", TOTALS_WRONG_WITH_WEIS, params=params)]
    return []
