"""The director's page: the tournament, its entries, drawing and publishing passes,
and the table cards."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import access
from clubs.models import Role
from scoring import rules
from scoring.suits import TrumpLabel, trump_label
from tournaments import checks, services
from tournaments.forms import (
    ConfirmDeleteForm,
    EntryForm,
    PublishForm,
    SwapForm,
    SwitchForm,
    TournamentForm,
)
from tournaments.models import INDIVIDUAL, Entry, Pass, Table, Tournament
from tournaments.pdf import pdf_response
from tournaments.standings import bye_points
from tournaments.views.common import (
    act,
    directed_pass,
    directed_tournament,
    file_name,
    side_names,
)


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
    return _("%(closed)s of %(passes)s passes played") % {
        "closed": closed,
        "passes": tournament.passes,
    }


def director_page(
    request: HttpRequest,
    tournament: Tournament,
    entry_form: EntryForm | None = None,
    status: int = 200,
    paper: dict | None = None,
) -> HttpResponse:
    """The director's page; a refused entry or paper sheet is shown where it was
    typed (``entry_form``; ``paper``: the table, the form and why)."""
    entries = {e.pk: e for e in tournament.entries.all()}
    labels = dict(Table.STATES)
    rounds = []
    for round_ in tournament.schedule.prefetch_related("tables__events__user"):
        playing = round_.state == Pass.PUBLISHED
        states = services.table_states(round_) if playing else {}
        if round_.state == Pass.CLOSED:  # the results stored when the pass closed
            states = {
                t.pk: services.TableStatus(
                    t.state, played=tournament.hands, totals=tuple(t.result["totals"])
                )
                for t in round_.tables.all()
                if t.result
            }
        draft = round_.state == Pass.DRAFT
        tables = []
        for t in round_.tables.all():
            shown = states.get(t.pk, services.TableStatus(t.state))
            sides = side_names(tournament, t, entries)
            tables.append(
                {
                    "table": t,
                    "seated": [entries[i].name for i in t.seats],
                    "state": shown.state,
                    "label": _("being played · hand %(played)s of %(hands)s")
                    % {"played": shown.played, "hands": tournament.hands}
                    if shown.state == Table.MISSING and shown.played
                    else labels[shown.state],
                    "totals": shown.totals,
                    "finished": shown.played >= tournament.hands,
                    "sides": [
                        {
                            "side": side,
                            "name": name,
                            "code": code,
                            "signed": side in shown.signed,
                            "locked": t.code_locked(side),
                        }
                        for side, (name, code) in enumerate(zip(sides, t.codes, strict=False))
                    ],
                    "disputed_by": sides[t.disputed_by] if t.disputed_by is not None else "",
                    "locked": [sides[s] for s in (0, 1) if t.code_locked(s)]
                    if playing and not t.settled
                    else [],
                    "paper_reason": services.paper_replaces_a_result(t, round_),
                    "paper": paper if paper and paper["table"] == t.pk else None,
                    "events": [
                        (event, sides[event.side] if event.side is not None else "")
                        for event in t.events.all()
                    ],
                }
            )
        found = services.findings(round_) if draft else []
        rounds.append(
            {
                "round": round_,
                "blocked": any(f.error for f in found),
                "to_accept": any(f.kind in checks.TO_ACCEPT for f in found),
                "takeable": playing and services.nothing_played(round_),
                "tables": tables,
                "byes": [entries[i].name for i in round_.byes],
                "findings": [(f, capfirst(_(f.template).format(**f.params))) for f in found],
                "placed": sorted(
                    (entries[i] for t in round_.tables.all() for i in t.seats),
                    key=lambda e: e.name,
                )
                + [entries[i] for i in round_.byes],
            }
        )
    closed = any(item["round"].state == Pass.CLOSED for item in rounds)
    standings = (
        [(s, entries[s.entry]) for s in services.current_standings(tournament)] if closed else []
    )
    context = {
        "tournament": tournament,
        "entries": list(entries.values()),
        "rounds": rounds,
        "entry_form": entry_form or EntryForm(team=tournament.format != INDIVIDUAL),
        "individual": tournament.format == INDIVIDUAL,
        "standings": standings,
        "members": sorted(m.name for m in tournament.club.members.all()),
        "playing": any(item["round"].state == Pass.PUBLISHED for item in rounds),
        "trump_runs": _trump_runs(tournament),
        "open_pass": any(item["round"].state != Pass.CLOSED for item in rounds),
        "finished": len(rounds) >= tournament.passes
        and all(item["round"].state == Pass.CLOSED for item in rounds),
    }
    if request.htmx and request.method == "GET":  # the passes refresh while tables play
        return render(request, "tournaments/director.html#passes", context)
    return render(request, "tournaments/director.html", context, status=status)


def _trump_runs(tournament: Tournament) -> list[tuple[TrumpLabel, int]]:
    """The imposed trump order as runs: (♥ Hearts, 4), (♦ Diamonds, 4)…"""
    runs: list[tuple[TrumpLabel, int]] = []
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
        form.save()
        messages.success(request, _("Saved."))
        return redirect(tournament)
    status = 422 if form.is_bound else 200
    context = {
        "tournament": tournament,
        "form": form,
        "removable": not tournament.schedule.exclude(state=Pass.DRAFT).exists(),
        "ranked": tournament.schedule.filter(state=Pass.CLOSED).exists(),
    }
    return render(request, "tournaments/settings.html", context, status=status)


@require_POST
@login_required
def register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    form = EntryForm(request.POST, team=tournament.format != INDIVIDUAL)
    if form.is_valid():
        try:
            services.register(tournament, **form.cleaned_data)
        except services.TournamentRuleBroken as broken:
            form.add_error(None, str(broken))
        else:
            messages.success(request, _("%(name)s registered.") % form.cleaned_data)
            return redirect(tournament)
    return director_page(request, tournament, form, status=422)


@require_http_methods(["GET", "POST"])
@login_required
def edit_entry(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Put a team's or player's names right, at any time: the results and the games
    follow."""
    tournament = directed_tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    initial = {"name": entry.name, "player_1": entry.player_1, "player_2": entry.player_2}
    form = EntryForm(request.POST or None, initial=initial, team=tournament.format != INDIVIDUAL)
    if request.method == "POST" and form.is_valid():
        try:
            services.correct_entry(entry, **form.cleaned_data)
        except services.TournamentRuleBroken as broken:
            form.add_error(None, str(broken))
        else:
            messages.success(request, _("%(name)s saved.") % form.cleaned_data)
            return redirect(tournament)
    context = {
        "tournament": tournament,
        "entry": entry,
        "form": form,
        "individual": tournament.format == INDIVIDUAL,
        "members": sorted(m.name for m in tournament.club.members.all()),
        "removable": not services.drawn_ever(entry),
    }
    status = 422 if form.is_bound else 200
    return render(request, "tournaments/entry_form.html", context, status=status)


