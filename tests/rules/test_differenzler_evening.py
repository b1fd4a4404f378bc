"""The Différenzler evening's plain rule: each player's sum of differences over the
night's games, lowest first, equal sums sharing the place (1, 2, 2, 4)."""

from __future__ import annotations

import pytest

from scoring.rules.differenzler_evening import Seat, diff_ranking
from scoring.rules.evening import Person, season_entries

ANNE, BEAT, CARLA, DARIO = (Person(n, i) for i, n in enumerate(("Anne", "Beat", "Carla", "Dario")))


def test_the_sums_over_the_games_rank_lowest_first_with_shared_places():
    seats = [
        Seat(ANNE, 10, 1),
        Seat(BEAT, 4, 1),
        Seat(CARLA, 7, 1),
        Seat(DARIO, 20, 1),
        Seat(ANNE, 0, 2),
        Seat(BEAT, 6, 2),
        Seat(CARLA, 3, 2),
        Seat(DARIO, 1, 2),
    ]
    lines = diff_ranking(seats)
    assert [(line.names, line.games, line.differences, line.place) for line in lines] == [
        (("Anne",), 2, 10, 1),
        (("Beat",), 2, 10, 1),
        (("Carla",), 2, 10, 1),
        (("Dario",), 2, 21, 4),
    ]
    assert season_entries(lines)[3] == {"place": 4, "players": ["Dario"]}


def test_a_guest_and_a_member_of_one_name_are_two_players():
    guest = Person("Anne")
    lines = diff_ranking([Seat(ANNE, 5), Seat(guest, 3), Seat(BEAT, 5)])
    assert [(line.players[0], line.place) for line in lines] == [(guest, 1), (ANNE, 2), (BEAT, 2)]


def test_no_game_is_no_line_and_a_negative_difference_is_refused():
    assert diff_ranking([]) == ()
    with pytest.raises(ValueError, match="never negative"):
        diff_ranking([Seat(ANNE, -1)])
