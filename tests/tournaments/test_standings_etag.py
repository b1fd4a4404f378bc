"""The refresh of an unchanged standings board (and projector, and entry page) is
answered 304 before anything is read or drawn: its ETag is the tournament's revision,
which every change to what those pages show counts up. A board left stale at a prize
evening is worse than a slow one: each kind of change is checked here."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import services as scoring
from scoring.kinds.differenzler import estimates
from scoring.kinds.team import rules
from scoring.models import Game
from tests.tournaments.test_differenzler_tournament import HANDS, differenzler, players
from tests.tournaments.test_differenzler_tournament import play as play_differenzler
from tests.tournaments.test_services import play_out, teams, tournament
from tournaments import services
from tournaments.models import Pass, Table

pytestmark = pytest.mark.django_db

BOARD = {"HX-Request": "true"}
# the session, its user, the tournament with its club; unpublished, the reader's club and
# membership (`access.club_for`)
UNCHANGED_REFRESH_QUERIES = 5


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def board_etag(client, t, **query) -> str:
    answer = client.get(reverse("tournaments:standings", args=[t.pk]), query, headers=BOARD)
    assert answer.status_code == 200
    return answer["ETag"]


def refresh(client, t, etag: str, **query):
    return client.get(
        reverse("tournaments:standings", args=[t.pk]),
        query,
        headers={**BOARD, "If-None-Match": etag},
    )


def assert_board_changes(client, t, change) -> None:
    """``change`` gives the board a new ETag, and a refresh with the old one draws it."""
    variants: list[dict[str, str]] = [{}, {"big": "1"}]
    before = [board_etag(client, t, **variant) for variant in variants]
    change()
    for variant, etag in zip(variants, before, strict=True):
        again = refresh(client, t, etag, **variant)
        assert again.status_code == 200, variant
        assert again["ETag"] != etag


def playing(club, count: int = 4) -> Pass:
    """A team tournament with pass 1 being played."""
    t = tournament(club)
    teams(t, count)
    return services.publish_pass(services.schedule_next_pass(t))


def table_game(table: Table) -> Game:
    """The table's game as the table screen reads it (with the extras' relations)."""
    from scoring import extras

    return Game.objects.select_related(*extras.related()).get(pk=table.game_id)


def hand(t, number: int, first: int = 100) -> rules.Hand:
    return rules.Hand(trump=t.trump_of_hand(number), cards=(first, 157 - first))


def test_an_unchanged_refresh_is_a_304_that_reads_little_and_draws_nothing(
    client, club, django_assert_max_num_queries
):
    round_ = playing(club)
    t = round_.tournament
    for variant in ({}, {"big": "1"}):
        etag = board_etag(client, t, **variant)

        with django_assert_max_num_queries(UNCHANGED_REFRESH_QUERIES):
            again = refresh(client, t, etag, **variant)

        assert again.status_code == 304
        assert again.content == b""
        assert again.templates == []  # nothing drawn
        assert again["ETag"] == etag
        assert "HX-Request" in again["Vary"]


def test_the_board_the_projector_and_the_page_have_their_own_etags(client, club):
    t = playing(club).tournament
    url = reverse("tournaments:standings", args=[t.pk])
    etags = {
        client.get(url, query, headers=headers)["ETag"]
        for query in ({}, {"big": "1"})
        for headers in ({}, BOARD)
    }
    with translation.override("de"):
        etags.add(client.get(url, headers={**BOARD, "Accept-Language": "de"})["ETag"])
    assert len(etags) == 5


def test_another_reader_gets_its_own_etag(client, club, make_user):
    t = playing(club).tournament
    etag = board_etag(client, t)
    client.force_login(make_user("member", club))

    assert refresh(client, t, etag).status_code == 200


def test_a_hand_scored_at_a_table_changes_the_board(client, club):
    round_ = playing(club)
    table = round_.tables.first()
    t = round_.tournament

    def score():
        scoring.record_hand(
            table_game(table),
            hand(t, 1),
            number=1,
            form_key=uuid.uuid4(),
            author=scoring.Author(device="table"),
        )

    assert_board_changes(client, t, score)


def test_a_hand_taken_back_changes_the_board(client, club):
    round_ = playing(club)
    table = round_.tables.first()
    t = round_.tournament
    game = table_game(table)
    scoring.record_hand(game, hand(t, 1), number=1, form_key=uuid.uuid4(), author=scoring.Author())

    def undo():
        scoring.undo_last_hand(
            table_game(table), number=1, form_key=uuid.uuid4(), author=scoring.Author()
        )

    assert_board_changes(client, t, undo)


def test_the_directors_correction_of_a_settled_table_changes_the_board(client, club):
    round_ = playing(club)
    t = round_.tournament
    table = round_.tables.first()
    play_out(table, 100)
    services.decide_table(table)

    def correct():
        game = table_game(table)
        stored = game.hands.get(number=1)
        scoring.correct_hand(
            game,
            hand(t, 1, 90),
            number=1,
            version=scoring.hand_version(stored),
            form_key=uuid.uuid4(),
            author=scoring.Author(director=True, reason="misread"),
        )

    assert_board_changes(client, t, correct)


def test_each_signature_and_the_settling_of_a_table_change_the_board(client, club):
    round_ = playing(club)
    t = round_.tournament
    tables = list(round_.tables.all())
    for table in tables:
        play_out(table, 100)
    first, second = tables

    assert_board_changes(client, t, lambda: services.confirm_table(first, 0, first.codes[0]))
    assert_board_changes(client, t, lambda: services.confirm_table(first, 1, first.codes[1]))
    assert_board_changes(client, t, lambda: services.decide_table(second))


def test_a_dispute_a_wrong_code_and_a_paper_sheet_change_the_board(client, club):
    round_ = playing(club)
    t = round_.tournament
    first, second = round_.tables.all()
    play_out(first, 100)

    def wrong_code():
        with pytest.raises(services.TournamentRuleBroken):
            services.confirm_table(first, 0, "000000" if first.codes[0] != "000000" else "1")

    assert_board_changes(client, t, wrong_code)
    assert_board_changes(client, t, lambda: services.dispute_table(first, 1, first.codes[1], "no"))
    assert_board_changes(client, t, lambda: services.unlock_codes(first))
    assert_board_changes(client, t, lambda: services.enter_paper_totals(second, (300, 328)))


def test_a_pass_drawn_swapped_published_taken_back_and_closed_changes_the_board(client, club):
    t = tournament(club)
    entries = teams(t, 4)
    draft = []
    assert_board_changes(client, t, lambda: draft.append(services.schedule_next_pass(t)))
    round_ = draft[0]
    assert_board_changes(client, t, lambda: services.swap(round_, entries[0].pk, entries[1].pk))
    assert_board_changes(client, t, lambda: draft.append(services.redraw_pass(round_)))
    round_ = draft[-1]
    assert_board_changes(client, t, lambda: services.publish_pass(round_))
    assert_board_changes(client, t, lambda: services.unpublish_pass(round_))
    services.publish_pass(round_)
    for table in round_.tables.all():
        play_out(table)
        services.decide_table(table)
    assert_board_changes(client, t, lambda: services.close_pass(round_))


def test_entries_coming_going_and_put_right_change_the_board(client, club):
    t = tournament(club)
    late, early, *_ = teams(t, 4, checked_in=False)

    assert_board_changes(client, t, lambda: services.check_in(late))
    assert_board_changes(client, t, lambda: services.check_in_all(t))
    assert_board_changes(
        client, t, lambda: services.register(t, name="New", player_1="C", player_2="D")
    )
    assert_board_changes(
        client,
        t,
        lambda: services.correct_entry(early, name="Renamed", player_1="A2", player_2="B2"),
    )
    assert_board_changes(client, t, lambda: services.withdraw(early))
    early.refresh_from_db()
    assert_board_changes(client, t, lambda: services.reinstate(early))
    new = t.entries.get(name="New")
    assert_board_changes(client, t, lambda: services.remove_entry(new))


def test_publishing_and_the_settings_change_the_board(client, club):
    from tournaments.models import Tournament

    t = tournament(club)
    teams(t, 2)
    assert_board_changes(client, t, lambda: services.publish_results(t, True))

    def rename():  # even a save that bypasses the services: the tournament's own row
        row = Tournament.objects.get(pk=t.pk)
        row.name = "Preisjass 2"
        row.save()

    assert_board_changes(client, t, rename)


def test_a_save_of_a_tournament_read_earlier_keeps_the_revision_counted_since(club):
    from tournaments.models import Tournament

    t = tournament(club)
    earlier = Tournament.objects.get(pk=t.pk)
    teams(t, 2)  # counts the revision up

    earlier.place = "Thun"
    earlier.save()

    assert Tournament.objects.get(pk=t.pk).revision == 4  # two registered, two checked in


def test_a_differenzler_hand_scored_taken_back_and_corrected_changes_the_board(client, club):
    t = differenzler(club)
    players(t)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.first()
    game = Game.objects.get(pk=table.game_id)

    assert_board_changes(client, t, lambda: play_differenzler(game, HANDS[:1]))

    def reopen():
        estimates.reopen_last_hand(game, 1, form_key=uuid.uuid4(), author=scoring.Author())

    assert_board_changes(client, t, reopen)

    def record():
        estimates.record_points(
            game, 1, (40, 40, 40, 37), form_key=uuid.uuid4(), author=scoring.Author()
        )

    assert_board_changes(client, t, record)

    def correct():
        stored = game.hands.get(number=1)
        estimates.correct_points(
            game,
            1,
            (41, 39, 40, 37),
            version=estimates.points_version(stored),
            form_key=uuid.uuid4(),
            author=scoring.Author(),
        )

    assert_board_changes(client, t, correct)


def test_an_entry_page_answers_304_until_its_tournament_changes(
    client, club, django_assert_max_num_queries
):
    round_ = playing(club)
    t = round_.tournament
    entry = t.entries.first()
    url = reverse("tournaments:entry", args=[t.pk, entry.pk])
    etag = client.get(url)["ETag"]

    with django_assert_max_num_queries(UNCHANGED_REFRESH_QUERIES):
        again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.templates == []
    other = t.entries.exclude(pk=entry.pk).first()
    other_url = reverse("tournaments:entry", args=[t.pk, other.pk])
    assert client.get(other_url, headers={"If-None-Match": etag}).status_code == 200

    table = next(table for table in round_.tables.all() if entry.pk in table.seats)
    scoring.record_hand(
        table_game(table), hand(t, 1), number=1, form_key=uuid.uuid4(), author=scoring.Author()
    )
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag
