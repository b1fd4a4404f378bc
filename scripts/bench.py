"""Benchmark of the table screen (`make bench`): prints figures, asserts nothing.

1. SQL queries to record a hand through htmx and get the ``#table`` partial back,
   on hand 1 and hand 40 of a game (budget: at most 12, the same on both).
2. Server time to record a hand: median and 95th percentile over 200 hands,
   around the in-process test client's POST (no network), on SQLite and PostgreSQL.
3. The table screen's transfer size: its HTML and every stylesheet, script and
   ``url(...)`` they load, each gzipped at level 6 (budget: at most 80 KB in all).
4. The live poll of an idle game, asked again with its ETag: a 304 (budget: 1 KB).
   Sections 3 and 4 are measured by ``scripts/bench_screen.py``.

Each database is measured in a child process (``--worker``) on a throwaway
database: a temporary SQLite file, and a PostgreSQL database ``jassclub_bench``
dropped and created again. The developer's ``db.sqlite3`` is never opened.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent
POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")
POSTGRES_DB = "jassclub_bench"

QUERY_BUDGET = 12
# a Différenzler hand's points: a team hand's budget (issue 24: 27, then 16); its
# players, seats' links, hand being played and sealed estimates are read with the
# game's row locked, in the statement that reads its hands (scoring/locked_table.py)
DIFFERENZLER_QUERY_BUDGET = QUERY_BUDGET
TRANSFER_BUDGET_KB = 60  # issue 13: the first visit of the table screen, with gzip
KB = 1024
GZIP_LEVEL = 6  # what Django's GZipMiddleware and most front servers send
TIMED_GAMES, HANDS_PER_GAME = 5, 40  # 200 timed hands
WARM_UP_HANDS = 5
QUERY_HANDS = (1, 40)
TRANSFER_HANDS = 10
WORKER_TIMEOUT = 300

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


# -- the child process: one database --------------------------------------------------------


def _setup_django() -> None:
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


def new_game(name: str) -> Any:
    from scoring import rules, services
    from scoring.rules import gamefile

    return services.start_game(
        club=bench_club(),
        name=name,
        ruleset=rules.parse_ruleset(RULESET),
        teams=(
            gamefile.Team("Les Bourgs", ("Anne", "Claude")),
            gamefile.Team("Les Nells", ("Bernard", "Denise")),
        ),
        first_chooser=0,
        suit_style="french",
    )


DIFFERENZLER_HANDS = 12


def differenzler_hand_queries(client: Any, hands: int = DIFFERENZLER_HANDS) -> list[list[str]]:
    """The SQL of each htmx POST of a Différenzler hand's card points (its trump chosen,
    its four estimates sealed and the hand started beforehand), hand 1 to ``hands`` of
    one game: the statements of each request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scoring import estimates

    game = estimates.start_game(
        club=bench_club(),
        name="Bench: Différenzler",
        players=("Anne", "Bernard", "Claude", "Denise"),
        hands=hands,
        trumps=("hearts", "diamonds", "clubs", "spades"),
        played_on=None,
        suit_style="french",
        form_key=None,
    )
    url = reverse("scoring:record_points", args=[game.pk])
    statements = []
    for number in range(1, hands + 1):
        estimates.choose_trump(game, number, "hearts")
        for seat, value in enumerate((40, 40, 40, 37)):
            estimates.seal_estimate(game, number, seat, value)
        estimates.start_hand(game, number, game.seat_names())
        cards = {"cards_0": 40, "cards_1": 30, "cards_2": 37}
        data = {"hand_number": str(number), "form_key": str(uuid.uuid4()), **cards}
        with CaptureQueriesContext(connection) as captured:
            response = client.post(
                url,
                urlencode(data),
                content_type="application/x-www-form-urlencoded",
                headers={**BROWSER_HEADERS, "HX-Request": "true"},
            )
        if response.status_code != 200 or game.hands.count() != number:
            raise RuntimeError(f"Différenzler hand {number} was not recorded")
        statements.append([query["sql"] for query in captured.captured_queries])
    return statements


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


