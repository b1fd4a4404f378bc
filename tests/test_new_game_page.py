"""The new game page (``scoring.views.games.new_game``): a core page that lists the
kinds the registry offers, each its label and its start page, in ``GAME_KINDS`` order;
the site's header, the home page and a club's page link to it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import registry

START_PAGES = [
    "/games/new/team/",
    "/games/new/differenzler/",
    "/games/new/coiffeur/",
    "/games/new/guggitaler/",
    "/games/new/sidi/",
]


def kind_links(html: str) -> list[tuple[str, str]]:
    found = re.findall(r'<li class="mb-2"><a [^>]*href="([^"]+)">([^<]+) →</a></li>', html)
    return [(url, text.replace("&#x27;", "'")) for url, text in found]


def test_the_page_lists_each_kind_of_the_registry_in_its_order(client):
    html = client.get(reverse("scoring:new_game"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert kind_links(html) == [
        ("/games/new/team/", "Team game: two teams of two, partners sitting opposite"),
        (
            "/games/new/differenzler/",
            "Différenzler: four players, each for themselves, with sealed estimates",
        ),
        ("/games/new/coiffeur/", "Coiffeur: a sheet of rows, each side plays each row once"),
        (
            "/games/new/guggitaler/",
            "Guggitaler: 3 or 4 players, five hands of penalties, the lowest total wins",
        ),
        (
            "/games/new/sidi/",
            "Sidi Barrani: two teams of two bid for the trump, each contract made or failed",
        ),
    ]


def test_the_page_follows_the_registry_not_a_list_of_its_own(client, settings):
    settings.GAME_KINDS = ["scoring.kinds.coiffeur.kind", "scoring.kinds.team.kind"]
    registry.registered.cache_clear()
    try:
        html = client.get(reverse("scoring:new_game")).content.decode()
    finally:
        registry.registered.cache_clear()

    assert [url for url, _ in kind_links(html)] == ["/games/new/coiffeur/", "/games/new/team/"]


@pytest.mark.parametrize(
    ("language", "team_game"),
    [
        ("fr", "Partie par équipes : deux équipes de deux, les partenaires face à face"),
        ("de", "Teampartie: zwei Teams zu zweit, die Partner sitzen sich gegenüber"),
        ("it", "Partita a squadre: due squadre di due, i compagni uno di fronte all'altro"),
    ],
)
def test_the_kinds_are_named_in_the_reader_s_language(client, language, team_game):
    html = client.get(reverse("scoring:new_game"), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert kind_links(html)[0][1].replace("\xa0", " ").replace("\u202f", " ") == team_game


def test_a_club_s_page_hands_its_club_to_each_start_page(client, club):
    html = client.get(reverse("scoring:new_game"), {"club": club.slug}).content.decode()

    assert [url for url, _ in kind_links(html)] == [f"{u}?club={club.slug}" for u in START_PAGES]
    assert client.get(f"/games/new/team/?club={club.slug}").status_code == 200


def test_a_club_the_user_does_not_score_for_is_not_handed_on(client):
    html = client.get(reverse("scoring:new_game"), {"club": "elsewhere"}).content.decode()

    assert [url for url, _ in kind_links(html)] == START_PAGES


def test_the_header_home_and_club_pages_link_to_the_core_page(client, club):
    new_game = reverse("scoring:new_game")
    header = client.get(reverse("clubs:account")).content.decode()
    home = client.get(reverse("scoring:home")).content.decode()
    club_page = client.get(club.get_absolute_url()).content.decode()

    assert f'href="{new_game}"' in header
    assert home.count(f'href="{new_game}"') == 2  # the header's and the page's own
    assert f'href="{new_game}?club={club.slug}"' in club_page
    assert new_game == "/games/new/"


def test_the_team_game_s_page_leads_back_to_the_new_game_page(client):
    html = client.get(reverse("scoring:new_team"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert '<a href="/games/new/">← Another game</a>' in html
    assert 'name="preset"' in html


@pytest.mark.parametrize("start_page", START_PAGES)
def test_each_start_page_leads_back_to_the_new_game_page(client, start_page):
    html = client.get(start_page, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert '<a href="/games/new/">← Another game</a>' in html
