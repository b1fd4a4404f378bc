"""The installable table screen: its manifest, its service worker from the site root,
the offline page, and what the table screen tells its script to count hands offline."""

from __future__ import annotations

import json
import re

import pytest
from django.templatetags.static import static
from django.urls import reverse

from tests.test_table import new_game, post_hand

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_app_its_icons_and_a_standalone_display(client):
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Jassclub"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1f2a24"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/")  # nothing from another host


def test_every_page_links_the_manifest(client):
    page = client.get("/").content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_the_service_worker_is_served_from_the_site_root_and_never_cached_stale(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    script = response.content.decode()
    for asset in (
        "js/table.js",
        "js/offline.js",
        "js/rules.js",
        "vendor/bootstrap/bootstrap.used.css",
    ):
        assert f'"{static(asset)}"' in script
    assert '"/offline/"' in script
    assert 'new RegExp("^/games/\\u005Cd+/table/$")' in script  # from the URLconf
    assert "http://" not in script
    assert "https://" not in script


def test_the_worker_is_named_after_the_static_version(client, settings):
    settings.JASSCLUB_STATIC_VERSION = "abc123"
    first = client.get("/sw.js").content.decode()
    settings.JASSCLUB_STATIC_VERSION = "def456"
    second = client.get("/sw.js").content.decode()

    assert re.search(r'var VERSION ?= ?"abc123";', first)  # minified unless DEBUG
    assert re.search(r'var VERSION ?= ?"def456";', second)


def test_without_an_override_the_version_follows_the_static_files(client):
    found = re.search(r'var VERSION ?= ?"([0-9a-f]{12})";', client.get("/sw.js").content.decode())

    assert found, "the version is a digest of the static files"


def test_the_offline_page_says_why_nothing_is_shown(client):
    response = client.get(reverse("scoring:offline"), HTTP_ACCEPT_LANGUAGE="de")

    assert response.status_code == 200
    assert "Keine Verbindung" in response.content.decode()


def table_state(html: str) -> dict:
    found = re.search(r'<script id="table-state" type="application/json">(.*?)</script>', html)
    assert found, "the table screen carries its state"
    return json.loads(found.group(1))


def test_the_table_screen_tells_its_script_the_game_and_the_next_turns(client):
    game = new_game()
    post_hand(client, game, trump="hearts", points="100")

    html = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    state = table_state(html.content.decode())
    html = html.content.decode()

    assert state["totals"] == [100, 57]
    assert state["next"] == 2
    assert state["over"] is False
    assert state["ruleset"]["target"] == 1000
    assert state["record"] == reverse("scoring:record_hand", args=[game.pk])
    assert state["worker"] == "/sw.js"
    assert [turn["number"] for turn in state["turns"]] == list(range(2, 14))
    assert state["turns"][0]["text"].startswith("Hand 2: ")
    assert 'id="net-status"' in html


def test_the_screen_state_is_translated_like_the_page(client):
    game = new_game()

    html = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content
    state = table_state(html.decode())

    assert state["turns"][0]["text"].startswith("Donne 1")


def test_every_page_names_whom_it_was_drawn_for_as_its_table_screen_does(client, make_user):
    """The service worker keeps a table screen for the mark its page names, and shows
    it offline to nobody else (issue 34, item 8): the mark of the table's form, one per
    person, another with nobody signed in; never on what is not a page."""
    from django.test import Client

    game = new_game()
    screen = client.get(reverse("scoring:table", args=[game.pk]))
    mark = screen["Jassclub-Typist"]
    assert re.fullmatch(r"[0-9a-f]{20}", mark)
    assert f'data-typist="{mark}"' in screen.content.decode()
    assert client.get("/")["Jassclub-Typist"] == mark

    other = Client()
    other.force_login(make_user("scorer", game.club, name="beat"))
    nobody = Client().get(reverse("login"))
    assert len({mark, other.get("/")["Jassclub-Typist"], nobody["Jassclub-Typist"]}) == 3
    assert "Jassclub-Typist" not in client.get("/sw.js")
    assert "Jassclub-Typist" not in client.get("/manifest.webmanifest")
