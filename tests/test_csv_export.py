"""CSV files never carry a formula into a spreadsheet: text that starts like one is
quoted with a ``'``, numbers stay numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from jassclub.csv_export import SafeWriter, safe_cell
from tests.tournaments.test_results import played  # noqa: F401 (fixture)
from tournaments.models import Entry


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+41 79", "'+41 79"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Les Bourgs", "Les Bourgs"),
        ("–", "–"),  # the en dash is no formula
        ("", ""),
        (480, 480),
        (-5, -5),
        (None, None),
    ],
)
def test_safe_cell_quotes_only_text_that_starts_like_a_formula(value, written):
    assert safe_cell(value) == written


def test_safe_writer_writes_numbers_untouched_and_quotes_formulas():
    stream = io.StringIO()

    SafeWriter(stream, delimiter=";").writerow([1, "=1+1", 480, "Anne & Bernard"])

    assert stream.getvalue() == "1;'=1+1;480;Anne & Bernard\r\n"


@pytest.mark.django_db
def test_results_csv_quotes_a_team_named_like_a_formula(client, played):  # noqa: F811
    Entry.objects.filter(tournament=played, name="Team 1").update(
        name="=1+1", player_1='=HYPERLINK("http://x")', player_2="@B1"
    )

    response = client.get(
        reverse("tournaments:results_csv", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    row = next(row for row in rows if row[1].endswith("=1+1"))
    assert row[1] == "'=1+1"
    assert row[2] == '\'=HYPERLINK("http://x") & @B1'
    assert row[0].isdigit()  # the rank, the points per pass and the total stay numbers
    assert row[3].isdigit()
    assert row[4].isdigit()
