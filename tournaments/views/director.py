"""The director's page: the tournament, its entries, drawing and publishing passes,
and the table cards."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import access
from clubs.models import Role
from scoring import registry
from scoring.suits import TrumpLabel, trump_label
from tournaments import services
from tournaments.forms import (
    ConfirmDeleteForm,
    EntriesFileForm,
    EntryForm,
    OfficeForm,
    TournamentForm,
)
from tournaments.models import Pass, Tournament
from tournaments.standings import TIE_BREAK_NAMES
from tournaments.views.common import (
    directed_tournament,
)
from tournaments.views.presenters import entry_links, office, passes_shown


@require_http_methods(["GET", "POST"])
@login_required
def club_tournaments(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug)
    is_admin = access.has_role(request.user, club.pk, Role.ADMIN)
    form = TournamentForm(request.POST or None) if is_admin else None
    if request.method == "POST":
        if form is None:
            raise Http404
        if form.is_valid():
            form.instance.club = club
            tournament = form.save()
            return redirect(tournament)
    context = {
        "club": club,
        "tournaments": [(t, _progress(t)) for t in club.tournaments.prefetch_related("schedule")],
        "form": form,
        "is_admin": is_admin,  # the director's page; the others see the standings
    }
    status = 422 if form is not None and form.is_bound else 200
    return render(request, "tournaments/list.html", context, status=status)


def _progress(tournament: Tournament) -> str:
    """Where a tournament stands, for the club's list of tournaments."""
    passes = list(tournament.schedule.all())
    if not passes or passes == [p for p in passes if p.state == Pass.DRAFT]:
        return _("not started")
    last = passes[-1]
    if last.state == Pass.CLOSED and last.number >= tournament.passes:
        return _("finished")
    playing = next((p for p in passes if p.state == Pass.PUBLISHED), None)
    if playing is not None:
        return _("pass %(number)s being played") % {"number": playing.number}
    closed = sum(1 for p in passes if p.state == Pass.CLOSED)
    return ngettext(  # one English form; French says "0 passe jouée", "1 passe jouée"
        "%(closed)s of %(passes)s passes played", "%(closed)s of %(passes)s passes played", closed
    ) % {"closed": closed, "passes": tournament.passes}


def director_page(
    request: HttpRequest,
    tournament: Tournament,
    entry_form: EntryForm | None = None,
    status: int = 200,
    paper: dict | None = None,
    entries_file: EntriesFileForm | None = None,
) -> HttpResponse:
    """The director's page; a refused entry or paper sheet is shown where it was
    typed (``entry_form``; ``paper``: the table, the form and why)."""
    entries = {e.pk: e for e in tournament.entries.all()}
    shown = OfficeForm(request.GET)  # a count's tables, or the table jumped to
    wanted = shown.cleaned_data if shown.is_valid() else {}
    rounds = passes_shown(tournament, entries, paper, opened=wanted.get("open"))
    context = {  # what the passes show: the page's part that refreshes while tables play
        "tournament": tournament,
        "summary": office(rounds, wanted.get("show") or "", wanted.get("table"), paper),
        "jump": shown,
        "focus": not request.htmx,  # the page opened on a table or a count, not a refresh
        # the passes refresh as shown (a refused form is drawn at its POST's address)
        "refresh": tournament.get_absolute_url()
        + (f"?{request.GET.urlencode()}" if request.method == "GET" and request.GET else ""),
        "rounds": rounds,
        # a kind whose tournament totals may come from a paper sheet (GameKind.check_totals)
        "paper_totals": registry.of(tournament.ruleset.to_dict()).offers("check_totals"),
        "playing": any(item["round"].state == Pass.PUBLISHED for item in rounds),
    }
    if request.htmx and request.method == "GET":  # the passes refresh while tables play
        return render(request, "tournaments/director.html#passes", context)
    closed = any(item["round"].state == Pass.CLOSED for item in rounds)
    everyone = entry_links(tournament, list(entries.values()))  # each with its links
    links = {entry.pk: found for entry, found in everyone}
    query = request.GET.get("q", "").strip()[:100]  # the entries' search, without script
    context |= {
        # the last results sheet built off the request path (a big tournament's)
        "sheet": tournament.results_sheets.defer("pdf").order_by("-created_at").first(),
        "entries": [line for line in everyone if query.casefold() in line[0].name.casefold()]
        if query
        else everyone,
        "query": query,
        "registered": len(everyone),
        "present": sum(1 for e in entries.values() if e.checked_in and not e.withdrawn),
        "entry_form": entry_form or EntryForm(team=not tournament.of_players),
        "entries_file": entries_file or EntriesFileForm(),
        "individual": tournament.of_players,
        "draws_trumps": tournament.draws_trumps,
        "lowest_wins": tournament.lowest_wins,
        "standings": [
            (s, entries[s.entry], links[s.entry]["entry"])
            for s in services.current_standings(tournament)
        ]
        if closed
        else [],
        "members": sorted(m.name for m in tournament.club.members.all()),
        "trump_runs": _trump_runs(tournament),
        "open_pass": any(item["round"].state != Pass.CLOSED for item in rounds),
        "finished": len(rounds) >= tournament.passes
        and all(item["round"].state == Pass.CLOSED for item in rounds),
    }
    return render(request, "tournaments/director.html", context, status=status)


