"""Season actions, one function each, each in one transaction, and the season's
standings as its pages show them. This module is the one place that moves a season
between the database, its events' sources (``seasons.sources``) and the plain-Python
ranking (``seasons.ranking``) and file (``seasons.seasonfile``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.models import Club
from seasons import ranking, seasonfile, sources
from seasons.models import Season, SeasonEvent


class SeasonRuleBroken(ValueError):
    """An action refused, with a message for the club admin."""


@dataclass(frozen=True)
class SettingsValues:
    points: list[int]
    beyond: int | None
    best: int | None
    min_events: int
    tie_breaks: list[str]


def _apply(season: Season, values: SettingsValues) -> None:
    problems = ranking.settings_problems(
        values.points, values.beyond, values.best, values.min_events, values.tie_breaks
    )
    if problems:
        name, message, params = problems[0]
        raise SeasonRuleBroken(f"{name}: {_(message).format(**params)}")
    season.points = list(values.points)
    season.beyond = (
        ranking.default_beyond(values.points) if values.beyond is None else values.beyond
    )
    season.best = values.best
    season.min_events = values.min_events
    season.tie_breaks = list(values.tie_breaks)


@transaction.atomic
def create_season(club: Club, name: str, values: SettingsValues) -> Season:
    season = Season(club=club, name=name.strip())
    _apply(season, values)
    season.save()
    return season


@transaction.atomic
def save_settings(season: Season, name: str, values: SettingsValues) -> Season:
    season = Season.objects.select_for_update().get(pk=season.pk)
    season.name = name.strip()
    _apply(season, values)
    season.save()
    return season


@transaction.atomic
def add_event(season: Season, kind: str, key: str, weight: int | None, final: bool) -> SeasonEvent:
    """Count one of the club's events in the season (once)."""
    season = Season.objects.select_for_update().select_related("club").get(pk=season.pk)
    source = sources.of(kind)
    candidate = (
        next((c for c in source.candidates(season.club) if c.key == key), None) if source else None
    )
    if candidate is None:
        raise SeasonRuleBroken(_("This event is not one of the club's."))
    if season.events.filter(kind=kind, key=key).exists():
        raise SeasonRuleBroken(_("This event counts in the season already."))
    if season.events.count() >= ranking.MAX_EVENTS:
        raise SeasonRuleBroken(
            _("A season counts at most %(most)s events.") % {"most": ranking.MAX_EVENTS}
        )
    weight = ranking.default_weight(final) if weight is None else weight
    _check_weight(weight)
    last = season.events.aggregate(last=Max("position"))["last"]
    return SeasonEvent.objects.create(
        season=season,
        position=0 if last is None else last + 1,
        name=candidate.name,
        date=candidate.date,
        kind=kind,
        key=key,
        weight=weight,
        final=final,
    )


def _check_weight(weight: int) -> None:
    if not 1 <= weight <= ranking.MAX_WEIGHT:
        raise SeasonRuleBroken(
            _("The weight is a whole number from 1 to %(most)s.") % {"most": ranking.MAX_WEIGHT}
        )


@transaction.atomic
def change_event(event: SeasonEvent, weight: int, final: bool) -> SeasonEvent:
    event = SeasonEvent.objects.select_for_update().get(pk=event.pk)
    _check_weight(weight)
    event.weight, event.final = weight, final
    event.save(update_fields=["weight", "final"])
    return event


@transaction.atomic
def remove_event(event: SeasonEvent) -> None:
    SeasonEvent.objects.filter(pk=event.pk).delete()


@transaction.atomic
def remove_season(season: Season) -> None:
    Season.objects.filter(pk=season.pk).delete()


@transaction.atomic
def import_season(parsed: seasonfile.Season, club: Club) -> Season:
    """A season file stored as it is: its settings, players, and events with the
    rankings they came with (kept, never asked of a source)."""
    settings = parsed.settings
    season = Season.objects.create(
        club=club,
        name=parsed.name,
        points=list(settings.points),
        beyond=settings.beyond,
        best=settings.best,
        min_events=settings.min_events,
        tie_breaks=list(settings.tie_breaks),
        players=list(parsed.players),
    )
    SeasonEvent.objects.bulk_create(
        SeasonEvent(
            season=season,
            position=position,
            name=event.name,
            date=event.date,
            kind=event.kind,
            weight=event.weight,
            final=event.final,
            ranking=[
                {"place": e.place, "players": list(e.players), "name": e.name}
                for e in event.ranking
            ],
        )
        for position, event in enumerate(parsed.events)
    )
    return season


