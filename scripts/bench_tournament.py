"""`make bench`, tournament figures: 500 teams over 8 passes of 16 hands (generated),
the standings page (queries, server time), scheduling a pass, the results PDF (time,
pages), and the individual schedule of 200 players over 8 passes. Prints figures."""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TEAMS, PASSES, HANDS, PLAYERS = int(os.environ.get("BENCH_TEAMS", 500)), 8, 16, 200


def setup(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jassclub.settings")
    os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "false"
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    import django

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


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        setup(Path(folder) / "bench.sqlite3")
        run()


def run() -> None:
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from clubs.models import Club, Member, Role
    from scoring.models import Hand
    from tournaments import pairing, services
    from tournaments.checks import repeated_opponents, repeated_partners
    from tournaments.models import Entry, Table, Tournament

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
                hands.append(
                    Hand(
                        game=table.game,
                        number=number,
                        trump=t.trump_of_hand(number),
                        cards_0=points,
                        cards_1=157 - points,
                    )
                )
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
    started = time.perf_counter()
    pdf = client.get(reverse("tournaments:results_pdf", args=[t.pk])).content
    pdf_time = time.perf_counter() - started
    pages = pdf_pages(pdf)

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

    print(f"\n4. Tournament: {TEAMS} teams, {PASSES} passes of {HANDS} hands (generated), SQLite")
    print(
        f"   scheduling one pass      median {statistics.median(scheduling) * 1000:.0f} ms, "
        f"slowest {max(scheduling) * 1000:.0f} ms (pass 1 drawn, then Swiss)"
    )
    print(f"   teams meeting twice      {sum(1 for c in met.values() if c > 1)}")
    print(
        f"   standings page           {len(statements)} queries, "
        f"median {statistics.median(times) * 1000:.0f} ms over 5"
    )
    print(f"   results PDF              {pdf_time:.1f} s, {pages} pages")
    print(f"\n5. Individual schedule: {PLAYERS} players, {PASSES} passes")
    print(f"   time                     {individual:.1f} s")
    print(f"   repeated partners        {repeated_partners(history)} (must be 0)")
    print(f"   repeated opponents       {repeated_opponents(history)}")


if __name__ == "__main__":
    main()
