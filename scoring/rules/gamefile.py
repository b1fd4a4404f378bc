"""The game file ``jass-game/1`` (game-format.md): read it checked, write it whole."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .game import MAX_GAME_HANDS, TOO_MANY_HANDS, GameResult, play
from .hand import Hand
from .problems import Problem, RulesError, gettext_noop
from .ruleset import Ruleset, parse_ruleset

FORMAT = "jass-game/1"
MAX_NAME = 200  # a game's name
MAX_TEAM_NAME = 100
MAX_PLAYER_NAME = 100
# A game file nests five levels deep (the game, its hands, a hand, its Weis, a team's
# Weis); ``x-…`` keys get room to spare. Python's own JSON reader gives up near 1000.
MAX_DEPTH = 32
NOT_JSON = gettext_noop("not valid JSON ({reason})")
TOO_DEEP = gettext_noop("not a game file: nested more than {most} levels deep")

GAME_FIELDS = ("format", "name", "played_on", "ruleset", "teams", "hands", "result")
TEAM_FIELDS = ("name", "players")
HAND_FIELDS = ("trump", "cards", "match", "weis", "stoeck", "out_first", "chooser", "chibre")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
UNKNOWN_FIELD = gettext_noop("unknown field (expected one of {known})")
RESULT_DIFFERS = gettext_noop("the file says {given!r}, the hands give {computed!r}")
RESULT_FIELDS = ("hands", "totals", "over", "winner", "rubicon")


def heading(name: str, played_on: dt.date | None, ruleset: dict[str, Any]) -> dict[str, Any]:
    """The first fields of a ``jass-game/1`` document, as every game kind writes them."""
    return {
        "format": FORMAT,
        "name": name,
        "played_on": played_on.isoformat() if played_on else None,
        "ruleset": ruleset,
    }


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[str, str]


@dataclass(frozen=True)
class GameRecord:
    """A game as the file holds it; its result is always computed from the hands."""

    name: str
    played_on: dt.date | None
    ruleset: Ruleset
    teams: tuple[Team, Team]
    hands: tuple[Hand, ...]

    def result(self) -> GameResult:
        return play(self.ruleset, self.hands, check=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``jass-game/1`` document with its ``result``."""
        return {
            **heading(self.name, self.played_on, self.ruleset.to_dict()),
            "teams": [{"name": t.name, "players": list(t.players)} for t in self.teams],
            "hands": [hand.to_dict() for hand in self.hands],
            "result": self.result().to_dict(),
        }


