"""The season's pages: the club's seasons, a season's standings (also on a projector,
as a PDF and a CSV), and its settings and events for the club's admins."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import access
from clubs.models import Role
from jassclub.csv_export import SafeWriter
from jassclub.qr import qr_svg
from seasons import ranking, services
from seasons.forms import EventForm, EventWeightForm, SeasonForm
from seasons.models import Season, SeasonEvent
from seasons.numbers import figure
from tournaments.forms import ConfirmDeleteForm
from tournaments.pdf import inline_pdf, pdf_bytes

PROJECTOR_ROWS = 20  # rows of one page of the projector


def _season(request: HttpRequest, season_id: int, needed: str = Role.MEMBER) -> Season:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    access.club_for(request.user, season.club.slug, needed)
    return season


def board(table: services.Standings) -> dict[str, Any]:
    """What the standings show: the events counted (columns) and one row per player,
    each event's points with whether they count."""
    rows = []
    for line in table.lines:
        rows.append(
            {
                "line": line,
                "rank": line.rank,
                "total": figure(line.total),
                "cells": [
                    {"points": figure(points), "counted": counted, "played": points is not None}
                    for points, counted in zip(line.points, line.counted, strict=True)
                ],
                "tie_break": _(ranking.TIE_BREAKS[line.decided_by]) if line.decided_by else "",
            }
        )
    marks: dict[str, str] = {}  # a tie-break's letter after a name, spelt out in the legend
    for row in rows:
        if row["tie_break"]:
            marks.setdefault(row["tie_break"], "abc"[len(marks)])
            row["tie_break_mark"] = marks[row["tie_break"]]
    return {
        "standings": table,
        "columns": table.columns,
        "rows": rows,
        "tie_break_marks": {mark: rule for rule, mark in marks.items()},
        "pending": [e for e in table.events if not e.counted],
        "dropped": any(not c["counted"] and c["played"] for r in rows for c in r["cells"]),
        "tie_breaks": [_(ranking.TIE_BREAKS[t]) for t in table.season.tie_breaks],
    }


@require_http_methods(["GET", "POST"])
@login_required
def club_seasons(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug)
    is_admin = access.has_role(request.user, club.pk, Role.ADMIN)
    form = SeasonForm(request.POST or None) if is_admin else None
    if request.method == "POST":
        if form is None:
            raise Http404
        if form.is_valid():
            try:
                season = services.create_season(club, form.cleaned_data["name"], form.values())
            except services.SeasonRuleBroken as broken:
                form.add_error(None, str(broken))
            else:
                messages.success(request, _("The season is created: choose the events it counts."))
                return redirect("seasons:settings", season.pk)
    context = {
        "club": club,
        "seasons": list(club.seasons.all()),
        "form": form,
        "is_admin": is_admin,
    }
    status = 422 if form is not None and form.is_bound else 200
    return render(request, "seasons/list.html", context, status=status)


@require_GET
@login_required
def season(request: HttpRequest, season_id: int) -> HttpResponse:
    """The standings on the events so far, redrawn every 30 seconds (htmx): an event
    counts once it is over."""
    season = _season(request, season_id)
    big = "big" in request.GET
    table = services.standings(season)
    context = {
        "season": season,
        "big": big,
        "is_admin": access.has_role(request.user, season.club_id, Role.ADMIN),
        **board(table),
    }
    if big:
        rows = context["rows"]
        context["pages"] = [
            rows[i : i + PROJECTOR_ROWS] for i in range(0, len(rows), PROJECTOR_ROWS)
        ]
        if not request.htmx:
            url = request.build_absolute_uri(reverse("seasons:season", args=[season.pk]))
            context["standings_qr"] = qr_svg(url, scale=4)
    template = "seasons/season.html#board" if request.htmx else "seasons/season.html"
    return render(request, template, context)


def _file_name(season: Season, extension: str) -> str:
    return f"{slugify(season.name) or season.pk}-standings.{extension}"


@require_GET
@login_required
def season_csv(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    table = services.standings(season)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(season, "csv")}"'
    response.write("\ufeff")  # so that spreadsheets read the accents right
    writer = SafeWriter(response, delimiter=";")  # as the tournaments' CSV
    events = [f"{c.event.title} ({date_format(c.event.date)})" for c in table.columns]
    writer.writerow(
        [
            _("Rank"),
            _("Player"),
            _("Total"),
            _("Events played"),
            _("Wins"),
            *events,
            *[_("Counted: %(event)s") % {"event": event} for event in events],
        ]
    )
    for line in table.lines:
        writer.writerow(
            [
                "" if line.rank is None else line.rank,
                line.player,
                figure(line.total),
                line.played,
                line.wins,
                *(figure(p) for p in line.points),
                *(
                    (_("yes") if c else _("dropped")) if p is not None else ""
                    for p, c in zip(line.points, line.counted, strict=True)
                ),
            ]
        )
    return response


