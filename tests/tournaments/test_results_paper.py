"""The results sheet on paper (issue 35, item 5): a compact table, 30 rows a page and
more, the heading repeated on every page; 61 teams take at most three pages in every
language. Read with poppler (``pdfinfo``, ``pdftotext``)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.tournaments.evening import evening
from tests.tournaments.test_results import ARTIFACTS
from tournaments import sheets

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None,
        reason="poppler-utils (pdftotext, pdfinfo) not installed",
    ),
]


def pages_of(pdf: bytes) -> list[str]:
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True)
    count = int(re.search(r"^Pages:\s+(\d+)", info.stdout.decode(), re.M)[1])
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return text.split("\f")[:count]


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_61_teams_take_at_most_three_pages_each_with_the_heading(
    client, club, monkeypatch, language
):
    monkeypatch.setattr(sheets, "INLINE_ENTRIES", 100)  # drawn in the request here
    t = evening(club, count=61).tournament

    response = client.get(
        reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE=language
    )

    assert response["Content-Type"] == "application/pdf"
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"results-61-{language}.pdf").write_bytes(response.content)  # to look at
    pages = pages_of(response.content)
    assert len(pages) <= 3
    with translation.override(language):
        rank, total = translation.gettext("Rank"), translation.gettext("Total")
    for number, page in enumerate(pages, start=1):
        heading = next(line for line in page.splitlines() if line.split()[:1] == [rank])
        assert total in heading  # the columns' heading on every page
        assert f"{number}/{len(pages)}" in page.strip().splitlines()[-1].replace(" ", "")
    text = "\n".join(pages)
    for entry in t.entries.all():  # every team on its line, with its players
        line = next(line for line in text.splitlines() if f"{entry.name} " in line)
        assert f"{entry.player_1} & {entry.player_2}" in line
    ranked = [line.split()[0] for line in text.splitlines() if "Zürioberland" in line]
    assert len(ranked) == 61
    assert ranked[0] == "1"
    assert sum("Zürioberland" in line for line in pages[0].splitlines()) >= 30  # a page's rows
