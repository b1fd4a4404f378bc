"""Database connections: on PostgreSQL each app process serves any number of
concurrent requests with at most its pool's connections (issue 11, item 6)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import threading
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from clubs.models import Club
from scoring import services
from scoring.kinds.team import rules
from scoring.models import SpectatorLink
from scoring.rules import gamefile

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = 200


def database_settings(**env: str) -> dict:
    """The DATABASES["default"] that settings.py makes from ``env``."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.pop("DATABASE_URL", None)
    environment["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    code = "import json; from jassclub import settings; print(json.dumps(settings.DATABASES))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environment | env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout)["default"]


def test_postgresql_gets_a_bounded_pool_sized_from_the_environment():
    default = database_settings(DATABASE_URL="postgres://jass@db.internal:5432/jassclub")
    sized = database_settings(
        DATABASE_URL="postgres://jass@db.internal:5432/jassclub",
        DJANGO_DB_POOL_MAX="4",
        DJANGO_DB_POOL_TIMEOUT="5",
    )

    assert default["CONN_MAX_AGE"] == 0  # Django's pool requires it
    assert default["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 10, "timeout": 30.0}
    assert sized["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 4, "timeout": 5.0}


def test_sqlite_has_no_pool():
    sqlite = database_settings()

    assert sqlite["ENGINE"] == "django.db.backends.sqlite3"
    assert "pool" not in sqlite.get("OPTIONS", {})


class ConnectionWatch:
    """Counts this database's connections in ``pg_stat_activity`` every few
    milliseconds, from a connection of its own (not counted), and keeps the peak."""

    def __init__(self) -> None:
        params = connection.get_connection_params()
        params.pop("pool", None)
        params.pop("cursor_factory", None)
        params.pop("context", None)
        self.conn = connection.Database.connect(**params, autocommit=True)
        self.peak = 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self) -> None:
        while not self.done.wait(0.005):
            (count,) = self.conn.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
            self.peak = max(self.peak, count)

    def __enter__(self) -> ConnectionWatch:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()
        self.conn.close()


@pytest.mark.django_db(transaction=True)
def test_200_concurrent_requests_are_served_within_the_pool(live_server, client):
    """200 phones at once, half on the table screen (signed in), half on a spectator
    link: every one gets its page, and the database never sees more connections than
    the pool holds (today's 200 threads x CONN_MAX_AGE ran out of connections)."""
    if connection.vendor != "postgresql":
        pytest.skip("connection pool: PostgreSQL")
    club = Club.objects.get(slug="test-club")
    game = services.start_game(
        club=club,
        name="Table 7",
        ruleset=rules.preset("chibre"),
        teams=(
            gamefile.Team("Les Bourgs", ("Anne", "Claude")),
            gamefile.Team("Les Nells", ("Bernard", "Denise")),
        ),
        first_chooser=0,
        suit_style="french",
    )
    link = SpectatorLink.objects.create(game=game)
    session = client.cookies[settings.SESSION_COOKIE_NAME]
    pages = [
        (f"{live_server.url}/games/{game.pk}/table/", {"Cookie": f"{session.key}={session.value}"}),
        (f"{live_server.url}{link.get_absolute_url()}", {}),
    ]
    pool_size = settings.DATABASES["default"]["OPTIONS"].get("pool", {}).get("max_size", 10)
    connection.close()  # the test's own connection goes back to the pool

    def fetch(index: int) -> tuple[int, bool]:
        url, headers = pages[index % 2]
        request = urllib.request.Request(url, headers={"Accept-Language": "en", **headers})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, "Les Nells" in response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, False

    with ConnectionWatch() as watch, ThreadPoolExecutor(CLIENTS) as phones:
        answers = list(phones.map(fetch, range(CLIENTS)))

    assert answers == [(200, True)] * CLIENTS
    assert 0 < watch.peak <= pool_size
