"""The engine's words about a paper sheet reach the director in their language."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_services import teams, tournament
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "400 + 200 = 600, mais 4 donnes font 628."),
        ("de", "400 + 200 = 600, aber 4 Spiele ergeben 628."),
        ("it", "400 + 200 = 600, ma 4 smazzate fanno 628."),
    ],
)
def test_a_wrong_paper_sum_is_said_in_the_directors_language(club, make_user, language, said):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    director = Client(HTTP_ACCEPT_LANGUAGE=language)
    director.force_login(make_user("admin", club, name="director"))

    page = director.post(
        reverse("tournaments:paper_totals", args=[t.pk, table.pk]),
        {"first": "400", "second": "200"},
    )

    assert said in page.content.decode()
