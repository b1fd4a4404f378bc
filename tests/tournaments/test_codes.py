"""The codes on the slips cannot be guessed: every wrong code counts against the code
it tried, none is compared before it could be used, and guessing is slowed per table
link and per client address (tournaments/services/codes.py)."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import stored
from tests.tournaments.test_services import play_out, teams, tournament
from tournaments import services
from tournaments.models import CODE_BUDGET, CODE_UNLOCKS, Table, TableEvent
from tournaments.services import codes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def a_table(club, *, played: bool = True, count: int = 2) -> Table:
    t = tournament(club)
    teams(t, count)
    round_ = services.publish_pass(services.schedule_next_pass(t))
    table = round_.tables.first()
    if played:
        play_out(table)
    return table


def wrong_codes(table: Table, count: int) -> list[str]:
    """Codes on none of the table's slips."""
    return [code for code in (f"{n:06d}" for n in range(count + 10)) if code not in table.codes][
        :count
    ]


def later(minutes: int) -> None:
    """Time passes: the wrong codes typed so far lie ``minutes`` in the past."""
    TableEvent.objects.update(created_at=F("created_at") - dt.timedelta(minutes=minutes))


def phone_at(table: Table, address: str) -> Client:
    phone = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=address)
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    return phone


def test_one_form_key_sent_with_many_codes_counts_every_code(club):
    """The attack of issue 23: a client holding the table link keeps one form key
    (``attempt``) and sends code after code from six addresses. Before, a wrong code
    counted only when its key was new, so 900 guesses were never locked and the
    director's record showed 1 attempt; at the rate measured on a 2-core server
    (about 48 guesses a second, 690,000 in a 4-hour evening, of 10**6 codes) that is
    about a 50 % chance of signing for the other side.

    Now every wrong code counts against the code it tried, whatever key comes with
    it; only the same key with the same code (a reload) is answered again without
    counting. The arithmetic, which holds at any rate, however fast the server:
    - a code is six random digits (``passes._codes``): one of 10**6;
    - after CODE_BUDGET = 3 wrong codes its side is locked, and the director may
      unlock a side CODE_UNLOCKS = 1 time, then signs for it: no code is ever
      compared with more than 3 x (1 + 1) = 6 guesses, by any number of clients;
    - so a given code is guessed with a chance of at most 6 / 10**6, 1 in 166,666;
    - a team meets one opposing code per pass: a 4-hour evening of 4 passes gives at
      most 24 / 10**6 (1 in 41,666), and even 16 passes 96 / 10**6 (1 in 10,416);
    - a Différenzler player faces three other codes per pass: 5 passes give at most
      90 / 10**6 (1 in 11,111).
    Each is below 1 in 10,000 for one cheater. If every team of an evening cheated
    (say 24 teams x 4 passes, each guessing 6 times at its opponents' code), the
    chance that some table's result is forged is at most 576 / 10**6, about 1 in
    1,700, and each attempt locks the attacked side and is in the table's record.
    Guessing is slow too (``codes``): at most 3 wrong codes a minute per table link
    and 30 per 10 minutes per client address (a club room shares one)."""
    table = a_table(club)
    key = str(uuid.uuid4())
    guesses = wrong_codes(table, 60)
    guesses.insert(40, table.codes[1])  # the attacker would hit the right code here
    phones = [phone_at(table, f"198.51.100.{n}") for n in range(1, 7)]
    url = reverse("tournaments:confirm", args=[table.game_id])

    answers = [
        phones[n % 6].post(url, {"side": 1, "code": code, "attempt": key})
        for n, code in enumerate(guesses)
    ]

    table.refresh_from_db()
    assert table.signatures == {}
    assert table.state == Table.MISSING
    assert table.wrong_codes_of(1) == CODE_BUDGET == 3
    assert table.events.filter(kind="wrong-code", side=1).count() == CODE_BUDGET
    assert {answer.status_code for answer in answers} == {422}
    assert "(1 more try before the team is locked" in answers[1].content.decode()
    second = table.game.teams.get(index=1).name
    locked = f"Too many wrong codes were typed for {second}: it is locked"
    assert locked in answers[2].content.decode()
    assert locked in answers[40].content.decode()  # the right code: not even compared
    assert CODE_BUDGET * (1 + CODE_UNLOCKS) / 10**6 * 16 < 1 / 10_000