# -- the standings ------------------------------------------------------------------


@dataclass
class ShownEvent:
    """An event of the season as its page lists it."""

    event: SeasonEvent
    counted: bool  # ranked and over: its points are in the standings
    state: str  # "counted", "playing", "missing"
    url: str = ""
    entries: tuple[ranking.Entry, ...] = ()


@dataclass
class Standings:
    season: Season
    events: list[ShownEvent]  # every event, in date order
    columns: list[ShownEvent]  # the events counted, the standings' columns
    lines: list[ranking.Line] = field(default_factory=list)

    @property
    def ranked(self) -> list[ranking.Line]:
        return [line for line in self.lines if line.ranked]

    @property
    def unranked(self) -> list[ranking.Line]:
        return [line for line in self.lines if not line.ranked]

    def line_of(self, player: str) -> ranking.Line | None:
        return next((line for line in self.lines if line.player == player), None)


def _kept_entries(rows: Sequence[dict[str, Any]]) -> tuple[ranking.Entry, ...]:
    return tuple(
        ranking.Entry(row["place"], tuple(row["players"]), row.get("name", "")) for row in rows
    )


def _once(entries: Sequence[ranking.Entry]) -> tuple[ranking.Entry, ...]:
    """Each player at most once in an event (two entries typed with the same name
    that no member holds): the first, the better placed, keeps them."""
    seen: set[str] = set()
    kept = []
    for entry in entries:
        players = tuple(p for p in entry.players if p not in seen)
        seen.update(players)
        if players:
            kept.append(ranking.Entry(entry.place, players, entry.name))
    return tuple(kept)


def standings(season: Season, events: Sequence[SeasonEvent] | None = None) -> Standings:
    """The season ranked on its events so far: each event's ranking from its source
    (asked once per kind of event) or as it was imported; an event still being played,
    or no longer there, is listed and not counted."""
    events = list(season.events.all()) if events is None else list(events)
    asked: dict[str, dict[str, sources.EventRanking]] = {}
    for kind in {e.kind for e in events if not e.kept}:
        source = sources.of(kind)
        keys = [e.key for e in events if e.kind == kind and not e.kept]
        asked[kind] = source.rankings(season.club, keys) if source else {}
    shown = []
    for event in events:
        if event.kept:
            shown.append(ShownEvent(event, True, "counted", "", _kept_entries(event.ranking)))
            continue
        found = asked.get(event.kind, {}).get(event.key)
        if found is None:
            shown.append(ShownEvent(event, False, "missing"))
        elif not found.closed or len(found.entries) < 2:
            shown.append(ShownEvent(event, False, "playing", found.url))
        else:
            shown.append(ShownEvent(event, True, "counted", found.url, _once(found.entries)))
    columns = [s for s in shown if s.counted]
    players = list(season.players)
    known = set(players)
    for column in columns:
        for entry in column.entries:
            for player in entry.players:
                if player not in known:
                    known.add(player)
                    players.append(player)
    counted = [
        ranking.Event(
            c.event.title, c.event.date, c.entries, c.event.weight, c.event.final, c.event.kind
        )
        for c in columns
    ]
    lines = ranking.standings(players, counted, season.settings)
    return Standings(season, shown, columns, lines)


def season_file(table: Standings) -> dict[str, Any]:
    """The season as a ``jass-season/1`` document with its standings: the events
    counted so far, each with the ranking it counts with."""
    season = table.season
    parsed = seasonfile.Season(
        name=season.name,
        settings=season.settings,
        players=tuple(line.player for line in table.lines),
        events=tuple(
            ranking.Event(
                c.event.title, c.event.date, c.entries, c.event.weight, c.event.final, c.event.kind
            )
            for c in table.columns
        ),
        club=season.club.name,
    )
    return seasonfile.season_document(parsed)
