"""`make bench`, section 4: the table cards of a pass of 30 tables, the first time they
are asked for (none kept yet), beside WeasyPrint alone drawing the same HTML: what the
site adds (its queries, template and QR codes) and what the renderer takes."""

from __future__ import annotations

import datetime as dt
import os
import time
from pathlib import Path
from typing import Any

TABLES = 30
BUDGET = 3.0  # seconds, the first cards of a 30-table pass


def table_cards(client: Any, club: Any) -> list[str]:
    """One line per format: teams (60 teams) and Différenzler (120 players)."""
    from django.core.cache import cache
    from django.urls import reverse

    from tournaments import cards, pdf, services
    from tournaments.models import Tournament

    real = pdf.html_pdf
    real("<p>warm-up</p>")  # WeasyPrint loaded and its fonts found, as in a server
    drawn: list[str] = []  # the HTML the site gave WeasyPrint

    def keeping(html: str) -> tuple[bytes, int]:
        drawn.append(html)
        return real(html)

    lines = []
    for label, fields, entries in (
        ("teams", {}, 2 * TABLES),
        ("Différenzler", {"format": "differenzler", "tie_breaks": ["exact", "draw"]}, 4 * TABLES),
    ):
        t = Tournament.objects.create(
            club=club, name=f"Bench cards {label}", date=dt.date(2026, 12, 1), hands=12, **fields
        )
        for n in range(1, entries + 1):
            partner = "" if fields else f"Beat Zürcher {n}"
            name = f"Team {n:03d} Zürioberland" if partner else f"Anna Bürgi {n}"
            entry = services.register(t, name=name, player_1=f"Anna Bürgi {n}", player_2=partner)
            services.check_in(entry)
        services.publish_pass(services.schedule_next_pass(t))
        cache.clear()  # no cards kept: drawn as the first time
        cards.qr_png.cache_clear()
        drawn.clear()
        pdf.html_pdf = keeping
        try:
            started, cpu = time.perf_counter(), time.process_time()
            response = client.get(
                reverse("tournaments:table_cards", args=[t.pk, 1]), HTTP_ACCEPT_LANGUAGE="fr"
            )
            took, cpu = time.perf_counter() - started, time.process_time() - cpu
        finally:
            pdf.html_pdf = real
        assert response.status_code == 200, response.status_code
        if os.environ.get("BENCH_CARDS_HTML"):  # a folder: the HTML kept, to study it alone
            Path(os.environ["BENCH_CARDS_HTML"], f"cards-{t.format}.html").write_text(drawn[0])
        started, renderer_cpu = time.perf_counter(), time.process_time()
        _bytes, pages = real(drawn[0])
        renderer = time.perf_counter() - started
        renderer_cpu = time.process_time() - renderer_cpu
        verdict = "ok" if took < BUDGET else "OVER BUDGET"
        lines.append(
            f"   table cards, {TABLES} tables   {label}, {pages} pages: {took:.1f} s "
            f"({cpu:.1f} s CPU; budget < {BUDGET:.0f} s: {verdict}); WeasyPrint alone on the "
            f"same HTML {renderer:.1f} s ({renderer_cpu:.1f} s CPU), so the site's own "
            f"{max(took - renderer, 0):.1f} s ({max(cpu - renderer_cpu, 0):.1f} s CPU)"
        )
    return lines
