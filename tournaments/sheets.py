"""The results of a tournament as its pages, CSV and PDF sheet show them, and the PDF
sheet of a big tournament built off the request path (a task run by ``db_worker``).

A sheet is built for standings as they are: its fingerprint is what it shows and in
which language; when the standings change, the next request asks for a new one."""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_tasks import task

from tournaments import services
from tournaments.models import Pass, ResultsSheet, Tournament
from tournaments.pdf import pdf_bytes
from tournaments.standings import TIE_BREAK_NAMES, bye_points

TEMPLATE = "tournaments/results_pdf.html"
INLINE_ENTRIES = 60  # drawn in the request in about a second; more: built by a task


def results_rows(tournament: Tournament) -> tuple[list[int], list[dict]]:
    """Pass numbers, and one row per entry in standing order: rank, names, points per
    pass (``None`` for a pass it did not play), total, what the tie-breaks compare
    (matches, the best pass; a Différenzler player's exact estimates and best hand), the tie-break
    that placed it among equal totals, and whether it withdrew. The passes its total
    leaves out (the worst one dropped, or those beyond the best N) are ``dropped``,
    and marked in ``pass_cells``: (points, bye, missed, dropped) for each pass."""
    entries = {e.pk: e for e in tournament.entries.all()}
    names = TIE_BREAK_NAMES
    scores = services.pass_scores(tournament)
    numbers = sorted({score.pass_number for score in scores})
    byes = {(score.entry, score.pass_number) for score in scores if score.bye}
    rows = []
    for standing in services.current_standings(tournament, list(entries.values()), scores):
        entry = entries[standing.entry]
        missed = getattr(standing, "missed", set())
        cells = [  # points, a bye, a pass missed (Différenzler: its worst)
            (standing.per_pass.get(n), (standing.entry, n) in byes, n in missed) for n in numbers
        ]
        rows.append(
            {
                "rank": standing.rank,
                "entry": entry,
                "players": " & ".join(p for p in (entry.player_1, entry.player_2) if p),
                "passes": [standing.per_pass.get(n) for n in numbers],
                "cells": cells,
                "pass_cells": [
                    (*cell, n in standing.dropped) for n, cell in zip(numbers, cells, strict=True)
                ],
                "dropped": sorted(standing.dropped),
                "byes": [n for n in numbers if (standing.entry, n) in byes],
                "missed": sorted(missed),
                "total": standing.total,
                "matches": getattr(standing, "matches", None),  # teams only
                "exact": getattr(standing, "exact", None),  # Différenzler only
                "best_hand": getattr(standing, "best_hand", None),
                "best_pass": standing.best_pass if standing.per_pass else None,
                "tie_break": _(names[standing.decided_by]) if standing.decided_by else "",
                "withdrawn": _("withdrawn after pass %(number)s")
                % {"number": entry.withdrawn_after}
                if entry.withdrawn
                else "",
            }
        )
    if not numbers:  # nothing played yet: the entries by name, nobody ranked by a draw
        rows.sort(key=lambda row: row["entry"].name.casefold())
        for row in rows:
            row["rank"], row["tie_break"] = "", ""
    return numbers, rows


def counted_passes(numbers: list[int]) -> str:
    """The passes counted, as a reader says them: "1", "1–3", "1, 3"."""
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def open_pass_note(running: int | None, numbers: list[int]) -> str:
    """What standings printed while pass ``running`` is being played count: only the
    closed passes (``numbers``); the open one counts once it closes."""
    if running is None:
        return ""
    if not numbers:
        return _("Pass %(number)s is being played: no pass counts in these standings yet.") % {
            "number": running
        }
    return ngettext(
        "Pass %(number)s is being played: these standings count pass %(counted)s.",
        "Pass %(number)s is being played: these standings count passes %(counted)s.",
        len(numbers),
    ) % {"number": running, "counted": counted_passes(numbers)}


