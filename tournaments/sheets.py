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
from tournaments.standings import bye_points, tie_break_names

TEMPLATE = "tournaments/results_pdf.html"
INLINE_ENTRIES = 60  # drawn in the request in about a second; more: built by a task


def results_rows(tournament: Tournament) -> tuple[list[int], list[dict]]:
    """Pass numbers, and one row per entry in standing order: rank, names, points per
    pass (``None`` for a pass it did not play), total, what the tie-breaks compare
    (matches; a Différenzler player's exact estimates and best hand), the tie-break
    that placed it among equal totals, and whether it withdrew."""
    entries = {e.pk: e for e in tournament.entries.all()}
    names = tie_break_names(tournament.differenzler)
    scores = services.pass_scores(tournament)
    numbers = sorted({score.pass_number for score in scores})
    byes = {(score.entry, score.pass_number) for score in scores if score.bye}
    rows = []
    for standing in services.current_standings(tournament, list(entries.values()), scores):
        entry = entries[standing.entry]
        missed = getattr(standing, "missed", set())
        rows.append(
            {
                "rank": standing.rank,
                "entry": entry,
                "players": " & ".join(p for p in (entry.player_1, entry.player_2) if p),
                "passes": [standing.per_pass.get(n) for n in numbers],
                "cells": [  # points, a bye, a pass missed (Différenzler: its worst)
                    (standing.per_pass.get(n), (standing.entry, n) in byes, n in missed)
                    for n in numbers
                ],
                "byes": [n for n in numbers if (standing.entry, n) in byes],
                "missed": sorted(missed),
                "total": standing.total,
                "matches": getattr(standing, "matches", None),  # teams only
                "exact": getattr(standing, "exact", None),  # Différenzler only
                "best_hand": getattr(standing, "best_hand", None),
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


def sheet_context(tournament: Tournament) -> dict[str, Any]:
    """What the results sheet shows, in the active language."""
    numbers, rows = results_rows(tournament)
    names = tie_break_names(tournament.differenzler)
    running = (
        tournament.schedule.filter(state=Pass.PUBLISHED).values_list("number", flat=True).first()
    )
    return {
        "tournament": tournament,
        "numbers": numbers,
        "rows": rows,
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
