"""The team game's section of the game file ``jass-game/1`` (game-format.md): its two
teams of two, its hands and its result, read checked and written whole, on the envelope
every kind shares (:mod:`scoring.rules.gamefile`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules.gamefile import (
    MAX_PLAYER_NAME,
    MAX_TEAM_NAME,
    RESULT_DIFFERS,
    Team,
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

from .game import GameResult, play
from .hand import Hand
from .striche import StricheCount, count_striche, play_striche

GAME_FIELDS = ("format", "name", "played_on", "ruleset", "teams", "hands", "result")
TEAM_FIELDS = ("name", "players")
HAND_FIELDS = (
    *("trump", "cards", "match", "weis", "stoeck", "out_first", "chooser", "chibre"),
    "cards_at_out",
    "berg_first",
)
RESULT_FIELDS = ("hands", "totals", "over", "winner", "rubicon", "estimated", "striche")
STRICHE_KEYS = ("berg", "sieg", "matsch", "kontermatsch", "schneider", "total")


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

    def striche(self, result: GameResult | None = None) -> StricheCount | None:
        """Each team's Striche (RULES.md §12), ``None`` when the ruleset counts none."""
        players = (self.teams[0].players, self.teams[1].players)
        return count_striche(self.ruleset, self.hands, players, result)

    def to_dict(self) -> dict[str, Any]:
        """The ``jass-game/1`` document with its ``result`` (and the Striche in it, when
        the ruleset counts them)."""
        result = self.result()
        return {
            **heading(self.name, self.played_on, self.ruleset.to_dict()),
            "teams": [{"name": t.name, "players": list(t.players)} for t in self.teams],
            "hands": [hand.to_dict() for hand in self.hands],
            "result": _result_dict(result, self.striche(result)),
        }


def _result_dict(result: GameResult, striche: StricheCount | None) -> dict[str, Any]:
    written = result.to_dict()
    if striche is not None:
        written["striche"] = striche.to_list()
    return written


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
    at_out = data.get("cards_at_out")
    if isinstance(at_out, list):
        at_out = tuple(at_out)
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
        cards_at_out=at_out,
        berg_first=data.get("berg_first"),
    )
    return hand, []


def _compare_striche(given: object, expected: list[dict[str, int]] | None) -> list[Problem]:
    """The file's ``result.striche`` against the hands' own count, the first team and
    field that differs named."""
    if expected is None:
        params = {"given": given, "computed": None}
        return [Problem("result.striche", RESULT_DIFFERS, params=params)]
    if not (
        isinstance(given, list)
        and len(given) == 2
        and all(isinstance(team, Mapping) for team in given)
    ):
        return [
            Problem("result.striche", gettext_noop("must be a list of two objects, one per team"))
        ]
    for index, (team, computed) in enumerate(zip(given, expected, strict=True)):
        where = f"result.striche[{index}]"
        problems = _unknown(team, STRICHE_KEYS, f"{where}.")
        if problems:
            return problems
        for key in STRICHE_KEYS:
            if key not in team:
                return [Problem(f"{where}.{key}", gettext_noop("is required"))]
            if not _same(team[key], computed[key]):
                params = {"given": team[key], "computed": computed[key]}
                return [Problem(f"{where}.{key}", RESULT_DIFFERS, params=params)]
    return []


def _compare_result(
    given: object, computed: GameResult, striche: StricheCount | None = None
) -> list[Problem]:
    if not isinstance(given, Mapping):
        return [Problem("result", gettext_noop("must be an object"))]
    problems = _unknown(given, RESULT_FIELDS, "result.")
    if problems:
        return problems
    expected = computed.to_dict()
    problems = _compare_hands(given, expected["hands"])
    if problems:
        return problems
    for key in RESULT_FIELDS[1:-1]:
        if key in given and not _same(given[key], expected[key]):
            return [
                Problem(
                    f"result.{key}",
                    RESULT_DIFFERS,
                    params={"given": given[key], "computed": expected[key]},
                )
            ]
    if "striche" in given:
        return _compare_striche(given["striche"], None if striche is None else striche.to_list())
    return []


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
    # raises on any broken rule of the game, its Striche's included
    result, striche = play_striche(ruleset, hands, (teams[0].players, teams[1].players))
    if "result" in data:
        problems = _compare_result(data["result"], result, striche)
        if problems:
            raise RulesError(problems)
    return GameRecord(name, played_on, ruleset, teams, tuple(hands))


__all__ = ["GAME_FIELDS", "HAND_FIELDS", "GameRecord", "Team", "read_game"]
