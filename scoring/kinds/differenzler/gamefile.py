"""Différenzler's section of the game file ``jass-game/1`` (game-format.md
"Différenzler"): four ``players`` instead of teams, and hands of estimates and card
points. The envelope (format, name, date, ruleset, hands) is read as every kind's, by
:mod:`scoring.rules.gamefile`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import (
    MAX_PLAYER_NAME,
    RESULT_DIFFERS,
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
from scoring.rules.ruleset import Ruleset, parse_ruleset

from .rules import PLAYERS, DiffHand, DiffResult, play

INDIVIDUAL_FIELDS = ("format", "name", "played_on", "ruleset", "players", "hands", "result")
DIFF_HAND_FIELDS = (
    "trump",
    "estimates",
    "cards",
    "weis",
    "stoeck",
    "match",
    "out_first",
    "chooser",
    "chibre",
)
# A Différenzler hand has no Weis, Stöck, match or going out: only their empty values.
DIFF_EMPTY: dict[str, tuple[object, ...]] = {
    "weis": ([], [[], []]),
    "stoeck": (None,),
    "match": (None,),
    "out_first": (None,),
    "chooser": (None,),  # a hand's trump is drawn or turned up: nobody chooses it
    "chibre": (False,),
}


@dataclass(frozen=True)
class IndividualRecord:
    """A game of four players each for themselves (Différenzler, game-format.md): its
    result is always computed from the hands."""

    name: str
    played_on: dt.date | None
    ruleset: Ruleset
    players: tuple[str, str, str, str]
    hands: tuple[DiffHand, ...]

    def result(self) -> DiffResult:
        return play(self.ruleset, self.hands, check=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``jass-game/1`` document with its ``result``."""
        return {
            **heading(self.name, self.played_on, self.ruleset.to_dict()),
            "players": list(self.players),
            "hands": [hand.to_dict() for hand in self.hands],
            "result": self.result().to_dict(),
        }


def _read_players(data: object) -> tuple[tuple[str, str, str, str] | None, list[Problem]]:
    if not isinstance(data, list) or len(data) != PLAYERS:
        return None, [
            Problem("players", gettext_noop("must be a list of four players' names, in seat order"))
        ]
    problems: list[Problem] = []
    for seat, player in enumerate(data):
        problems += _text(player, f"players[{seat}]", MAX_PLAYER_NAME)
    if problems:
        return None, problems
    names = [player.strip() for player in data]
    if len({name.casefold() for name in names}) != len(names):
        return None, [
            Problem(
                "players", gettext_noop("two players have the same name; give each a distinct one")
            )
        ]
    return (names[0], names[1], names[2], names[3]), []


def _read_diff_hand(data: object, number: int) -> tuple[DiffHand | None, list[Problem]]:
    if not isinstance(data, Mapping):
        return None, [Problem("hand", gettext_noop("must be an object"), number)]
    problems = [problem.in_hand(number) for problem in _unknown(data, DIFF_HAND_FIELDS, "")]
    for key in ("trump", "estimates", "cards"):
        if key not in data:
            problems.append(Problem(key, gettext_noop("is required"), number))
    for key, empty in DIFF_EMPTY.items():
        if key in data and data[key] not in empty:
            problems.append(Problem(key, gettext_noop("a Différenzler hand has none"), number))
    if problems:
        return None, problems
    estimates, cards = data["estimates"], data["cards"]
    hand = DiffHand(
        trump=data["trump"],
        estimates=tuple(estimates) if isinstance(estimates, list) else estimates,
        cards=tuple(cards) if isinstance(cards, list) else cards,
    )
    return hand, []


def _compare_individual(given: object, computed: DiffResult) -> list[Problem]:
    if not isinstance(given, Mapping):
        return [Problem("result", gettext_noop("must be an object"))]
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


def _read_rest(
    data: Mapping[str, Any], name: str, played_on: dt.date | None, ruleset: Ruleset
) -> IndividualRecord:
    """The rest of a Différenzler game file (game-format.md "Différenzler")."""
    players, problems = _read_players(data.get("players"))
    if players is None:
        raise RulesError(problems)
    raw_hands = hand_list(data)
    hands: list[DiffHand] = []
    for number, raw in enumerate(raw_hands, start=1):
        hand, problems = _read_diff_hand(raw, number)
        if hand is None:
            raise RulesError(problems)
        hands.append(hand)
    result = play(ruleset, hands)  # raises on any broken rule
    if "result" in data:
        problems = _compare_individual(data["result"], result)
        if problems:
            raise RulesError(problems)
    return IndividualRecord(name, played_on, ruleset, players, tuple(hands))


def read_game(data: object) -> IndividualRecord:
    """Read one ``jass-game/1`` document of a Différenzler game, checking every rule.

    Raises :class:`RulesError`; its first problem is the one to show. Unknown ``x-…``
    keys are ignored; any other unknown key is refused."""
    data = game_document(data)
    name, played_on = read_heading(data, INDIVIDUAL_FIELDS)
    ruleset = parse_ruleset(data["ruleset"])
    return _read_rest(data, name, played_on, ruleset)
