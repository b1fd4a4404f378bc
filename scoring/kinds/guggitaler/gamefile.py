"""Guggitaler's section of the game file ``jass-game/1`` (game-format.md "Guggitaler"):
three or four ``players`` instead of teams, hands of counts and the domino's places, and
the result. The envelope (format, name, date, ruleset, hands) is read as every kind's, by
:mod:`scoring.rules.gamefile`. Plain Python."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import (
    MAX_PLAYER_NAME,
    RESULT_DIFFERS,
    UNKNOWN_FIELD,
    _compare_hands,
    _same,
    _text,
    _unknown,
    game_document,
    hand_list,
    heading,
    read_heading,
)
from scoring.rules.problems import Problem, RulesError, gettext_noop

from . import rules
from .rules import GuggiHand, GuggiResult
from .ruleset import GuggiRuleset, parse_ruleset

FIELDS = ("format", "name", "played_on", "ruleset", "players", "teams", "hands", "result")
HAND_FIELDS = ("category", "counts", "places", "trump", "weis", "stoeck", "match", "cards")
# A Guggitaler hand has no Weis, Stöck, match or card points: only their empty values.
EMPTY: dict[str, tuple[object, ...]] = {
    "weis": ([], [[], []]),
    "stoeck": (None,),
    "match": (None,),
    "cards": (None,),
}
PLAYERS_LIST = gettext_noop("must be a list of {count} players' names, in seat order")
SAME_NAME = gettext_noop("two players have the same name; give each a distinct one")
NO_TEAMS = gettext_noop("a Guggitaler game has players each for themselves, no teams")
NOT_OBJECT = gettext_noop("must be an object")
NONE_HERE = gettext_noop("a Guggitaler hand has none")


@dataclass(frozen=True)
class GuggiRecord:
    """A Guggitaler game as the file holds it; its result is always computed."""

    name: str
    played_on: dt.date | None
    ruleset: GuggiRuleset
    players: tuple[str, ...]
    hands: tuple[GuggiHand, ...]

    def result(self) -> GuggiResult:
        return rules.play(self.ruleset, self.hands, check=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``jass-game/1`` document with its ``result``."""
        return {
            **heading(self.name, self.played_on, self.ruleset.to_dict()),
            "players": list(self.players),
            "hands": [hand.to_dict() for hand in self.hands],
            "result": self.result().to_dict(),
        }


def _read_players(data: object, count: int) -> tuple[tuple[str, ...] | None, list[Problem]]:
    if not isinstance(data, list) or len(data) != count:
        return None, [Problem("players", PLAYERS_LIST, params={"count": count})]
    problems: list[Problem] = []
    for seat, player in enumerate(data):
        problems += _text(player, f"players[{seat}]", MAX_PLAYER_NAME)
    if problems:
        return None, problems
    names = tuple(player.strip() for player in data)
    if len({name.casefold() for name in names}) != len(names):
        return None, [Problem("players", SAME_NAME)]
    return names, []


def _listed(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def check_hand_data(
    ruleset: GuggiRuleset, number: int, data: object
) -> tuple[GuggiHand | None, list[Problem]]:
    """Hand ``number`` (1-based) of the file's ``hands`` after the ones before it: the
    hand, or the first problem of game-format.md's order naming the hand and field (the
    rules of :func:`rules.check_hand`, then Weis, Stöck, match, card points that are not
    empty, then a field a Guggitaler hand does not have)."""
    if number > ruleset.hands:
        return None, rules.check_hand(ruleset, number, GuggiHand(rules.DOMINO))
    if not isinstance(data, Mapping):
        return None, [Problem("hand", NOT_OBJECT, number)]
    hand = GuggiHand(
        category=data.get("category"),  # type: ignore[arg-type]  # checked by the rules
        counts=_listed(data.get("counts")),  # type: ignore[arg-type]
        places=_listed(data.get("places")),  # type: ignore[arg-type]
        trump=data.get("trump"),
    )
    problems = rules.check_hand(ruleset, number, hand)
    if problems:
        return None, problems
    for key, empty in EMPTY.items():
        if key in data and not any(_same(data[key], value) for value in empty):
            return None, [Problem(key, NONE_HERE, number)]
    unknown = [
        Problem(str(key), UNKNOWN_FIELD, number, {"known": ", ".join(HAND_FIELDS)})
        for key in data
        if key not in HAND_FIELDS and not str(key).startswith("x-")
    ]
    if unknown:
        return None, unknown[:1]
    return hand, []


def read_hand(ruleset: GuggiRuleset, number: int, data: object) -> GuggiHand:
    """Hand ``number`` of the file after the ones before it, or :class:`RulesError`."""
    hand, problems = check_hand_data(ruleset, number, data)
    if hand is None:
        raise RulesError(problems)
    return hand


def _compare(given: object, computed: GuggiResult) -> list[Problem]:
    if not isinstance(given, Mapping):
        return [Problem("result", NOT_OBJECT)]
    expected = computed.to_dict()
    problems = _unknown(given, tuple(expected), "result.")
    if problems:
        return problems
    problems = _compare_hands(given, expected["hands"])
    if problems:
        return problems
    for key, value in expected.items():
        if key != "hands" and key in given and not _same(given[key], value):
            params = {"given": given[key], "computed": value}
            return [Problem(f"result.{key}", RESULT_DIFFERS, params=params)]
    return []


def read_game(data: object) -> GuggiRecord:
    """Read one Guggitaler ``jass-game/1`` document, checking every rule in
    game-format.md's order: the ruleset, the players, the hands in order, the result.
    Raises :class:`RulesError`; its first problem is the one to show. Unknown ``x-…``
    keys are ignored; any other unknown key is refused."""
    data = game_document(data)
    name, played_on = read_heading(data, FIELDS)
    ruleset = parse_ruleset(data["ruleset"])
    players, problems = _read_players(data.get("players"), ruleset.players)
    if players is None:
        raise RulesError(problems)
    if "teams" in data:
        raise RulesError([Problem("teams", NO_TEAMS)])
    hands = tuple(
        read_hand(ruleset, number, raw) for number, raw in enumerate(hand_list(data), start=1)
    )
    result = rules.play(ruleset, hands, check=False)
    if "result" in data:
        problems = _compare(data["result"], result)
        if problems:
            raise RulesError(problems)
    return GuggiRecord(name, played_on, ruleset, players, hands)


def write_game(record: GuggiRecord) -> dict[str, Any]:
    """The ``jass-game/1`` document of a game, with its ``result``."""
    return record.to_dict()


__all__ = ["GuggiRecord", "check_hand_data", "read_game", "read_hand", "write_game"]
