"""Moves games between the database and the statistics of the rules engine."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import QuerySet

from clubs.models import Club, Member
from scoring import extras
from scoring.models import Game
from scoring.rules.stats import PlayerLine, player_statistics


def season_games(club: Club, start: dt.date | None, end: dt.date | None) -> QuerySet[Game]:
    """The club's games of a season. A tournament's games are not among them: they
    are a fixed number of hands with no winner (RULES.md §9), ranked in their
    tournament's standings."""
    games = club.games.exclude(extras.unlisted()).with_everything()
    if start:
        games = games.filter(played_on__gte=start)
    if end:
        games = games.filter(played_on__lte=end)
    return games


def statistics(games: QuerySet[Game]) -> dict[int, PlayerLine]:
    """Each member's line over the games (teams, players and hands prefetched)."""
    rows = []
    for game in games:
        teams = sorted(game.teams.all(), key=lambda team: team.index)
        keys = tuple(tuple(player.member_id for player in team.ordered_players()) for team in teams)
        rows.append((game.record(), keys))
    return player_statistics(rows)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Standing:
    member: Member
    line: PlayerLine


def leaderboard(members: list[Member], lines: dict[int, PlayerLine]) -> list[Standing]:
    """Members who played, best first: wins, then win rate, then points per hand."""
    standings = [Standing(m, lines[m.pk]) for m in members if m.pk in lines]
    return sorted(
        standings,
        key=lambda s: (-s.line.wins, -(s.line.win_rate or 0), -(s.line.points_per_hand or 0)),
    )
