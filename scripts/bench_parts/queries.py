"""Sections 1 and 1b: the SQL queries of recording a team hand (hand 1 and hand 40 of a
game) and a Différenzler hand's points, measured in the child process and reported
against their budgets in the parent."""

from __future__ import annotations

import re
import uuid
from typing import Any
from urllib.parse import urlencode

from scripts.bench_parts.common import (
    BROWSER_HEADERS,
    bench_club,
    new_game,
    record_hand,
    scorer_client,
)
from scripts.bench_parts.printing import table, verdict

# 12 until issue 34: the game's row is now locked in a statement of its own, before the
# hands are read (``services.lock_game``): on PostgreSQL a SELECT … FOR UPDATE that
# waited for another phone's change returns the rows of its snapshot from before the
# wait, so hands read in the locking statement could be those before that change
QUERY_BUDGET = 13
# a hand of a club's game counted in Striche (RULES.md §12): one more, the evening's rows
# for the tally of the evening that its answer carries inside #table (issue 35: it
# followed only a reload); the club's Strich table comes with the game's row
STRICHE_QUERY_BUDGET = QUERY_BUDGET + 1
# a Différenzler hand's points: a team hand's budget (issue 24: 27, then 16); its
# players, seats' links, hand being played and sealed estimates are read in the
# statement that reads its hands, just after the game's row is locked
# (scoring/kinds/differenzler/locked_table.py)
DIFFERENZLER_QUERY_BUDGET = QUERY_BUDGET
QUERY_HANDS = (1, 40)
DIFFERENZLER_HANDS = 12


def differenzler_hand_queries(client: Any, hands: int = DIFFERENZLER_HANDS) -> list[list[str]]:
    """The SQL of each htmx POST of a Différenzler hand's card points (its trump chosen,
    its four estimates sealed and the hand started beforehand), hand 1 to ``hands`` of
    one game: the statements of each request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scoring.kinds.differenzler import estimates

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


def team_hand_queries() -> dict[str, Any]:
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


SELECT_LIST = re.compile(r"^SELECT .*? FROM ", re.DOTALL)
INSERT_VALUES = re.compile(r"^(INSERT INTO \S+) \(.*?\) VALUES .*?( RETURNING .*)?$", re.DOTALL)


def _short_sql(statement: str, width: int = 120) -> str:
    """A statement on one line, without its column lists and values."""
    short = SELECT_LIST.sub("SELECT … FROM ", statement)
    short = INSERT_VALUES.sub(lambda m: f"{m[1]} (…) VALUES (…){m[2] or ''}", short)
    return short if len(short) <= width else short[: width - 1] + "…"


def report_team_hand(results: dict[str, dict[str, Any]]) -> None:
    print(f"\n1. SQL queries: htmx POST record_hand -> #table partial (budget <= {QUERY_BUDGET})")
    rows, over = [], []
    for label, result in results.items():
        queries = result["queries"]
        first, last = (queries["counts"][str(n)] for n in QUERY_HANDS)
        low, high = queries["range"]
        said = verdict(last <= QUERY_BUDGET and first == last)
        if first != last:
            said += " (hand 1 and 40 differ)"
        rows.append([label, str(first), str(last), f"{low}-{high}", said])
        if said != "ok":
            over.append((label, queries))
    print(table(["database", "hand 1", "hand 40", "all of 1-40", "verdict"], rows))
    for label, queries in over:
        listed = queries["sql"]
        same = [_short_sql(q) for q in listed["1"]] == [_short_sql(q) for q in listed["40"]]
        for number in (QUERY_HANDS[-1],) if same else QUERY_HANDS:
            statements = listed[str(number)]
            also = " (hand 1: the same statements)" if same else ""
            print(f"\n   {label}, hand {number}: {len(statements)} queries{also}")
            for index, statement in enumerate(statements, start=1):
                print(f"   {index:>3}. {_short_sql(statement)}")


def report_differenzler(results: dict[str, dict[str, Any]]) -> None:
    print(
        "\n1b. SQL queries: htmx POST of a Différenzler hand's points -> the scorer's screen "
        f"(budget <= {DIFFERENZLER_QUERY_BUDGET}; a team hand: <= {QUERY_BUDGET})"
    )
    rows = []
    for label, result in results.items():
        counts = result["differenzler"]
        team = result["queries"]["counts"][str(QUERY_HANDS[-1])]
        ok = max(counts) <= DIFFERENZLER_QUERY_BUDGET and len(set(counts)) == 1
        rows.append([label, str(counts[0]), str(counts[-1]), str(team), verdict(ok)])
    print(table(["database", "hand 1", "hand 12", "team hand", "verdict"], rows))
