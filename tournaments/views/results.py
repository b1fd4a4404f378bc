"""Results: live standings, each entry's page, CSV and the PDF results sheet."""

from __future__ import annotations

import functools
import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import access
from jassclub.csv_export import SafeWriter
from tournaments import services, sheets
from tournaments.forms import SwitchForm
from tournaments.models import Entry, Tournament
from tournaments.pdf import inline_pdf, pdf_bytes
from tournaments.sheets import results_rows
from tournaments.standings import TIE_BREAK_NAMES, bye_points
from tournaments.views.common import directed_tournament, file_name, standings_qr


class _SignInFirst(Exception):
    pass


def visible_results(request: HttpRequest, tournament_id: int) -> Tournament:
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


PROJECTOR_ROWS = 20  # rows of one page of the projector's standings

#: what a tie-break compares, as a column of the standings: the row's figure, the
#: column's heading and class. The note "(tie broken by most matches)" is read beside
#: the matches; a draw has no figure.
TIE_BREAK_COLUMNS = {
    "matches": ("matches", gettext_lazy("Matches"), ""),
    "exact": ("exact", gettext_lazy("Exact estimates"), ""),
    "best-hand": ("best_hand", gettext_lazy("Best hand"), ""),
    # the pass columns show it where they are in sight; on a phone, this column
    "best-pass": ("best_pass", gettext_lazy("Best pass"), "best-pass-column"),
}


def tie_break_columns(tournament: Tournament, rows: list[dict]) -> list[tuple[str, str]]:
    """The columns of the figures the tournament's tie-breaks compare, in their order:
    (heading, class) each; each row gets its figures in ``row["figures"]``."""
    chosen = [TIE_BREAK_COLUMNS[n] for n in tournament.tie_breaks if n in TIE_BREAK_COLUMNS]
    for row in rows:
        row["figures"] = [(row[key], css) for key, _label, css in chosen]
    return [(str(label), css) for _key, label, css in chosen]


