"""What a tournament prints, read in Italian (issue 35, item 3): the results sheet and a
pass's table cards say Italian words, the date as Ticino writes it, and no English
sentence of the site."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.italian import english_sentences
from tests.tournaments.test_exports import (
    cards,
    close_with,
    director,  # noqa: F401 (a fixture)
    needs_pdftotext,
    pdf_text,
)
from tests.tournaments.test_services import play_out, teams, tournament
from tournaments import services

pytestmark = [pytest.mark.django_db, needs_pdftotext]


@pytest.fixture(autouse=True)
def _no_kept_pdfs():
    cache.clear()
    yield
    cache.clear()


def test_the_results_sheet_and_the_table_cards_in_italian(director, club):  # noqa: F811
    t = tournament(club, passes=3)
    teams(t, 4)
    close_with(services.schedule_next_pass(t), play_out)
    services.publish_pass(services.schedule_next_pass(t))
    english = english_sentences()

    results = " ".join(
        pdf_text(
            director.get(
                reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="it"
            ).content
        ).split()
    )
    table_cards = " ".join(pdf_text(cards(director, t, 2, "it").content).split())

    assert "28 novembre 2026" in results
    assert "Il turno 2 è in corso: questa classifica conta il turno 1." in results
    assert "Turno 2 · 28 novembre 2026" in table_cards
    assert [piece for piece in english if piece in results] == []
    assert [piece for piece in english if piece in table_cards] == []
