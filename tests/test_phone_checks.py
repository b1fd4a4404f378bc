"""The table screen carries what its script refuses before a hand leaves the phone
(issue 34): every message of the engine's twins and of the hand form's own checks, in
the reader's language, with the places the script fills in."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scoring.kinds.team.hand_form import HandForm
from scoring.kinds.team.phone_checks import ENGINE_CODES, FORM_CODES, SCREEN_CODES
from tests.test_table import new_game

PLACES = re.compile(r"\{(\w+)(?:!r)?\}")


def carried(client, language: str) -> dict:
    game = new_game(target=200)
    page = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language)
    found = re.search(r'<script id="hand-checks" type="application/json">(.*?)</script>', page.text)
    assert found, "the table screen carries no #hand-checks"
    return json.loads(found.group(1))


@pytest.mark.parametrize("language", ["en", "fr", "de", "it"])
def test_every_refusal_the_phone_twins_has_its_words_and_places(client, language):
    checks = carried(client, language)

    assert set(checks["messages"]) == set(SCREEN_CODES) | set(FORM_CODES)
    assert set(SCREEN_CODES) <= set(ENGINE_CODES)
    assert checks["fields"] == HandForm.ENGINE_FIELDS
    for code in SCREEN_CODES:
        template = ENGINE_CODES[code]
        # the script fills the places the engine's message has; a translation keeps them
        assert set(PLACES.findall(checks["messages"][code])) <= set(PLACES.findall(template))
    assert "{value}" in checks["messages"]["weis-typed"]
    assert "{allowed}" in checks["messages"]["weis-typed"]


def test_the_words_are_the_readers_language(client):
    english, german = carried(client, "en"), carried(client, "de")

    assert english["messages"]["at-out-sum"].startswith("{a} + {b} = {sum}: the card points")
    assert german["messages"]["weis-typed"] == "{value} ist kein Weis dieser Partie: {allowed}."
    assert german["messages"]["weis-team"] != english["messages"]["weis-team"]
    assert all(german["messages"][code] != english["messages"][code] for code in FORM_CODES)
