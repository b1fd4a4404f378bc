"""A club written as its archive (``jass-club/1``, docs/club-archive.md): everything
its pages, statistics and exports are made from, each game as its game file.

Rows refer to each other by the ids they have on this site (``id``); the restore
gives them new ones. What only this site's accounts and phones mean is left out:
invitations, who made a link, the addresses and keyed codes kept to slow down
guessing. An account is named by its user name. The links a table, a seat or a
spectator holds are kept with their tokens: the slips printed still open them."""

from __future__ import annotations

import base64
import datetime as dt
from typing import Any

from django.db.models import Model, Prefetch

from clubs.models import Club
from scoring import services as scoring_services
from scoring.kinds.differenzler.models import OpenHand
from scoring.models import ClubStriche, Game
from seasons.models import Season
from tournaments.models import Table, Tournament

FORMAT = "jass-club"
VERSION = 1

CLUB_FIELDS = ("name", "slug", "place", "suit_style", "default_preset", "language", "created_at")
STRICHE_FIELDS = (
    "sieg",
    "berg",
    "matsch",
    "kontermatsch",
    "schneider",
    "with_berg",
    "with_schneider",
    "berg_tie",
    "rank_by",
)
TOURNAMENT_FIELDS = (
    "name",
    "date",
    "place",
    "format",
    "passes",
    "hands",
    "trump_order",
    "weis",
    "stoeck",
    "match_bonus",
    "best_of",
    "drop_worst",
    "tie_breaks",
    "seed",
    "published",
    "created_at",
)
ENTRY_FIELDS = ("name", "player_1", "player_2", "checked_in", "withdrawn_after", "created_at")
TABLE_FIELDS = (
    "number",
    "token",
    "seats",
    "codes",
    "signatures",
    "result",
    "wrong_codes",
    "unlocks",
    "dispute",
    "disputed_by",
    "state",
    "paper_totals",
    "paper_matches",
    "created_at",
    "revoked_at",
)
TABLE_EVENT_FIELDS = ("kind", "side", "before", "after", "reason", "device", "created_at")
RANKING_CHANGE_FIELDS = ("before", "after", "reason", "created_at")
SEASON_FIELDS = (
    "name",
    "points",
    "beyond",
    "best",
    "min_events",
    "tie_breaks",
    "players",
    "created_at",
)
SEASON_EVENT_FIELDS = ("position", "name", "date", "kind", "key", "weight", "final", "ranking")
CHANGE_FIELDS = ("hand_number", "action", "before", "after", "device", "reason", "created_at")
OPEN_HAND_FIELDS = ("number", "trump", "trump_drawn", "started_at")
ESTIMATE_FIELDS = ("number", "seat", "value", "own_phone", "updated_at")
LINK_FIELDS = ("token", "created_at", "revoked_at")
SEAT_LINK_FIELDS = (*LINK_FIELDS, "seat", "holder", "held_at", "held_on")
ESTIMATE_CHANGE_FIELDS = ("number", "seat", "action", "way", "value", "device", "created_at")


def plain(value: Any) -> Any:
    """A field's value as JSON holds it (dates and times in ISO 8601)."""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value


def row(instance: Model, fields: tuple[str, ...]) -> dict[str, Any]:
    return {name: plain(getattr(instance, name)) for name in fields}