@require_GET
@login_required
def season_pdf(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    context = {
        "season": season,
        "LANGUAGE_CODE": translation.get_language(),
        **board(services.standings(season)),
    }
    pdf, _pages = pdf_bytes("seasons/season_pdf.html", context, request)
    return inline_pdf(pdf, _file_name(season, "pdf"))


# -- the admin's page: settings and events ---------------------------------------------


def _weight_form(event: SeasonEvent) -> EventWeightForm:
    return EventWeightForm(
        initial={"weight": event.weight, "final": event.final}, prefix=f"e{event.pk}"
    )


def _settings_page(
    request: HttpRequest,
    season: Season,
    form: SeasonForm | None = None,
    event_form: EventForm | None = None,
    status: int = 200,
    changed: tuple[SeasonEvent, EventWeightForm] | None = None,
) -> HttpResponse:
    """The admin's page; ``changed``: an event's weight refused, its form as typed."""
    events = list(season.events.all())
    context = {
        "season": season,
        "form": form or SeasonForm(season=season),
        "event_form": event_form or EventForm(season=season),
        "events": [
            (e, changed[1] if changed and changed[0].pk == e.pk else _weight_form(e))
            for e in events
        ],
    }
    return render(request, "seasons/settings.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def season_settings(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id, Role.ADMIN)
    if request.method == "GET":
        return _settings_page(request, season)
    form = SeasonForm(request.POST, season=season)
    if form.is_valid():
        try:
            services.save_settings(season, form.cleaned_data["name"], form.values())
        except services.SeasonRuleBroken as broken:
            form.add_error(None, str(broken))
        else:
            messages.success(request, _("The season's settings are saved."))
            return redirect("seasons:settings", season.pk)
    return _settings_page(request, season, form=form, status=422)


@require_POST
@login_required
def add_event(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id, Role.ADMIN)
    form = EventForm(request.POST, season=season)
    if form.is_valid():
        kind, key = form.chosen()
        try:
            event = services.add_event(
                season, kind, key, form.cleaned_data["weight"], form.cleaned_data["final"]
            )  # an empty weight: 1, a final 2
        except services.SeasonRuleBroken as broken:
            form.add_error("event", str(broken))
        else:
            messages.success(request, _("%(event)s counts in the season.") % {"event": event.title})
            return redirect(reverse("seasons:settings", args=[season.pk]) + "#events")
    return _settings_page(request, season, event_form=form, status=422)


def _event(request: HttpRequest, season_id: int, event_id: int) -> tuple[Season, SeasonEvent]:
    season = _season(request, season_id, Role.ADMIN)
    return season, get_object_or_404(SeasonEvent, pk=event_id, season=season)


@require_POST
@login_required
def change_event(request: HttpRequest, season_id: int, event_id: int) -> HttpResponse:
    """An event's weight and final; refused, the page again with the weight as typed
    and the problem beside it (with htmx, the event's part only)."""
    season, event = _event(request, season_id, event_id)
    form = EventWeightForm(request.POST, prefix=f"e{event.pk}")
    if form.is_valid():
        event = services.change_event(event, form.weight_or_default(), form.cleaned_data["final"])
        if request.htmx:
            context = {"season": season, "event": event, "form": _weight_form(event), "saved": True}
            return render(request, "seasons/settings.html#event", context)
        messages.success(request, _("%(event)s: saved.") % {"event": event.title})
        return redirect(reverse("seasons:settings", args=[season.pk]) + f"#event-{event.pk}")
    if request.htmx:
        context = {"season": season, "event": event, "form": form}
        return render(request, "seasons/settings.html#event", context, status=422)
    return _settings_page(request, season, status=422, changed=(event, form))


@require_POST
@login_required
def remove_event(request: HttpRequest, season_id: int, event_id: int) -> HttpResponse:
    season, event = _event(request, season_id, event_id)
    services.remove_event(event)
    messages.success(
        request, _("%(event)s no longer counts in the season.") % {"event": event.title}
    )
    return redirect(reverse("seasons:settings", args=[season.pk]) + "#events")


@require_POST
@login_required
def remove_season(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id, Role.ADMIN)
    if not ConfirmDeleteForm(request.POST).is_valid():
        messages.error(
            request, _("Tick the box to say that %(name)s goes.") % {"name": season.name}
        )
        return redirect("seasons:settings", season.pk)
    services.remove_season(season)
    messages.success(request, _("The season %(name)s is deleted.") % {"name": season.name})
    return redirect("seasons:club_seasons", season.club.slug)
