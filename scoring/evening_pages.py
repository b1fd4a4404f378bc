"""A club's evenings (RULES.md §12, §10): the evening's page (in Striche and
Différenzler), its live poll, and the club's Strich table, which a club admin sets.
Thin views: a form, a service, a page (``scoring.evenings`` and
``scoring.differenzler_evenings`` read an evening; ``services.save_strich_table`` keeps
the table)."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs import access
from clubs.forms import SEASON_BOUNDS
from clubs.models import Club, Role
from scoring import evenings
from scoring.differenzler_evenings import DifferenzlerEvening, differenzler_evening
from scoring.models import club_striche
from scoring.services.striche import save_strich_table
from scoring.striche_forms import StrichTableForm
from scoring.views.common import poll_answer


def _date(day: str) -> dt.date:
    """The evening's date from its address (YYYY-MM-DD, 1900–2999); 404 otherwise."""
    try:
        date = dt.date.fromisoformat(day)
    except ValueError:
        raise Http404(_("No such date.")) from None
    if not SEASON_BOUNDS[0] <= date <= SEASON_BOUNDS[1] or len(day) != 10:
        raise Http404(_("No such date."))
    return date


def evening_url(slug: str, date: dt.date) -> str:
    return reverse("clubs:evening", args=[slug, date.isoformat()])


def _both(club: Club, date: dt.date) -> tuple[evenings.Evening, DifferenzlerEvening, str]:
    """The date's evening in Striche and its Différenzler evening, and the fingerprint
    of both (the live poll's)."""
    striche = evenings.evening(club, date)
    differenzler = differenzler_evening(club, date)
    return striche, differenzler, f"{striche.version[:8]}{differenzler.version[:8]}"


@require_GET
@login_required
def evening(request: HttpRequest, slug: str, day: str) -> HttpResponse:
    """The club's evening of a date: its games counted in Striche and the tally per
    team and per player, and its Différenzler games and their ranking (a date may have
    both), followed live as hands come in (the poll swaps ``#evening``)."""
    club = access.club_for(request.user, slug)
    found, differenzler, version = _both(club, _date(day))
    poll = reverse("clubs:evening_live", args=[club.slug, found.date.isoformat()])
    context = {
        "club": club,
        "evening": found,
        "differenzler": differenzler,
        "poll_url": f"{poll}?shown={version}",
        "previous": found.date - dt.timedelta(days=1),
        "next": found.date + dt.timedelta(days=1),
    }
    return render(request, "scoring/evening.html", context)


@require_GET
@login_required
def evening_live(request: HttpRequest, slug: str, day: str) -> HttpResponse:
    """The evening page's live poll: whether the evening changed since the page was
    drawn (an unchanged evening answers 304)."""
    club = access.club_for(request.user, slug)
    found, _differenzler, version = _both(club, _date(day))
    poll = reverse("clubs:evening_live", args=[club.slug, found.date.isoformat()])
    page = evening_url(club.slug, found.date)
    return poll_answer(request, version, poll, page, "#evening", follow=True)


@require_http_methods(["GET", "POST"])
@login_required
def strich_table(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's Strich table (a club admin's): what each award is worth in the
    club's new games, and how its evenings are ranked."""
    club = access.club_for(request.user, slug, Role.ADMIN)
    form = StrichTableForm(request.POST or None, instance=club_striche(club.pk))
    if request.method == "POST" and form.is_valid():
        save_strich_table(club, **form.cleaned_data)
        messages.success(request, _("Strich table saved. The club's new games count with it."))
        return redirect("clubs:strich_table", club.slug)
    status = 422 if form.is_bound else 200
    context = {"club": club, "form": form}
    return render(request, "scoring/strich_table.html", context, status=status)