def too_deep(data: object) -> bool:
    """Whether lists and objects nest more than ``MAX_DEPTH`` levels (counted without
    recursion, so that no depth breaks the count)."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, Mapping):
            children: Any = value.values()
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _nested_too_deeply() -> RulesError:
    return RulesError([Problem("json", TOO_DEEP, params={"most": MAX_DEPTH})])


def loads(text: str) -> object:
    """The JSON value of a game file's text, for :func:`read_game`.

    Raises :class:`RulesError` (field ``json``) when the text is not JSON, or nests
    lists and objects more than ``MAX_DEPTH`` levels deep (``[[[[…`` would otherwise
    exhaust Python's stack).
    """
    try:
        data = json.loads(text)
    except RecursionError:
        raise _nested_too_deeply() from None
    except json.JSONDecodeError as error:
        reason = f"{error.msg} at line {error.lineno} column {error.colno}"
        raise RulesError([Problem("json", NOT_JSON, params={"reason": reason})]) from None
    except ValueError as error:  # e.g. a number of more than 4300 digits
        raise RulesError([Problem("json", NOT_JSON, params={"reason": str(error)})]) from None
    if too_deep(data):
        raise _nested_too_deeply()
    return data


def _unknown(data: Mapping[str, Any], known: tuple[str, ...], prefix: str) -> list[Problem]:
    return [
        Problem(f"{prefix}{key}", UNKNOWN_FIELD, params={"known": ", ".join(known)})
        for key in data
        if key not in known and not str(key).startswith("x-")
    ]


def _text(value: object, field: str, limit: int, required: bool = True) -> list[Problem]:
    if not isinstance(value, str):
        return [Problem(field, gettext_noop("must be a text"))]
    if required and not value.strip():
        return [Problem(field, gettext_noop("must not be empty"))]
    if len(value) > limit:
        return [
            Problem(
                field, gettext_noop("is longer than {limit} characters"), params={"limit": limit}
            )
        ]
    return []


def _read_teams(data: object) -> tuple[tuple[Team, Team] | None, list[Problem]]:
    if not isinstance(data, list) or len(data) != 2:
        return None, [Problem("teams", gettext_noop("must be a list of two teams"))]
    problems: list[Problem] = []
    teams: list[Team] = []
    for index, team in enumerate(data):
        where = f"teams[{index}]"
        if not isinstance(team, Mapping):
            return None, [Problem(where, gettext_noop("must be an object with a name and players"))]
        problems += _unknown(team, TEAM_FIELDS, f"{where}.")
        problems += _text(team.get("name"), f"{where}.name", MAX_TEAM_NAME)
        players = team.get("players")
        if not isinstance(players, list) or len(players) != 2:
            problems.append(
                Problem(f"{where}.players", gettext_noop("must be a list of two players' names"))
            )
            continue
        for seat, player in enumerate(players):
            problems += _text(player, f"{where}.players[{seat}]", MAX_PLAYER_NAME)
        if not problems:
            teams.append(Team(team["name"].strip(), (players[0].strip(), players[1].strip())))
    if problems:
        return None, problems
    names = [p for team in teams for p in team.players]
    if len(set(names)) != len(names):
        return None, [
            Problem(
                "teams", gettext_noop("two players have the same name; give each a distinct one")
            )
        ]
    return (teams[0], teams[1]), []


def _read_hand(data: object, number: int, players: set[str]) -> tuple[Hand | None, list[Problem]]:
    if not isinstance(data, Mapping):
        return None, [Problem("hand", gettext_noop("must be an object"), number)]
    problems = [problem.in_hand(number) for problem in _unknown(data, HAND_FIELDS, "")]
    for key in ("trump", "cards"):
        if key not in data:
            problems.append(Problem(key, gettext_noop("is required"), number))
    chooser = data.get("chooser")
    if chooser is not None and (not isinstance(chooser, str) or chooser not in players):
        problems.append(
            Problem(
                "chooser",
                gettext_noop("{chooser!r} is not one of the four players"),
                number,
                {"chooser": chooser},
            )
        )
    if problems:
        return None, problems
    cards, weis = data["cards"], data.get("weis", [[], []])
    if isinstance(cards, list):
        cards = tuple(cards)
    if isinstance(weis, list) and all(isinstance(team, list) for team in weis):
        weis = tuple(tuple(team) for team in weis)
    hand = Hand(
        trump=data["trump"],
        cards=cards,
        match=data.get("match"),
        weis=weis,
        stoeck=data.get("stoeck"),
        out_first=data.get("out_first"),
        chooser=chooser,
        chibre=data.get("chibre", False),
    )
    return hand, []


def _same(given: object, computed: object) -> bool:
    """Equal as JSON values: ``true`` is not ``1`` and ``185.0`` is not ``185``."""
    return json.dumps(given, sort_keys=True) == json.dumps(computed, sort_keys=True)


def _compare_hands(given: Mapping[str, Any], expected: list[dict[str, Any]]) -> list[Problem]:
    """The file's ``result.hands`` (when given) against the hands' own results: each
    hand's ``points`` and ``totals``, the first that differs named by its hand."""
    if "hands" not in given:
        return []
    hands = given["hands"]
    if not isinstance(hands, list) or len(hands) != len(expected):
        template = (
            gettext_noop(
                "the number of hand results ({given}) is not the number of hands ({count})"
            )
            if isinstance(hands, list)
            else gettext_noop("must be a list of {count} hand results, one for each hand")
        )
        count = len(hands) if isinstance(hands, list) else None
        return [Problem("result.hands", template, params={"given": count, "count": len(expected)})]
    for number, (mine, theirs) in enumerate(zip(expected, hands, strict=True), 1):
        if not isinstance(theirs, Mapping):
            return [
                Problem("result", gettext_noop("must be an object with points and totals"), number)
            ]
        unknown = _unknown(theirs, ("points", "totals"), "result.")
        if unknown:
            return [unknown[0].in_hand(number)]
        for key in ("points", "totals"):
            if not _same(theirs.get(key), mine[key]):
                params = {"given": theirs.get(key), "computed": mine[key]}
                return [Problem(f"result.{key}", RESULT_DIFFERS, number, params)]
    return []


def _compare_result(given: object, computed: GameResult) -> list[Problem]:
    if not isinstance(given, Mapping):
        return [Problem("result", gettext_noop("must be an object"))]
    problems = _unknown(given, RESULT_FIELDS, "result.")
    if problems:
        return problems
    expected = computed.to_dict()
    problems = _compare_hands(given, expected["hands"])
    if problems:
        return problems
    for key in RESULT_FIELDS[1:]:
        if key in given and not _same(given[key], expected[key]):
            return [
                Problem(
                    f"result.{key}",
                    RESULT_DIFFERS,
                    params={"given": given[key], "computed": expected[key]},
                )
            ]
    return []


def game_document(data: object) -> Mapping[str, Any]:
    """A ``jass-game/1`` document as an object, or :class:`RulesError` saying why not."""
    if too_deep(data):
        raise _nested_too_deeply()
    if not isinstance(data, Mapping):
        raise RulesError([Problem("format", gettext_noop("a game file is a JSON object"))])
    if data.get("format") != FORMAT:
        found = data.get("format")
        raise RulesError(
            [
                Problem(
                    "format",
                    gettext_noop("must be {expected!r}, not {found!r}"),
                    params={"expected": FORMAT, "found": found},
                )
            ]
        )
    return data


def read_heading(data: Mapping[str, Any], fields: tuple[str, ...]) -> tuple[str, dt.date | None]:
    """The document's name and date, every game kind alike, after refusing a field not
    among ``fields`` and a missing ruleset (:class:`RulesError` lists them all)."""
    problems = _unknown(data, fields, "")
    name = data.get("name", "")
    problems += _text(name, "name", MAX_NAME, required=False)
    played_on = data.get("played_on")
    if played_on is not None:
        try:
            if not isinstance(played_on, str) or not DATE.fullmatch(played_on):
                raise ValueError
            played_on = dt.date.fromisoformat(played_on)
        except ValueError:
            problems.append(
                Problem(
                    "played_on",
                    gettext_noop("must be a date as YYYY-MM-DD, not {value!r}"),
                    params={"value": played_on},
                )
            )
    if "ruleset" not in data:
        problems.append(Problem("ruleset", gettext_noop("is required")))
    if problems:
        raise RulesError(problems)
    return name.strip(), played_on


def hand_list(data: Mapping[str, Any]) -> list[Any]:
    """The document's ``hands``: a list of at most ``MAX_GAME_HANDS``."""
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list):
        raise RulesError(
            [Problem("hands", gettext_noop("must be a list of hands (it may be empty)"))]
        )
    if len(raw_hands) > MAX_GAME_HANDS:
        raise RulesError(
            [Problem("hands", TOO_MANY_HANDS, MAX_GAME_HANDS + 1, {"most": MAX_GAME_HANDS})]
        )
    return raw_hands


def read_game(data: object) -> GameRecord:
    """Read one ``jass-game/1`` document of a team game, checking every rule.

    Raises :class:`RulesError`; its first problem is the one to show. Unknown
    ``x-…`` keys are ignored; any other unknown key is refused. (Each other kind reads
    its own documents: ``GameKind.read_game``.)
    """
    data = game_document(data)
    name, played_on = read_heading(data, GAME_FIELDS)
    ruleset = parse_ruleset(data["ruleset"])
    teams, problems = _read_teams(data.get("teams"))
    if teams is None:
        raise RulesError(problems)
    raw_hands = hand_list(data)
    players = {p for team in teams for p in team.players}
    hands: list[Hand] = []
    for number, raw in enumerate(raw_hands, start=1):
        hand, problems = _read_hand(raw, number, players)
        if hand is None:
            raise RulesError(problems)
        hands.append(hand)
    result = play(ruleset, hands)  # raises on any broken rule of the game
    if "result" in data:
        problems = _compare_result(data["result"], result)
        if problems:
            raise RulesError(problems)
    return GameRecord(name, played_on, ruleset, teams, tuple(hands))


__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "GameRecord",
    "Team",
    "game_document",
    "hand_list",
    "heading",
    "loads",
    "read_game",
    "read_heading",
    "too_deep",
]
