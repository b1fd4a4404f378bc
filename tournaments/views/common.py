"""What the tournament views share: the director's tournament, a table's sides,
and an action with its message."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.text import slugify

from clubs import access
from clubs.models import Role
from jassclub.qr import qr_svg
from tournaments import services
from tournaments.models import Entry, Pass, Table, Tournament


def directed_tournament(
    request: HttpRequest, tournament_id: int, needed: str = Role.ADMIN
) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    access.club_for(request.user, tournament.club.slug, needed)
    return tournament


def directed_pass(request: HttpRequest, tournament_id: int, number: int) -> tuple[Tournament, Pass]:
    """A pass of a tournament the user directs (404 or 403 as ``directed_tournament``)."""
    tournament = directed_tournament(request, tournament_id)
    return tournament, get_object_or_404(Pass, tournament=tournament, number=number)


def directed_table(
    request: HttpRequest, tournament_id: int, table_id: int
) -> tuple[Tournament, Table]:
    """A table of a tournament the user directs (404 or 403 as ``directed_tournament``)."""
    tournament = directed_tournament(request, tournament_id)
    return tournament, get_object_or_404(Table, pk=table_id, round__tournament=tournament)


def side_names(tournament: Tournament, table: Table, entries: dict[int, Entry]) -> list[str]:
    """The sides of a table, who sign its result: the teams, in an individual
    tournament the two pairs of partners (seats 1 and 3, 2 and 4), in a Différenzler
    tournament the four players."""
    if tournament.each_for_themselves:
        return [entries[i].player_1 for i in table.seats]
    if tournament.of_players:
        return [
            " & ".join(entries[i].player_1 for i in side)
            for side in (table.seats[0::2], table.seats[1::2])
        ]
    return [entries[i].name for i in table.seats]


def act(
    request: HttpRequest,
    tournament: Tournament,
    action,
    done: str,
    where: str = "",
    table: Table | None = None,
) -> HttpResponse:
    """Run a service, then back to the director's page with what it did, or why it
    was refused (``where``: which table, said first; ``table``: the page opens it)."""
    try:
        action()
    except services.TournamentRuleBroken as broken:
        messages.error(request, f"{where}: {broken}" if where else str(broken))
    else:
        messages.success(request, done)
    return at_table(tournament, table) if table is not None else redirect(tournament)


def at_table(tournament: Tournament, table: Table) -> HttpResponse:
    """Back to the director's page on ``table``: while its pass is played, opened,
    everything at hand and the focus on it (``?table=``, the page's jump); a table of
    a pass played before, at its line, its pass drawn in full (``?open=``)."""
    url = tournament.get_absolute_url()
    if table.round.state == Pass.PUBLISHED:
        return redirect(f"{url}?table={table.number}")
    if table.round.state == Pass.CLOSED:
        return redirect(f"{url}?open={table.round.number}#table-{table.pk}")
    return redirect(f"{url}#table-{table.pk}")


def file_name(tournament: Tournament, what: str, extension: str) -> str:
    """A download's name that says what it is: ``winter-cup-2026-12-05-results.pdf``."""
    name = slugify(f"{tournament.name} {tournament.date:%Y-%m-%d}") or str(tournament.pk)
    return f"{name}-{what}.{extension}"


def standings_qr(request: HttpRequest, tournament: Tournament) -> SafeString:
    """The QR code of the standings page, as inline SVG (drawn here, never fetched)."""
    url = request.build_absolute_uri(reverse("tournaments:standings", args=[tournament.pk]))
    return qr_svg(url, scale=4)