def test_the_same_form_and_code_sent_again_counts_once(club):
    table = a_table(club)
    phone = phone_at(table, "198.51.100.7")
    wrong, other = wrong_codes(table, 2)
    key = str(uuid.uuid4())
    url = reverse("tournaments:confirm", args=[table.game_id])

    first = phone.post(url, {"side": 1, "code": wrong, "attempt": key}).content.decode()
    reload = phone.post(url, {"side": 1, "code": wrong, "attempt": key}).content.decode()
    table.refresh_from_db()
    after_reload = table.wrong_codes_of(1)
    another = phone.post(url, {"side": 1, "code": other, "attempt": key}).content.decode()

    table.refresh_from_db()
    assert after_reload == 1
    assert "(2 more tries before the team is locked" in first
    assert "(2 more tries before the team is locked" in reload
    assert 'name="attempt" value="' + key not in reload  # a new key for a new try
    assert table.wrong_codes_of(1) == 2
    assert "(1 more try before the team is locked" in another


def test_no_code_is_compared_before_the_game_is_finished(club):
    """While the game is being played the right code and a wrong one get the same
    answer, and nothing is counted: guessing cannot start in the first hand."""
    table = a_table(club, played=False)
    table.game.hands.create(
        number=1, record=stored(table.round.tournament.trump_of_hand(1), 100, 57)
    )
    (wrong,) = wrong_codes(table, 1)

    said = {}
    for code in (table.codes[1], wrong):
        with pytest.raises(services.TournamentRuleBroken) as refused:
            services.confirm_table(table, 1, code, address="198.51.100.8")
        said[code] = str(refused.value)
        with pytest.raises(services.TournamentRuleBroken) as disputed:
            services.dispute_table(table, 1, code, "wrong", address="198.51.100.8")
        assert str(disputed.value) == said[code]

    table.refresh_from_db()
    assert said[table.codes[1]] == said[wrong] == "The game is not finished: all hands first."
    assert table.wrong_codes_of(1) == 0
    assert not table.events.exists()


def test_no_code_is_compared_once_the_result_is_settled(club):
    table = a_table(club)
    services.decide_table(table)
    (wrong,) = wrong_codes(table, 1)

    said = set()
    for code in (table.codes[0], wrong):
        with pytest.raises(services.TournamentRuleBroken) as refused:
            services.confirm_table(table, 0, code)
        said.add(str(refused.value))

    table.refresh_from_db()
    assert said == {"This result is settled already."}
    assert table.wrong_codes_of(0) == 0


def test_another_teams_code_in_a_box_is_a_wrong_code_like_any_other(club):
    """Telling "that is the other team's code" apart from "wrong" would let a team try
    the opponents' code in its own box, uncounted for the opponents' code."""
    table = a_table(club)
    (wrong,) = wrong_codes(table, 1)

    answers = []
    for code in (table.codes[0], wrong):
        with pytest.raises(services.TournamentRuleBroken) as refused:
            services.confirm_table(table, 1, code)
        answers.append(str(refused.value))

    table.refresh_from_db()
    assert answers[0].startswith("This is not the code on this team's slip (2 more tries")
    assert answers[1].startswith("This is not the code on this team's slip (1 more try")
    assert (table.wrong_codes_of(0), table.wrong_codes_of(1)) == (0, 2)
    assert table.signatures == {}


