"""The season file, ``jass-season/1`` (game-format.md, RULES.md §15): read, checked
and written. Plain Python.

A refused file raises :class:`SeasonFileError` naming the first broken rule in the
order the format gives: the field and, for an event's own, the event (1-based), as
``event 3: ranking.place: entry 4: place 3, expected 2 (tied) or 4``."""

from __future__ import annotations

import datetime as dt
import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from scoring.rules.gamefile import loads as json_value
from scoring.rules.problems import RulesError
from seasons.ranking import (
    DEFAULT_POINTS,
    DEFAULT_TIE_BREAKS,
    EVENT_NAME_LENGTH,
    KINDS,
    MAX_EVENTS,
    MAX_PLAYERS,
    MAX_WEIGHT,
    NAME_LENGTH,
    TOURNAMENT,
    Entry,
    Event,
    Line,
    Settings,
    default_beyond,
    default_weight,
    settings_problems,
    standings,
)

FORMAT = "jass-season/1"
TOP_FIELDS = ("format", "name", "club", "settings", "players", "events", "result")
SETTINGS_FIELDS = ("points", "beyond", "best", "min_events", "tie_breaks")
EVENT_FIELDS = ("name", "date", "kind", "final", "weight", "ranking")
ENTRY_FIELDS = ("place", "players", "name")
ROW_FIELDS = ("player", "rank", "total", "played", "wins", "points", "counted")
SEASON_NAME_LENGTH = 200
CLUB_LENGTH = 100


class SeasonFileError(ValueError):
    """A season file refused: the field, the message and the event (1-based) if any."""

    def __init__(self, field: str, message: str, event: int | None = None) -> None:
        self.field, self.message, self.event = field, message, event
        where = f"event {event}: " if event is not None else ""
        super().__init__(f"{where}{field}: {message}")


@dataclass(frozen=True)
class Season:
    """A season as its file says it: settings, players, events with their rankings."""

    name: str
    settings: Settings
    players: tuple[str, ...]
    events: tuple[Event, ...]
    club: str = ""

    def standings(self) -> list[Line]:
        return standings(self.players, self.events, self.settings)