@require_POST
@login_required
def remove_entry(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """An entry registered by mistake, before any pass placed it."""
    tournament = directed_tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    name = entry.name
    if not ConfirmDeleteForm(request.POST).is_valid():
        messages.error(request, _("Tick the box to say that %(name)s goes.") % {"name": name})
        return redirect("tournaments:edit_entry", tournament.pk, entry.pk)
    return act(
        request,
        tournament,
        lambda: services.remove_entry(entry),
        _("%(name)s deleted.") % {"name": name},
    )


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


@require_POST
@login_required
def check_in(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    form = SwitchForm(request.POST)
    present = form.is_valid() and form.cleaned_data["on"]
    done = _("%(name)s is here.") if present else _("%(name)s is not here.")
    return act(
        request,
        tournament,
        lambda: services.check_in(entry, present),
        done % {"name": entry.name},
    )


@require_POST
@login_required
def withdraw(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    if services.withdraw(entry):
        messages.success(
            request,
            _(
                "%(name)s withdrawn after this pass: its table plays on, "
                "or you decide it; it is not drawn any more."
            )
            % {"name": entry.name},
        )
    else:
        messages.success(
            request, _("%(name)s withdrawn: it is not drawn any more.") % {"name": entry.name}
        )
    return redirect(tournament)


@require_POST
@login_required
def reinstate(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    return act(
        request,
        tournament,
        lambda: services.reinstate(entry),
        _("%(name)s is back in the tournament.") % {"name": entry.name},
    )


@require_POST
@login_required
def schedule(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    return act(
        request,
        tournament,
        lambda: services.schedule_next_pass(tournament),
        _("Pass drawn: check it, then publish it."),
    )


@require_POST
@login_required
def redraw(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    return act(
        request,
        tournament,
        lambda: services.redraw_pass(round_),
        _("Pass drawn again: check it, then publish it."),
    )


@require_POST
@login_required
def publish(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    form = PublishForm(request.POST)
    anyway = form.is_valid() and form.cleaned_data["anyway"]
    return act(
        request,
        tournament,
        lambda: services.publish_pass(round_, anyway=anyway),
        _("Pass published."),
    )


@require_POST
@login_required
def unpublish(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A pass published by mistake (a team gone home, a swap forgotten), before any
    table has started."""
    tournament, round_ = directed_pass(request, tournament_id, number)
    return act(
        request,
        tournament,
        lambda: services.unpublish_pass(round_),
        _("The pass is a draft again: change it, draw it again or publish it."),
    )


@require_POST
@login_required
def swap(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose two different entries of this pass."))
        return redirect(tournament)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    return act(
        request,
        tournament,
        lambda: services.swap(round_, first, second),
        _("Swapped: the check below shows what it changes."),
    )


@require_POST
@login_required
def close(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    return act(request, tournament, lambda: services.close_pass(round_), _("Pass closed."))


def _around_the_table(
    tournament: Tournament, table: Table, entries: dict[int, Entry], sides: list[str]
) -> list[tuple[int, str, str]]:
    """Seats 1 to 4 counterclockwise, as the table's game has them: (seat, player,
    side). Partners sit opposite: seats 1 and 3 are the first side, 2 and 4 the other."""
    if tournament.format == INDIVIDUAL:
        players = [entries[i].player_1 for i in table.seats]
    else:
        first, second = (entries[i] for i in table.seats)
        players = [first.player_1, second.player_1, first.player_2, second.player_2]
    return [(seat + 1, players[seat], sides[seat % 2]) for seat in range(4)]


@require_GET
@login_required
def table_cards(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One card per table: who sits where, the imposed trumps, the QR code of the
    table's scoring link, and a blank score sheet for a table without a phone."""
    tournament, round_ = directed_pass(request, tournament_id, number)
    entries = {e.pk: e for e in tournament.entries.all()}
    one = request.GET.get("table", "")  # one table's card, after its link was replaced
    tables = round_.tables.filter(number=int(one)) if one.isdigit() and len(one) < 4 else None
    cards = []
    for table in tables if tables is not None else round_.tables.all():
        url = request.build_absolute_uri(reverse("tournaments:table_link", args=[table.token]))
        sides = side_names(tournament, table, entries)
        cards.append(
            {
                "table": table,
                "seats": [entries[i] for i in table.seats],
                "around": _around_the_table(tournament, table, entries, sides),
                "sides": list(zip(sides, table.codes, strict=False)),
                "qr": mark_safe(segno.make(url, error="m").svg_inline(scale=3)),  # our own SVG
                "url": url,
            }
        )
    trumps = [
        (n, trump_label(tournament.trump_of_hand(n), tournament.club.suit_style))
        for n in range(1, tournament.hands + 1)
    ]
    context = {
        "tournament": tournament,
        "round": round_,
        "cards": cards,
        "trumps": trumps,
        "individual": tournament.format == INDIVIDUAL,
        "byes": [entries[i] for i in round_.byes] if tables is None else [],
        "bye_points": bye_points(tournament.hands),
        "dealer": rules.dealer(0, 1) + 1,  # a tournament game: seat 1 chooses first
        "leader": rules.chooser(0, 1) + 1,
    }
    return pdf_response(
        request,
        "tournaments/cards_pdf.html",
        context,
        file_name(
            tournament,
            f"tables-pass-{number}" + (f"-table-{one}" if tables is not None else ""),
            "pdf",
        ),
    )
