"""The game file ``jass-game/1`` (game-format.md): the envelope every kind shares.

Its heading (format, name, date, ruleset), reading the JSON text safely, the bounds of
names and of the number of hands, and the checks every kind's reader makes of them.
Each kind reads and writes its own section (its teams or players, hands and result):
the team game's in :mod:`scoring.kinds.team.rules.gamefile`."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .problems import Problem, RulesError, gettext_noop

FORMAT = "jass-game/1"
MAX_NAME = 200  # a game's name
MAX_TEAM_NAME = 100
MAX_PLAYER_NAME = 100
# A game file nests five levels deep (the game, its hands, a hand, its Weis, a team's
# Weis); ``x-…`` keys get room to spare. Python's own JSON reader gives up near 1000.
MAX_DEPTH = 32
NOT_JSON = gettext_noop("not valid JSON ({reason})")
TOO_DEEP = gettext_noop("not a game file: nested more than {most} levels deep")
NUL_CHARACTER = gettext_noop("holds a NUL character, which no text may hold")
# Hands in one game. With a target of at most 10,000 and 157 card points a hand, a
# team game ends within 128 hands, and a fixed-hands game has at most 100; this bounds
# games stored before the ruleset's bounds, and what a game file may hold.
MAX_GAME_HANDS = 1000
TOO_MANY_HANDS = gettext_noop("a game has at most {most} hands")
GAME_OVER_BEFORE = gettext_noop("the game was over after hand {last}; no hand may follow")

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
UNKNOWN_FIELD = gettext_noop("unknown field (expected one of {known})")
RESULT_DIFFERS = gettext_noop("the file says {given!r}, the hands give {computed!r}")


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


def nul_at(value: object, path: str = "") -> str | None:
    """Where the first NUL character stands in a JSON value (a text or a key), as a
    field path (``teams[0].players[1]``), or None: no text a site stores holds one, and
    PostgreSQL refuses to store it."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, Mapping):
        for key, item in value.items():
            inner = f"{path}.{key}" if path else str(key)
            found = inner if "\x00" in str(key) else nul_at(item, inner)
            if found is not None:
                return found
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = nul_at(item, f"{path}[{index}]")
            if found is not None:
                return found
    return None


def read_heading(data: Mapping[str, Any], fields: tuple[str, ...]) -> tuple[str, dt.date | None]:
    """The document's name and date, every game kind alike, after refusing a field not
    among ``fields``, a missing ruleset and a NUL character anywhere (:class:`RulesError`
    lists them all)."""
    nul = nul_at(data)
    if nul is not None:
        raise RulesError([Problem(nul.replace("\x00", "\\0"), NUL_CHARACTER)])
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


__all__ = [
    "FORMAT",
    "GAME_OVER_BEFORE",
    "MAX_DEPTH",
    "MAX_GAME_HANDS",
    "TOO_MANY_HANDS",
    "Team",
    "game_document",
    "hand_list",
    "heading",
    "loads",
    "read_heading",
    "too_deep",
]
