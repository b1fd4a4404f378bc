"""The Sidi Barrani section of the game file (game-format.md "Sidi Barrani"): the
envelope's fields as every game has them, then two teams of two, the hands (each the
final contract and what came of it) and the result, read, checked and written whole.

Plain Python, as :mod:`scoring.rules.gamefile`, whose envelope checks it shares.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.kinds.team.rules.gamefile import _read_teams
from scoring.rules.gamefile import (
    RESULT_DIFFERS,
    UNKNOWN_FIELD,
    Team,
    _same,
    _unknown,
    game_document,
    hand_list,
    heading,
    read_heading,
)
from scoring.rules.problems import Problem, RulesError, gettext_noop

from . import rules
from .rules import SidiHand, SidiResult
from .ruleset import SidiRuleset, parse_ruleset

FIELDS = ("format", "name", "played_on", "ruleset", "teams", "hands", "result")
HAND_FIELDS = (
    *("team", "trump", "bid", "double", "cards", "match", "weis", "stoeck", "bidder"),
    *("out_first", "cards_at_out"),
)
RESULT_FIELDS = ("hands", "totals", "over", "winner", "rubicon")
HAND_RESULT_FIELDS = ("points", "totals", "made")
MUST_BE_OBJECT = gettext_noop("must be an object")
HAND_RESULTS_COUNT = gettext_noop(
    "the number of hand results ({given}) is not the number of hands ({count})"
)
HAND_RESULTS_SHAPE = gettext_noop("must be a list of {count} hand results, one for each hand")


@dataclass(frozen=True)
class SidiRecord:
    """A Sidi game as the file holds it; its result is always computed."""

    name: str
    played_on: dt.date | None
    ruleset: SidiRuleset
    teams: tuple[Team, Team]
    hands: tuple[SidiHand, ...]

    def result(self) -> SidiResult:
        return rules.play(self.ruleset, self.hands, check=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``jass-game/1`` document with its ``result``."""
        return {
            **heading(self.name, self.played_on, self.ruleset.to_dict()),
            "teams": [{"name": t.name, "players": list(t.players)} for t in self.teams],
            "hands": [hand.to_dict() for hand in self.hands],
            "result": self.result().to_dict(),
        }


def _pair(value: object) -> Any:
    """A JSON list read as a tuple (what the rules hold); anything else as it is, for the
    rules to refuse."""
    return tuple(value) if isinstance(value, list) else value


def _value(data: Mapping[str, Any], key: str) -> Any:
    """A hand's field as the file gives it, ``None`` when left out: any value, for the
    rules to check."""
    return data.get(key)


def read_hand(data: object, number: int) -> SidiHand:
    """One hand of the game file's ``hands``: an object of the Sidi hand's fields; the
    values are checked by :func:`rules.play`. Raises :class:`RulesError` naming the hand
    and field."""
    if not isinstance(data, Mapping):
        raise RulesError([Problem("hand", MUST_BE_OBJECT, number)])
    unknown = [
        Problem(key, UNKNOWN_FIELD, number, {"known": ", ".join(HAND_FIELDS)})
        for key in data
        if key not in HAND_FIELDS and not str(key).startswith("x-")
    ]
    if unknown:
        raise RulesError(unknown)
    weis = data.get("weis", [[], []])
    if isinstance(weis, list) and all(isinstance(team, list) for team in weis):
        weis = tuple(tuple(team) for team in weis)
    return SidiHand(
        team=_value(data, "team"),
        trump=_value(data, "trump"),
        bid=_value(data, "bid"),
        cards=_pair(data.get("cards")),
        double=data.get("double", 1),
        match=data.get("match"),
        weis=weis,
        stoeck=data.get("stoeck"),
        bidder=data.get("bidder"),
        out_first=data.get("out_first"),
        cards_at_out=data.get("cards_at_out"),
    )


def _compare_hands(given: object, expected: SidiResult) -> list[Problem]:
    hands = expected.hands
    if not isinstance(given, list) or len(given) != len(hands):
        template = HAND_RESULTS_COUNT if isinstance(given, list) else HAND_RESULTS_SHAPE
        count = len(given) if isinstance(given, list) else None
        return [Problem("result.hands", template, params={"given": count, "count": len(hands)})]
    for number, (theirs, mine) in enumerate(zip(given, hands, strict=True), start=1):
        if not isinstance(theirs, Mapping):
            return [Problem("result", MUST_BE_OBJECT, number)]
        unknown = _unknown(theirs, HAND_RESULT_FIELDS, "result.")
        if unknown:
            return [unknown[0].in_hand(number)]
        written = mine.to_dict()
        for key in HAND_RESULT_FIELDS:
            if not _same(theirs.get(key), written[key]):
                params = {"given": theirs.get(key), "computed": written[key]}
                return [Problem(f"result.{key}", RESULT_DIFFERS, number, params)]
    return []


def compare_result(given: object, computed: SidiResult) -> list[Problem]:
    """A file's ``result`` against the hands' own: each hand's ``points``, ``totals``
    and ``made`` (when ``hands`` is given), then the game's fields given."""
    if not isinstance(given, Mapping):
        return [Problem("result", MUST_BE_OBJECT)]
    problems = _unknown(given, RESULT_FIELDS, "result.")
    if problems:
        return problems
    if "hands" in given:
        problems = _compare_hands(given["hands"], computed)
        if problems:
            return problems
    expected = computed.to_dict()
    for key in RESULT_FIELDS[1:]:
        if key in given and not _same(given[key], expected[key]):
            params = {"given": given[key], "computed": expected[key]}
            return [Problem(f"result.{key}", RESULT_DIFFERS, params=params)]
    return []


def read_game(data: object) -> SidiRecord:
    """Read one Sidi ``jass-game/1`` document, checking every rule in game-format.md's
    order: the envelope, the ruleset, ``teams``, the hands in order, ``result``. Raises
    :class:`RulesError`; its first problem is the one to show."""
    data = game_document(data)
    name, played_on = read_heading(data, FIELDS)
    ruleset = parse_ruleset(data["ruleset"])
    teams, problems = _read_teams(data.get("teams"))
    if teams is None:
        raise RulesError(problems)
    raw_hands = hand_list(data)
    hands: list[SidiHand] = []

    def read() -> Iterator[SidiHand]:
        for number, raw in enumerate(raw_hands, start=1):
            hands.append(read_hand(raw, number))
            yield hands[-1]

    players = {player for team in teams for player in team.players}
    result = rules.play(ruleset, read(), players=players)  # raises on any broken rule
    if "result" in data:
        problems = compare_result(data["result"], result)
        if problems:
            raise RulesError(problems)
    return SidiRecord(name, played_on, ruleset, teams, tuple(hands))


__all__ = ["SidiRecord", "compare_result", "read_game", "read_hand"]
