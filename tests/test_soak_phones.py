"""The fault drill (`make soak`) tells the server's answers to a hand apart as a phone
sees them: accepted, refused from a stale screen, refused by the rules. It once counted
every accepted hand as refused, since the hand form always holds a hidden warning."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from scripts.soak import report
from scripts.soak_phones import ACCEPTED, REFUSED, Tally, answer_kind, intended_post
from tests.test_table import new_game

pytestmark = pytest.mark.django_db


def send(client, game, number: int, key: str, htmx: bool = True, **fields: str):
    data = {**intended_post(0, number), "form_key": key, **fields}
    headers = {"HX-Request": "true", "HX-Target": "table"} if htmx else {}
    response = client.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=headers)
    return response.status_code, response.content.decode()


def test_an_accepted_hand_and_the_same_form_sent_again_count_as_accepted(client):
    game = new_game(target=10000)
    key = str(uuid.uuid4())

    first = send(client, game, 1, key)
    again = send(client, game, 1, key)  # a double tap, or sent again after a kill

    assert "alert-warning" in first[1]  # the hidden hint, which tells nothing
    assert answer_kind(*first, 1) == ACCEPTED
    assert answer_kind(*again, 1) == ACCEPTED
    assert game.hands.count() == 1


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_a_hand_from_a_stale_screen_counts_as_refused(client, htmx):
    game = new_game(target=10000)
    send(client, game, 1, str(uuid.uuid4()))

    stale = send(client, game, 1, str(uuid.uuid4()), htmx=htmx)  # another phone's hand 1

    assert answer_kind(*stale, 1) == REFUSED
    assert game.hands.count() == 1


def test_a_hand_that_breaks_a_rule_is_neither(client):
    game = new_game(target=10000)

    refused = send(client, game, 1, str(uuid.uuid4()), points="200")

    assert answer_kind(*refused, 1) == "a hand refused by the rules"
    assert game.hands.count() == 0


def clean_run(accepted: int) -> Tally:
    tally = Tally()
    for _ in range(accepted):
        tally.add("accepted", 1, str(uuid.uuid4()))
    tally.counts["requests"] = 3 + accepted
    tally.counts["refused with a message"] = 3
    return tally


@pytest.mark.parametrize(("accepted", "status"), [(0, 1), (240, 0)])
def test_the_soak_fails_when_no_hand_was_answered_as_accepted(capsys, accepted, status):
    found = {"lost": 0, "duplicated": 0, "half-written": 0, "unanswered": 0}

    assert report(clean_run(accepted), found, [], peak=4, took=1.0) == status
    printed = capsys.readouterr().out
    assert ("soak: FAILED" in printed) == (status == 1)
    assert ("no hand was answered as accepted" in printed) == (accepted == 0)


def change(action: str, number: int, before=None, after=None):
    from types import SimpleNamespace

    return SimpleNamespace(action=action, hand_number=number, before=before, after=after)


A, B, C = {"cards": [1, 156]}, {"cards": [2, 155]}, {"cards": [3, 154]}


@pytest.mark.parametrize(
    ("changes", "state", "broken"),
    [
        # a serial story: recorded, corrected, taken back, recorded again
        (
            [
                *(change("recorded", 1, None, A), change("recorded", 2, None, B)),
                *(
                    change("edited", 2, B, C),
                    change("undone", 2, C),
                    change("recorded", 2, None, B),
                ),
            ],
            {1: A, 2: B},
            0,
        ),
        # a correction applied after the hand was undone (it came back)
        (
            [change("recorded", 1, None, A), change("undone", 1, A), change("edited", 1, A, B)],
            {1: B},
            1,
        ),
        # two undos of one hand
        ([change("recorded", 1, None, A), change("undone", 1, A), change("undone", 1, A)], {}, 1),
        # two corrections from one screen
        (
            [change("recorded", 1, None, A), change("edited", 1, A, B), change("edited", 1, A, C)],
            {1: C},
            1,
        ),
        # a hand recorded after the last was undone: a gap
        (
            [
                *(change("recorded", 1, None, A), change("recorded", 2, None, B)),
                *(change("undone", 2, B), change("recorded", 3, None, C)),
            ],
            {1: A, 3: C},
            1,
        ),
    ],
    ids=["serial", "correction after undo", "two undos", "two corrections", "gap"],
)
def test_the_races_check_replays_the_history_as_a_serial_story(changes, state, broken):
    from scripts.soak_races import replayed

    assert replayed(changes) == (state, broken)


def test_the_soak_fails_on_a_race_finding(capsys):
    from scripts.soak_races import DONE, Told

    told = Told()
    told.add(1, str(uuid.uuid4()), DONE)
    found = {"lost": 0, "duplicated": 0, "half-written": 0, "unanswered": 0}
    clean = {"history not a serial story": 0, "gaps in the numbers": 0}

    assert report(clean_run(24), found, [], peak=4, took=1.0, races=(told, clean)) == 0
    broken = {**clean, "gaps in the numbers": 1}
    assert report(clean_run(24), found, [], peak=4, took=1.0, races=(told, broken)) == 1
    assert "gaps in the numbers" in capsys.readouterr().out
