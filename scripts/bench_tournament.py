"""`make bench`, tournament figures: 500 teams over 8 passes of 16 hands (generated),
the standings page (queries, server time), scheduling a pass, the results PDF (time,
pages), the table cards of a 30-table pass (time, and WeasyPrint's alone) and the
director's office of 61 teams in its last pass (queries, server time, size; budget:
0.1 s), on SQLite and on PostgreSQL; the individual schedule of 200 players over
8 passes; and the Différenzler seating of 100 players over 4 passes (budget: 1 s).
Prints figures, asserts nothing. ``--schedules``: the last two alone (no database);
``--office``: the director's office alone.

Each database is measured in a child process (``--worker``) on a throwaway database:
a temporary SQLite file, and a PostgreSQL database ``jassclub_bench_tournament``
dropped and created again. The developer's ``db.sqlite3`` is never opened."""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.bench_parts.databases import on_throwaway_databases  # noqa: E402

TEAMS, PASSES, HANDS, PLAYERS = int(os.environ.get("BENCH_TEAMS", 500)), 8, 16, 200
DIFF_PLAYERS, DIFF_PASSES = 100, 4
POSTGRES_DB = "jassclub_bench_tournament"
VENDORS = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
WORKER_TIMEOUT = 1800


def setup() -> None:
    if not os.environ.get("DATABASE_URL"):  # never the developer's db.sqlite3
        raise SystemExit("bench_tournament --worker: set DATABASE_URL to a throwaway database")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jassclub.settings")
    os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "false"
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    import django

    warnings.filterwarnings("ignore", "No directory at")  # whitenoise: no collectstatic here
    django.setup()
    from django.core.management import call_command
    from django.test.utils import override_settings, setup_test_environment

    setup_test_environment()
    # plain static storage, as in the tests (no collectstatic needed)
    override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
    ).enable()
    call_command("migrate", verbosity=0, interactive=False)


def pdf_pages(pdf: bytes) -> str:
    """The page count, read by pdfinfo (poppler-utils)."""
    if shutil.which("pdfinfo") is None:
        return "? (pdfinfo not installed)"
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True).stdout
    return next(
        line.split()[-1] for line in info.decode().splitlines() if line.startswith("Pages:")
    )


def office_only() -> None:
    """The director's office alone (``--office``): what ``run`` measures last."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from clubs.models import Club, Member, Role
    from scripts.bench_parts.office import office_page

    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create_user("director")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    client = Client()
    client.force_login(user)
    print(f"\n4. Tournament, {VENDORS[connection.vendor]}")
    print("\n".join(office_page(client, club)))


def cards_only() -> None:
    """The table cards alone (``--worker --cards``): what ``run`` measures last."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from clubs.models import Club, Member, Role
    from scripts.bench_parts.cards import table_cards

    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create_user("director")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    client = Client()
    client.force_login(user)
    print("\n".join(table_cards(client, club)))


def run() -> None:
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from clubs.models import Club, Member, Role
    from scoring.kinds.team import rules
    from scoring.models import Hand
    from tournaments import services
    from tournaments.models import Entry, Table, Tournament

    vendor = VENDORS[connection.vendor]
    rng = random.Random(1)
    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create_user("director")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    t = Tournament.objects.create(
        club=club, name="Bench Preisjass", date=dt.date(2026, 12, 1), passes=PASSES, hands=HANDS
    )
    Entry.objects.bulk_create(
        Entry(
            tournament=t, name=f"Team {n:03d}", player_1=f"A{n}", player_2=f"B{n}", checked_in=True
        )
        for n in range(1, TEAMS + 1)
    )
    scheduling = []
    for _ in range(PASSES):
        started = time.perf_counter()
        round_ = services.schedule_next_pass(t)
        scheduling.append(time.perf_counter() - started)
        services.publish_pass(round_)
        hands = []
        for table in round_.tables.select_related("game"):
            for number in range(1, HANDS + 1):
                points = rng.randint(0, 157)
                played = rules.Hand(trump=t.trump_of_hand(number), cards=(points, 157 - points))
                hands.append(Hand.of(table.game, number, played))
        Hand.objects.bulk_create(hands, batch_size=2000)
        round_.tables.update(state=Table.DECIDED)
        services.close_pass(round_)
    met = Counter(frozenset(table.seats) for table in Table.objects.filter(round__tournament=t))

    client = Client()
    client.force_login(user)
    url = reverse("tournaments:standings", args=[t.pk])
    statements: list[str] = []

    def count(execute, sql, params, many, context):  # every statement, whatever resets logs
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        response = client.get(url)
    assert response.status_code == 200, response.status_code
    times = []
    for _ in range(5):
        started = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - started)
    board = client.get(url, headers={"HX-Request": "true", "Accept-Encoding": "gzip"})
    refresh = client.get(
        url,
        headers={"HX-Request": "true", "Accept-Encoding": "gzip", "If-None-Match": board["ETag"]},
    )
    unchanged_headers = {"HX-Request": "true", "If-None-Match": board["ETag"]}
    board_times, refresh_times = [], []
    for _ in range(5):
        started = time.perf_counter()
        client.get(url, headers={"HX-Request": "true"})
        board_times.append(time.perf_counter() - started)
    for _ in range(20):
        started = time.perf_counter()
        client.get(url, headers=unchanged_headers)
        refresh_times.append(time.perf_counter() - started)
    statements.clear()
    with connection.execute_wrapper(count):
        client.get(url, headers=unchanged_headers)
    refresh_queries = len(statements)
    refresh_bytes = len(f"HTTP/1.1 {refresh.status_code} \r\n") + len(refresh.content)
    refresh_bytes += sum(len(f"{name}: {value}\r\n") for name, value in refresh.items())
    started = time.perf_counter()
    pdf_url = reverse("tournaments:results_pdf", args=[t.pk])
    asked = client.get(pdf_url)  # a big sheet: asked of the task runner, not drawn here
    pdf_request = time.perf_counter() - started
    from django.core.management import call_command

    from tournaments.models import ResultsSheet

    started = time.perf_counter()
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    pdf_time = time.perf_counter() - started
    ready = client.get(pdf_url)
    pages = pdf_pages(ready.content) if ready.status_code == 200 else "none"
    built = ResultsSheet.objects.filter(tournament=t).first()

    print(f"\n4. Tournament: {TEAMS} teams, {PASSES} passes of {HANDS} hands (generated), {vendor}")
    print(
        f"   scheduling one pass      median {statistics.median(scheduling) * 1000:.0f} ms, "
        f"slowest {max(scheduling) * 1000:.0f} ms (pass 1 drawn, then Swiss)"
    )
    print(f"   teams meeting twice      {sum(1 for c in met.values() if c > 1)}")
    print(
        f"   standings page           {len(statements)} queries, "
        f"median {statistics.median(times) * 1000:.0f} ms over 5"
    )
    ok = refresh.status_code == 304 and refresh_bytes <= 1024
    print(
        f"   unchanged refresh        {refresh.status_code}, {refresh_bytes} B "
        f"(board {len(board.content) / 1024:.0f} KB gzipped; budget 304, <= 1 KB: "
        f"{'ok' if ok else 'OVER BUDGET'})"
    )
    print(
        f"   unchanged refresh time   median {statistics.median(refresh_times) * 1000:.1f} ms "
        f"over 20, {refresh_queries} queries; the board drawn: median "
        f"{statistics.median(board_times) * 1000:.0f} ms over 5"
    )
    print(
        f"   results PDF request      {asked.status_code} in {pdf_request * 1000:.0f} ms "
        f"(budget: <= 2 s, or off the request path)"
    )
    if built is None:
        print(f"   results PDF              drawn in the request: {pages} pages")
    else:
        print(
            f"   results PDF, the task    built in {built.built_in or 0:.1f} s by db_worker "
            f"({pdf_time:.1f} s with its start), {pages} pages, then served {ready.status_code}"
        )
    from scripts.bench_parts.cards import table_cards
    from scripts.bench_parts.office import office_page

    print("\n".join(table_cards(client, club)))
    print("\n".join(office_page(client, club)))