def _database() -> dict[str, str]:
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            version = cursor.fetchone()[0]
        driver = f"psycopg {connection.Database.__version__}"
        return {"vendor": "PostgreSQL", "version": version.split()[0], "driver": driver}
    return {
        "vendor": connection.vendor,
        "version": connection.Database.sqlite_version,
        "driver": f"sqlite3 (Python {platform.python_version()})",
    }


def _queries() -> dict[str, Any]:
    """Queries of each htmx POST of hands 1 to 40 of one game."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game, client = new_game("Bench: queries"), scorer_client()
    counts, sql = {}, {}
    for number in range(1, max(QUERY_HANDS) + 1):
        with CaptureQueriesContext(connection) as captured:
            record_hand(client, game.pk, number)
        counts[number] = len(captured.captured_queries)
        if number in QUERY_HANDS:
            sql[number] = [query["sql"] for query in captured.captured_queries]
    return {
        "counts": {str(n): counts[n] for n in QUERY_HANDS},
        "range": [min(counts.values()), max(counts.values())],
        "sql": {str(n): sql[n] for n in QUERY_HANDS},
    }


def _timing() -> dict[str, Any]:
    """Milliseconds per hand: the whole in-process request (middleware, form, engine,
    database, template), with the Accept-Encoding of a browser so gzip is included."""

    client = scorer_client()
    warm_up = new_game("Bench: warm-up")
    for number in range(1, WARM_UP_HANDS + 1):
        record_hand(client, warm_up.pk, number)
    samples = []
    for index in range(TIMED_GAMES):
        game = new_game(f"Bench: timing {index + 1}")
        for number in range(1, HANDS_PER_GAME + 1):
            start = time.perf_counter()
            record_hand(client, game.pk, number, **{"Accept-Encoding": "gzip, deflate, br"})
            samples.append((time.perf_counter() - start) * 1000)
    return {
        "n": len(samples),
        "games": TIMED_GAMES,
        "median": statistics.median(samples),
        "p95": statistics.quantiles(samples, n=100, method="inclusive")[94],
        "min": min(samples),
        "max": max(samples),
    }


POLL_BUDGET_BYTES = 1024  # an idle game's poll: status line and headers, no body


def worker(transfer: bool) -> None:
    if not os.environ.get("DATABASE_URL"):  # never the developer's db.sqlite3
        raise SystemExit("bench --worker: set DATABASE_URL to a throwaway database")
    _setup_django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    from scripts.bench_screen import poll, transfer_sizes  # once Django is set up

    result = {
        "database": _database(),
        "queries": _queries(),
        "differenzler": [len(q) for q in differenzler_hand_queries(scorer_client())],
        "timing": _timing(),
        "poll": poll(),
    }
    if transfer:
        result["transfer"] = transfer_sizes()
    print(json.dumps(result))


# -- the parent process: databases, children, the report ------------------------------------


def _run_worker(database_url: str, transfer: bool) -> dict[str, Any]:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "jassclub.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECURE_SSL_REDIRECT": "false",  # the test client speaks plain HTTP
        "DJANGO_ALLOWED_HOSTS": "testserver",
    }
    command = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    if transfer:
        command.append("--transfer")
    done = subprocess.run(
        command,
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=WORKER_TIMEOUT,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the worker failed:\n{done.stderr.strip()}")
    if done.stderr.strip():
        print(done.stderr.strip(), file=sys.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _bench_sqlite() -> dict[str, Any]:
    directory = tempfile.mkdtemp(prefix="jassclub-bench-")
    try:
        return _run_worker(f"sqlite:///{directory}/bench.sqlite3", transfer=True)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _postgres_admin() -> Any:
    import psycopg

    return psycopg.connect(POSTGRES_URL, autocommit=True, connect_timeout=5)


def _postgres_unavailable() -> str | None:
    """Why PostgreSQL cannot be measured, or None when it answers."""
    try:
        with _postgres_admin() as admin:
            admin.execute("SELECT 1")
    except Exception as error:  # no driver, no server, no rights: say so and go on
        reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        return f"{POSTGRES_URL} does not answer: {type(error).__name__}: {reason}"
    return None


def _bench_postgres() -> dict[str, Any]:
    from psycopg import sql

    name = sql.Identifier(POSTGRES_DB)
    with _postgres_admin() as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))
    try:
        url = urlsplit(POSTGRES_URL)._replace(path=f"/{POSTGRES_DB}").geturl()
        return _run_worker(url, transfer=False)
    finally:
        with _postgres_admin() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


def on_throwaway_databases(script: str, postgres_db: str, label: str, timeout: int) -> None:
    """Run ``script --worker`` (it prints its figures) on a temporary SQLite file, then on
    a PostgreSQL database ``postgres_db`` dropped and made again, or say why not."""
    with tempfile.TemporaryDirectory() as folder:
        _worker(script, f"sqlite:///{Path(folder) / 'bench.sqlite3'}", label, timeout)
    why = _postgres_unavailable()
    if why:
        print(f"\n{label} on PostgreSQL: not measured, {why}")
        return
    from psycopg import sql

    name = sql.Identifier(postgres_db)
    with _postgres_admin() as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))
    try:
        url = urlsplit(POSTGRES_URL)._replace(path=f"/{postgres_db}").geturl()
        _worker(script, url, label, timeout)
    finally:
        with _postgres_admin() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


def _worker(script: str, database_url: str, label: str, timeout: int) -> None:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "false"}
    command = [sys.executable, str(Path(script).resolve()), "--worker"]
    done = subprocess.run(command, env=env, cwd=BASE_DIR, timeout=timeout, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the {label} bench failed on {urlsplit(database_url).scheme}")


def on_database(script: str, database_url: str, label: str, timeout: int) -> None:
    """Run ``script --worker`` on the one database of ``database_url``, made empty first:
    a PostgreSQL database on this machine is dropped and made again, an SQLite file
    removed. For a database of one's own (``bench_club.py --database-url``)."""
    url = urlsplit(database_url)
    if url.scheme == "sqlite":
        Path(url.path).unlink(missing_ok=True)
    elif url.scheme in ("postgres", "postgresql"):
        if url.hostname not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit(f"{label}: {database_url} is not on this machine; it would be dropped")
        import psycopg
        from psycopg import sql

        name = sql.Identifier(url.path.lstrip("/"))
        admin_url = url._replace(path="/postgres").geturl()
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
            admin.execute(sql.SQL("CREATE DATABASE {}").format(name))
    else:
        raise SystemExit(f"{label}: {database_url}: an sqlite:/// or postgres:// URL")
    _worker(script, database_url, label, timeout)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            str(cell).ljust(width) if index == 0 else str(cell).rjust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * width for width in widths).rstrip()
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


