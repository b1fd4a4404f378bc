"""Schedules checked by their validator on many random sizes (no database)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.checks import (
    check_player_pass,
    check_team_pass,
    repeated_opponents,
    repeated_partners,
)
from tournaments.pairing import (
    PlayerPass,
    TeamPass,
    player_pass,
    random_team_pass,
    swiss_team_pass,
)

SCHEDULES = settings(max_examples=20, deadline=None, database=None)


def play_teams(count: int, passes: int, seed: int) -> list[tuple[list[int], TeamPass]]:
    """A teams tournament with random results: pass 1 drawn, then Swiss by standing."""
    rng = random.Random(seed)
    entries = list(range(1, count + 1))
    points = Counter(dict.fromkeys(entries, 0))
    byes: Counter[int] = Counter()
    history: list[tuple[list[int], TeamPass]] = []
    for number in range(passes):
        standing = sorted(entries, key=lambda e: (-points[e], e))
        if number == 0:
            schedule = random_team_pass(entries, seed, byes)
        else:
            met = set().union(*(p.meetings() for _, p in history))
            schedule = swiss_team_pass(standing, met, byes, passes_left=passes - number - 1)
        history.append((standing, schedule))
        for a, b in schedule.tables:
            won = rng.randint(0, 16 * 157)
            points[a] += won
            points[b] += 16 * 157 - won
        if schedule.bye is not None:
            byes[schedule.bye] += 1
            points[schedule.bye] += 8 * 157  # the documented bye score: half the points
    return history


@SCHEDULES
@given(st.integers(4, 300), st.integers(1, 10), st.integers(0, 10**6))
def test_team_schedules_pass_their_validator(count, passes, seed):
    history = play_teams(count, passes, seed)
    entries = list(range(1, count + 1))

    for number, (_, schedule) in enumerate(history):
        findings = check_team_pass(entries, schedule, [p for _, p in history[:number]])
        assert [f for f in findings if f.error] == []
        assert [f.message for f in findings if "avoidable" in f.template] == []
    byes = Counter(p.bye for _, p in history if p.bye is not None)
    if count % 2:
        assert max(byes.values()) - min(byes.get(e, 0) for e in entries) <= 1


def test_no_two_teams_meet_twice_in_a_round_robin_length():
    history = play_teams(8, 7, seed=3)

    met = Counter(frozenset(t) for _, p in history for t in p.tables)

    assert max(met.values()) == 1


WHOLE = settings(max_examples=60, deadline=None, database=None)


@WHOLE
@given(st.integers(4, 16), st.data(), st.integers(0, 10**6))
def test_no_two_teams_meet_twice_over_the_whole_tournament_while_possible(count, data, seed):
    """Passes are drawn one at a time, looking ahead: a small field playing nearly
    every other team never corners itself into a rematch (up to a round robin: n - 1
    passes, or n with a bye for an odd count), and nobody sits out twice."""
    passes = data.draw(st.integers(1, count - 1 + count % 2))

    history = play_teams(count, passes, seed)

    met = Counter(frozenset(t) for _, p in history for t in p.tables)
    assert max(met.values()) == 1
    byes = Counter(p.bye for _, p in history if p.bye is not None)
    assert max(byes.values(), default=0) <= 1


@WHOLE
@given(st.integers(4, 16), st.data(), st.integers(0, 10**6))
def test_nobody_partners_anyone_twice_over_the_whole_tournament_while_possible(count, data, seed):
    passes = data.draw(st.integers(1, count - 1))

    history = play_players(count, passes, seed)

    assert repeated_partners(history) == 0


def test_the_bye_is_chosen_with_the_tables_when_the_lowest_ranked_would_corner_the_rest():
    # 5 teams over 5 passes: each sits out once, and nobody meets twice
    history = play_teams(5, 5, seed=11)

    assert sorted(p.bye for _, p in history) == [1, 2, 3, 4, 5]


def test_swiss_pairs_teams_close_in_the_standing():
    schedule = swiss_team_pass(list(range(10)), set())

    assert schedule.tables == ((0, 1), (2, 3), (4, 5), (6, 7), (8, 9))


def test_the_first_pass_is_repeatable_from_its_seed():
    assert random_team_pass(list(range(20)), 7) == random_team_pass(list(range(20)), 7)
    assert random_team_pass(list(range(20)), 7) != random_team_pass(list(range(20)), 8)


def play_players(count: int, passes: int, seed: int) -> list[PlayerPass]:
    players = list(range(1, count + 1))
    history: list[PlayerPass] = []
    byes: Counter[int] = Counter()
    for number in range(passes):
        partnered = set().union(*(p.partners() for p in history)) if history else set()
        opposed = Counter(pair for p in history for pair in p.opponents())
        schedule = player_pass(
            players, partnered, opposed, byes, seed=seed + number, passes_left=passes - number - 1
        )
        history.append(schedule)
        byes.update(schedule.byes)
    return history


@SCHEDULES
@given(st.integers(4, 300), st.integers(1, 10), st.integers(0, 10**6))
def test_individual_schedules_pass_their_validator(count, passes, seed):
    history = play_players(count, passes, seed)
    players = list(range(1, count + 1))

    for number, schedule in enumerate(history):
        findings = check_player_pass(players, schedule, history[:number])
        assert [f for f in findings if f.error] == []
        assert [f.message for f in findings if "avoidable" in f.template] == []
    byes = Counter(p for schedule in history for p in schedule.byes)
    if count % 4:
        assert max(byes.values()) - min(byes.get(p, 0) for p in players) <= 1


def test_two_who_faced_each_other_are_partners_rather_than_opponents_again():
    opposed = {frozenset((1, 2)): 1, frozenset((3, 4)): 1}

    schedule = player_pass([1, 2, 3, 4], set(), opposed)

    assert schedule.partners() == {frozenset((1, 2)), frozenset((3, 4))}


def test_partnering_earlier_opponents_keeps_repeated_opponents_down():
    # 12 players over 5 passes: 12 to 14 repeated opponents when partners avoided
    # their earlier opponents, 6 to 9 now that they are preferred
    repeated = [repeated_opponents(play_players(12, 5, seed)) for seed in range(6)]

    assert max(repeated) <= 10


def test_enough_players_never_partner_twice_and_rarely_meet_again():
    history = play_players(40, 8, seed=1)

    assert repeated_partners(history) == 0
    assert repeated_opponents(history) < 40


@pytest.mark.parametrize(
    ("schedule", "kind"),
    [
        (TeamPass(((1, 2), (3, 4)), None), "missing"),
        (TeamPass(((1, 2), (3, 4), (5, 1)), None), "twice"),
        (TeamPass(((1, 2), (3, 4), (5, 9)), None), "unknown"),
        (TeamPass(((1, 2), (3, 4)), 5), None),
    ],
)
def test_validator_shows_what_a_hand_made_swap_breaks(schedule, kind):
    findings = check_team_pass([1, 2, 3, 4, 5], schedule)

    assert [f.kind for f in findings if f.error][:1] == ([kind] if kind else [])


def test_validator_reports_an_avoidable_rematch():
    earlier = [TeamPass(((1, 2), (3, 4)))]

    findings = check_team_pass([1, 2, 3, 4], TeamPass(((1, 2), (3, 4))), earlier)

    assert [(f.kind, f.message) for f in findings] == [
        ("rematch", "1 and 2 have met before (avoidable)"),
        ("rematch", "3 and 4 have met before (avoidable)"),
    ]


def test_validator_reports_a_second_bye_while_others_have_had_none():
    earlier = [TeamPass(((1, 2), (3, 4)), 5)]

    again = check_team_pass([1, 2, 3, 4, 5], TeamPass(((1, 3), (2, 4)), 5), earlier)
    rotated = check_team_pass([1, 2, 3, 4, 5], TeamPass(((1, 3), (2, 5)), 4), earlier)

    assert [(f.kind, f.message, f.error) for f in again] == [
        ("bye-again", "5 sits out again while others have not sat out yet", False)
    ]
    assert rotated == []


def test_validator_reports_a_player_sitting_out_twice():
    earlier = [PlayerPass(((1, 2, 3, 4),), (5,))]

    findings = check_player_pass([1, 2, 3, 4, 5], PlayerPass(((1, 3, 2, 4),), (5,)), earlier)

    assert "5 sits out again while others have not sat out yet" in [f.message for f in findings]


@pytest.mark.parametrize("seed", range(6))
def test_nine_players_over_three_passes_never_face_anyone_twice(seed):
    # partners are matched first, then the pairs into tables: when the best partners
    # leave only tables of old opponents, other partners or another of those due a
    # bye sitting out give everyone new opponents (as a trial draw found possible)
    history = play_players(9, 3, seed)

    assert repeated_partners(history) == 0
    assert repeated_opponents(history) == 0
    sat_out = [p for schedule in history for p in schedule.byes]
    assert len(sat_out) == len(set(sat_out))  # nobody twice