def figure_columns(lowest_wins: bool) -> list[tuple[str, str]]:
    """The sheet's columns after the passes, as (heading, the row's key): what ranks
    (the first, in bold) and what the tie-breaks compare, by the lowest difference or
    by points. One more column is one more line here; the template draws them all
    alike."""
    if lowest_wins:
        return [
            (_("Difference"), "total"),
            (_("Exact estimates"), "exact"),
            (_("Best hand"), "best_hand"),
        ]
    return [(_("Total"), "total"), (_("Matches"), "matches")]


WIDE = 8  # passes: more are printed across a landscape page


def sheet_context(tournament: Tournament) -> dict[str, Any]:
    """What the results sheet shows, in the active language."""
    numbers, rows = results_rows(tournament)
    columns = figure_columns(tournament.lowest_wins)
    for row in rows:
        row["figures"] = [row[key] for _heading, key in columns]
    names = TIE_BREAK_NAMES
    running = (
        tournament.schedule.filter(state=Pass.PUBLISHED).values_list("number", flat=True).first()
    )
    return {
        "tournament": tournament,
        "numbers": numbers,
        "rows": rows,
        "figures": [heading for heading, _key in columns],
        "dropping": any(row["dropped"] for row in rows),  # a pass struck through
        "landscape": len(numbers) > WIDE,
        "open_pass": open_pass_note(running, numbers),
        "tie_breaks": [_(names[t]) for t in tournament.tie_breaks],
        "byes": any(bye for row in rows for _points, bye, _missed in row["cells"]),
        "missed": any(missed for row in rows for _points, _bye, missed in row["cells"]),
        "not_played": any(points is None for row in rows for points in row["passes"]),
        "bye_points": bye_points(tournament.hands),
        "LANGUAGE_CODE": translation.get_language(),
    }


def fingerprint(context: dict[str, Any]) -> str:
    """What a sheet shows, as a short digest: its rows, ranking words and language."""
    shown = {
        "numbers": context["numbers"],
        "rows": [
            [
                row["rank"],
                row["entry"].pk,
                row["entry"].name,
                row["players"],
                row["cells"],
                row["dropped"],
                row["total"],
                row["matches"],
                row["exact"],
                row["best_hand"],
                str(row["tie_break"]),
                str(row["withdrawn"]),
            ]
            for row in context["rows"]
        ],
        "tie_breaks": [str(t) for t in context["tie_breaks"]],
        "open_pass": context["open_pass"],
        "language": context["LANGUAGE_CODE"],
        "tournament": [
            context["tournament"].name,
            str(context["tournament"].date),
            context["tournament"].place,
            context["tournament"].best_of,
            context["tournament"].drop_worst,
        ],
    }
    return hashlib.sha256(json.dumps(shown, default=str).encode()).hexdigest()


def sheet_for(tournament: Tournament, context: dict[str, Any]) -> ResultsSheet:
    """The sheet of these standings: built already, being built, or asked of the
    task runner now (once, however many requests ask at the same moment)."""
    key = fingerprint(context)
    try:
        with transaction.atomic():
            sheet, created = ResultsSheet.objects.get_or_create(
                tournament=tournament, fingerprint=key
            )
    except IntegrityError:  # asked at the same moment by another request
        return ResultsSheet.objects.get(tournament=tournament, fingerprint=key)
    if created:
        result = build_results_sheet.enqueue(sheet.pk, context["LANGUAGE_CODE"])
        ResultsSheet.objects.filter(pk=sheet.pk).update(task_id=result.id)
        sheet.task_id = result.id
    return sheet


@task()
def build_results_sheet(sheet_id: int, language: str) -> int:
    """Build a results sheet asked for by :func:`sheet_for`; its number of pages."""
    sheet = ResultsSheet.objects.select_related("tournament__club").get(pk=sheet_id)
    started = time.perf_counter()
    with translation.override(language):
        context = sheet_context(sheet.tournament)
        pdf, pages = pdf_bytes(TEMPLATE, context)
    sheet.pdf, sheet.pages = pdf, pages
    sheet.built_in = time.perf_counter() - started
    sheet.save(update_fields=["pdf", "pages", "built_in"])
    return pages
