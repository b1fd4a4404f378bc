"""A Schieber game counted in Striche (RULES.md §12, game-format.md "Striche"): the
awards each team earns in a game (Sieg, Berg, Matsch, Kontermatsch, Schneider), computed
from the stored hands; nobody types a Strich.

The game itself is counted by :func:`scoring.kinds.team.rules.game.play` (totals, what
counted in the last hand, the winner, Rubicon); this module reads that count:

- **Berg**: the first team whose total reaches the line ⌈T/2⌉; inside a hand Stöck, then
  Weis (a Weis a match cancels never counted), then trick points, each only as far as it
  counted (the last hand of a first-out game: what counted before going out). When both
  teams reach it on trick points in one hand, the hand's ``berg_first`` says who was first,
  or with ``berg_tie`` ``higher`` the higher total after the hand (equal: ``berg_first``).
- **Matsch** / **Kontermatsch**: a match played out, by the team of the hand's ``chooser``
  or by the other team; a match in a hand where the game ended on Stöck or Weis was never
  played out and gives nothing.
- **Sieg** to the winner of a finished game; **Schneider** to it when the loser is Rubicon
  (§6, ``estimated`` or not). An unfinished game has neither.

Each award is worth the Strich table's value (``Ruleset.striche``); the multiplier of the
trump changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from scoring.rules.problems import Problem, RulesError, gettext_noop, is_int
from scoring.rules.ruleset import Ruleset
from scoring.rules.strichtable import (
    AWARDS,
    BERG_TIES,
    MOST_STRICHE,
    STRICH_FIELDS,
    StrichTable,
    parse_strich_table,
    strich_table,
)

from .game import LATER_HAND, GameResult, play, play_corrected
from .hand import NOT_A_TEAM, Hand, Pair, hand_parts

Players = Sequence[Sequence[str]]  # each team's players' names, team 0 then team 1
MatchKind = Literal["matsch", "kontermatsch"]

# What a game with Striche refuses in a hand (after the team game's checks), by name.
CHOOSER_NEEDED = gettext_noop(
    "a match counts as a Matsch or a Kontermatsch by who chose trump: name the player "
    "who chose (chooser)"
)
CHOOSER_NOT_A_PLAYER = gettext_noop("{chooser!r} is not a player of either team")
BERG_FIRST_NEEDED = gettext_noop(
    "both teams reach the Berg ({line} points) on trick points in this hand: say which "
    "team reached it first (0 or 1)"
)
BERG_FIRST_UNWANTED = gettext_noop(
    "only given in the hand where both teams reach the Berg ({line} points) on trick "
    "points; here it must be null"
)
BERG_FIRST_HIGHER = gettext_noop(
    "the team with the higher total after this hand has the Berg (berg_tie higher): "
    "here it must be null"
)
BERG_FIRST_NO_BERG = gettext_noop("this game counts no Berg (with_berg false): it must be null")
BERG_FIRST_NO_STRICHE = gettext_noop("only given in a game counted in Striche: it must be null")
LATER_BERG_FIRST = gettext_noop(
    "hand {later} would then be impossible: it says which team reached the Berg first, "
    "and no longer should, or should and does not"
)


def berg_line(target: int) -> int:
    """The Berg's line: half the target, rounded up (⌈T/2⌉: 1000 of 2000, 501 of 1001)."""
    return (target + 1) // 2


@dataclass(frozen=True)
class Striche:
    """One team's Striche in a game: each award's value times how often it was earned."""

    sieg: int = 0
    berg: int = 0
    matsch: int = 0
    kontermatsch: int = 0
    schneider: int = 0

    @property
    def total(self) -> int:
        return self.sieg + self.berg + self.matsch + self.kontermatsch + self.schneider

    def to_dict(self) -> dict[str, int]:
        """One team's object of the game file's ``result.striche``."""
        return {
            "berg": self.berg,
            "sieg": self.sieg,
            "matsch": self.matsch,
            "kontermatsch": self.kontermatsch,
            "schneider": self.schneider,
            "total": self.total,
        }


