"""The director's page reverses each pattern of its many links once (``links.each``):
every link is the one ``reverse()`` gives."""

from __future__ import annotations

import pytest
from django.urls import reverse

from jassclub.tokens import new_token
from tournaments.views.links import ANY, each


@pytest.mark.parametrize("tournament", [1, 7, 918])
def test_a_link_filled_in_is_the_one_reverse_gives(tournament):
    unlock = each("tournaments:unlock", tournament, ANY)
    seat = each("tournaments:seat_qr", tournament, ANY, ANY)
    correct = each("scoring:correct_hand", ANY, ANY)
    table_link = each("tournaments:table_link", ANY)
    token = new_token()

    for table in (1, 9, 918, 123456):
        assert unlock(table) == reverse("tournaments:unlock", args=[tournament, table])
        assert seat(table, 3) == reverse("tournaments:seat_qr", args=[tournament, table, 3])
        assert correct(table, 12) == reverse("scoring:correct_hand", args=[table, 12])
    assert table_link(token) == reverse("tournaments:table_link", args=[token])
