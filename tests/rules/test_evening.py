"""The Schieber evening in Striche (RULES.md §12, "The evening"): per team and per
player the Striche made, received and the difference, the places 1, 2, 2, 4, the
club's option to rank by Striche made, and the evening's ranking for a season (§15).
Plain Python, no database."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.evening import (
    Line,
    Person,
    Played,
    Side,
    ranked,
    ranking,
    season_entries,
    tally,
)

ANNE, BEAT, CARLA, DARIO = (Person(n, i) for i, n in enumerate(["Anne", "Beat", "Carla", "Dario"]))
GUEST = Person("Urs")  # no member: a guest, by name


def game(a: tuple[Person, Person], made_a: int, b: tuple[Person, Person], made_b: int) -> Played:
    return Played((Side(a, made_a), Side(b, made_b)))


def figures(lines: tuple[Line, ...]) -> list[tuple[tuple[str, ...], int, int, int, int, int]]:
    return [(ln.names, ln.games, ln.made, ln.received, ln.difference, ln.place) for ln in lines]


def test_fixed_teams_add_up_their_games_and_rank_by_difference():
    evening = tally(
        [
            game((ANNE, BEAT), 6, (CARLA, DARIO), 2),
            game((CARLA, DARIO), 5, (BEAT, ANNE), 1),  # the same teams, seats changed
            game((ANNE, BEAT), 3, (DARIO, CARLA), 0),
        ]
    )

    assert figures(evening.teams) == [
        (("Anne", "Beat"), 3, 10, 7, 3, 1),
        (("Carla", "Dario"), 3, 7, 10, -3, 2),
    ]
    assert evening.fixed_teams
    assert evening.games == 3
    assert ranking(evening) == evening.teams  # a season takes the teams, one entry each
    assert season_entries(ranking(evening)) == [
        {"place": 1, "players": ["Anne", "Beat"]},
        {"place": 2, "players": ["Carla", "Dario"]},
    ]
    # each player has the team's figures
    assert figures(evening.players) == [
        (("Anne",), 3, 10, 7, 3, 1),
        (("Beat",), 3, 10, 7, 3, 1),
        (("Carla",), 3, 7, 10, -3, 3),
        (("Dario",), 3, 7, 10, -3, 3),
    ]


def test_with_changing_partners_each_player_gets_his_teams_striche_in_every_game():
    evening = tally(
        [
            game((ANNE, BEAT), 6, (CARLA, DARIO), 2),
            game((ANNE, CARLA), 3, (BEAT, DARIO), 4),
            game((ANNE, DARIO), 0, (BEAT, CARLA), 7),
        ]
    )

    assert not evening.fixed_teams
    assert figures(evening.players) == [
        (("Beat",), 3, 17, 5, 12, 1),  # 6 + 4 + 7 made; 2 + 3 + 0 received
        (("Carla",), 3, 12, 10, 2, 2),  # 2 + 3 + 7; 6 + 4 + 0
        (("Anne",), 3, 9, 13, -4, 3),  # 6 + 3 + 0; 2 + 4 + 7
        (("Dario",), 3, 6, 16, -10, 4),  # 2 + 4 + 0; 6 + 3 + 7
    ]
    assert ranking(evening) == evening.players  # partners changed: each player an entry
    # six teams, each of one game
    assert len(evening.teams) == 6
    assert figures(evening.teams)[0] == (("Beat", "Carla"), 1, 7, 0, 7, 1)


def test_equal_differences_share_the_place_and_the_next_place_skips():
    evening = tally(
        [
            game((ANNE, BEAT), 4, (CARLA, DARIO), 2),  # Anne, Beat +2; Carla, Dario −2
            game((ANNE, CARLA), 2, (BEAT, GUEST), 2),  # nobody gains
            game((DARIO, GUEST), 3, (CARLA, ANNE), 1),  # Dario, Urs +2; Carla, Anne −2
        ]
    )

    places = [(line.names[0], line.difference, line.place) for line in evening.players]
    assert places == [
        ("Beat", 2, 1),
        ("Urs", 2, 1),
        ("Anne", 0, 3),
        ("Dario", 0, 3),
        ("Carla", -4, 5),
    ]


def test_the_club_may_rank_by_the_striche_made():
    games = [
        game((ANNE, BEAT), 9, (CARLA, DARIO), 8),  # +1 made 9
        game((ANNE, CARLA), 0, (BEAT, DARIO), 3),
    ]

    by_made = tally(games, rank_by="made")
    by_difference = tally(games)

    assert [(ln.names[0], ln.made, ln.place) for ln in by_made.players] == [
        ("Beat", 12, 1),
        ("Dario", 11, 2),
        ("Anne", 9, 3),
        ("Carla", 8, 4),
    ]
    assert [(ln.names[0], ln.difference, ln.place) for ln in by_difference.players] == [
        ("Beat", 4, 1),
        ("Dario", 2, 2),
        ("Anne", -2, 3),
        ("Carla", -4, 4),
    ]
    assert by_made.rank_by == "made"


def test_a_member_and_a_guest_of_the_same_name_are_two_players():
    evening = tally([game((ANNE, BEAT), 2, (Person("Anne"), CARLA), 0)])

    found = [(line.names[0], line.players[0].member, line.made) for line in evening.players]
    assert found == [  # by difference, then by name, a member before a guest
        ("Anne", 0, 2),
        ("Beat", 1, 2),
        ("Anne", None, 0),
        ("Carla", 2, 0),
    ]
    assert evening.player(Person("Anne")).made == 0
    assert evening.player(Person("Anne", 0)).made == 2
    assert evening.player(Person("Nobody")) is None


def test_an_evening_without_games_has_no_lines():
    evening = tally([])

    assert (evening.teams, evening.players, evening.games) == ((), (), 0)
    assert ranking(evening) == ()


def test_an_unknown_order_is_refused():
    with pytest.raises(ValueError, match="rank_by"):
        ranked([], "points")  # type: ignore[arg-type]


PEOPLE = [Person(name, i) for i, name in enumerate("ABCDEFGH")]


@st.composite
def evenings(draw):
    games = []
    for _ in range(draw(st.integers(0, 8))):
        four = draw(st.permutations(PEOPLE))[:4]
        games.append(
            Played(
                (
                    Side((four[0], four[1]), draw(st.integers(0, 30))),
                    Side((four[2], four[3]), draw(st.integers(0, 30))),
                )
            )
        )
    return games


@given(evenings(), st.sampled_from(["difference", "made"]))
def test_the_tally_is_the_games_summed_and_the_places_are_competition_ranks(games, rank_by):
    evening = tally(games, rank_by=rank_by)

    # an independent count: every player's rows, one per game played
    for person in PEOPLE:
        rows = [
            (side.made, g.sides[1 - i].made)
            for g in games
            for i, side in enumerate(g.sides)
            if person in side.players
        ]
        line = evening.player(person)
        if not rows:
            assert line is None
            continue
        assert (line.games, line.made, line.received) == (
            len(rows),
            sum(r[0] for r in rows),
            sum(r[1] for r in rows),
        )
    # Striche made are received by the other team: the differences add up to nothing
    assert sum(line.difference for line in evening.teams) == 0
    assert sum(line.difference for line in evening.players) == 0
    assert sum(line.games for line in evening.teams) == 2 * len(games)
    for lines in (evening.teams, evening.players):
        value = [line.made if rank_by == "made" else line.difference for line in lines]
        assert value == sorted(value, reverse=True)
        # a place is 1 + the number of lines strictly better
        places = [1 + sum(v > mine for v in value) for mine in value]
        assert [line.place for line in lines] == places
    partners = {
        person: {frozenset(s.players) for g in games for s in g.sides if person in s.players}
        for person in PEOPLE
    }
    assert evening.fixed_teams == all(len(found) <= 1 for found in partners.values())
    entries = ranking(evening)
    seen = list(itertools.chain.from_iterable(line.players for line in entries))
    assert len(seen) == len(set(seen))  # each player at most once in the evening's result