@dataclass(frozen=True)
class MatchMade:
    """A match played out: its hand (1-based), the team that took all nine tricks, and
    whether that team had chosen trump (a Matsch) or not (a Kontermatsch)."""

    hand: int
    team: int
    kind: MatchKind


@dataclass(frozen=True)
class StricheCount:
    """What a game comes to in Striche, with how it came to it.

    ``berg``: the team that has the Berg, and ``berg_hand`` the hand it reached the line
    in (``None`` for both before it, or with ``with_berg`` false); ``tie_hand``: the hand
    where both teams reached the line on trick points, if any (``berg_first`` or the
    higher total decided). ``problems``: the first hand's broken Strich rules (chooser,
    ``berg_first``), empty in a valid game.
    """

    table: StrichTable
    line: int
    teams: tuple[Striche, Striche]
    berg: int | None = None
    berg_hand: int | None = None
    tie_hand: int | None = None
    matches: tuple[MatchMade, ...] = ()
    problems: tuple[Problem, ...] = ()

    def to_list(self) -> list[dict[str, int]]:
        """The game file's ``result.striche``: one object per team."""
        return [team.to_dict() for team in self.teams]

    @property
    def made(self) -> Pair:
        """Each team's total."""
        return (self.teams[0].total, self.teams[1].total)


def _team_of(name: str | None, players: Players) -> int | None:
    if not isinstance(name, str) or not name:
        return None
    teams = [team for team in (0, 1) if name in players[team]]
    return teams[0] if len(teams) == 1 else None


def _add(a: Pair, b: Pair) -> Pair:
    return (a[0] + b[0], a[1] + b[1])


def _sub(a: Pair, b: Pair) -> Pair:
    return (a[0] - b[0], a[1] - b[1])


@dataclass
class _Walk:
    berg: int | None = None
    berg_hand: int | None = None
    tie_hand: int | None = None


def _phases(ruleset: Ruleset, hand: Hand, points: Pair, out_on: str | None) -> list[Pair]:
    """The hand's counted points in the order they count: Stöck, Weis, trick points."""
    parts = hand_parts(ruleset, hand)
    if out_on == "stoeck":
        return [points]
    if out_on == "weis":
        return [parts.stoeck, _sub(points, parts.stoeck)]
    weis = _sub(parts.weis, parts.weis_cancelled)  # a cancelled Weis never counted
    return [parts.stoeck, weis, _sub(_sub(points, parts.stoeck), weis)]


def _berg_problems(
    table: StrichTable, hand: Hand, number: int, tie: bool, decided_by_total: bool, line: int
) -> list[Problem]:
    given = hand.berg_first
    if given is not None and not (is_int(given) and given in (0, 1)):
        return [Problem("berg_first", NOT_A_TEAM, number, {"value": given})]
    if not table.with_berg:
        if given is not None:
            return [Problem("berg_first", BERG_FIRST_NO_BERG, number)]
        return []
    if tie and not decided_by_total and given is None:
        return [Problem("berg_first", BERG_FIRST_NEEDED, number, {"line": line})]
    if given is not None and tie and decided_by_total:
        return [Problem("berg_first", BERG_FIRST_HIGHER, number)]
    if given is not None and not tie:
        return [Problem("berg_first", BERG_FIRST_UNWANTED, number, {"line": line})]
    return []


def _chooser_problems(hand: Hand, number: int, players: Players) -> list[Problem]:
    if hand.chooser is None or hand.chooser == "":
        if hand.match is not None:
            return [Problem("chooser", CHOOSER_NEEDED, number)]
        return []
    if _team_of(hand.chooser, players) is None:
        return [Problem("chooser", CHOOSER_NOT_A_PLAYER, number, {"chooser": hand.chooser})]
    return []