def test_guessing_at_one_table_link_is_slowed(club):
    table = a_table(club)
    phone = phone_at(table, "198.51.100.9")
    url = reverse("tournaments:confirm", args=[table.game_id])
    first, second, third, fourth = wrong_codes(table, 4)
    for side, code in ((0, first), (1, second), (1, third)):
        phone.post(url, {"side": side, "code": code})

    slowed = phone.post(url, {"side": 0, "code": fourth})
    right_too = phone.post(url, {"side": 0, "code": table.codes[0]})
    table.refresh_from_db()
    counted = [table.wrong_codes_of(0), table.wrong_codes_of(1)]
    later(1)
    counted_again = phone.post(url, {"side": 0, "code": fourth})

    assert slowed.status_code == 429
    assert 0 < int(slowed["Retry-After"]) <= 60
    assert "Too many wrong codes were typed at this table just now: wait" in slowed.content.decode()
    assert right_too.status_code == 429  # not compared at all while slowed
    assert counted == [1, 2]
    assert "(1 more try before the team is locked" in counted_again.content.decode()


def spend(tables: list[Table], address: str, **headers) -> int:
    """Wrong codes from one address, three at each table (its link's bound), until the
    address has typed ``codes.ADDRESS_GUESSES``; how many were typed."""
    typed = 0
    for table in tables:
        phone = phone_at(table, address)
        url = reverse("tournaments:confirm", args=[table.game_id])
        for code in wrong_codes(table, min(3, codes.ADDRESS_GUESSES - typed)):
            phone.post(url, {"side": 1, "code": code}, **headers)
            typed += 1
    return typed