@require_GET
@results_page
def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings over the closed passes, and the pass being played as its tables
    are settled (not yet counted), refreshed by htmx every 15 seconds. A refresh of
    an unchanged board is answered 304 before anything is read or drawn."""
    tournament = visible_results(request, tournament_id)
    big = "big" in request.GET
    etag = results_etag(request, tournament, "projector" if big else "standings")
    unchanged = not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    numbers, rows = results_rows(tournament)
    running = services.running_pass(tournament)
    for row in rows:
        row["running"] = running.points.get(row["entry"].pk)
        row["running_bye"] = row["entry"].pk in running.byes
    context = {
        "tournament": tournament,
        "numbers": numbers,
        "rows": rows,
        "columns": tie_break_columns(tournament, rows),
        "dropping": bool(numbers) and (tournament.drop_worst or bool(tournament.best_of)),
        "running": running.number,
        "big": big,
        "bye_points": bye_points(tournament.hands),
        "ranking_changes": list(tournament.ranking_changes.all()),
    }
    if big:  # the projector: pages of rows, and a QR code of these standings for phones
        context["tie_break_marks"] = tie_break_marks(rows)
        context["pages"] = [
            rows[i : i + PROJECTOR_ROWS] for i in range(0, len(rows), PROJECTOR_ROWS)
        ]
        if not request.htmx:
            context["standings_qr"] = standings_qr(request, tournament)
    template = "tournaments/standings.html#board" if request.htmx else "tournaments/standings.html"
    return with_etag(render(request, template, context), etag)


def tie_break_marks(rows: list[dict]) -> dict[str, str]:
    """The projector's rows keep to one line: each tie-break rule that placed someone
    gets a letter after the name (``row["tie_break_mark"]``), spelt out in the legend.
    Returns the rules by their letters."""
    marks: dict[str, str] = {}
    for row in rows:
        if row["tie_break"]:
            marks.setdefault(row["tie_break"], "abcdefgh"[len(marks) % 8])
            row["tie_break_mark"] = marks[row["tie_break"]]
    return {mark: rule for rule, mark in marks.items()}


def results_etag(request: HttpRequest, tournament: Tournament, page: str) -> str:
    """The ETag of a results page, known before it is read or drawn: the tournament's
    revision (every service that changes what these pages show counts it up, and so
    does a change to a table game's hands), its own row and its club's name as read
    with it, the page (``page``: which one, and which entry), the board alone (htmx)
    or the whole page, the language, and who reads it (the page's header names them;
    a sign-in makes a new form token)."""
    parts = [
        page,
        "board" if request.htmx else "page",
        get_language() or "",
        str(request.user.pk or 0),
        request.get_host(),  # the projector's QR code holds the page's address
        tournament.club.name,
        *(str(getattr(tournament, f.attname)) for f in Tournament._meta.concrete_fields),
    ]
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]
    return f'"t{tournament.pk}-r{tournament.revision}-{digest}"'


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """A bodiless 304 when the browser holds the page of ``etag`` already, or None to
    draw it. A page that would show a message waiting for the reader is drawn."""
    if not request.htmx and len(messages.get_messages(request)):
        return None
    response = get_conditional_response(request, etag=etag)
    return None if response is None else with_etag(response, etag)


def with_etag(response: HttpResponse, etag: str) -> HttpResponse:
    """The answer with its ETag: the standings' refresh every 15 seconds costs a few
    hundred bytes while nothing changed. Browsers ask again each time (``no-cache``);
    the board alone (htmx) and the whole page are kept apart (``Vary: HX-Request``)."""
    response["ETag"] = etag
    patch_vary_headers(response, ("HX-Request",))
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_GET
@results_page
def entry_page(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """A team's or player's own page: every pass with its table, opponents and points,
    and the place in the standings."""
    tournament = visible_results(request, tournament_id)
    etag = results_etag(request, tournament, f"entry {entry_id}")
    unchanged = not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    standing = next(
        (s for s in services.current_standings(tournament) if s.entry == entry.pk), None
    )
    context = {
        "tournament": tournament,
        "entry": entry,
        "standing": standing,
        "passes": services.entry_passes(tournament, entry),
        "individual": tournament.of_players,
        "each_for_themselves": tournament.each_for_themselves,
        "lowest_wins": tournament.lowest_wins,
        "missed": ", ".join(str(n) for n in sorted(getattr(standing, "missed", ()))),
        "dropped": standing.dropped if standing else set(),  # not counted in the total
        "tie_break": _(TIE_BREAK_NAMES[standing.decided_by])
        if standing and standing.decided_by
        else "",
    }
    return with_etag(render(request, "tournaments/entry.html", context), etag)


NOT_PLAYED = "–"  # a pass not played, as the standings, the PDF and the entry's page show it


@require_GET
@results_page
def results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = visible_results(request, tournament_id)
    numbers, rows = results_rows(tournament)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = file_name(tournament, "results", "csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response.write("\ufeff")  # so that spreadsheets read the accents right
    # semicolons: what spreadsheets read as columns where a comma is the decimal
    # mark or the list separator is ";" (Switzerland's French and German settings);
    # names typed by anyone never run as formulas (SafeWriter)
    writer = SafeWriter(response, delimiter=";")
    lowest = tournament.lowest_wins  # a difference to keep low, and its tie-breaks
    # the passes a total leaves out: the worst one (Streichresultat), or beyond the best N
    dropping = (
        [_("Dropped pass")]
        if tournament.drop_worst
        else [_("Passes not counted")]
        if tournament.best_of
        else []
    )
    # a player's own name only: no column of players for a tournament of players
    writer.writerow(
        [
            _("Rank"),
            _("Name"),
            *([] if tournament.of_players else [_("Players")]),
            *[_("Pass %(number)s") % {"number": n} for n in numbers],
            *(
                [_("Total difference"), _("Exact estimates"), _("Best hand")]
                if lowest
                else [_("Total"), _("Matches")]
            ),
            _("Tie-break"),
            *dropping,
            _("Bye in pass"),
            *([_("Not played in pass")] if lowest else []),
            _("Withdrawn"),
        ]
    )
    for row in rows:
        best = "" if row["best_hand"] is None else row["best_hand"]
        writer.writerow(
            [
                row["rank"],
                row["entry"].name,
                *([] if tournament.of_players else [row["players"]]),
                *(NOT_PLAYED if points is None else points for points in row["passes"]),
                row["total"],
                *([row["exact"], best] if lowest else [row["matches"]]),
                row["tie_break"],
                *([", ".join(str(n) for n in row["dropped"])] if dropping else []),
                ", ".join(str(n) for n in row["byes"]),
                *([", ".join(str(n) for n in row["missed"])] if lowest else []),
                row["withdrawn"],
            ]
        )
    return response


@require_GET
@results_page
def results_pdf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The results sheet. Up to ``INLINE_ENTRIES`` entries it is drawn at once; a
    bigger one is built by a task and this page says so, reloading itself until the
    sheet is there (a request never waits for it)."""
    tournament = visible_results(request, tournament_id)
    context = sheets.sheet_context(tournament)
    name = file_name(tournament, "results", "pdf")
    if len(context["rows"]) <= sheets.INLINE_ENTRIES:
        return inline_pdf(pdf_bytes(sheets.TEMPLATE, context, request)[0], name)
    sheet = sheets.sheet_for(tournament, context)
    if sheet.pdf is not None:
        return inline_pdf(bytes(sheet.pdf), name)
    waiting = {"tournament": tournament, "entries": len(context["rows"])}
    response = render(request, "tournaments/sheet_waiting.html", waiting, status=202)
    response["Refresh"] = "3"  # the browser asks again by itself
    return response


@require_POST
@login_required
def publish_results(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    form = SwitchForm(request.POST)
    public = form.is_valid() and form.cleaned_data["on"]
    services.publish_results(tournament, public)
    messages.success(
        request,
        _("The standings are public.") if public else _("The standings are for the club only."),
    )
    return redirect(tournament)
