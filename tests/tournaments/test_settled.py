"""A settled table result (both sides signed, or the director decided) changes only
by the director, with a reason, and every change is kept: who, when, before, after,
why. Closing a pass checks that each game is still what was settled."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs.models import Member, Role
from scoring import services as scoring
from scoring.models import Hand
from tests.factories import stored
from tests.tournaments.test_services import play_out, sign_both, teams, tournament
from tournaments import services
from tournaments.models import Pass, Table, TableEvent

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def director(club, make_user):
    user = make_user("director")
    Member.objects.create(club=club, name="Director", user=user, role=Role.ADMIN)
    return user


def confirmed_table(club, **fields) -> Table:
    t = tournament(club, **fields)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table, 100)  # 400 : 228
    sign_both(table)
    table.refresh_from_db()
    return table


def a_hand(table: Table, number: int, first: int):
    from scoring.kinds.team import rules

    trump = table.round.tournament.trump_of_hand(number)
    return rules.Hand(trump=trump, cards=(first, 157 - first))


def correct(table: Table, number: int, first: int, **author):
    hand = table.game.hands.get(number=number)
    return scoring.correct_hand(
        table.game,
        a_hand(table, number, first),
        number=number,
        version=scoring.hand_version(hand),
        form_key=uuid.uuid4(),
        author=scoring.Author(device="test", **author),
    )


def test_the_table_phone_cannot_change_a_result_settled_meanwhile(club):
    table = confirmed_table(club)

    with pytest.raises(scoring.StaleScreen, match="only the tournament director"):
        correct(table, 1, 90, reason="we miscounted")
    with pytest.raises(scoring.StaleScreen, match="only the tournament director"):
        scoring.undo_last_hand(table.game, number=4, form_key=uuid.uuid4(), author=scoring.Author())

    assert [h.read().cards[0] for h in table.game.hands.order_by("number")] == [
        100,
        100,
        100,
        100,
    ]
    table.refresh_from_db()
    assert table.state == Table.CONFIRMED


def test_the_director_corrects_a_confirmed_result_which_becomes_decided_and_is_kept(club, director):
    table = confirmed_table(club)

    with pytest.raises(scoring.ReasonNeeded):
        correct(table, 1, 90, director=True)
    correct(table, 1, 90, director=True, user=director, reason="hand 1 misread")

    table.refresh_from_db()
    assert table.state == Table.DECIDED
    event = table.events.get(kind=TableEvent.CHANGED)
    assert (event.before, event.after, event.reason, event.user) == (
        [400, 228],
        [390, 238],
        "hand 1 misread",
        director,
    )
    services.close_pass(table.round)
    assert sorted(s.total for s in services.current_standings(table.round.tournament)) == [
        238,
        390,
    ]


def test_even_the_director_does_not_undo_a_hand_of_a_settled_result(club, director):
    table = confirmed_table(club)

    with pytest.raises(scoring.StaleScreen, match="correct a hand instead"):
        scoring.undo_last_hand(
            table.game,
            number=4,
            form_key=uuid.uuid4(),
            author=scoring.Author(director=True, reason="oops"),
        )

    assert table.game.hands.count() == 4


def test_the_undo_button_is_not_offered_on_a_settled_result(club, director):
    table = confirmed_table(club)
    browser = Client()
    browser.force_login(director)

    page = browser.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    refused = browser.post(
        reverse("scoring:undo_last_hand", args=[table.game_id]),
        {"hand_number": 4, "form_key": str(uuid.uuid4()), "reason": "oops"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert "Undo hand 4" not in page
    assert "correct a hand instead" in refused.content.decode()
    assert table.game.hands.count() == 4


def test_a_pass_does_not_close_over_a_confirmed_game_changed_behind_its_back(club):
    table = confirmed_table(club)
    Hand.objects.filter(game=table.game, number=1).update(
        record=stored(table.round.tournament.trump_of_hand(1), 90, 67)
    )  # admin site

    with pytest.raises(services.TournamentRuleBroken, match="changed after it was signed"):
        services.close_pass(table.round)

    assert Pass.objects.get(pk=table.round_id).state == Pass.PUBLISHED


def test_a_pass_does_not_close_over_a_decided_game_missing_a_hand(club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    services.decide_table(table)
    Hand.objects.filter(game=table.game, number=4).delete()  # admin site

    with pytest.raises(services.TournamentRuleBroken, match="Table 1: the game is not finished"):
        services.close_pass(table.round)


def test_the_director_decides_with_a_reason_kept_and_only_while_the_pass_is_played(club, director):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    services.dispute_table(table, 0, table.codes[0], "hand 2 was a match")
    services.dispute_table(table, 1, table.codes[1], "no, it was not")

    services.decide_table(table, director=director, reason="checked: no match")
    with pytest.raises(services.TournamentRuleBroken, match="settled already"):
        services.decide_table(table, director=director)
    services.close_pass(table.round)
    with pytest.raises(services.TournamentRuleBroken, match="not being played"):
        services.decide_table(table, director=director)

    kept = [(e.kind, e.side, e.reason) for e in table.events.all()]
    assert kept == [
        ("disputed", 0, "hand 2 was a match"),
        ("disputed", 1, "no, it was not"),
        ("decided", None, "checked: no match"),
    ]
    assert table.events.get(kind="decided").user == director


def test_signatures_are_kept_in_the_record(club):
    table = confirmed_table(club)

    assert [(e.kind, e.side, e.after) for e in table.events.all()] == [
        ("signed", 0, [400, 228]),
        ("signed", 1, [400, 228]),
    ]


def test_paper_totals_replace_a_confirmed_result_only_with_a_reason_and_are_kept(club, director):
    table = confirmed_table(club)

    with pytest.raises(services.TournamentRuleBroken, match="say why"):
        services.enter_paper_totals(table, (300, 328), director=director)
    services.enter_paper_totals(table, (300, 328), director=director, reason="sheet checked")

    event = table.events.get(kind=TableEvent.PAPER)
    assert (event.before, event.after, event.reason, event.user) == (
        [400, 228],
        [300, 328],
        "sheet checked",
        director,
    )


def test_paper_totals_are_put_right_after_the_pass_closed_and_count(club, director):
    t = tournament(club)
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    services.enter_paper_totals(table, (400, 228), director=director)
    services.close_pass(first)

    with pytest.raises(services.TournamentRuleBroken, match="say why"):
        services.enter_paper_totals(table, (228, 400), director=director)
    services.enter_paper_totals(table, (228, 400), director=director, reason="columns swapped")

    assert [s.total for s in services.current_standings(t)] == [400, 228]
    assert [e.after for e in table.events.all()] == [[400, 228], [228, 400]]


@pytest.mark.parametrize(
    ("rules", "totals", "matches", "refused"),
    [  # the rules engine's check_totals (tests/rules/test_totals.py), through the service
        ({"match_bonus": True}, (385, 343), (3, 2), "At most 4 matches in a game of 4 hands."),
        ({"match_bonus": True}, (385, 343), (1, 0), None),
    ],
)
def test_paper_totals_must_fit_the_tournaments_rules(club, rules, totals, matches, refused):
    t = tournament(club, **rules)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()

    def enter():
        services.enter_paper_totals(table, totals, matches)

    if refused:
        with pytest.raises(services.TournamentRuleBroken, match=refused):
            enter()
        table.refresh_from_db()
        assert table.paper_totals is None
    else:
        enter()
        table.refresh_from_db()
        assert (table.paper_totals, table.paper_matches) == (list(totals), list(matches))


def test_matches_from_the_paper_sheet_break_a_tie(club, director):
    t = tournament(club, tie_breaks=["matches"])
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    services.enter_paper_totals(table, (314, 314), (0, 1), director=director)
    services.close_pass(first)

    ranked = services.current_standings(t)

    assert ranked[0].entry == table.seats[1]
    assert (ranked[0].matches, ranked[0].rank, ranked[1].rank) == (1, 1, 2)
    assert ranked[1].decided_by == "matches"


def test_the_director_page_shows_each_tables_record(club, director):
    table = confirmed_table(club)
    correct(table, 1, 90, director=True, user=director, reason="hand 1 misread")
    browser = Client()
    browser.force_login(director)

    page = browser.get(
        reverse("tournaments:tournament", args=[table.round.tournament_id]),
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()

    assert "Record: 3 events" in page
    assert "changed by the director" in page
    assert "400 : 228 → 390 : 238" in page
    assert "hand 1 misread" in page


def test_paper_totals_from_the_director_page_say_which_table_is_wrong(club, director):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    browser = Client()
    browser.force_login(director)
    url = reverse("tournaments:paper_totals", args=[t.pk, table.pk])

    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    wrong = browser.post(url, {"first": "400", "second": "200"}, **english)
    typo = browser.post(url, {"first": "4OO", "second": "228"}, **english)
    negative = browser.post(url, {"first": "-100", "second": "728"}, **english)
    right = browser.post(
        url, {"first": "400", "second": "228", "matches_first": "1", "matches_second": ""}
    )

    assert wrong.status_code == 422  # the director's page, the sheet open as typed
    page = wrong.content.decode()
    assert "400 + 200 = 600, but 4 hands make 628." in page
    assert f'id="paper-{table.pk}" open' in page
    assert 'value="200"' in page
    assert "Give both totals as whole numbers." in typo.content.decode()
    assert "Totals cannot be negative." in negative.content.decode()
    assert right.status_code == 302
    table.refresh_from_db()
    assert (table.paper_totals, table.paper_matches, table.state) == (
        [400, 228],
        [1, 0],
        Table.DECIDED,
    )


@pytest.mark.django_db(transaction=True)
def test_a_signature_waits_for_a_correction_in_progress_and_signs_what_it_left(club):
    """Two phones: one corrects a hand while the other signs. The signature takes the
    game's row first, as hand changes do, so it signs the corrected totals, never
    the totals from before the correction (PostgreSQL: SQLite has no row locks)."""
    import threading

    from django.db import connection, transaction

    from scoring.models import Game

    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL")
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table, 100)
    services.confirm_table(table, 0, table.codes[0])  # side 0 signs 400 : 228
    locked, signed = threading.Event(), []

    def sign_from_the_other_phone():
        locked.wait()
        try:
            signed.append(services.confirm_table(table, 1, table.codes[1]))
        finally:
            connection.close()

    other = threading.Thread(target=sign_from_the_other_phone)
    other.start()
    with transaction.atomic():  # a correction: the game's row is held while it writes
        Game.objects.select_for_update().get(pk=table.game_id)
        locked.set()
        other.join(timeout=1)
        assert other.is_alive()  # the signature waits for the correction
        Hand.objects.filter(game=table.game, number=1).update(
            record=stored(table.round.tournament.trump_of_hand(1), 90, 67)
        )
    other.join(timeout=10)

    assert not signed[0].confirmed  # side 0 signed the totals before the correction
    table.refresh_from_db()
    assert table.state != Table.CONFIRMED
    assert table.signatures == {"1": [390, 238]}
