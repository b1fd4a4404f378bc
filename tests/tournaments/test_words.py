"""What the tournament pages say in French and German (issue 24.7): a table's game is
named in the reader's language, and each count agrees with its own number (French
makes 0 and 1 singular) and with what it counts, players or teams."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import stored
from tests.tournaments.test_services import play_out, play_pass, teams, tournament
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(club, make_user):
    browser = Client()
    browser.force_login(make_user("admin", club, name="director"))
    return browser


def test_a_tables_game_is_named_in_the_readers_language_and_its_file_keeps_the_clubs(
    director, club
):
    t = tournament(club, name="Preisjass")  # the club's language is French
    teams(t, 2)
    game = services.publish_pass(services.schedule_next_pass(t)).tables.get().game

    german = director.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="de")
    french = director.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    exported = director.get(reverse("scoring:game_file", args=[game.pk]))

    assert "Preisjass · Passe 1 · Tisch 1" in german.content.decode()
    assert "passe 1 · table 1" not in german.content.decode()
    assert "Preisjass · passe 1 · table 1" in french.content.decode()
    assert json.loads(exported.content)["name"] == "Preisjass · passe 1 · table 1"
    assert game.name == "Preisjass · passe 1 · table 1"


def test_a_renamed_tournament_renames_the_title_of_its_tables_games_not_their_files(director, club):
    t = tournament(club, name="Preisjass")
    teams(t, 2)
    game = services.publish_pass(services.schedule_next_pass(t)).tables.get().game
    t.name = "Herbst-Preisjass"
    t.save()

    page = director.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")

    assert "Herbst-Preisjass · pass 1 · table 1" in page.content.decode()
    game.refresh_from_db()
    assert game.name == "Preisjass · passe 1 · table 1"


def test_french_counts_one_pass_and_one_hand_in_the_singular(director, club):
    t = tournament(club, passes=3)
    teams(t, 4)
    play_pass(services.schedule_next_pass(t))
    services.schedule_next_pass(t)  # pass 2 drawn, not published: 1 of 3 played

    listed = director.get(
        reverse("tournaments:club_tournaments", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    playing = services.publish_pass(t.schedule.get(number=2)).tables.first()
    playing.game.hands.create(number=1, record=stored(t.trump_of_hand(1), 57, 100))
    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "1 passe jouée sur 3" in listed
    assert "en cours · 1 donne jouée sur 4" in page
    assert "3 passes · 4 donnes par passe" in page


def test_the_entry_counts_agree_with_players_and_with_teams(director, club):
    players = tournament(club, format="differenzler", passes=1, hands=12)
    for n in range(1, 14):
        entry = services.register(players, name=f"Spieler {n}", player_1=f"Spieler {n}")
        services.check_in(entry, n != 13)
    couples = tournament(club, name="Paarjass", passes=1)
    teams(couples, 2, checked_in=False)
    services.check_in(couples.entries.first())

    of_players = director.get(players.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr")
    of_teams = director.get(couples.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr")
    in_german = director.get(players.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")

    assert "13 inscrits · 12 présents" in of_players.content.decode()
    assert "1 passe · 12 donnes par passe" in of_players.content.decode()
    assert "2 inscrites · 1 présente" in of_teams.content.decode()
    assert "13 angemeldet · 12 anwesend" in in_german.content.decode()


def test_a_wrong_code_says_so_in_two_short_sentences_and_the_button_what_the_box_says(club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    phone = Client(HTTP_ACCEPT_LANGUAGE="fr")
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    wrong = next(code for code in ("000000", "000001") if code not in table.codes)

    answer = phone.post(
        reverse("tournaments:confirm", args=[table.game_id]),
        {"side": 0, "code": wrong, "attempt": str(uuid.uuid4())},
    ).content.decode()
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.get(reverse("tournaments:table_link", args=[table.token]))
    screen = german.get(reverse("scoring:table", args=[table.game_id])).content.decode()

    assert "Ce n’est pas le code du billet de cette équipe. Encore 2 essais, puis " in answer
    assert "Les deux équipes confirment le résultat" in answer
    assert "Confirmer le résultat</button>" in answer
    assert "Beide Teams bestätigen das Resultat" in screen
    assert "Resultat bestätigen</button>" in screen
