"""The Coiffeur section of the game file (game-format.md "Coiffeur"): the envelope's
fields as every game has them, then the sides, the hands and the result of a sheet.

Plain Python, as :mod:`scoring.rules.gamefile`, whose envelope checks it shares.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules.game import MAX_GAME_HANDS, TOO_MANY_HANDS
from scoring.rules.gamefile import (
    DATE,
    FORMAT,
    MAX_NAME,
    MAX_PLAYER_NAME,
    MAX_TEAM_NAME,
    RESULT_DIFFERS,
    _nested_too_deeply,
    _same,
    _text,
    _unknown,
    too_deep,
)
from scoring.rules.problems import Problem, RulesError, gettext_noop

from . import rules
from .rules import CoiffeurHand, CoiffeurResult, CoiffeurRuleset

FIELDS = ("format", "name", "played_on", "ruleset", "teams", "hands", "result")
SIDE_FIELDS = ("name", "players")
RESULT_FIELDS = ("cells", "totals", "over", "winner", "difference")
SIDES_COUNT = gettext_noop("the ruleset has {expected} sides, so the file needs {expected} teams")
PLAYERS_OF_SIDE = gettext_noop("must be a list of {counts} players' names")


@dataclass(frozen=True)
class Side:
    name: str
    players: tuple[str, ...]  # two, or one in a three-sided game of players alone


@dataclass(frozen=True)
class CoiffeurRecord:
    """A Coiffeur game as the file holds it; its result is always computed."""

    name: str
    played_on: dt.date | None
    ruleset: CoiffeurRuleset
    sides: tuple[Side, ...]
    hands: tuple[CoiffeurHand, ...]

    def result(self) -> CoiffeurResult:
        return rules.play(self.ruleset, self.hands, check=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``jass-game/1`` document with its ``result``."""
        return {
            "format": FORMAT,
            "name": self.name,
            "played_on": self.played_on.isoformat() if self.played_on else None,
            "ruleset": self.ruleset.to_dict(),
            "teams": [{"name": s.name, "players": list(s.players)} for s in self.sides],
            "hands": [hand.to_dict() for hand in self.hands],
            "result": self.result().to_dict(),
        }


def _read_sides(data: object, count: int) -> tuple[tuple[Side, ...] | None, list[Problem]]:
    if not isinstance(data, list) or len(data) != count:
        return None, [Problem("teams", SIDES_COUNT, params={"expected": count})]
    sizes = (2,) if count == 2 else (1, 2)
    problems: list[Problem] = []
    sides: list[Side] = []
    for index, side in enumerate(data):
        where = f"teams[{index}]"
        if not isinstance(side, Mapping):
            return None, [Problem(where, gettext_noop("must be an object with a name and players"))]
        problems += _unknown(side, SIDE_FIELDS, f"{where}.")
        problems += _text(side.get("name"), f"{where}.name", MAX_TEAM_NAME)
        players = side.get("players")
        if not isinstance(players, list) or len(players) not in sizes:
            counts = " or ".join(str(size) for size in sizes)
            problems.append(Problem(f"{where}.players", PLAYERS_OF_SIDE, params={"counts": counts}))
            continue
        for seat, player in enumerate(players):
            problems += _text(player, f"{where}.players[{seat}]", MAX_PLAYER_NAME)
        if not problems:
            names = tuple(player.strip() for player in players)
            sides.append(Side(side["name"].strip(), names))
    if problems:
        return None, problems
    everyone = [player.casefold() for side in sides for player in side.players]
    if len(set(everyone)) != len(everyone):
        return None, [
            Problem(
                "teams", gettext_noop("two players have the same name; give each a distinct one")
            )
        ]
    return tuple(sides), []


def _compare(given: object, computed: CoiffeurResult) -> list[Problem]:
    if not isinstance(given, Mapping):
        return [Problem("result", gettext_noop("must be an object"))]
    problems = _unknown(given, RESULT_FIELDS, "result.")
    if problems:
        return problems
    expected = computed.to_dict()
    for key in RESULT_FIELDS:
        if key in given and not _same(given[key], expected[key]):
            params = {"given": given[key], "computed": expected[key]}
            return [Problem(f"result.{key}", RESULT_DIFFERS, params=params)]
    return []


def read_game(data: object) -> CoiffeurRecord:
    """Read one Coiffeur ``jass-game/1`` document, checking every rule. Raises
    :class:`RulesError`; its first problem is the one to show."""
    if too_deep(data):
        raise _nested_too_deeply()
    if not isinstance(data, Mapping):
        raise RulesError([Problem("format", gettext_noop("a game file is a JSON object"))])
    if data.get("format") != FORMAT:
        params = {"expected": FORMAT, "found": data.get("format")}
        raise RulesError(
            [Problem("format", gettext_noop("must be {expected!r}, not {found!r}"), params=params)]
        )
    problems = _unknown(data, FIELDS, "")
    name = data.get("name", "")
    problems += _text(name, "name", MAX_NAME, required=False)
    played_on = data.get("played_on")
    if played_on is not None:
        if isinstance(played_on, str) and DATE.fullmatch(played_on):
            try:
                played_on = dt.date.fromisoformat(played_on)
            except ValueError:
                played_on = str(played_on)
        if not isinstance(played_on, dt.date):
            params = {"value": played_on}
            template = gettext_noop("must be a date as YYYY-MM-DD, not {value!r}")
            problems.append(Problem("played_on", template, params=params))
    if "ruleset" not in data:
        problems.append(Problem("ruleset", gettext_noop("is required")))
    if problems:
        raise RulesError(problems)
    ruleset = rules.parse_ruleset(data["ruleset"])
    sides, problems = _read_sides(data.get("teams"), ruleset.teams)
    if sides is None:
        raise RulesError(problems)
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list):
        raise RulesError(
            [Problem("hands", gettext_noop("must be a list of hands (it may be empty)"))]
        )
    if len(raw_hands) > MAX_GAME_HANDS:
        raise RulesError(
            [Problem("hands", TOO_MANY_HANDS, MAX_GAME_HANDS + 1, {"most": MAX_GAME_HANDS})]
        )
    players = {player for side in sides for player in side.players}
    hands: list[CoiffeurHand] = []
    for number, raw in enumerate(raw_hands, start=1):
        hand = rules.read_hand(raw, number)
        if hand.chooser is not None and hand.chooser not in players:
            params = {"chooser": hand.chooser}
            template = gettext_noop("{chooser!r} is not one of the players")
            raise RulesError([Problem("chooser", template, number, params)])
        hands.append(hand)
    result = rules.play(ruleset, hands)  # raises on any broken rule of the sheet
    if "result" in data:
        problems = _compare(data["result"], result)
        if problems:
            raise RulesError(problems)
    played = played_on if isinstance(played_on, dt.date) else None
    return CoiffeurRecord(str(name).strip(), played, ruleset, sides, tuple(hands))


__all__ = ["CoiffeurRecord", "Side", "read_game"]
