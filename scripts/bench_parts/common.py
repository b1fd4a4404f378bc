"""What every section of the table screen's bench shares, in its child process: Django
set up as in production, the bench club, a signed-in scorer, a game, and a hand
recorded as htmx sends it."""

from __future__ import annotations

import gzip
import os
import sys
import uuid
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

BASE_DIR = Path(__file__).resolve().parent.parent.parent

KB = 1024
GZIP_LEVEL = 6  # what Django's GZipMiddleware and most front servers send
TRANSFER_HANDS = 10

# A chibre game that does not end within the benchmark's hands.
RULESET = {"preset": "chibre", "target": 10000}
# The headers htmx sends with hx-post, and those of a phone's browser.
HTMX_HEADERS = {"HX-Request": "true", "HX-Target": "table"}
BROWSER_HEADERS = {
    "User-Agent": (
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
        "(KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36"
    ),
    "Accept-Language": "fr-CH,fr;q=0.9,de;q=0.8",
}


def hand_post(number: int) -> dict[str, str]:
    """The POST data of the hand form for hand ``number``, as a browser sends it: the
    hands of `make soak`'s first table (varied, always valid, and never enough to end
    a game to 10000), with a new form key."""
    from scripts.soak_phones import intended_post  # Django's path is set up by then

    return {"form_key": str(uuid.uuid4()), "version": "", **intended_post(0, number)}


def setup_django() -> None:
    sys.path.insert(0, str(BASE_DIR))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jassclub.settings")
    warnings.filterwarnings("ignore", "No directory at")  # whitenoise: no collectstatic here
    import django

    django.setup()

    from django.test.utils import override_settings

    # DEBUG stays off, as in production (no query log, no django-htmx debug script);
    # only the static files storage is the plain one, so that {% static %} works
    # without collectstatic (the manifest storage needs staticfiles.json).
    override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
    ).enable()

    from jassclub.startup import freeze_loaded

    freeze_loaded()  # as a server process does before its first request (jassclub.wsgi)


def bench_club() -> Any:
    """The club the bench's games belong to (made once)."""
    from clubs.models import Club

    return Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})[0]


def scorer_client() -> Any:
    """A test client signed in as a scorer of the bench club, as at a real table."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from clubs.models import Member, Role

    user, _ = get_user_model().objects.get_or_create(username="bench-scorer")
    Member.objects.get_or_create(
        club=bench_club(), user=user, defaults={"name": "bench", "role": Role.SCORER}
    )
    client = Client()
    client.force_login(user)
    return client


def new_game(name: str, striche: bool = False) -> Any:
    """A bench club's game to 10000 (``striche``: counted in Striche, §12's table)."""
    from django.utils import timezone

    from scoring import rules, services
    from scoring.rules import gamefile

    ruleset = {**rules.preset("chibre").to_dict(), **RULESET, "striche": {}} if striche else RULESET
    return services.start_game(
        club=bench_club(),
        name=name,
        ruleset=rules.parse_ruleset(ruleset),
        teams=(
            gamefile.Team("Les Bourgs", ("Anne", "Claude")),
            gamefile.Team("Les Nells", ("Bernard", "Denise")),
        ),
        first_chooser=0,
        suit_style="french",
        played_on=timezone.localdate() if striche else None,  # an evening's game has a date
    )


def record_hand(client: Any, game_id: int, number: int, **headers: str) -> Any:
    from django.urls import reverse

    # Sent as htmx sends a form (and offline.js a waiting hand): URL-encoded, not the
    # test client's default multipart, whose parsing costs a phone nothing.
    response = client.post(
        reverse("scoring:record_hand", args=[game_id]),
        urlencode(hand_post(number)),
        content_type="application/x-www-form-urlencoded",
        headers={**BROWSER_HEADERS, **HTMX_HEADERS, **headers},
    )
    body = response.content
    if response.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    if response.status_code != 200 or f'data-hands="{number}"'.encode() not in body:
        raise RuntimeError(f"hand {number} was not recorded: HTTP {response.status_code}")
    return response