def test_guessing_from_one_address_across_tables_is_slowed(club):
    tables = [a_table(club) for _ in range(codes.ADDRESS_GUESSES // 3 + 1)]
    guesser = "203.0.113.5"
    spend(tables[:-1], guesser)
    last = tables[-1]
    (wrong,) = wrong_codes(last, 1)

    with pytest.raises(services.TooFast) as slowed:
        services.confirm_table(last, 1, wrong, address=guesser)
    elsewhere = services.confirm_table(last, 1, last.codes[1], address="203.0.113.6")
    later(11)

    assert "Too many wrong codes came from this network lately: wait" in str(slowed.value)
    assert 0 < slowed.value.wait <= codes.ADDRESS_WINDOW.total_seconds()
    wrong_here = TableEvent.objects.filter(kind="wrong-code", address=guesser)
    assert wrong_here.count() == codes.ADDRESS_GUESSES == 30
    assert elsewhere.side == 1  # another address is not slowed
    with pytest.raises(services.TournamentRuleBroken, match="2 more tries"):
        services.confirm_table(last, 0, wrong, address=guesser)  # the window has room


def test_a_club_room_on_one_address_signs_through_an_evenings_typos(club):
    """Every phone of a café shares its public address: a dozen typos across its
    tables when a pass ends do not stop the next table signing with its code."""
    tables = [a_table(club) for _ in range(7)]
    room = "198.51.100.200"
    for table in tables[:6]:
        for code in wrong_codes(table, 2):
            with pytest.raises(services.TournamentRuleBroken):
                services.confirm_table(table, 1, code, address=room)

    signed = services.confirm_table(tables[6], 1, tables[6].codes[1], address=room)

    assert signed.side == 1


def test_the_addresses_of_one_ipv6_network_count_together(club):
    tables = [a_table(club) for _ in range(codes.ADDRESS_GUESSES // 3 + 1)]
    for n, table in enumerate(tables[:-1]):
        for code in wrong_codes(table, 3):
            with pytest.raises(services.TournamentRuleBroken):
                services.confirm_table(table, 1, code, address=f"2001:db8:7:9::{n}:{code[-2:]}")

    with pytest.raises(services.TooFast):
        services.confirm_table(tables[-1], 1, "999999", address="2001:db8:7:9:ffff::1")
    assert services.confirm_table(tables[-1], 1, tables[-1].codes[1], address="2001:db8:7:a::1")


def test_a_side_is_unlocked_once_then_the_director_signs_for_it(club):
    table = a_table(club)
    services.confirm_table(table, 0, table.codes[0])
    guesses = iter(wrong_codes(table, 2 * CODE_BUDGET))
    for _ in range(CODE_BUDGET):
        with pytest.raises(services.TournamentRuleBroken):
            services.dispute_table(table, 1, next(guesses), "we had the match")
    with pytest.raises(services.TournamentRuleBroken) as locked:
        services.confirm_table(table, 1, table.codes[1])
    services.unlock_codes(table)
    later(1)
    for _ in range(CODE_BUDGET):
        with pytest.raises(services.TournamentRuleBroken):
            services.confirm_table(table, 1, next(guesses))

    with pytest.raises(services.TournamentRuleBroken, match="unlocked once already"):
        services.unlock_codes(table)
    with pytest.raises(services.TournamentRuleBroken, match="Too many wrong codes"):
        services.confirm_table(table, 1, table.codes[1])
    signed = services.sign_for(table, 1)

    assert str(locked.value).startswith("Too many wrong codes were typed for this team")
    assert signed.confirmed
    kinds = list(table.events.values_list("kind", flat=True))
    assert kinds.count("wrong-code") == 2 * CODE_BUDGET
    assert kinds.count("unlocked") == 1


def test_the_director_page_offers_the_unlock_once(club, make_user):
    director = Client(HTTP_ACCEPT_LANGUAGE="en")
    director.force_login(make_user("admin", club, name="director"))
    table = a_table(club)
    t = table.round.tournament
    guesses = iter(wrong_codes(table, 2 * CODE_BUDGET))

    def lock() -> None:
        for _ in range(CODE_BUDGET):
            with pytest.raises(services.TournamentRuleBroken):
                services.confirm_table(table, 1, next(guesses))

    lock()
    first = director.get(t.get_absolute_url()).content.decode()
    director.post(reverse("tournaments:unlock", args=[t.pk, table.pk]))
    later(1)
    lock()
    second = director.get(t.get_absolute_url()).content.decode()
    refused = director.post(
        reverse("tournaments:unlock", args=[t.pk, table.pk]), follow=True
    ).content.decode()

    unlock = reverse("tournaments:unlock", args=[t.pk, table.pk])
    assert unlock in first
    assert unlock not in second
    assert "Unlocked once already: check the game with them and sign for them." in second
    assert "This table was unlocked once already" in refused
    assert f"Sign for {table.game.teams.get(index=1).name}" in second


def test_a_forged_forwarded_address_does_not_escape_the_bound_per_address(club, settings):
    """Behind one proxy, a client that reaches the app port directly and sends a new
    X-Forwarded-For with every guess is still counted for its own address."""
    settings.PROXY_COUNT = 1
    tables = [a_table(club) for _ in range(codes.ADDRESS_GUESSES // 3 + 1)]
    forged = iter(f"198.18.0.{n}" for n in range(100))
    typed = 0
    for table in tables[:-1]:
        phone = phone_at(table, "203.0.113.9")
        for code in wrong_codes(table, 3):
            url = reverse("tournaments:confirm", args=[table.game_id])
            phone.post(url, {"side": 1, "code": code}, HTTP_X_FORWARDED_FOR=next(forged))
            typed += 1
    last = phone_at(tables[-1], "203.0.113.9").post(
        reverse("tournaments:confirm", args=[tables[-1].game_id]),
        {"side": 1, "code": wrong_codes(tables[-1], 1)[0]},
        HTTP_X_FORWARDED_FOR=next(forged),
    )

    assert typed == codes.ADDRESS_GUESSES
    assert last.status_code == 429
    assert "from this network" in last.content.decode()
    assert set(TableEvent.objects.values_list("address", flat=True)) == {"203.0.113.9"}


def test_unlocking_leaves_a_side_that_is_not_locked_as_it_was(club):
    table = a_table(club)
    first, second, third, fourth = wrong_codes(table, 4)
    for code in (first, second, third):
        with pytest.raises(services.TournamentRuleBroken):
            services.confirm_table(table, 1, code)
    later(1)
    with pytest.raises(services.TournamentRuleBroken):
        services.confirm_table(table, 0, fourth)

    services.unlock_codes(table)

    table.refresh_from_db()
    assert (table.wrong_codes_of(0), table.wrong_codes_of(1)) == (1, 0)
    assert (table.unlockable(0), table.unlockable(1)) == (True, False)
