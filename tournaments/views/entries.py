"""The entries of a tournament on the director's page: register, correct, check in,
withdraw and reinstate, delete."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import services
from tournaments.forms import (
    ConfirmDeleteForm,
    EntriesFileForm,
    EntryForm,
    SwitchForm,
)
from tournaments.models import Entry
from tournaments.views.common import (
    act,
    directed_tournament,
)
from tournaments.views.director import director_page


@require_POST
@login_required
def register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    form = EntryForm(request.POST, team=not tournament.of_players)
    if form.is_valid():
        try:
            services.register(tournament, **form.cleaned_data)
        except services.TournamentRuleBroken as broken:
            form.add_error(None, str(broken))
        else:
            messages.success(request, _("%(name)s registered.") % form.cleaned_data)
            return redirect(tournament)
    return director_page(request, tournament, form, status=422)


@require_POST
@login_required
def import_entries(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Entries brought in from a CSV file, all or none; a refused file says which
    line and why, beside the file field."""
    tournament = directed_tournament(request, tournament_id)
    form = EntriesFileForm(request.POST, request.FILES, team=not tournament.of_players)
    if form.is_valid():
        try:
            count = services.register_all(tournament, form.cleaned_data["file"])
        except services.TournamentRuleBroken as broken:
            form.add_error("file", str(broken))
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s entry registered from the file.",
                    "%(count)s entries registered from the file.",
                    count,
                )
                % {"count": count},
            )
            return redirect(reverse("tournaments:tournament", args=[tournament.pk]) + "#entries")
    return director_page(request, tournament, status=422, entries_file=form)


@require_http_methods(["GET", "POST"])
@login_required
def edit_entry(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Put a team's or player's names right, at any time: the results and the games
    follow."""
    tournament = directed_tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    initial = {"name": entry.name, "player_1": entry.player_1, "player_2": entry.player_2}
    form = EntryForm(request.POST or None, initial=initial, team=not tournament.of_players)
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
        "individual": tournament.of_players,
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
def check_in(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    form = SwitchForm(request.POST)
    present = form.is_valid() and form.cleaned_data["on"]
    done = _("Here: %(name)s.") if present else _("Not here: %(name)s.")
    return act(
        request,
        tournament,
        lambda: services.check_in(entry, present),
        done % {"name": entry.name},
    )


@require_POST
@login_required
def check_in_all(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    count = services.check_in_all(tournament)
    messages.success(
        request,
        ngettext(
            "%(count)s more entry checked in: everyone is here.",
            "%(count)s more entries checked in: everyone is here.",
            count,
        )
        % {"count": count},
    )
    return redirect(reverse("tournaments:tournament", args=[tournament.pk]) + "#entries")


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
        messages.success(request, _("Withdrawn, no longer drawn: %(name)s.") % {"name": entry.name})
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
        _("Back in the tournament: %(name)s.") % {"name": entry.name},
    )
