"""The Coiffeur section of the game file (game-format.md "Coiffeur"): the envelope's
fields as every game has them, then the sides, the hands and the result of a sheet.

Plain Python, as :mod:`scoring.rules.gamefile`, whose envelope checks it shares.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import (
    MAX_PLAYER_NAME,
    MAX_TEAM_NAME,
    RESULT_DIFFERS,
    UNKNOWN_FIELD,
    _same,
    _text,
    _unknown,
    game_document,
    hand_list,
    heading,
    read_heading,
)
from scoring.rules.problems import Problem, RulesError, gettext_noop

from . import names, rules, sheet
from .rules import CoiffeurHand, CoiffeurResult
from .sheet import NOT_BOOLEAN, CoiffeurRuleset

FIELDS = ("format", "name", "played_on", "ruleset", "teams", "hands", "result")
SIDE_FIELDS = ("name", "players")
RESULT_FIELDS = ("cells", "totals", "over", "winner", "difference")
SIDES_COUNT = gettext_noop("the ruleset has {expected} sides, so the file needs {expected} teams")
# a side's players: two with two sides (teams); with three, one or two (players alone)
PLAYERS_OF_SIDE = {
    (2,): gettext_noop("must be a list of two players' names"),
    (1, 2): gettext_noop("must be a list of one or two players' names"),
}


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
            **heading(self.name, self.played_on, self.ruleset.to_dict()),
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
            problems.append(Problem(f"{where}.players", PLAYERS_OF_SIDE[sizes]))
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


HAND_FIELDS = ("team", "row", "cards", "match", "counter", "struck", "trump", "chooser", "chibre")


def read_hand(data: object, number: int) -> CoiffeurHand:
    """One hand of the game file's ``hands``, its fields' types checked; its rules are
    checked by :func:`play`. Raises :class:`RulesError` naming the hand and field."""
    if not isinstance(data, Mapping):
        raise RulesError([Problem("hand", gettext_noop("must be an object"), number)])
    problems = [
        Problem(key, UNKNOWN_FIELD, number, {"known": ", ".join(HAND_FIELDS)})
        for key in data
        if key not in HAND_FIELDS and not str(key).startswith("x-")
    ]
    for key in ("team", "row"):
        if key not in data:
            problems.append(Problem(key, gettext_noop("is required"), number))
    for key in ("trump", "chooser"):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > 100):
            problems.append(Problem(key, gettext_noop("must be a text"), number))
    if not isinstance(data.get("chibre", False), bool):
        params = {"value": data.get("chibre")}
        problems.append(Problem("chibre", NOT_BOOLEAN, number, params))
    if problems:
        raise RulesError(problems)
    return CoiffeurHand(
        team=data["team"],
        row=data["row"],
        cards=data.get("cards"),
        match=data.get("match", False),
        counter=data.get("counter", False),
        struck=data.get("struck", False),
        trump=data.get("trump"),
        chooser=data.get("chooser"),
        chibre=data.get("chibre", False),
    )


def read_game(data: object) -> CoiffeurRecord:
    """Read one Coiffeur ``jass-game/1`` document, checking every rule. Raises
    :class:`RulesError`; its first problem is the one to show."""
    data = game_document(data)
    name, played_on = read_heading(data, FIELDS)
    ruleset = sheet.parse_ruleset(data["ruleset"])
    # "Misär" on a free row: read as the format says (scored like a trump) only when the
    # file's own result, cell by cell, shows it was so scored (a sheet started before
    # issue 34, exported)
    misread = names.misread_rows(ruleset)
    given = data.get("result")
    if misread and not (isinstance(given, Mapping) and "cells" in given):
        raise RulesError(misread)
    try:
        return _read_rest(data, name, played_on, ruleset)
    except RulesError as error:
        if not misread:
            raise
        # its result is not what the row scored like a trump makes: meant as misère
        raise RulesError([*misread, *error.problems]) from None


def _read_rest(
    data: Mapping[str, Any], name: str, played_on: dt.date | None, ruleset: CoiffeurRuleset
) -> CoiffeurRecord:
    sides, problems = _read_sides(data.get("teams"), ruleset.teams)
    if sides is None:
        raise RulesError(problems)
    raw_hands = hand_list(data)
    players = {player for side in sides for player in side.players}
    hands: list[CoiffeurHand] = []
    for number, raw in enumerate(raw_hands, start=1):
        hand = read_hand(raw, number)
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
    return CoiffeurRecord(name, played_on, ruleset, sides, tuple(hands))


__all__ = ["CoiffeurRecord", "Side", "read_game", "read_hand"]
