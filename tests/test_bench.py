"""The query budget of recording a hand, pinned (the figures: `make bench`)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scripts.bench_parts.common import HTMX_HEADERS, hand_post, new_game, scorer_client
from scripts.bench_parts.queries import (
    DIFFERENZLER_QUERY_BUDGET,
    QUERY_BUDGET,
    STRICHE_QUERY_BUDGET,
    differenzler_hand_queries,
)


@pytest.mark.parametrize(
    ("striche", "budget"),
    # a game counted in Striche: one query more, the evening's rows, for the evening's
    # tally that the answer carries inside #table (issue 35: the table screen's tally
    # followed the hands only after a reload)
    [(False, QUERY_BUDGET), (True, STRICHE_QUERY_BUDGET)],
)
def test_record_hand_queries_same_on_hand_1_and_40_within_budget(db, striche, budget):
    client = scorer_client()
    game = new_game("Long game", striche=striche)
    url = reverse("scoring:record_hand", args=[game.pk])
    queries = {}

    for number in range(1, 41):
        with CaptureQueriesContext(connection) as captured:
            response = client.post(url, hand_post(number), headers=HTMX_HEADERS)
        assert response.status_code == 200
        assert f'data-hands="{number}"' in response.content.decode()
        queries[number] = [query["sql"] for query in captured.captured_queries]

    listing = "\n".join(queries[40])
    assert len(queries[1]) == len(queries[40]), listing
    assert len(queries[40]) <= budget, listing
    assert ("evening-snapshot" in response.content.decode()) is striche


def test_a_differenzler_hands_queries_are_the_same_on_every_hand_within_budget(db):
    queries = differenzler_hand_queries(scorer_client())

    listing = "\n".join(queries[-1])
    assert len({len(statements) for statements in queries}) == 1, listing
    assert len(queries[-1]) <= DIFFERENZLER_QUERY_BUDGET, listing