def count_striche(
    ruleset: Ruleset,
    hands: Sequence[Hand],
    players: Players,
    result: GameResult | None = None,
) -> StricheCount | None:
    """Both teams' Striche of a game whose hands :func:`play` accepts (``result``: its
    count, if already made), ``None`` when its ruleset has no Strich table. ``players``:
    each team's players' names (the ``chooser`` is one of them).

    A broken Strich rule (a match without ``chooser``, a missing or unwanted
    ``berg_first``) is not raised here: it is in ``problems``, of the first hand that
    breaks one, and the count goes on as if the hand said nothing (no Matsch without a
    chooser; no Berg on an open tie). :func:`play_striche` raises them.
    """
    table = ruleset.striche
    if table is None:
        return None
    assert ruleset.target is not None  # a Strich table needs a target (parse_ruleset)
    if result is None:
        result = play(ruleset, hands, check=False)
    line = berg_line(ruleset.target)
    walk = _Walk()
    made: list[dict[str, int]] = [dict.fromkeys(AWARDS, 0), dict.fromkeys(AWARDS, 0)]
    matches: list[MatchMade] = []
    problems: list[Problem] = []
    totals: Pair = (0, 0)
    for index, (hand, counted) in enumerate(zip(hands, result.hands, strict=False)):
        number = index + 1
        last = number == len(result.hands)
        out_on = result.out_on if last and result.over else None
        broken = _chooser_problems(hand, number, players)
        tie = decided_by_total = False
        if walk.berg is None and walk.tie_hand is None:
            running = totals
            for phase, points in enumerate(_phases(ruleset, hand, counted.points, out_on)):
                running = _add(running, points)
                reached = [team for team in (0, 1) if running[team] >= line]
                if not reached:
                    continue
                if len(reached) == 1:
                    walk.berg, walk.berg_hand = reached[0], number
                    break
                # both at once: only trick points can do it (one team holds Stöck,
                # one scores Weis), so this is the tricks' phase
                assert phase == 2, (phase, reached)
                tie = True
                after = counted.totals
                if table.berg_tie == "higher" and after[0] != after[1]:
                    decided_by_total = True
                    walk.berg = int(after[1] > after[0])
                elif hand.berg_first in (0, 1) and is_int(hand.berg_first):
                    walk.berg = hand.berg_first
                if walk.berg is not None:
                    walk.berg_hand = number
                walk.tie_hand = number
                break
        broken += _berg_problems(table, hand, number, tie, decided_by_total, line)
        if broken and not problems:
            problems = broken
        totals = counted.totals
        played_out = out_on not in ("stoeck", "weis")
        if hand.match in (0, 1) and played_out:
            chooser = _team_of(hand.chooser, players)
            if chooser is not None:
                kind: MatchKind = "matsch" if chooser == hand.match else "kontermatsch"
                made[hand.match][kind] += getattr(table, kind)
                matches.append(MatchMade(number, hand.match, kind))
    if not table.with_berg:
        walk = _Walk()
    elif walk.berg is not None:
        made[walk.berg]["berg"] = table.berg
    if result.over and result.winner is not None:
        made[result.winner]["sieg"] = table.sieg
        if result.rubicon and table.with_schneider:
            made[result.winner]["schneider"] = table.schneider
    return StricheCount(
        table=table,
        line=line,
        teams=(Striche(**made[0]), Striche(**made[1])),
        berg=walk.berg,
        berg_hand=walk.berg_hand,
        tie_hand=walk.tie_hand,
        matches=tuple(matches),
        problems=tuple(problems),
    )


def game_striche(
    ruleset: Ruleset,
    hands: Sequence[Hand],
    players: Players,
    result: GameResult | None = None,
) -> tuple[Striche, Striche] | None:
    """Both teams' Striche of a valid game (``None`` without a Strich table)."""
    count = count_striche(ruleset, hands, players, result)
    return None if count is None else count.teams