SELECT_LIST = re.compile(r"^SELECT .*? FROM ", re.DOTALL)
INSERT_VALUES = re.compile(r"^(INSERT INTO \S+) \(.*?\) VALUES .*?( RETURNING .*)?$", re.DOTALL)


def _short_sql(statement: str, width: int = 120) -> str:
    """A statement on one line, without its column lists and values."""
    short = SELECT_LIST.sub("SELECT … FROM ", statement)
    short = INSERT_VALUES.sub(lambda m: f"{m[1]} (…) VALUES (…){m[2] or ''}", short)
    return short if len(short) <= width else short[: width - 1] + "…"


def _kb(size: int) -> str:
    return f"{size / KB:.1f}"


def _verdict(ok: bool) -> str:
    return "ok" if ok else "OVER BUDGET"


def report(results: dict[str, dict[str, Any]], skipped: dict[str, str]) -> None:
    import django

    print("Jassclub benchmark")
    print(f"  Python   {platform.python_version()} ({platform.python_implementation()})")
    print(f"  Django   {django.get_version()}")
    print(f"  Machine  {platform.platform()}, {os.cpu_count()} CPUs")
    for label, result in results.items():
        db = result["database"]
        print(f"  {label:<8} {db['vendor']} {db['version']}, {db['driver']}")
    for label, why in skipped.items():
        print(f"  {label:<8} skipped: {why}")

    print(f"\n1. SQL queries: htmx POST record_hand -> #table partial (budget <= {QUERY_BUDGET})")
    rows, over = [], []
    for label, result in results.items():
        queries = result["queries"]
        first, last = (queries["counts"][str(n)] for n in QUERY_HANDS)
        low, high = queries["range"]
        verdict = _verdict(last <= QUERY_BUDGET and first == last)
        if first != last:
            verdict += " (hand 1 and 40 differ)"
        rows.append([label, str(first), str(last), f"{low}-{high}", verdict])
        if verdict != "ok":
            over.append((label, queries))
    print(_table(["database", "hand 1", "hand 40", "all of 1-40", "verdict"], rows))
    for label, queries in over:
        listed = queries["sql"]
        same = [_short_sql(q) for q in listed["1"]] == [_short_sql(q) for q in listed["40"]]
        for number in (QUERY_HANDS[-1],) if same else QUERY_HANDS:
            statements = listed[str(number)]
            also = " (hand 1: the same statements)" if same else ""
            print(f"\n   {label}, hand {number}: {len(statements)} queries{also}")
            for index, statement in enumerate(statements, start=1):
                print(f"   {index:>3}. {_short_sql(statement)}")

    print(
        "\n1b. SQL queries: htmx POST of a Différenzler hand's points -> the scorer's screen "
        f"(budget <= {DIFFERENZLER_QUERY_BUDGET}; a team hand: <= {QUERY_BUDGET})"
    )
    rows = []
    for label, result in results.items():
        counts = result["differenzler"]
        team = result["queries"]["counts"][str(QUERY_HANDS[-1])]
        ok = max(counts) <= DIFFERENZLER_QUERY_BUDGET and len(set(counts)) == 1
        rows.append([label, str(counts[0]), str(counts[-1]), str(team), _verdict(ok)])
    print(_table(["database", "hand 1", "hand 12", "team hand", "verdict"], rows))

    print("\n2. Server time to record a hand (in-process htmx POST, ms)")
    rows = []
    for label, result in results.items():
        timing = result["timing"]
        rows.append(
            [
                label,
                f"{timing['n']} ({timing['games']} games)",
                *(f"{timing[key]:.1f}" for key in ("median", "p95", "min", "max")),
            ]
        )
    print(_table(["database", "hands", "median", "p95", "min", "max"], rows))

    transfer = next((r["transfer"] for r in results.values() if "transfer" in r), None)
    if transfer:
        print(
            f"\n3. Table screen transfer, game with {transfer['hands']} hands "
            f"(gzip level {GZIP_LEVEL}, 1 KB = {KB} bytes)"
        )
        files = transfer["files"]
        rows = [[f["name"], f["kind"], _kb(f["raw"]), _kb(f["gzip"])] for f in files]
        raw, zipped = sum(f["raw"] for f in files), sum(f["gzip"] for f in files)
        rows.append(["total", f"{len(files)} files", _kb(raw), _kb(zipped)])
        print(_table(["file", "kind", "raw KB", "gzip KB"], rows))
        ok = zipped <= TRANSFER_BUDGET_KB * KB
        print(f"   gzipped total {_kb(zipped)} KB, budget {TRANSFER_BUDGET_KB} KB: {_verdict(ok)}")

    print(
        "\n4. Live poll of an idle game, asked again with its ETag "
        f"(budget <= {POLL_BUDGET_BYTES} B)"
    )
    rows = []
    for label, result in results.items():
        poll = result["poll"]
        ok = poll["status"] == 304 and poll["bytes"] <= POLL_BUDGET_BYTES
        rows.append(
            [
                label,
                str(poll["status"]),
                str(poll["body"]),
                str(poll["bytes"]),
                str(poll["queries"]),
                _verdict(ok),
            ]
        )
    print(_table(["database", "status", "body B", "answer B", "queries", "verdict"], rows))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--transfer", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        worker(arguments.transfer)
        return 0

    started = time.perf_counter()
    results: dict[str, dict[str, Any]] = {"SQLite": _bench_sqlite()}
    skipped: dict[str, str] = {}
    why = _postgres_unavailable()
    if why:
        skipped["Postgres"] = why
    else:
        results["Postgres"] = _bench_postgres()
    report(results, skipped)
    print(f"\n(ran in {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
