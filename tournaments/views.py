"""The tournament evening: the director's page, table links, confirmations, standings."""

from __future__ import annotations

import csv
import functools

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import access
from clubs.models import Role
from scoring import views as scoring_views
from scoring.suits import trump_label
from scoring.views import TABLE_GRANTS  # the games this browser scores by table link
from tournaments import services
from tournaments.forms import (
    ConfirmForm,
    DisputeForm,
    EntryForm,
    PaperTotalsForm,
    TournamentForm,
)
from tournaments.models import INDIVIDUAL, Entry, Pass, Table, Tournament
from tournaments.pdf import pdf_response
from tournaments.standings import TIE_BREAKS as TIE_BREAK_NAMES
from tournaments.standings import bye_points


def _tournament(request: HttpRequest, tournament_id: int, needed: str = Role.ADMIN) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    access.club_for(request.user, tournament.club.slug, needed)
    return tournament


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
    context = {"club": club, "tournaments": club.tournaments.all(), "form": form}
    status = 422 if form is not None and form.is_bound else 200
    return render(request, "tournaments/list.html", context, status=status)


def _director_page(request, tournament, entry_form=None, status=200) -> HttpResponse:
    entries = {e.pk: e for e in tournament.entries.all()}
    labels = dict(Table.STATES)
    rounds = []
    for round_ in tournament.schedule.prefetch_related("tables"):
        playing = round_.state == Pass.PUBLISHED
        states = services.table_states(round_) if playing else {}
        draft = round_.state == Pass.DRAFT
        tables = []
        for t in round_.tables.all():
            shown = states.get(t.pk, services.TableStatus(t.state))
            sides = _side_names(tournament, t, entries)
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
                        {"name": name, "code": code, "signed": side in shown.signed}
                        for side, (name, code) in enumerate(zip(sides, t.codes, strict=False))
                    ],
                    "disputed_by": sides[t.disputed_by] if t.disputed_by is not None else "",
                }
            )
        rounds.append(
            {
                "round": round_,
                "tables": tables,
                "byes": [entries[i].name for i in round_.byes],
                "findings": [
                    (f, _(f.template).format(**f.params)) for f in services.findings(round_)
                ]
                if draft
                else [],
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
        "open_pass": any(item["round"].state != Pass.CLOSED for item in rounds),
        "finished": len(rounds) >= tournament.passes
        and all(item["round"].state == Pass.CLOSED for item in rounds),
    }
    if request.htmx and request.method == "GET":  # the passes refresh while tables play
        return render(request, "tournaments/director.html#passes", context)
    return render(request, "tournaments/director.html", context, status=status)


def _side_names(tournament: Tournament, table: Table, entries: dict[int, Entry]) -> list[str]:
    """The two sides of a table: the teams, or in an individual tournament the two
    pairs of partners (seats 1 and 3, 2 and 4)."""
    if tournament.format == INDIVIDUAL:
        return [
            " & ".join(entries[i].player_1 for i in side)
            for side in (table.seats[0::2], table.seats[1::2])
        ]
    return [entries[i].name for i in table.seats]


@require_GET
@login_required
def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _director_page(request, _tournament(request, tournament_id))


@require_http_methods(["GET", "POST"])
@login_required
def settings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament's settings: all of them until a pass is published; after that
    the rules of the games stay as they were played."""
    tournament = _tournament(request, tournament_id)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Saved."))
        return redirect(tournament)
    status = 422 if form.is_bound else 200
    context = {"tournament": tournament, "form": form}
    return render(request, "tournaments/settings.html", context, status=status)


def _act(request: HttpRequest, tournament: Tournament, action, done: str) -> HttpResponse:
    try:
        action()
    except services.TournamentRuleBroken as broken:
        messages.error(request, str(broken))
    else:
        messages.success(request, done)
    return redirect(tournament)


@require_POST
@login_required
def register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    form = EntryForm(request.POST, team=tournament.format != INDIVIDUAL)
    if form.is_valid():
        try:
            services.register(tournament, **form.cleaned_data)
        except services.TournamentRuleBroken as broken:
            form.add_error(None, str(broken))
        else:
            messages.success(request, _("%(name)s registered.") % form.cleaned_data)
            return redirect(tournament)
    return _director_page(request, tournament, form, status=422)


@require_http_methods(["GET", "POST"])
@login_required
def edit_entry(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Put a team's or player's names right, at any time: the results and the games
    follow."""
    tournament = _tournament(request, tournament_id)
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
    }
    status = 422 if form.is_bound else 200
    return render(request, "tournaments/entry_form.html", context, status=status)


