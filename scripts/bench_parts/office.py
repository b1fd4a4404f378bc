"""`make bench`, section 4: the director's office (the tournament's page) of an evening
of 61 teams (30 tables and a bye) in the middle of its last pass: the passes before it
closed, the last one being played with a table in every state the director looks for
(disputed, locked after wrong codes, from a paper sheet, entered, being played,
settled, not started). Its server time (median of several loads), queries and size,
against the budget of the standings' class."""

from __future__ import annotations

import datetime as dt
import gzip
import statistics
import time
from typing import Any

TEAMS = 61
PASSES = 4  # three closed, the fourth being played
HANDS = 12
LOADS = 7
BUDGET = 0.1  # seconds of server CPU per load, the standings' class
HTMX = {"HX-Request": "true"}


def _evening(club: Any) -> Any:
    """The tournament, its passes played as described above; returns the tournament."""
    from scoring.kinds.team import rules
    from scoring.models import Hand
    from tournaments import services
    from tournaments.models import CODE_BUDGET, Entry, Table, Tournament

    t = Tournament.objects.create(
        club=club,
        name="Bench office",
        date=dt.date(2026, 12, 1),
        passes=PASSES,
        hands=HANDS,
    )
    Entry.objects.bulk_create(
        Entry(
            tournament=t,
            name=f"Team {n:02} Zürioberland",
            player_1=f"Jürg {n}",
            player_2=f"Käthi {n}",
            checked_in=True,
        )
        for n in range(1, TEAMS + 1)
    )

    def play(tables: list[Any], first_team_points: int) -> None:
        Hand.objects.bulk_create(
            Hand.of(
                table.game,
                number,
                rules.Hand(
                    trump=t.trump_of_hand(number),
                    cards=(first_team_points, 157 - first_team_points),
                ),
            )
            for table in tables
            for number in range(1, HANDS + 1)
        )

    for _ in range(PASSES - 1):
        round_ = services.publish_pass(services.schedule_next_pass(t), anyway=True)
        tables = list(round_.tables.select_related("game"))
        play(tables, 100)
        round_.tables.update(state=Table.DECIDED)
        services.close_pass(round_)
    last = services.publish_pass(services.schedule_next_pass(t), anyway=True)
    tables = list(last.tables.select_related("game"))
    disputed, locked, paper, *rest = tables
    entered, playing, rest = rest[:2], rest[2], rest[3:]
    settled = rest[: len(rest) // 2]
    play([disputed, locked, *entered, *settled], 90)
    services.dispute_table(disputed, 1, disputed.codes[1], "Hand 2 was a match for us")
    Table.objects.filter(pk=locked.pk).update(wrong_codes=[CODE_BUDGET, 0])
    whole = HANDS * 157
    services.enter_paper_totals(paper, (whole // 2 + 20, whole - whole // 2 - 20))
    Hand.objects.bulk_create(
        [Hand.of(playing.game, 1, rules.Hand(trump=t.trump_of_hand(1), cards=(57, 100)))]
    )
    for table in settled:
        services.decide_table(table)
    return t


def _loads(client: Any, url: str, headers: dict[str, str]) -> tuple[float, float]:
    """The median wall and CPU time of ``LOADS`` loads of ``url``."""
    walls, cpus = [], []
    for _ in range(LOADS):
        started, cpu = time.perf_counter(), time.process_time()
        client.get(url, headers=headers)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def office_page(client: Any, club: Any) -> list[str]:
    """The figures' lines: queries, median server time over ``LOADS`` loads (CPU, the
    budget's measure on a shared machine, and wall), the page's size raw and gzipped,
    and the verdict; then the same for the passes alone, as htmx refreshes them every
    10 s while tables play."""
    from django.db import connection

    t = _evening(club)
    url = t.get_absolute_url()
    statements: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        statements.append(sql)
        return execute(sql, params, many, context)

    client.get(url)  # the first load: the session read, the templates compiled
    lines = []
    for label, headers in (("director's office", {}), ("  its passes refreshed", HTMX)):
        statements.clear()
        with connection.execute_wrapper(count):
            response = client.get(url, headers=headers)
        assert response.status_code == 200, response.status_code
        wall, cpu = _loads(client, url, headers)
        size = len(response.content)
        zipped = len(gzip.compress(response.content, 6))
        verdict = "ok" if cpu <= BUDGET else "OVER BUDGET"
        lines.append(
            f"   {label:<24} {len(statements)} queries, CPU median {cpu * 1000:.0f} ms over "
            f"{LOADS} (budget <= {BUDGET * 1000:.0f} ms: {verdict}; wall {wall * 1000:.0f} ms), "
            f"{size / 1024:.0f} KB ({zipped / 1024:.0f} KB gzipped)"
        )
    return [
        f"   director's office: {TEAMS} teams, pass {PASSES} of {HANDS} hands being played "
        "(a table in every state), the passes before it closed",
        *lines,
    ]
