"""Club evenings as a season's events (RULES.md §12: a team Schieber evening ranked
by Striche; Différenzler evenings), through a module of the evenings' own code.

The evenings live in a lower layer, which may not import seasons; so they give plain
data, and this adapter makes a season's source of it. The module named in
``settings.SEASON_EVENINGS`` provides two functions:

- ``season_evenings(club) -> list[dict]``: the club's evenings a season may count,
  newest first, each ``{"date": datetime.date, "name": str}`` (one evening a date);
- ``season_rankings(club, dates) -> dict[datetime.date, dict]``: for each evening of
  ``dates`` that exists, ``{"closed": bool, "entries": [{"place": 1, "players":
  ["Anne", "Beat"], "name": "team name or ''"}, …], "url": "its page or ''"}``
  (and optionally ``"name"``, the evening's, sparing a call of ``season_evenings``): the
  evening's own ranking with its tie-breaks, places 1, 2, 2, 4 …, each player by the
  club's name for them (a member's name), all entries of one size. ``closed``: the
  evening is over (an open one is shown, not counted). Asked once per season page for
  every evening of the season: one or two queries, not one per evening.

and, optionally, ``evening_names() -> dict[str, str]``: each kind of evening's name
in the active language, by which an evening's stored name (in the language of the
admin who added it) is shown in the reader's."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from importlib import import_module
from types import ModuleType
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from seasons import sources
from seasons.ranking import EVENING, Entry
from seasons.sources import Candidate, EventRanking


class EveningSource:
    kind = EVENING
    label = _("Club evening")

    def __init__(self, evenings: ModuleType) -> None:
        self.evenings = evenings
        self._known: dict[str, str] | None = None

    def _kinds(self) -> dict[str, str]:
        """Each evening kind's name in every language of the site, to its kind."""
        if self._known is None:
            known: dict[str, str] = {}
            for code, _language in settings.LANGUAGES:
                with translation.override(code):
                    for kind, name in self.evenings.evening_names().items():
                        known.setdefault(str(name), kind)
            self._known = known
        return self._known

    def shown_name(self, stored: str) -> str:
        """An evening's name in the reader's language: its stored name is its kind's
        in the language it was added in (else it is kept as it is)."""
        if not hasattr(self.evenings, "evening_names"):
            return stored
        kind = self._kinds().get(stored)
        return stored if kind is None else str(self.evenings.evening_names()[kind])

    def candidates(self, club: Any) -> list[Candidate]:
        return [
            Candidate(EVENING, e["date"].isoformat(), e["name"], e["date"])
            for e in self.evenings.season_evenings(club)
        ]

    def rankings(self, club: Any, keys: Iterable[str]) -> dict[str, EventRanking]:
        dates = []
        for key in keys:
            try:
                dates.append(dt.date.fromisoformat(key))
            except ValueError:
                continue
        asked = self.evenings.season_rankings(club, dates)
        names = {}
        if any(not ranking.get("name") for ranking in asked.values()):
            names = {e["date"]: e["name"] for e in self.evenings.season_evenings(club)}
        found = {}
        for date, ranking in asked.items():
            entries = tuple(
                Entry(row["place"], tuple(row["players"]), row.get("name", ""))
                for row in ranking["entries"]
            )
            found[date.isoformat()] = EventRanking(
                ranking.get("name") or names.get(date, date.isoformat()),
                date,
                bool(ranking["closed"]),
                entries,
                ranking.get("url", ""),
            )
        return found


def load() -> None:
    """The club evenings as a source, when ``settings.SEASON_EVENINGS`` names their
    module (after ``sources.load``)."""
    path = getattr(settings, "SEASON_EVENINGS", None)
    if path:
        sources.register(EveningSource(import_module(path)))