def _without_striche(hands: Sequence[Hand]) -> list[Problem]:
    for number, hand in enumerate(hands, start=1):
        if hand.berg_first is not None:
            return [Problem("berg_first", BERG_FIRST_NO_STRICHE, number)]
    return []


def _striche_problems(
    ruleset: Ruleset, hands: Sequence[Hand], players: Players, result: GameResult
) -> tuple[StricheCount | None, list[Problem]]:
    if ruleset.striche is None:
        return None, _without_striche(hands)
    count = count_striche(ruleset, hands, players, result)
    assert count is not None
    return count, list(count.problems)


def play_striche(
    ruleset: Ruleset,
    hands: Sequence[Hand],
    players: Players,
    *,
    check: bool = True,
    corrected: int | None = None,
) -> tuple[GameResult, StricheCount | None]:
    """:func:`play`, and the Striche when the ruleset counts them.

    With ``check``, :class:`RulesError` names the first broken rule in the order of
    game-format.md: the hands in order, and in a hand the team game's checks, then
    ``chooser``, then ``berg_first`` (also refused in a game without Striche).
    ``corrected``: a corrected hand's number, so that a later hand it makes impossible
    is named as such (:func:`scoring.kinds.team.rules.game.play_corrected`).
    """
    try:
        result = play(ruleset, hands, check=check)
    except RulesError as error:
        first = error.problems[0].hand
        if first is not None and first > 1:
            before = list(hands[: first - 1])
            earlier = play(ruleset, before, check=False)
            _, problems = _striche_problems(ruleset, before, players, earlier)
            if problems:
                raise _said_of_later(problems, corrected) from None
        if corrected is not None:
            play_corrected(ruleset, hands, corrected)  # raises, said of the later hand
        raise
    count, problems = _striche_problems(ruleset, hands, players, result)
    if check and problems:
        raise _said_of_later(problems, corrected)
    return result, count


def _said_of_later(problems: list[Problem], corrected: int | None) -> RulesError:
    if corrected is None:
        return RulesError(problems)
    said = []
    for problem in problems:
        if problem.hand is None or problem.hand <= corrected:
            said.append(problem)
            continue
        template = LATER_BERG_FIRST if problem.field == "berg_first" else LATER_HAND
        said.append(Problem("hands", template, problem.hand, {"later": problem.hand}))
    return RulesError(said)


def berg_tie_open(ruleset: Ruleset, hands: Sequence[Hand], players: Players) -> bool:
    """Whether the last of these hands (accepted by :func:`play`) makes both teams reach
    the Berg line on trick points with nothing but the table to say who was first: the
    hand form then asks ``berg_first``."""
    if ruleset.striche is None or not hands:
        return False
    asked = [*hands[:-1], replace(hands[-1], berg_first=None)]
    count = count_striche(ruleset, asked, players)
    return count is not None and count.tie_hand == len(hands) and count.berg is None


def striche_dict(count: StricheCount | None) -> dict[str, Any]:
    """The ``striche`` key of the game file's ``result`` (nothing without Striche)."""
    return {} if count is None else {"striche": count.to_list()}


__all__ = [
    "AWARDS",
    "BERG_FIRST_HIGHER",
    "BERG_FIRST_NEEDED",
    "BERG_FIRST_NO_BERG",
    "BERG_FIRST_NO_STRICHE",
    "BERG_FIRST_UNWANTED",
    "BERG_TIES",
    "CHOOSER_NEEDED",
    "CHOOSER_NOT_A_PLAYER",
    "MOST_STRICHE",
    "STRICH_FIELDS",
    "MatchMade",
    "StrichTable",
    "Striche",
    "StricheCount",
    "berg_line",
    "berg_tie_open",
    "count_striche",
    "game_striche",
    "parse_strich_table",
    "play_striche",
    "strich_table",
    "striche_dict",
]
