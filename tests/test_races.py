"""Two phones changing one game at once (issue 34, item 7), on PostgreSQL.

A change that waited for the game's row must work on the hands as they are after the
change it waited for. Each test makes the interleaving certain: the first change runs
in a transaction that holds the game's row; the second starts in another thread (its
own connection) and is seen waiting for that lock (``pg_blocking_pids``) before the
first commits. Then every hand, the history and the statistics are checked.

SQLite has no row locks: a writing transaction holds the whole database, so its
changes take turns and these races cannot happen there (the tests are skipped)."""

from __future__ import annotations

import queue
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction
from django.utils import translation

from scoring import services, statistics
from scoring.kinds.coiffeur.gamefile import CoiffeurRecord, Side
from scoring.kinds.coiffeur.rules import CoiffeurHand
from scoring.kinds.coiffeur.sheet import preset
from scoring.kinds.differenzler import estimates
from scoring.kinds.team import rules
from scoring.models import Game, Hand, HandChange
from scoring.rules import gamefile
from scoring.services import Author, StaleScreen

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks: on SQLite a writing transaction holds the whole database",
    ),
]

WAIT = 20.0  # seconds: a bound for a broken run, never a synchronisation


def _blocked(pid: int) -> bool:
    """Whether the backend ``pid`` waits for a lock another one holds (read live)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT cardinality(pg_blocking_pids(%s)) > 0", [pid])
        return bool(cursor.fetchone()[0])


def race(first: Callable[[], Any], second: Callable[[], Any]) -> tuple[Any, Any]:
    """Run ``first`` holding the game's row; start ``second`` in another thread, and
    commit ``first`` once ``second`` waits for the lock. What each returned, or the
    exception it raised."""
    pids: queue.Queue[int] = queue.Queue()
    answers: list[Any] = []

    def run() -> None:
        translation.activate("en")
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                pids.put(cursor.fetchone()[0])
            answers.append(second())
        except Exception as error:  # the test asserts what it was
            answers.append(error)
        finally:
            connection.close()

    other = threading.Thread(target=run)
    with transaction.atomic():
        done = first()
        other.start()
        pid = pids.get(timeout=WAIT)
        deadline = time.monotonic() + WAIT
        while not _blocked(pid):
            assert other.is_alive(), f"the second change did not wait: {answers}"
            assert time.monotonic() < deadline, "the second change never waited for the lock"
            time.sleep(0.005)
    other.join(timeout=WAIT)
    assert not other.is_alive()
    return done, answers[0]


def check_game(game: Game, count: int) -> list[Hand]:
    """The game's hands are 1…count without a gap, and its statistics a rebuild's."""
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    assert [hand.number for hand in hands] == list(range(1, count + 1))
    assert statistics.differing(Game.objects.filter(pk=game.pk)) == []
    return hands


def actions(game: Game) -> list[tuple[str, int]]:
    return list(
        HandChange.objects.filter(game=game).order_by("pk").values_list("action", "hand_number")
    )


# -- the core's services: the team game and Coiffeur ----------------------------------


def team_game(club) -> tuple[Game, list[Any]]:
    game = services.start_game(
        club=club,
        name="Race",
        ruleset=rules.parse_ruleset({"preset": "chibre", "target": 2500}),
        teams=(gamefile.Team("A", ("Anne", "Claude")), gamefile.Team("B", ("Bernard", "Denise"))),
        first_chooser=0,
        suit_style="french",
        played_on=None,
    )
    hands = [rules.Hand(trump="hearts", cards=(points, 157 - points)) for points in range(90, 96)]
    return game, hands


def coiffeur_game(club) -> tuple[Game, list[Any]]:
    sides = (Side("A", ("Anne", "Claude")), Side("B", ("Bernard", "Denise")))
    record = CoiffeurRecord("Race", None, preset("coiffeur"), sides, ())
    game = services.start_once(record, club=club, suit_style="french", form_key=None)
    rows = ("clubs", "clubs", "hearts", "hearts", "spades", "spades")
    hands = [CoiffeurHand(n % 2, row, 60 + n) for n, row in enumerate(rows)]
    return game, hands


KINDS = {"team": team_game, "coiffeur": coiffeur_game}


def three_hands(kind: str, club) -> tuple[Game, list[Any]]:
    """A game of ``kind`` with three hands recorded; the hands it may play next."""
    game, hands = KINDS[kind](club)
    for number, hand in enumerate(hands[:3], 1):
        services.record_hand(game, hand, number=number, form_key=uuid.uuid4(), author=Author())
    return Game.objects.get(pk=game.pk), hands


def record(game: Game, hand: Any, number: int) -> Callable[[], Any]:
    return lambda: services.record_hand(
        game, hand, number=number, form_key=uuid.uuid4(), author=Author(device="phone")
    )


def correct(game: Game, hand: Any, number: int) -> Callable[[], Any]:
    version = services.hand_version(Hand.objects.get(game=game, number=number))
    return lambda: services.correct_hand(
        game, hand, number=number, version=version, form_key=uuid.uuid4(), author=Author()
    )


def undo(game: Game, number: int) -> Callable[[], Any]:
    return lambda: services.undo_last_hand(
        game, number=number, form_key=uuid.uuid4(), author=Author()
    )


def corrected(hand: Any) -> Any:
    """The same hand with one card point more for the side that counted it."""
    if isinstance(hand, CoiffeurHand):
        return CoiffeurHand(hand.team, hand.row, hand.cards + 1)
    return rules.Hand(trump=hand.trump, cards=(hand.cards[0] + 1, hand.cards[1] - 1))


@pytest.mark.parametrize("kind", KINDS)
def test_a_correction_after_an_undo_of_its_hand_is_refused_not_stored_again(club, kind):
    game, hands = three_hands(kind, club)
    correction = correct(game, corrected(hands[2]), 3)

    _, answer = race(undo(game, 3), correction)

    assert isinstance(answer, StaleScreen), answer
    assert "Hand 3 no longer exists" in str(answer)
    check_game(game, 2)
    assert actions(game)[3:] == [("undone", 3)]


@pytest.mark.parametrize("kind", KINDS)
def test_an_undo_after_a_correction_takes_back_the_corrected_hand(club, kind):
    game, hands = three_hands(kind, club)
    fixed = corrected(hands[2])

    _, answer = race(correct(game, fixed, 3), undo(game, 3))

    assert isinstance(answer, services.Done), answer
    check_game(game, 2)
    assert actions(game)[3:] == [("edited", 3), ("undone", 3)]
    undone = HandChange.objects.filter(game=game).latest("pk")
    assert undone.before == Hand.of(game, 3, fixed).record  # the hand as it was when undone


@pytest.mark.parametrize("kind", KINDS)
def test_two_corrections_of_one_hand_the_second_is_refused(club, kind):
    game, hands = three_hands(kind, club)
    first, second = corrected(hands[1]), corrected(corrected(hands[1]))
    other = correct(game, second, 2)  # made from the same screen as the first

    _, answer = race(correct(game, first, 2), other)

    assert isinstance(answer, StaleScreen), answer
    assert "Hand 2 was changed on another device" in str(answer)
    stored = check_game(game, 3)
    assert stored[1].record == Hand.of(game, 2, first).record
    assert actions(game)[3:] == [("edited", 2)]


@pytest.mark.parametrize("kind", KINDS)
def test_two_undos_of_one_hand_take_back_one(club, kind):
    game, _ = three_hands(kind, club)

    _, answer = race(undo(game, 3), undo(game, 3))

    assert isinstance(answer, StaleScreen), answer
    assert "Hand 3 is not the last hand any more" in str(answer)
    check_game(game, 2)
    assert actions(game)[3:] == [("undone", 3)]


@pytest.mark.parametrize("kind", KINDS)
def test_an_undo_after_the_next_hand_was_recorded_leaves_no_gap(club, kind):
    game, hands = three_hands(kind, club)

    _, answer = race(record(game, hands[3], 4), undo(game, 3))

    assert isinstance(answer, StaleScreen), answer
    check_game(game, 4)
    assert actions(game)[3:] == [("recorded", 4)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_hand_recorded_after_an_undo_is_refused_as_out_of_date(club, kind):
    game, hands = three_hands(kind, club)

    _, answer = race(undo(game, 3), record(game, hands[3], 4))

    assert isinstance(answer, StaleScreen), answer
    check_game(game, 2)
    assert actions(game)[3:] == [("undone", 3)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_hand_recorded_after_a_correction_is_counted_with_it(club, kind):
    game, hands = three_hands(kind, club)

    _, answer = race(correct(game, corrected(hands[0]), 1), record(game, hands[3], 4))

    assert isinstance(answer, services.Done), answer
    check_game(game, 4)  # the statistics count the corrected hand 1


# -- Différenzler: its own table's actions ---------------------------------------------

PLAYERS = ("Anne", "Bernard", "Claude", "Denise")


def differenzler_game(club) -> Game:
    game = estimates.start_game(
        club=club,
        name="Différenzler",
        players=PLAYERS,
        hands=4,
        trumps=("hearts", "diamonds", "clubs", "spades"),
        played_on=None,
        suit_style="french",
        form_key=None,
    )
    for number in (1, 2):
        estimates.choose_trump(game, number, "hearts")
        for seat, value in enumerate((40, 40, 40, 37)):
            estimates.seal_estimate(game, number, seat, value)
        estimates.start_hand(game, number, PLAYERS)
        if number == 1:
            estimates.score_hand(
                game, 1, (40, 30, 37, None), form_key=uuid.uuid4(), author=Author()
            )
    return Game.objects.get(pk=game.pk)


def test_differenzler_points_recorded_after_a_correction_are_counted_with_it(club):
    game = differenzler_game(club)
    version = estimates.points_version(Hand.objects.get(game=game, number=1))

    def correction() -> Any:
        return estimates.correct_points(
            game, 1, (50, 20, 37, None), version=version, form_key=uuid.uuid4(), author=Author()
        )

    def points() -> Any:
        return estimates.score_hand(
            game, 2, (30, 30, 57, None), form_key=uuid.uuid4(), author=Author()
        )

    _, answer = race(correction, points)

    assert isinstance(answer, estimates.Scored), answer
    check_game(game, 2)  # the statistics count hand 1 as corrected
    assert actions(game) == [("recorded", 1), ("edited", 1), ("recorded", 2)]


# -- a tournament table: the director's correction -------------------------------------


def test_two_director_corrections_of_a_settled_result_from_one_page_apply_once(club):
    """Two tabs of the director's page correct hand 1 of a confirmed table: the second
    was made from the hand before the first, and is refused; the table's record keeps
    one change of its result."""
    from tests.tournaments.test_settled import a_hand, confirmed_table
    from tournaments.models import TableEvent

    table = confirmed_table(club)
    game = table.game
    version = services.hand_version(Hand.objects.get(game=game, number=1))

    def correction(first: int) -> Callable[[], Any]:
        author = Author(director=True, reason=f"hand 1 was {first}")
        return lambda: services.correct_hand(
            game,
            a_hand(table, 1, first),
            number=1,
            version=version,
            form_key=uuid.uuid4(),
            author=author,
        )

    _, answer = race(correction(90), correction(80))

    assert isinstance(answer, StaleScreen), answer
    stored = check_game(game, 4)
    assert stored[0].record == Hand.of(game, 1, a_hand(table, 1, 90)).record
    assert actions(game) == [("edited", 1)]  # (play_out stores the hands themselves)
    assert table.events.filter(kind=TableEvent.CHANGED).count() == 1


def test_a_pass_closed_during_a_director_correction_stores_the_corrected_result(club):
    """The director corrects a confirmed table's hand while the pass is being closed:
    the close waits for the correction, and the result it stores for the standings is
    the corrected game's, not the one from before."""
    from tests.tournaments.test_settled import a_hand, confirmed_table
    from tournaments import services as tournament_services
    from tournaments.models import Table

    table = confirmed_table(club)
    game = table.game
    version = services.hand_version(Hand.objects.get(game=game, number=1))

    def correction() -> Any:
        author = Author(director=True, reason="hand 1 was 60")
        return services.correct_hand(
            game,
            a_hand(table, 1, 60),
            number=1,
            version=version,
            form_key=uuid.uuid4(),
            author=author,
        )

    _, closed = race(correction, lambda: tournament_services.close_pass(table.round))

    assert not isinstance(closed, Exception), closed
    table = Table.objects.get(pk=table.pk)
    assert table.state == Table.DECIDED
    assert table.result is not None
    assert list(table.result["totals"]) == list(game.result().totals)
    assert list(game.result().totals) == [360, 268]  # 60 + 3 × 100 : 97 + 3 × 57
