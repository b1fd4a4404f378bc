"""A tournament as a season's event: its final standings (RULES.md §9, §10), the
standings page's own (``tournaments.services.current_standings``), once every pass is
closed. A tournament's ranking is kept in the cache under its ``revision``, which
every change to its standings counts up, and its creation time: a season page reads
each tournament's row, not its games again."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from seasons.ranking import TOURNAMENT, Entry
from seasons.sources import Candidate, EventRanking
from tournaments import services
from tournaments.models import Pass, Tournament

KEPT = 60 * 60 * 24 * 30  # seconds a ranking stays in the cache (a new revision: a new key)


def _closed(tournament: Any) -> bool:
    return tournament.closed_passes >= tournament.passes


def _kept_ranking(tournament: Tournament) -> list[list[Any]]:
    """``[place, [[member id or None, typed name], …], entry name]`` per ranked entry."""
    entries = {entry.pk: entry for entry in tournament.entries.all()}
    rows = []
    for standing in services.current_standings(tournament, list(entries.values())):
        entry = entries[standing.entry]
        people = [[entry.member_1_id, entry.player_1]]
        if entry.player_2 and not tournament.of_players:
            people.append([entry.member_2_id, entry.player_2])
        rows.append([standing.rank, people, "" if tournament.of_players else entry.name])
    return rows


def _name(member_id: int | None, typed: str, members: dict[int, str]) -> str:
    if member_id is not None and member_id in members:
        return members[member_id]
    return " ".join(typed.split())


def _key(tournament: Tournament) -> str:
    """Its ranking's key: its revision, and when it was created, so that a tournament
    given the id of one deleted (a database made anew, a cache kept) never gets its
    ranking."""
    made = tournament.created_at.isoformat()
    return f"season-ranking:t{tournament.pk}:{made}:r{tournament.revision}"


class TournamentSource:
    kind = TOURNAMENT
    label = _("Tournament")

    def candidates(self, club: Club) -> list[Candidate]:
        return [
            Candidate(TOURNAMENT, str(t.pk), t.name, t.date)
            for t in club.tournaments.order_by("-date", "-pk")
        ]

    def rankings(self, club: Club, keys: Iterable[str]) -> dict[str, EventRanking]:
        ids = [int(key) for key in keys if key.isdigit()]
        if not ids:
            return {}
        tournaments = list(
            club.tournaments.filter(pk__in=ids).annotate(
                closed_passes=Count("schedule", filter=Q(schedule__state=Pass.CLOSED))
            )
        )
        closed = [t for t in tournaments if _closed(t)]
        names = {t.pk: _key(t) for t in closed}
        kept = cache.get_many(list(names.values())) if names else {}
        for tournament in closed:
            if names[tournament.pk] not in kept:
                kept[names[tournament.pk]] = _kept_ranking(tournament)
                cache.set(names[tournament.pk], kept[names[tournament.pk]], KEPT)
        members = dict(club.members.values_list("pk", "name")) if closed else {}
        found = {}
        for tournament in tournaments:
            rows = kept.get(names.get(tournament.pk, ""), [])
            entries = tuple(
                Entry(place, tuple(_name(m, typed, members) for m, typed in people), name)
                for place, people, name in rows
            )
            found[str(tournament.pk)] = EventRanking(
                tournament.name,
                tournament.date,
                _closed(tournament),
                entries,
                reverse("tournaments:standings", args=[tournament.pk]),
            )
        return found


SOURCE = TournamentSource()