def individual_schedule() -> None:
    """The individual schedule needs no database: plain Python."""
    from tournaments import pairing
    from tournaments.checks import repeated_opponents, repeated_partners

    players = list(range(PLAYERS))
    history: list[pairing.PlayerPass] = []
    byes: Counter[int] = Counter()
    started = time.perf_counter()
    for number in range(PASSES):
        partnered = set().union(*(p.partners() for p in history)) if history else set()
        opposed = Counter(pair for p in history for pair in p.opponents())
        seating = pairing.player_pass(players, partnered, opposed, byes, seed=number)
        history.append(seating)
        byes.update(seating.byes)
    individual = time.perf_counter() - started

    print(f"\n5. Individual schedule: {PLAYERS} players, {PASSES} passes")
    print(f"   time                     {individual:.1f} s")
    print(f"   repeated partners        {repeated_partners(history)} (must be 0)")
    print(f"   repeated opponents       {repeated_opponents(history)}")


def differenzler_schedule() -> None:
    """The Différenzler seating needs no database either: 100 players over 4 passes,
    and a small field where tablemates must meet again, 12 players over 5 passes."""
    from tournaments.tablemates import seating_cost, tablemates, tablemates_pass

    print(
        f"\n6. Différenzler seating (budget: {DIFF_PLAYERS} players, {DIFF_PASSES} passes in 1 s)"
    )
    for players, passes in ((DIFF_PLAYERS, DIFF_PASSES), (12, 5)):
        history: list = []
        byes: Counter[int] = Counter()
        played: Counter[int] = Counter()
        costs = []
        started = time.perf_counter()
        for number in range(passes):
            met = Counter(tablemates(t for p in history for t in p.tables))
            seating = tablemates_pass(list(range(players)), met, byes, seed=number, played=played)
            costs.append(seating_cost(seating.tables, met))
            history.append(seating)
            byes.update(seating.byes)
            played.update(p for t in seating.tables for p in t)
        took = time.perf_counter() - started
        met = Counter(tablemates(t for p in history for t in p.tables))
        print(f"   {players} players, {passes} passes   {took:.2f} s")
        print(f"      most times two players met   {max(met.values())}")
        print(f"      each pass: the most times a pair seated had met, their total  {costs}")


def main() -> None:
    if "--worker" in sys.argv:
        setup()
        if "--cards" in sys.argv:
            cards_only()
        elif os.environ.get("BENCH_OFFICE_ONLY"):
            office_only()
        else:
            run()
        return
    if "--office" in sys.argv:  # the worker is told through its environment
        os.environ["BENCH_OFFICE_ONLY"] = "1"
        on_throwaway_databases(__file__, POSTGRES_DB, "4. Tournament", WORKER_TIMEOUT)
        return
    if "--schedules" not in sys.argv:
        on_throwaway_databases(__file__, POSTGRES_DB, "4. Tournament", WORKER_TIMEOUT)
    individual_schedule()
    differenzler_schedule()


if __name__ == "__main__":
    main()