def _unknown(data: Mapping[str, Any], known: tuple[str, ...]) -> str | None:
    return next(
        (str(key) for key in data if key not in known and not str(key).startswith("x-")), None
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _control(value: str) -> bool:
    """Whether ``value`` holds a control character (a NUL, a line feed…): no name has
    one, and a database may not store a NUL."""
    return any(unicodedata.category(character) == "Cc" for character in value)


def _text(value: object, field: str, limit: int, event: int | None = None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SeasonFileError(field, "must be a text, not empty", event)
    if len(value) > limit:
        raise SeasonFileError(field, f"is longer than {limit} characters", event)
    if _control(value):
        raise SeasonFileError(field, "must not hold a control character", event)
    return value


def read_season(data: object) -> Season:
    """A season file's JSON value, checked; its ``result``, when present, must be the
    standings its events make."""
    if not isinstance(data, Mapping):
        raise SeasonFileError("format", "a season file is a JSON object")
    if data.get("format") != FORMAT:
        raise SeasonFileError("format", f"must be {FORMAT!r}")
    name = _text(data.get("name"), "name", SEASON_NAME_LENGTH)
    club = data.get("club", "")
    if not isinstance(club, str) or len(club) > CLUB_LENGTH:
        raise SeasonFileError("club", f"must be a text of at most {CLUB_LENGTH} characters")
    unknown = _unknown(data, TOP_FIELDS)
    if unknown is not None:
        raise SeasonFileError(unknown, "unknown field")
    settings = _settings(data.get("settings", {}))
    players = _players(data.get("players"))
    events = data.get("events")
    if not isinstance(events, list) or not 1 <= len(events) <= MAX_EVENTS:
        raise SeasonFileError("events", f"must be a list of 1 to {MAX_EVENTS} events")
    known = set(players)
    read: list[Event] = []
    for number, event in enumerate(events, start=1):
        read.append(_event(event, number, known, read[-1].date if read else None))
    season = Season(name, settings, tuple(players), tuple(read), club)
    if "result" in data:
        _compare(data["result"], season)
    return season


def loads(text: str) -> Season:
    """A season file's text, read and checked (``json`` names text that is not JSON)."""
    try:
        data = json_value(text)
    except RulesError as error:
        problem = error.problems[0]
        raise SeasonFileError("json", problem.message) from None
    return read_season(data)


def _settings(data: object) -> Settings:
    if not isinstance(data, Mapping):
        raise SeasonFileError("settings", "must be an object")
    unknown = _unknown(data, SETTINGS_FIELDS)
    if unknown is not None:
        raise SeasonFileError(f"settings.{unknown}", "unknown field")
    points = data.get("points", list(DEFAULT_POINTS))
    beyond = data.get("beyond")
    if "beyond" in data and beyond is None:
        beyond = "null"  # given, but not a number
    best = data.get("best")
    min_events = data.get("min_events", 1)
    tie_breaks = data.get("tie_breaks", list(DEFAULT_TIE_BREAKS))
    problems = settings_problems(points, beyond, best, min_events, tie_breaks)
    if problems:
        field, message, params = problems[0]
        raise SeasonFileError(f"settings.{field}", message.format(**params))
    return Settings(
        points=tuple(points),
        beyond=default_beyond(points) if beyond is None else beyond,
        best=best,
        min_events=min_events,
        tie_breaks=tuple(tie_breaks),
    )


def _players(data: object) -> list[str]:
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_PLAYERS:
        raise SeasonFileError("players", f"must be a list of 1 to {MAX_PLAYERS} names")
    seen: set[str] = set()
    for number, name in enumerate(data, start=1):
        if not isinstance(name, str) or not name or name != name.strip():
            raise SeasonFileError(
                "players", f"player {number}: a name, not empty, without spaces around it"
            )
        if len(name) > NAME_LENGTH:
            raise SeasonFileError(
                "players", f"player {number}: is longer than {NAME_LENGTH} characters"
            )
        if _control(name):
            raise SeasonFileError("players", f"player {number}: must not hold a control character")
        if name in seen:
            raise SeasonFileError("players", f"player {number}: {name!r} is named twice")
        seen.add(name)
    return list(data)


def _event(data: object, number: int, players: set[str], previous: dt.date | None) -> Event:
    if not isinstance(data, Mapping):
        raise SeasonFileError("event", "must be an object", number)
    unknown = _unknown(data, EVENT_FIELDS)
    if unknown is not None:
        raise SeasonFileError(unknown, "unknown field", number)
    name = _text(data.get("name"), "name", EVENT_NAME_LENGTH, number)
    date = _date(data.get("date"), number)
    if previous is not None and date < previous:
        raise SeasonFileError(
            "date", f"{date.isoformat()} is before the previous event's ({previous})", number
        )
    kind = data.get("kind", TOURNAMENT)
    if kind not in KINDS:
        raise SeasonFileError("kind", f"must be one of {', '.join(KINDS)}", number)
    final = data.get("final", False)
    if not isinstance(final, bool):
        raise SeasonFileError("final", "must be true or false", number)
    weight = data.get("weight", default_weight(final))
    if not _whole(weight) or not 1 <= weight <= MAX_WEIGHT:
        raise SeasonFileError("weight", f"must be a whole number from 1 to {MAX_WEIGHT}", number)
    ranking = data.get("ranking")
    most = len(players)
    if not isinstance(ranking, list) or not 2 <= len(ranking) <= most:
        raise SeasonFileError(
            "ranking",
            f"must be a list of 2 to {most} entries (the players)"
            if most >= 2
            else "must be a list of 2 entries or more, and the season has one player",
            number,
        )
    return Event(name, date, _ranking(ranking, number, players), weight, final, str(kind))


def _date(value: object, number: int) -> dt.date:
    try:
        if not isinstance(value, str) or len(value) != 10:
            raise ValueError
        return dt.date.fromisoformat(value)
    except ValueError:
        raise SeasonFileError("date", "must be a date written YYYY-MM-DD", number) from None


def _ranking(data: list[Any], number: int, players: set[str]) -> tuple[Entry, ...]:
    entries: list[Entry] = []
    seen: set[str] = set()
    size: int | None = None
    for position, entry in enumerate(data, start=1):
        where = f"entry {position}: "
        if (
            not isinstance(entry, Mapping)
            or _unknown(entry, ENTRY_FIELDS) is not None
            or "place" not in entry
            or "players" not in entry
        ):
            raise SeasonFileError(
                "ranking", where + "must be an object of place, players and name", number
            )
        team = entry.get("name", "")
        if not isinstance(team, str) or len(team) > NAME_LENGTH or _control(team):
            raise SeasonFileError(
                "ranking",
                where + f"name must be a text of at most {NAME_LENGTH} characters, without"
                " control characters",
                number,
            )
        names = entry["players"]
        if not isinstance(names, list) or not 1 <= len(names) <= 2:
            raise SeasonFileError(
                "ranking.players", where + "one player's name, or the two of a team", number
            )
        if size is not None and len(names) != size:
            raise SeasonFileError(
                "ranking.players",
                where + f"{len(names)} players, but the first entry has {size}",
                number,
            )
        size = len(names)
        for name in names:
            if not isinstance(name, str) or name not in players:
                raise SeasonFileError(
                    "ranking.players", where + f"{name!r} is not one of players", number
                )
            if name in seen:
                raise SeasonFileError(
                    "ranking.players", where + f"{name!r} is ranked twice in this event", number
                )
            seen.add(name)
        place = entry["place"]
        if position == 1:
            expected = "1"
            good = place == 1
        else:
            tied = entries[-1].place
            expected = f"{tied} (tied) or {position}"
            good = place in (tied, position)
        if not _whole(place) or not good:
            raise SeasonFileError(
                "ranking.place", where + f"place {_shown(place)}, expected {expected}", number
            )
        entries.append(Entry(place, tuple(names), team))
    return tuple(entries)


def _shown(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


# -- result: the standings, written and compared -------------------------------------


def number(value: Decimal) -> int | float:
    """A figure as the file writes it: 111, 16.5, 12.33."""
    return int(value) if value == value.to_integral_value() else float(value)


def standings_rows(lines: Sequence[Line]) -> list[dict[str, Any]]:
    return [
        {
            "player": line.player,
            "rank": line.rank,
            "total": number(line.total),
            "played": line.played,
            "wins": line.wins,
            "points": [None if p is None else number(p) for p in line.points],
            "counted": list(line.counted),
        }
        for line in lines
    ]


def _figure(value: object) -> Decimal | None:
    """A JSON number read as it is written (12.33, not the binary float)."""
    if _whole(value):
        return Decimal(value)  # type: ignore[arg-type]
    if isinstance(value, float):
        try:
            return Decimal(repr(value))
        except InvalidOperation:
            return None
    return None


def _same(given: object, expected: object) -> bool:
    if isinstance(expected, list):
        return (
            isinstance(given, list)
            and len(given) == len(expected)
            and all(_same(g, e) for g, e in zip(given, expected, strict=True))
        )
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        return type(given) is type(expected) and given == expected
    figure = _figure(given)
    return figure is not None and figure == Decimal(repr(expected))


def _compare(data: object, season: Season) -> None:
    if not isinstance(data, Mapping) or _unknown(data, ("standings",)) is not None:
        raise SeasonFileError("result", "must be an object holding standings")
    given = data.get("standings")
    expected = standings_rows(season.standings())
    if not isinstance(given, list) or len(given) != len(expected):
        raise SeasonFileError(
            "result.standings", f"must be a list of one row per player ({len(expected)})"
        )
    for row_number, (row, want) in enumerate(zip(given, expected, strict=True), start=1):
        if not isinstance(row, Mapping) or _unknown(row, ROW_FIELDS) is not None:
            raise SeasonFileError(
                "result.standings",
                f"row {row_number}: must be an object of {', '.join(ROW_FIELDS)}",
            )
        for name in ROW_FIELDS:
            if name not in row or not _same(row[name], want[name]):
                shown = _shown(row.get(name)) if name in row else "missing"
                raise SeasonFileError(
                    f"result.standings.{name}",
                    f"row {row_number}: {shown}, the events make {json.dumps(want[name])}",
                )


# -- writing ---------------------------------------------------------------------------


def season_document(season: Season, *, result: bool = True) -> dict[str, Any]:
    """The season file of ``season``, with its standings as ``result``."""
    settings = season.settings
    document: dict[str, Any] = {"format": FORMAT, "name": season.name}
    if season.club:
        document["club"] = season.club
    document["settings"] = {
        "points": list(settings.points),
        "beyond": settings.beyond,
        "best": settings.best,
        "min_events": settings.min_events,
        "tie_breaks": list(settings.tie_breaks),
    }
    document["players"] = list(season.players)
    document["events"] = [
        {
            "name": event.name,
            "date": event.date.isoformat(),
            "kind": event.kind,
            "final": event.final,
            "weight": event.weight,
            "ranking": [
                {
                    "place": entry.place,
                    "players": list(entry.players),
                    **({"name": entry.name} if entry.name else {}),
                }
                for entry in event.ranking
            ],
        }
        for event in season.events
    ]
    if result:
        document["result"] = {"standings": standings_rows(season.standings())}
    return document


def dumps(season: Season) -> str:
    return json.dumps(season_document(season), ensure_ascii=False, indent=2)
