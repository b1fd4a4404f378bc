"""The pages of a club that show its games: the club's page (its recent games and
the season's leaderboards: team game, Différenzler, Coiffeur) and a player's page
(their statistics of each kind and their games)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from clubs import access
from clubs.forms import SeasonForm
from clubs.models import Member
from scoring import evenings, panels, registry, statistics
from scoring.presenters import listed_views

RECENT_GAMES = 10  # listed on the club's page and a player's page


def _with_lines() -> list[registry.GameKind]:
    """The kinds whose players the club's pages rank and sum (``GameKind.lines``)."""
    return [kind for kind in registry.registered() if kind.lines is not None]


@require_GET
@login_required
def club(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's recent games and the season's leaderboard, summed in the database
    from the stored results and the closed months' totals: the same few queries at 20
    games as at 20,000, and the leaderboard's cost grows with the months, not the
    games."""
    club = access.club_for(request.user, slug)
    season = SeasonForm(request.GET or None)
    start, end = season.dates()
    recent = statistics.season_games(club, start, end)
    members = list(club.members.all())
    lines = statistics.club_lines(club, start, end)
    kinds = _with_lines()
    boards = {  # also by the kind's name
        kind.name: kind.lines.board(members, lines.kinds.get(kind.name, {})) for kind in kinds
    }
    context = {
        "club": club,
        "season": season,
        "views": listed_views(recent.with_everything()[:RECENT_GAMES]),
        **boards,
        "boards": [  # each kind's ranking, in the kinds' order
            (kind.lines.board_template, boards[kind.name]) for kind in kinds if boards[kind.name]
        ],
        "role": access.role_in(request.user, club.pk),
        "members": members,
        # the season's latest evenings counted in Striche (RULES.md §12): one query
        "evenings": evenings.recent_evenings(club, start, end),
    }
    return render(request, "clubs/club.html", context)


@require_GET
@login_required
def player(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.club_for(request.user, slug)
    member = get_object_or_404(Member, pk=member_id, club=club)
    season = SeasonForm(request.GET or None)
    start, end = season.dates()
    results = statistics.season_results(club, start, end)
    lines = statistics.member_lines(results, member)
    kinds = _with_lines()
    context = {
        "club": club,
        "member": member,
        "season": season,
        **{kind.name: lines.get(kind.name) for kind in kinds},
        "kind_lines": [  # each kind's line (GameKind.lines), in the kinds' order
            (kind.lines.line_template, lines[kind.name]) for kind in kinds if kind.name in lines
        ],
        "views": listed_views(statistics.recent_games(results, member, RECENT_GAMES)),
        "panels": panels.panels_for(club, member),  # what apps above scoring add
        # the member's latest evenings counted in Striche (RULES.md §12): one query
        "evenings": evenings.member_evenings(results, member),
    }
    return render(request, "clubs/player.html", context)
