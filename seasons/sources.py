"""Where a season's events get their rankings: one source per kind of event.

A season counts a club's events by the ranking each event makes itself (RULES.md §15).
The seasons app asks a *source* for them and knows nothing else of the event:

- ``tournament`` (``seasons.tournament_source``): a tournament's final standings;
- ``evening``: a club evening on a date (RULES.md §12, Différenzler evenings): the
  evenings' code, in a lower layer, gives plain data through the module named in
  ``settings.SEASON_EVENINGS`` (``seasons.evening_source`` says what it provides);
  code that may import seasons can instead name its own ``SOURCE`` (a
  :class:`Source`) in ``settings.SEASON_EVENT_SOURCES``.

A source is asked in batches (every event of a season of its kind at once), so that a
season page's queries do not grow with its events."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from django.utils.module_loading import import_string

from seasons.ranking import Entry


@dataclass(frozen=True)
class Candidate:
    """An event of the club a season may count: its key for the source (a tournament's
    id, an evening's date as ``YYYY-MM-DD``), what it is called and when it was."""

    kind: str
    key: str
    name: str
    date: dt.date


@dataclass(frozen=True)
class EventRanking:
    """An event's own result. ``closed``: over, so the season counts it; an event
    still being played is shown and not counted. ``entries``: places 1, 2, 2, 4 … with
    each entry's players by the names the club knows them by (a member's name)."""

    name: str
    date: dt.date
    closed: bool
    entries: tuple[Entry, ...]
    url: str = ""  # the event's own results page, if it has one


class Source(Protocol):
    kind: str  # "tournament", "evening"
    label: Any  # what the season's form calls it (lazy text)

    def candidates(self, club: Any) -> list[Candidate]:
        """The club's events of this kind, newest first."""
        ...

    def rankings(self, club: Any, keys: Iterable[str]) -> dict[str, EventRanking]:
        """The rankings of the events ``keys``; an event no longer there is left out."""
        ...


_SOURCES: dict[str, Source] = {}


def register(source: Source) -> None:
    _SOURCES[source.kind] = source


def load() -> None:
    """The sources of ``settings.SEASON_EVENT_SOURCES`` (dotted paths of ``SOURCE``);
    the club evenings are added by ``seasons.evening_source.load``."""
    _SOURCES.clear()
    for path in getattr(settings, "SEASON_EVENT_SOURCES", ["seasons.tournament_source.SOURCE"]):
        register(import_string(path))


def of(kind: str) -> Source | None:
    return _SOURCES.get(kind)


def registered() -> list[Source]:
    return list(_SOURCES.values())