@require_POST
@login_required
def check_in(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    present = request.POST.get("present") == "1"
    return _act(request, tournament, lambda: services.check_in(entry, present), _("Saved."))


@require_POST
@login_required
def withdraw(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    return _act(request, tournament, lambda: services.withdraw(entry), _("Withdrawn."))


@require_POST
@login_required
def reinstate(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    return _act(
        request, tournament, lambda: services.reinstate(entry), _("Back in the tournament.")
    )


@require_POST
@login_required
def schedule(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    return _act(
        request,
        tournament,
        lambda: services.schedule_next_pass(tournament),
        _("Pass drawn: check it, then publish it."),
    )


@require_POST
@login_required
def publish(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    round_ = get_object_or_404(Pass, tournament=tournament, number=number)
    return _act(request, tournament, lambda: services.publish_pass(round_), _("Pass published."))


@require_POST
@login_required
def decide(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    table = get_object_or_404(Table, pk=table_id, round__tournament=tournament)
    return _act(request, tournament, lambda: services.decide_table(table), _("Table decided."))


@require_POST
@login_required
def close(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    round_ = get_object_or_404(Pass, tournament=tournament, number=number)
    return _act(request, tournament, lambda: services.close_pass(round_), _("Pass closed."))


@require_GET
def table_link(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of a table card: this browser may score this table's game."""
    table = get_object_or_404(
        Table.objects.select_related("round__tournament"), token=token, revoked_at__isnull=True
    )
    if table.game_id is None or table.round.state == Pass.DRAFT:
        raise Http404
    if table.round.state == Pass.CLOSED:  # an old card scanned again
        context = {"table": table, "tournament": table.round.tournament}
        return render(request, "tournaments/table_closed.html", context, status=410)
    granted = set(request.session.get(TABLE_GRANTS, []))
    granted.add(table.game_id)
    request.session[TABLE_GRANTS] = sorted(granted)
    return redirect("scoring:table", table.game_id)


def _table_of_game(request: HttpRequest, game_id: int) -> Table:
    """The table of a game, for the browsers that score it: its table link, or the
    club's scorers."""
    table = get_object_or_404(Table.objects.select_related("round", "game"), game_id=game_id)
    allowed = game_id in request.session.get(TABLE_GRANTS, []) or access.has_role(
        request.user, table.game.club_id, Role.SCORER
    )
    if not allowed:
        raise Http404
    return table


def _side_name(table: Table, side: int) -> str:
    return table.game.teams.get(index=side).name


def _refused(request: HttpRequest, table: Table, game_id: int, **forms) -> HttpResponse:
    """A refused signature or dispute: the table screen with what was typed and why.
    While the game is not finished, or once its result is settled (a second tap on
    Confirm), the screen has no such form, so a message says it."""
    table.refresh_from_db(fields=["state"])
    settled = table.state in (Table.CONFIRMED, Table.DECIDED)
    if settled or table.round.state != Pass.PUBLISHED or not table.game.result().over:
        for form in forms.values():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
        return redirect("scoring:table", game_id)
    return scoring_views.table_with_forms(request, game_id, **forms)


@require_POST
def confirm(request: HttpRequest, game_id: int) -> HttpResponse:
    """A side signs the finished game with the code of its own slip; once both have
    signed, the result is confirmed."""
    table = _table_of_game(request, game_id)
    form = ConfirmForm(request.POST)
    if form.is_valid():
        try:
            signed = services.confirm_table(table, form.cleaned_data["code"])
        except services.TournamentRuleBroken as broken:
            form.add_error("code", str(broken))
        else:
            if signed.confirmed:
                messages.success(request, _("Result confirmed. Thank you!"))
            else:
                messages.success(
                    request,
                    _("%(team)s signed. Now %(other)s confirms with the code on its own slip.")
                    % {
                        "team": _side_name(table, signed.side),
                        "other": _side_name(table, 1 - signed.side),
                    },
                )
            return redirect("scoring:table", game_id)
    return _refused(request, table, game_id, confirm=form)


@require_POST
def dispute(request: HttpRequest, game_id: int) -> HttpResponse:
    """A side does not agree with the finished game: the director is told why."""
    table = _table_of_game(request, game_id)
    form = DisputeForm(request.POST)
    if form.is_valid():
        try:
            services.dispute_table(table, form.cleaned_data["code"], form.cleaned_data["reason"])
        except services.TournamentRuleBroken as broken:
            form.add_error(None, str(broken))
        else:
            messages.warning(
                request, _("Disputed: the tournament director will come to the table.")
            )
            return redirect("scoring:table", game_id)
    return _refused(request, table, game_id, dispute=form)


class _SignInFirst(Exception):
    pass


def _visible_results(request: HttpRequest, tournament_id: int) -> Tournament:
    """Results are the club's, or everyone's once the director publishes them."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    if not tournament.published:
        if not request.user.is_authenticated:
            raise _SignInFirst
        access.club_for(request.user, tournament.club.slug)
    return tournament


def results_page(view):
    """Results views: an anonymous visitor of unpublished results is asked to sign in."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, tournament_id: int, **kwargs) -> HttpResponse:
        try:
            return view(request, tournament_id, **kwargs)
        except _SignInFirst:
            return redirect_to_login(request.get_full_path())

    return wrapped


def results_rows(tournament: Tournament) -> tuple[list[int], list[dict]]:
    """Pass numbers, and one row per entry in standing order: rank, names, points per
    pass, total, and the tie-break that decided its place."""
    entries = {e.pk: e for e in tournament.entries.all()}
    scores = services.pass_scores(tournament)
    numbers = sorted({score.pass_number for score in scores})
    byes = {(score.entry, score.pass_number) for score in scores if score.bye}
    rows = []
    for standing in services.current_standings(tournament, list(entries.values()), scores):
        entry = entries[standing.entry]
        rows.append(
            {
                "rank": standing.rank,
                "entry": entry,
                "players": " & ".join(p for p in (entry.player_1, entry.player_2) if p),
                "passes": [standing.per_pass.get(n, 0) for n in numbers],
                "cells": [
                    (standing.per_pass.get(n, 0), (standing.entry, n) in byes) for n in numbers
                ],
                "total": standing.total,
                "tie_break": _(TIE_BREAK_NAMES[standing.decided_by]) if standing.decided_by else "",
            }
        )
    if not numbers:  # nothing played yet: the entries by name, nobody ranked by a draw
        rows.sort(key=lambda row: row["entry"].name.casefold())
        for row in rows:
            row["rank"], row["tie_break"] = "", ""
    return numbers, rows


@require_GET
@results_page
def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _visible_results(request, tournament_id)
    numbers, rows = results_rows(tournament)
    context = {
        "tournament": tournament,
        "numbers": numbers,
        "rows": rows,
        "big": "big" in request.GET,
    }
    template = "tournaments/standings.html#board" if request.htmx else "tournaments/standings.html"
    return render(request, template, context)


@require_GET
@results_page
def entry_page(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """A team's or player's own page: every pass with its table, opponents and points,
    and the place in the standings."""
    tournament = _visible_results(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    standing = next(
        (s for s in services.current_standings(tournament) if s.entry == entry.pk), None
    )
    context = {
        "tournament": tournament,
        "entry": entry,
        "standing": standing,
        "passes": services.entry_passes(tournament, entry),
        "individual": tournament.format == INDIVIDUAL,
        "tie_break": _(TIE_BREAK_NAMES[standing.decided_by])
        if standing and standing.decided_by
        else "",
    }
    return render(request, "tournaments/entry.html", context)


@require_GET
@results_page
def results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _visible_results(request, tournament_id)
    numbers, rows = results_rows(tournament)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="results-{tournament.pk}.csv"'
    response.write("\ufeff")  # so that spreadsheets read the accents right
    writer = csv.writer(response)
    writer.writerow(
        [
            _("Rank"),
            _("Name"),
            _("Players"),
            *[_("Pass %(number)s") % {"number": n} for n in numbers],
            _("Total"),
            _("Tie-break"),
        ]
    )
    for row in rows:
        writer.writerow(
            [
                row["rank"],
                row["entry"].name,
                row["players"],
                *row["passes"],
                row["total"],
                row["tie_break"],
            ]
        )
    return response


@require_GET
@results_page
def results_pdf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _visible_results(request, tournament_id)
    numbers, rows = results_rows(tournament)
    context = {
        "tournament": tournament,
        "numbers": numbers,
        "rows": rows,
        "tie_breaks": [_(TIE_BREAK_NAMES[t]) for t in tournament.tie_breaks],
        "byes": any(bye for row in rows for _points, bye in row["cells"]),
        "bye_points": bye_points(tournament.hands),
    }
    return pdf_response(
        request, "tournaments/results_pdf.html", context, f"results-{tournament.pk}.pdf"
    )


@require_POST
@login_required
def publish_results(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    tournament.published = request.POST.get("published") == "1"
    tournament.save(update_fields=["published"])
    messages.success(request, _("Saved."))
    return redirect(tournament)


@require_GET
@login_required
def table_cards(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One card per table: who sits where, the imposed trumps, the QR code of the
    table's scoring link, and a blank score sheet for a table without a phone."""
    tournament = _tournament(request, tournament_id)
    round_ = get_object_or_404(Pass, tournament=tournament, number=number)
    entries = {e.pk: e for e in tournament.entries.all()}
    cards = []
    for table in round_.tables.all():
        url = request.build_absolute_uri(reverse("tournaments:table_link", args=[table.token]))
        seats = [entries[i] for i in table.seats]
        cards.append(
            {
                "table": table,
                "seats": seats,
                "sides": list(
                    zip(_side_names(tournament, table, entries), table.codes, strict=False)
                ),
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
    }
    return pdf_response(
        request, "tournaments/cards_pdf.html", context, f"tables-{tournament.pk}-{number}.pdf"
    )


@require_POST
@login_required
def swap(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    round_ = get_object_or_404(Pass, tournament=tournament, number=number)
    try:
        first, second = int(request.POST.get("first", "")), int(request.POST.get("second", ""))
    except ValueError:
        messages.error(request, _("Choose two different entries of this pass."))
        return redirect(tournament)
    return _act(
        request,
        tournament,
        lambda: services.swap(round_, first, second),
        _("Swapped: the check below shows what it changes."),
    )


@require_POST
@login_required
def paper_totals(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """Totals from a paper score sheet, for a table without a phone."""
    tournament = _tournament(request, tournament_id)
    table = get_object_or_404(Table, pk=table_id, round__tournament=tournament)
    form = PaperTotalsForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give both totals as whole numbers."))
        return redirect(tournament)
    totals = (form.cleaned_data["first"], form.cleaned_data["second"])
    return _act(
        request,
        tournament,
        lambda: services.enter_paper_totals(table, totals),
        _("Totals of table %(number)s saved.") % {"number": table.number},
    )