def account(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def club_document(club: Club) -> dict[str, Any]:
    """The archive of ``club``: a JSON-ready document, every game as its game file."""
    striche = ClubStriche.objects.filter(club=club).first()
    return {
        "format": f"{FORMAT}/{VERSION}",
        "club": {**row(club, CLUB_FIELDS), "logo": _logo(club)},
        "strich_table": row(striche, STRICHE_FIELDS) if striche else None,
        "members": [
            {
                "id": member.pk,
                "name": member.name,
                "role": member.role,
                "account": account(member.user),
                "claim": member.claim_id,
                "joined_at": plain(member.joined_at),
            }
            for member in club.members.select_related("user").order_by("pk")
        ],
        "games": _games(club),
        "tournaments": _tournaments(club),
        "seasons": [
            {
                "id": season.pk,
                **row(season, SEASON_FIELDS),
                "events": [row(event, SEASON_EVENT_FIELDS) for event in season.events.all()],
            }
            for season in Season.objects.filter(club=club).prefetch_related("events").order_by("pk")
        ],
    }


def _logo(club: Club) -> dict[str, str] | None:
    if not club.logo:
        return None
    try:
        with club.logo.open("rb") as logo:
            data = logo.read()
    except OSError:  # the file is gone from the storage: the club is kept without it
        return None
    return {"name": club.logo.name.rsplit("/", 1)[-1], "data": base64.b64encode(data).decode()}


def _games(club: Club) -> list[dict[str, Any]]:
    games = (
        Game.objects.filter(club=club)
        .with_everything()
        .prefetch_related(
            "changes__user", "estimates", "estimate_changes", "seat_links", "spectator_links"
        )
        .order_by("pk")
    )
    open_hands = {o.game_id: o for o in OpenHand.objects.filter(game__club=club)}
    written = []
    for game in games:
        teams = sorted(game.teams.all(), key=lambda team: team.index)
        written.append(
            {
                "id": game.pk,
                "created_at": plain(game.created_at),
                "file": scoring_services.export_game(game),
                "members": [
                    [player.member_id for player in team.ordered_players()] for team in teams
                ],
                "hands_recorded": [plain(hand.created_at) for hand in game.hands.all()],
                "changes": [
                    {"id": change.pk, **row(change, CHANGE_FIELDS), "account": account(change.user)}
                    for change in sorted(game.changes.all(), key=lambda change: change.pk)
                ],
                "open_hand": row(open_hands[game.pk], OPEN_HAND_FIELDS)
                if game.pk in open_hands
                else None,
                "estimates": [
                    {**row(estimate, ESTIMATE_FIELDS), "link": estimate.link_id}
                    for estimate in sorted(game.estimates.all(), key=lambda e: e.pk)
                ],
                "seat_links": [
                    {"id": link.pk, **row(link, SEAT_LINK_FIELDS)}
                    for link in sorted(game.seat_links.all(), key=lambda link: link.pk)
                ],
                "spectator_links": [
                    row(link, LINK_FIELDS)
                    for link in sorted(game.spectator_links.all(), key=lambda link: link.pk)
                ],
                "estimate_changes": [
                    row(change, ESTIMATE_CHANGE_FIELDS)
                    for change in sorted(game.estimate_changes.all(), key=lambda c: c.pk)
                ],
            }
        )
    return written


def _tournaments(club: Club) -> list[dict[str, Any]]:
    tournaments = (
        Tournament.objects.filter(club=club)
        .prefetch_related(
            "entries",
            "schedule",
            Prefetch("schedule__tables", queryset=Table.objects.prefetch_related("events__user")),
            "ranking_changes__user",
        )
        .order_by("pk")
    )
    return [
        {
            "id": tournament.pk,
            **row(tournament, TOURNAMENT_FIELDS),
            "entries": [
                {
                    "id": entry.pk,
                    **row(entry, ENTRY_FIELDS),
                    "member_1": entry.member_1_id,
                    "member_2": entry.member_2_id,
                }
                for entry in sorted(tournament.entries.all(), key=lambda e: e.pk)
            ],
            "schedule": [
                {
                    "number": round.number,
                    "state": round.state,
                    "byes": round.byes,
                    "tables": [
                        {
                            **row(table, TABLE_FIELDS),
                            "game": table.game_id,
                            "events": [
                                {**row(event, TABLE_EVENT_FIELDS), "account": account(event.user)}
                                for event in sorted(table.events.all(), key=lambda e: e.pk)
                            ],
                        }
                        for table in sorted(round.tables.all(), key=lambda t: t.pk)
                    ],
                }
                for round in sorted(tournament.schedule.all(), key=lambda p: p.pk)
            ],
            "ranking_changes": [
                {**row(change, RANKING_CHANGE_FIELDS), "account": account(change.user)}
                for change in sorted(tournament.ranking_changes.all(), key=lambda c: c.pk)
            ],
        }
        for tournament in tournaments
    ]
