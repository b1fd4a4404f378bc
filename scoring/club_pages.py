"""The pages of a club that show its games: the club's page (its recent games and
the season's leaderboard) and a player's page (their statistics and games)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from clubs import access
from clubs.forms import SeasonForm
from clubs.models import Member
from scoring import statistics
from scoring.presenters import game_view


@require_GET
@login_required
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug)
    season = SeasonForm(request.GET or None)
    start, end = season.dates()
    games = list(statistics.season_games(club, start, end))
    members = list(club.members.all())
    lines = statistics.statistics(games)
    context = {
        "club": club,
        "season": season,
        "views": [game_view(game) for game in games[:10]],
        "standings": statistics.leaderboard(members, lines),
        "role": access.role_in(request.user, club.pk),
        "members": members,
    }
    return render(request, "clubs/club.html", context)


@require_GET
@login_required
def player(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.club_for(request.user, slug)
    member = get_object_or_404(Member, pk=member_id, club=club)
    season = SeasonForm(request.GET or None)
    start, end = season.dates()
    games = list(
        statistics.season_games(club, start, end).filter(teams__players__member=member).distinct()
    )
    line = statistics.statistics(games).get(member.pk)
    context = {
        "club": club,
        "member": member,
        "season": season,
        "line": line,
        "views": [game_view(game) for game in games[:10]],
    }
    return render(request, "clubs/player.html", context)
