"""The home page and the game page show what the rules engine computes."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from scoring import services
from scoring.models import Game
from tests.factories import demo_document, import_in_club

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="class")
def demo_club(django_db_setup, django_db_blocker):
    """The demo club night, loaded once for the tests of a class on each worker that
    runs them (load_demo takes a second or more): each test's own transaction rolls
    its changes back to it, and this outer one takes the club away after the class."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        call_command("load_demo", stdout=io.StringIO())
        yield
        transaction.set_rollback(True)


@pytest.fixture
def demo(demo_club, client):
    client.force_login(get_user_model().objects.get(username="demo-member"))
    finished = Game.objects.get(name="Soirée du club, table 1")
    unfinished = Game.objects.get(name="Pique double, table 2")
    return finished, unfinished


def test_home_without_games_says_so(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")

    assert "No game yet." in response.content.decode()


@pytest.mark.parametrize("count", [1, 3])
def test_home_query_count_does_not_grow_with_games(client, django_assert_num_queries, count):
    for _ in range(count):
        import_in_club(demo_document())

    # session, user, memberships; games with their club, teams, players, hands
    with django_assert_num_queries(7):
        response = client.get("/")

    assert response.content.decode().count("Soirée du club, table 1") == count


def test_game_page_unknown_game_is_404(client):
    assert client.get(reverse("scoring:game", args=[999])).status_code == 404


class TestTheDemoClub:
    """The pages of the demo club night, loaded once for the class (demo_club)."""

    def test_home_lists_the_games_with_totals_and_status(self, client, demo):
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")

        html = response.content.decode()
        assert response.status_code == 200
        assert "Soirée du club, table 1" in html
        assert "Pique double, table 2" in html
        assert "1119" in html
        assert "303" in html
        assert "Winner: Les Bourgs" in html
        assert "Rubicon: Les Nells" in html
        assert "In progress" in html

    def test_game_page_shows_hands_totals_winner_and_rubicon(self, client, demo):
        finished, _ = demo

        response = client.get(finished.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")

        html = response.content.decode()
        assert response.status_code == 200
        for text in ("Les Bourgs", "Les Nells", "Anne", "Denise", "Unde-ufe", "185", "1119"):
            assert text in html
        assert "Rubicon: Les Nells" in html
        assert html.count("<tr>\n      <td>") == 7  # one row per hand

    def test_game_page_of_unfinished_game(self, client, demo):
        _, unfinished = demo

        response = client.get(unfinished.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")

        html = response.content.decode()
        assert "In progress" in html
        assert "844" in html
        assert "358" in html
        assert "to 1500 points" in html

    def test_game_file_download_is_the_exported_game(self, client, demo):
        finished, _ = demo

        response = client.get(reverse("scoring:game_file", args=[finished.pk]))

        assert response["Content-Type"] == "application/json; charset=utf-8"
        assert response["Content-Disposition"].startswith('attachment; filename="soiree-du-club')
        assert json.loads(response.content) == services.export_game(
            Game.objects.with_everything().get(pk=finished.pk)
        )

    @pytest.mark.parametrize(
        ("language", "heading", "status"),
        [
            ("fr", "Parties", "En cours"),
            ("de", "Partien", "Läuft"),
            ("it", "Partite", "In corso"),
            ("en", "Games", "In progress"),
        ],
    )
    def test_home_speaks_the_browser_language(self, client, demo, language, heading, status):
        response = client.get("/", HTTP_ACCEPT_LANGUAGE=language)

        html = response.content.decode()
        assert f'<html lang="{language}">' in html
        assert heading in html
        assert status in html

    def test_language_switch_keeps_the_choice(self, client, demo):
        response = client.post(
            reverse("set_language"), {"language": "de", "next": "/"}, HTTP_ACCEPT_LANGUAGE="fr"
        )
        assert response.status_code == 302

        html = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        assert '<html lang="de">' in html
        assert "Partien" in html

    def test_the_language_switch_offers_italian(self, client, demo):
        html = client.get("/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
        switch = html[html.index('<select id="language"') : html.index("</select>")]

        assert '<option value="it" selected>Italiano</option>' in switch
        assert [code for code in ("fr", "de", "it", "en") if f'value="{code}"' not in switch] == []
        chosen = client.post(reverse("set_language"), {"language": "it", "next": "/"})
        assert chosen.status_code == 302
        assert '<html lang="it">' in client.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()

    def test_pages_refer_to_no_other_host(self, client, demo):
        finished, unfinished = demo
        for url in (
            "/",
            finished.get_absolute_url(),
            reverse("scoring:table", args=[unfinished.pk]),
        ):
            html = client.get(url).content.decode()
            assert re.findall(r'(?:src|href|action)="(?:https?:)?//', html) == []
            assert re.sub(r'xmlns="http://www.w3.org/2000/svg"', "", html).count("http") == 0
