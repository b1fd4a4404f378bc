"""Every kind's table screen loads fixi.js and the site's extensions, not htmx, and the
rules of Bootstrap it uses (issue 37: a table screen's first visit is at most 45 KB
gzipped; the figures: `make bench`). Différenzler's, within the budget, keeps htmx.
The attributes the extensions read are on the screen, and every request a table screen
sends is one its view answers with the part to swap."""

from __future__ import annotations

import re

import pytest
from django.templatetags.static import static

from scripts.bench_parts.common import BROWSER_HEADERS
from scripts.bench_parts.kinds import KINDS

pytestmark = pytest.mark.django_db

FIXI_SCREENS = ["team", "tournament table", "Coiffeur", "Guggitaler", "Sidi Barrani"]


def screen(label: str) -> tuple[object, str, str]:
    client, page, _hands = KINDS[label]()
    response = client.get(page, headers={"Accept-Language": BROWSER_HEADERS["Accept-Language"]})
    assert response.status_code == 200
    return client, page, response.content.decode()


def scripts_of(html: str) -> list[str]:
    return re.findall(r'<script src="([^"]+)"', html)


@pytest.mark.parametrize("label", FIXI_SCREENS)
def test_a_table_screen_loads_fixi_and_its_extensions_and_no_htmx(label):
    _client, _page, html = screen(label)
    loaded = scripts_of(html)

    assert static("vendor/fixi/fixi.js") in loaded
    assert static("js/requests.js") in loaded
    assert loaded.index(static("js/requests.js")) < loaded.index(static("js/offline.js"))
    assert not any("htmx" in src for src in loaded)
    assert f'href="{static("vendor/bootstrap/bootstrap.table.css")}"' in html
    assert "bootstrap.used.css" not in html
    assert 'id="live"' in html
    assert 'fx-trigger="poll" ext-fx-poll-interval="5000"' in html
    assert "hx-post" not in html  # every form of the screen is fixi's (or plain)


def test_differenzler_keeps_htmx():
    _client, _page, html = screen("Différenzler")

    assert any("htmx" in src for src in scripts_of(html))
    assert "fixi" not in html


@pytest.mark.parametrize("label", ["team", "Coiffeur", "Guggitaler", "Sidi Barrani"])
def test_undo_on_a_table_screen_asks_first_and_answers_the_table_part(label):
    client, _page, html = screen(label)
    undo = re.search(
        r'<form method="post" action="([^"]+)" fx-action="\1" fx-method="post"'
        r' fx-target="#table" ext-fx-disable ext-fx-confirm="([^"]+)"',
        html,
    )
    assert undo, "the undo form with fixi's attributes"
    assert re.search(r"\d", undo[2])  # "Undo hand 4?"
    action = re.escape(undo[1])
    form = re.search(rf'<form[^>]*fx-action="{action}".*?</form>', html, re.S)[0]
    data = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))

    # as fixi sends it, with requests.js's headers
    answer = client.post(undo[1], data, headers={"HX-Request": "true", "HX-Target": "table"})

    assert answer.status_code == 200
    text = answer.content.decode()
    assert text.lstrip().startswith('<div id="table"')  # the part, not a page
    assert "<html" not in text