def _ranking_words(ranking: dict) -> str:
    """How standings rank, in words: "best 3 passes; points in the last pass, …"."""
    best = ranking.get("best_of")
    if best:
        rule = ngettext("the best pass", "the best %(n)s passes", best) % {"n": best}
    elif ranking.get("drop_worst"):  # a change kept before the option knows nothing of it
        rule = _("all passes but each one's worst")
    else:
        rule = _("all passes")
    names = ranking.get("tie_breaks", [])
    breaks = ", ".join(str(_(TIE_BREAK_NAMES.get(name, name))) for name in names)
    return f"{rule}; {breaks}" if breaks else rule


def _trump_runs(tournament: Tournament) -> list[tuple[TrumpLabel, int]]:
    """The imposed trump order as runs: (♥ Hearts, 4), (♦ Diamonds, 4)…"""
    runs: list[tuple[TrumpLabel, int]] = []
    if tournament.draws_trumps:  # its tables draw each hand's trump, or turn it up
        return runs
    for number in range(1, tournament.hands + 1):
        label = trump_label(tournament.trump_of_hand(number), tournament.club.suit_style)
        if runs and runs[-1][0] == label:
            runs[-1] = (label, runs[-1][1] + 1)
        else:
            runs.append((label, 1))
    return runs


@require_GET
@login_required
def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The director's page; a member or scorer who follows a link to it sees the
    tournament's standings instead."""
    found = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    access.club_for(request.user, found.club.slug)  # 404 outside the club
    if not access.has_role(request.user, found.club_id, Role.ADMIN):
        return redirect("tournaments:standings", found.pk)
    return director_page(request, found)


@require_http_methods(["GET", "POST"])
@login_required
def settings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament's settings: all of them until a pass is published; after that
    the rules of the games stay as they were played."""
    tournament = directed_tournament(request, tournament_id)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        services.save_settings(form, request.user)
        messages.success(request, _("Saved."))
        return redirect(tournament)
    status = 422 if form.is_bound else 200
    context = {
        "tournament": tournament,
        "form": form,
        "removable": not tournament.schedule.exclude(state=Pass.DRAFT).exists(),
        "ranked": tournament.schedule.filter(state=Pass.CLOSED).exists(),
        "ranking_changes": [
            (change, _ranking_words(change.before), _ranking_words(change.after))
            for change in tournament.ranking_changes.select_related("user")
        ],
    }
    return render(request, "tournaments/settings.html", context, status=status)


@require_POST
@login_required
def remove_tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament set up by mistake, before any pass is played."""
    tournament = directed_tournament(request, tournament_id)
    if not ConfirmDeleteForm(request.POST).is_valid():
        messages.error(
            request, _("Tick the box to say that %(name)s goes.") % {"name": tournament.name}
        )
        return redirect("tournaments:settings", tournament.pk)
    try:
        services.remove_tournament(tournament)
    except services.TournamentRuleBroken as broken:
        messages.error(request, str(broken))
        return redirect("tournaments:settings", tournament.pk)
    messages.success(request, _("%(name)s deleted.") % {"name": tournament.name})
    return redirect("tournaments:club_tournaments", tournament.club.slug)
