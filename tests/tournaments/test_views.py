"""The tournament evening through the pages: the director sets up and runs passes,
each table scores through its own link, the opponents confirm."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.factories import stored
from tournaments.models import Pass, Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(club, make_user):
    browser = Client()
    browser.force_login(make_user("admin", club, name="director"))
    return browser


def create(director, club) -> Tournament:
    director.post(
        reverse("tournaments:club_tournaments", args=[club.slug]),
        {
            "name": "Preisjass",
            "date": "2026-11-28",
            "place": "Bern",
            "format": "teams",
            "passes": "2",
            "hands": "4",
            "tie_break_1": "best-pass",
            "tie_break_2": "matches",
            "tie_break_3": "draw",
            "trump_order_text": "Pique, ♠, Schilten, obe-abe",
        },
    )
    return Tournament.objects.get(name="Preisjass")


def test_the_director_runs_a_pass_and_tables_score_through_their_links(director, club):
    t = create(director, club)
    for n in range(1, 5):
        director.post(
            reverse("tournaments:register", args=[t.pk]),
            {"name": f"Team {n}", "player_1": f"A{n}", "player_2": f"B{n}"},
        )
    for entry in t.entries.all():
        director.post(reverse("tournaments:check_in", args=[t.pk, entry.pk]), {"on": "1"})
    director.post(reverse("tournaments:schedule", args=[t.pk]))
    director.post(reverse("tournaments:publish", args=[t.pk, 1]))
    table = Table.objects.filter(round__tournament=t).first()

    phone = Client()  # a phone at the table, nobody signed in
    screen = phone.get(reverse("tournaments:table_link", args=[table.token]), follow=True)
    assert 'value="spades" checked' in screen.content.decode()  # the imposed trump
    for number, trump in enumerate(["spades", "spades", "hearts", "obe-abe"], start=1):
        response = phone.post(
            reverse("scoring:record_hand", args=[table.game_id]),
            {
                "hand_number": number,
                "form_key": str(uuid.uuid4()),
                "typed_team": "0",
                "trump": trump,
                "points": "100",
            },
        )
        assert response.status_code == 302
    done = phone.get(reverse("scoring:table", args=[table.game_id]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Both teams sign the result" in done.content.decode()

    wrong = phone.post(
        reverse("tournaments:confirm", args=[table.game_id]),
        {"side": 0, "code": "x9x9x9"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert wrong.status_code == 422
    assert "not the code on this team&#x27;s slip (2 more tries" in wrong.content.decode()
    assert "x9x9x9" not in wrong.content.decode()  # a refused code is not shown again
    assert 'type="password" name="code"' in wrong.content.decode()
    names = [t.entries.get(pk=pk).name for pk in table.seats]
    signed = phone.post(
        reverse("tournaments:confirm", args=[table.game_id]),
        {"side": 0, "code": table.codes[0]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert f"Signed for {names[0]}. Now confirm with the code on the slip of {names[1]}." in signed
    table.refresh_from_db()
    assert table.state == Table.MISSING  # entered, not confirmed
    opponents = Client()  # the opposing team, on its own phone, from the table's code
    opponents.get(reverse("tournaments:table_link", args=[table.token]))
    confirmed = opponents.post(
        reverse("tournaments:confirm", args=[table.game_id]),
        {"side": 1, "code": table.codes[1]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert "Result confirmed. Thank you!" in confirmed
    table.refresh_from_db()
    assert table.state == Table.CONFIRMED

    # after confirmation the table's phone can no longer change the game
    undo = phone.post(
        reverse("scoring:undo_last_hand", args=[table.game_id]),
        {"hand_number": 4, "form_key": str(uuid.uuid4())},
    )
    assert undo.status_code == 404
    assert table.game.hands.count() == 4

    other = Table.objects.filter(round__tournament=t).exclude(pk=table.pk).get()
    assert phone.get(reverse("scoring:table", args=[other.game_id])).status_code == 302
    director.post(reverse("tournaments:decide", args=[t.pk, other.pk]), follow=True)
    assert other.__class__.objects.get(pk=other.pk).state == Table.MISSING  # not finished
    for number in range(1, 5):
        other.game.hands.create(number=number, record=stored(t.trump_of_hand(number), 57, 100))
    director.post(reverse("tournaments:decide", args=[t.pk, other.pk]))
    director.post(reverse("tournaments:close", args=[t.pk, 1]))

    assert Pass.objects.get(tournament=t, number=1).state == Pass.CLOSED
    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "400" in page  # the winners of each table: 4 × 100


@pytest.mark.parametrize(("role", "status"), [("member", 302), ("scorer", 302), ("admin", 200)])
def test_the_director_page_is_for_club_admins(club, make_user, role, status):
    t = Tournament.objects.create(club=club, name="T", date="2026-11-28")
    browser = Client()
    browser.force_login(make_user(role, club))

    response = browser.get(t.get_absolute_url())

    assert response.status_code == status
    if status == 302:  # the others follow the tournament on its standings
        assert response["Location"] == reverse("tournaments:standings", args=[t.pk])


def test_the_director_page_of_another_club_is_not_found(club, make_user):
    from clubs.models import Club

    other = Club.objects.create(name="B", slug="b")
    t = Tournament.objects.create(club=other, name="Secret", date="2026-11-28")
    browser = Client()
    browser.force_login(make_user("admin", club))

    assert browser.get(t.get_absolute_url()).status_code == 404


def test_a_revoked_table_link_opens_nothing(director, club):
    t = create(director, club)
    for n in range(1, 3):
        director.post(
            reverse("tournaments:register", args=[t.pk]),
            {"name": f"T{n}", "player_1": f"a{n}", "player_2": f"b{n}"},
        )
    for entry in t.entries.all():
        director.post(reverse("tournaments:check_in", args=[t.pk, entry.pk]), {"on": "1"})
    director.post(reverse("tournaments:schedule", args=[t.pk]))
    director.post(reverse("tournaments:publish", args=[t.pk, 1]))
    table = Table.objects.get(round__tournament=t)
    table.revoke()

    assert Client().get(reverse("tournaments:table_link", args=[table.token])).status_code == 404


def test_the_director_changes_a_confirmed_result_only_with_a_reason(director, club):
    from scoring.models import HandChange
    from tests.tournaments.test_services import play_out, teams, tournament
    from tournaments import services

    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table, 100)
    services.confirm_table(table, 0, table.codes[0])
    services.confirm_table(table, 1, table.codes[1])
    url = reverse("scoring:correct_hand", args=[table.game_id, 1])
    version = director.get(url).context["form"].initial["version"]
    data = {
        "hand_number": 1,
        "form_key": str(uuid.uuid4()),
        "version": version,
        "typed_team": "0",
        "trump": t.trump_of_hand(1),
        "points": "90",
    }

    refused = director.post(url, data, HTTP_ACCEPT_LANGUAGE="en")
    accepted = director.post(url, data | {"reason": "Sheet misread, checked with both teams"})

    assert refused.status_code == 422
    assert "The result was confirmed: say why it changes." in refused.content.decode()
    assert accepted.status_code == 302
    change = HandChange.objects.get(game_id=table.game_id)
    assert (change.reason, change.before["cards"], change.after["cards"]) == (
        "Sheet misread, checked with both teams",
        [100, 57],
        [90, 67],
    )
    history = director.get(reverse("scoring:history", args=[table.game_id])).content.decode()
    assert "Sheet misread" in history


def published_table(director, club, hands_first: int | None = 100):
    from tests.tournaments.test_services import play_out, teams, tournament
    from tournaments import services

    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    if hands_first is not None:
        play_out(table, hands_first)
    return t, table


def test_a_team_disputes_from_the_table_and_the_director_sees_why(director, club):
    t, table = published_table(director, club)
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    url = reverse("tournaments:dispute", args=[table.game_id])

    no_reason = phone.post(url, {"side": 1, "code": table.codes[1]}, HTTP_ACCEPT_LANGUAGE="en")
    disputed = phone.post(
        url,
        {"side": 1, "code": table.codes[1], "reason": "Hand 2: we had the match"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert no_reason.status_code == 422
    assert "This field is required." in no_reason.content.decode()
    assert 'id="dispute-side-1" checked' in no_reason.content.decode()  # the team chosen stays
    assert table.codes[1] not in no_reason.content.decode()  # the code does not
    assert "the tournament director will come to the table" in disputed.content.decode()
    table.refresh_from_db()
    assert (table.state, table.dispute) == (Table.DISPUTED, "Hand 2: we had the match")
    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    loser = t.entries.get(pk=table.seats[1]).name
    assert f"Disputed by {loser}: Hand 2: we had the match" in page
    assert ">disputed<" in page
    director.post(reverse("tournaments:decide", args=[t.pk, table.pk]))
    table.refresh_from_db()
    assert table.state == Table.DECIDED


def test_an_unfinished_game_is_not_signed(director, club):
    _t, table = published_table(director, club, hands_first=None)
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[table.token]))

    response = phone.post(
        reverse("tournaments:confirm", args=[table.game_id]),
        {"side": 0, "code": table.codes[0]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert "The game is not finished: all hands first." in response.content.decode()
    table.refresh_from_db()
    assert table.signatures == {}


def test_a_table_link_signs_only_its_own_table(director, club):
    from tests.tournaments.test_services import play_out, teams, tournament
    from tournaments import services

    t = tournament(club)
    teams(t, 4)
    one, two = services.publish_pass(services.schedule_next_pass(t)).tables.all()
    play_out(two)
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[one.token]))

    for name in ("tournaments:confirm", "tournaments:dispute"):
        response = phone.post(
            reverse(name, args=[two.game_id]), {"side": 0, "code": two.codes[0], "reason": "x"}
        )
        assert response.status_code == 404
    two.refresh_from_db()
    assert (two.state, two.signatures) == (Table.MISSING, {})


def test_the_entry_page_shows_its_passes_once_results_are_public(director, club):
    t, table = published_table(director, club)
    entry = t.entries.get(pk=table.seats[0])
    url = reverse("tournaments:entry", args=[t.pk, entry.pk])

    assert Client().get(url).status_code == 302  # not public yet: sign in first
    page = director.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Pass 1 · table 1" in page
    assert "400 : 228" in page
    assert f"against {t.entries.get(pk=table.seats[1]).name}" in page
    assert "being played" in page
    t.published = True
    t.save()
    assert Client().get(url).status_code == 200
    other = Tournament.objects.create(club=club, name="Other", date="2026-11-29", published=True)
    assert Client().get(reverse("tournaments:entry", args=[other.pk, entry.pk])).status_code == 404


def test_a_tournament_is_set_up_with_trumps_in_any_language_and_ordered_tie_breaks(club):
    from django.utils import translation

    from tournaments.forms import TournamentForm

    data = {
        "name": "Coupe",
        "date": "2026-12-12",
        "format": "individual",
        "passes": "4",
        "hands": "3",
        "tie_break_1": "matches",
        "tie_break_2": "draw",
        "tie_break_3": "",
        "trump_order_text": "Cœur, EICHELN, Unde-ufe",
    }
    form = TournamentForm(data)
    assert form.is_valid(), form.errors
    form.instance.club = club
    t = form.save()
    assert (t.trump_order, t.tie_breaks) == (["hearts", "clubs", "unde-ufe"], ["matches", "draw"])

    with translation.override("en"):
        twice = TournamentForm(data | {"tie_break_2": "matches"})
        unknown = TournamentForm(data | {"trump_order_text": "Cœur, Trèfle, Joker"})
        short = TournamentForm(data | {"trump_order_text": "Cœur, Trèfle"})
        assert twice.errors["tie_break_2"] == ["Each tie-break once."]
        assert unknown.errors["trump_order_text"] == ["Unknown trump: Joker"]
        assert short.errors["trump_order_text"] == ["2 trumps typed: give one per hand, 3 in all."]
        nothing = TournamentForm(data | {"passes": "0", "hands": "0"})
        assert nothing.errors == {
            "passes": ["Ensure this value is greater than or equal to 1."],
            "hands": ["Ensure this value is greater than or equal to 1."],
        }
    with translation.override("fr"):  # one trump is singular in French (and 0 would be)
        one = TournamentForm(data | {"trump_order_text": "Cœur"})
        assert one.errors["trump_order_text"] == [
            "1 atout saisi\u00a0: indiquez-en un par donne, 3 en tout."
        ]


def test_a_team_is_two_different_players_who_play_for_no_other_entry(director, club):
    from tests.tournaments.test_services import teams, tournament

    t = tournament(club)
    teams(t, 1)
    url = reverse("tournaments:register", args=[t.pk])

    def refusal(data: dict) -> str:
        response = director.post(url, data, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 422
        return response.content.decode()

    assert "The two players of a team must be different people." in refusal(
        {"name": "Twice", "player_1": "Köbi", "player_2": "köbi "}
    )
    assert "A1 already plays in Team 1." in refusal(
        {"name": "Again", "player_1": "A1", "player_2": "Heidi"}
    )
    assert "This field is required." in refusal({"name": "Alone", "player_1": "Heidi"})
    assert list(t.entries.values_list("name", flat=True)) == ["Team 1"]


def test_the_settings_change_until_a_pass_is_published_then_the_game_rules_stay(director, club):
    from tests.tournaments.test_services import teams, tournament
    from tournaments import services

    t = tournament(club, trump_order=["hearts", "hearts", "spades", "clubs"])
    teams(t, 4)
    url = reverse("tournaments:settings", args=[t.pk])
    form = director.get(url, HTTP_ACCEPT_LANGUAGE="en").context["form"]
    assert form["trump_order_text"].value() == "Hearts, Hearts, Spades, Clubs"
    base = {
        "name": "Preisjass 2026",
        "date": "2026-11-28",
        "format": "teams",
        "passes": "3",
        "hands": "4",
        "tie_break_1": "matches",
        "trump_order_text": "Hearts, Hearts, Spades, Clubs",
    }
    assert director.post(url, base | {"hands": "2"}).status_code == 422  # 4 trumps, 2 hands
    assert director.post(url, base).status_code == 302
    t.refresh_from_db()
    assert (t.name, t.tie_breaks) == ("Preisjass 2026", ["matches"])

    services.publish_pass(services.schedule_next_pass(t))
    changed = director.post(url, base | {"hands": "8", "weis": "on", "passes": "3", "name": "X"})
    fewer = director.post(url, base | {"passes": "0"}, HTTP_ACCEPT_LANGUAGE="en")

    assert changed.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.hands, t.weis) == ("X", 4, False)  # the game rules stay
    assert fewer.status_code == 422
    assert "Ensure this value is greater than or equal to 1." in fewer.content.decode()


def test_the_director_page_refreshes_the_passes_while_tables_play(director, club):
    t, _table = published_table(director, club)

    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    part = director.get(t.get_absolute_url(), HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")

    assert 'hx-trigger="every 10s' in page
    body = part.content.decode()
    assert body.lstrip().startswith('<div id="passes"')
    assert "entered, not confirmed" in body
    assert "<html" not in body


def test_a_second_tap_on_confirm_after_the_result_is_settled_says_so(director, club):
    _t, table = published_table(director, club)
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    url = reverse("tournaments:confirm", args=[table.game_id])
    phone.post(url, {"side": 0, "code": table.codes[0]})
    phone.post(url, {"side": 1, "code": table.codes[1]})

    again = phone.post(
        url, {"side": 1, "code": table.codes[1]}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )

    body = again.content.decode()
    assert "This result is settled already." in body
    assert "Result confirmed." in body
    table.refresh_from_db()
    assert table.state == Table.CONFIRMED


def test_the_director_puts_a_misspelt_team_right_in_the_results_and_its_games(director, club):
    t, table = published_table(director, club)
    entry = t.entries.get(pk=table.seats[0])
    other = t.entries.get(pk=table.seats[1])
    first = table.game.hands.get(number=1)
    first.record = {**first.record, "chooser": entry.player_1}
    first.save()
    url = reverse("tournaments:edit_entry", args=[t.pk, entry.pk])
    assert entry.name in director.get(url).content.decode()

    taken = director.post(
        url,
        {"name": other.name, "player_1": "Ruedi", "player_2": "Vreni"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert taken.status_code == 422
    assert f"Already registered: {other.name}." in taken.content.decode()
    alone = director.post(url, {"name": "Die Trümpfe", "player_1": "Ruedi"})
    assert alone.status_code == 422
    entry.refresh_from_db()
    assert entry.player_1 != "Ruedi"

    saved = director.post(
        url,
        {"name": "Die Trümpfe", "player_1": "Ruedi", "player_2": "Vreni"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert "Die Trümpfe saved." in saved
    entry.refresh_from_db()
    assert (entry.name, entry.player_1, entry.player_2) == ("Die Trümpfe", "Ruedi", "Vreni")
    side = table.game.teams.get(index=0)
    assert side.name == "Die Trümpfe"
    assert [p.name for p in side.ordered_players()] == ["Ruedi", "Vreni"]
    assert table.game.hands.get(number=1).read().chooser == "Ruedi"
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    assert (
        "Die Trümpfe" in phone.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    )


def test_a_withdrawal_is_taken_back_and_the_entry_plays_again(director, club):
    from tests.tournaments.test_services import teams, tournament

    t = tournament(club)
    entry, *_ = teams(t, 3)
    director.post(reverse("tournaments:withdraw", args=[t.pk, entry.pk]))
    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "withdrawn" in page
    assert "Take back" in page

    back = director.post(
        reverse("tournaments:reinstate", args=[t.pk, entry.pk]),
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Back in the tournament: Team 1." in back.content.decode()
    director.post(reverse("tournaments:schedule", args=[t.pk]))
    seated = {i for table in Table.objects.filter(round__tournament=t) for i in table.seats}
    assert entry.pk in seated | set(Pass.objects.get(tournament=t).byes)


def test_the_director_sees_how_far_each_table_is_and_what_deciding_settles(director, club):
    from tests.tournaments.test_services import play_out, teams, tournament
    from tournaments import services

    t = tournament(club)
    teams(t, 4)
    done, playing = services.publish_pass(services.schedule_next_pass(t)).tables.all()
    play_out(done)
    playing.game.hands.create(number=1, record=stored(t.trump_of_hand(1), 57, 100))

    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "being played · 1 of 4 hands played" in page
    assert "57 : 100" in page
    assert "Settle at 400 : 228" in page
    assert page.count("Settle at") == 1  # an unfinished game is not settled
    assert "Draw pass 2" not in page  # pass 1 is still being played


def test_before_a_pass_closes_the_standings_list_the_entries_by_name_unranked(director, club):
    from tests.tournaments.test_services import tournament
    from tournaments import services

    t = tournament(club)
    for name in ("Zebras", "Adler", "Murmeli"):
        services.check_in(services.register(t, name=name, player_1=name + "1", player_2=name + "2"))

    page = director.get(
        reverse("tournaments:standings", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    assert "Closed passes counted: 0 of 3." in page
    assert page.index("Adler") < page.index("Murmeli") < page.index("Zebras")
    assert "<td>1</td>" not in page
    assert "draw" not in page


def test_the_card_of_a_closed_pass_says_so_instead_of_opening_the_game(director, club):
    from tests.tournaments.test_services import play_out, sign_both, teams, tournament
    from tournaments import services

    t = tournament(club, published=True)
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    play_out(table)
    sign_both(table)
    services.close_pass(first)

    response = Client().get(
        reverse("tournaments:table_link", args=[table.token]), HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.status_code == 410
    assert "Pass 1 is closed: the result of table 1 counts in the standings." in (
        response.content.decode()
    )
    assert reverse("tournaments:standings", args=[t.pk]) in response.content.decode()


def test_a_replaced_table_link_shuts_out_every_phone_that_opened_the_old_one(director, club):
    t, table = published_table(director, club, hands_first=None)
    old_phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    old_phone.get(reverse("tournaments:table_link", args=[table.token]))
    screen = reverse("scoring:table", args=[table.game_id])
    assert old_phone.get(screen).status_code == 200
    old_token = table.token

    replaced = director.post(
        reverse("tournaments:renew_link", args=[t.pk, table.pk]),
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()

    table.refresh_from_db()
    assert table.token != old_token
    assert "Table 1 has a new link: the old one and its card no longer work." in replaced
    assert reverse("tournaments:table_link", args=[table.token]) in replaced
    hand = {
        "hand_number": 1,
        "form_key": str(uuid.uuid4()),
        "typed_team": "0",
        "trump": "hearts",
        "points": "100",
    }
    shut = old_phone.get(screen)
    assert shut.status_code == 410
    assert "This table's link was replaced" in shut.content.decode()
    late = old_phone.post(reverse("scoring:record_hand", args=[table.game_id]), hand)
    assert late.status_code in (302, 404)  # the phone has no access left at all
    assert table.game.hands.count() == 0
    assert old_phone.get(reverse("tournaments:table_link", args=[old_token])).status_code == 404
    new_phone = Client()
    new_phone.get(reverse("tournaments:table_link", args=[table.token]))
    assert new_phone.get(screen).status_code == 200
    assert table.events.filter(kind="new-link").count() == 1
    qr = director.get(reverse("tournaments:table_qr", args=[t.pk, table.pk]))
    assert qr["Content-Type"] == "image/svg+xml"
    assert qr.content.startswith(b"<?xml") or b"<svg" in qr.content[:200]
    card = director.get(
        reverse("tournaments:table_cards", args=[t.pk, 1]) + f"?table={table.number}"
    )
    assert card.status_code == 200
    assert card["Content-Type"] == "application/pdf"
    assert "table-1" in card["Content-Disposition"]


def test_a_signature_from_a_screen_showing_older_totals_is_refused(director, club):
    """Team 2's own phone shows 400 : 228; the table's phone then corrects a hand. Its
    signature was for 400 : 228, so it does not count for what the game is now."""
    _t, table = published_table(director, club)
    opponents = Client(HTTP_ACCEPT_LANGUAGE="en")
    opponents.get(reverse("tournaments:table_link", args=[table.token]))
    screen = opponents.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    assert 'name="totals" value="400:228"' in screen
    hand = table.game.hands.get(number=2)
    hand.record = {**hand.record, "cards": [57, 100]}  # a correction on the table's phone
    hand.save()

    refused = opponents.post(
        reverse("tournaments:confirm", args=[table.game_id]),
        {"side": 1, "code": table.codes[1], "totals": "400:228"},
        follow=True,
    ).content.decode()

    table.refresh_from_db()
    assert table.signatures == {}
    assert "The score changed since this screen was shown: it is now 357 : 271." in refused


def test_the_director_settles_only_the_totals_the_page_showed(director, club):
    t, table = published_table(director, club)
    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="totals" value="400:228"' in page
    hand = table.game.hands.get(number=1)
    hand.record = {**hand.record, "cards": [57, 100]}
    hand.save()

    refused = director.post(
        reverse("tournaments:decide", args=[t.pk, table.pk]),
        {"totals": "400:228"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()

    table.refresh_from_db()
    assert table.state != Table.DECIDED
    assert "The score changed since this screen was shown" in refused


def test_a_phone_whose_link_was_replaced_is_told_so_when_it_signs(director, club):
    t, table = published_table(director, club)
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    director.post(reverse("tournaments:renew_link", args=[t.pk, table.pk]))

    late = phone.post(
        reverse("tournaments:confirm", args=[table.game_id]),
        {"side": 0, "code": table.codes[0]},
    )

    assert late.status_code == 410
    assert "This table's link was replaced" in late.content.decode()
    table.refresh_from_db()
    assert table.signatures == {}


def test_a_tables_link_never_stands_for_a_club_admin(director, club):
    """Through the seam (scoring.extras) a table's link lets a phone see and score its
    game; what needs a club admin it never grants."""
    from clubs.models import Role
    from scoring import extras
    from scoring.models import Game

    _t, table = published_table(director, club, hands_first=None)
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    request = RequestFactory().get("/")
    request.session = phone.session
    game = Game.objects.select_related(*extras.related()).get(pk=table.game_id)
    extra = extras.extra_for(game)

    assert extra.grants(request, game, Role.MEMBER)
    assert extra.grants(request, game, Role.SCORER)
    assert not extra.grants(request, game, Role.ADMIN)


def test_tournament_games_stay_out_of_the_home_page_and_the_clubs_statistics(director, club):
    from scoring.statistics import season_games

    _t, table = published_table(director, club)

    home = director.get(reverse("scoring:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert table.game.name not in home
    assert table.game_id not in set(season_games(club, None, None).values_list("pk", flat=True))


def test_the_office_says_where_the_evening_stands_and_reaches_each_hand_of_a_dispute(
    director, club
):
    t, table = published_table(director, club)
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    phone.post(
        reverse("tournaments:dispute", args=[table.game_id]),
        {"side": 1, "code": table.codes[1], "reason": "Hand 2: we had the match"},
    )

    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "0 of 1 table confirmed" in page
    assert "1 disputed" in page
    for number in range(1, t.hands + 1):
        assert reverse("scoring:correct_hand", args=[table.game_id, number]) in page


def test_a_closed_pass_is_folded(director, club):
    from tests.tournaments.test_services import play_pass, teams, tournament
    from tournaments import services

    t = tournament(club)
    teams(t, 4)
    play_pass(services.schedule_next_pass(t))

    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert '<details class="pass-fold"><summary>' in page
    assert "2 tables" in page


def test_everyone_is_checked_in_at_once_and_entries_are_found_by_name(director, club):
    from tests.tournaments.test_services import teams, tournament
    from tournaments import services

    t = tournament(club)
    entries = teams(t, 5, checked_in=False)
    services.withdraw(entries[4])
    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "5 registered · 0 present" in page

    done = director.post(
        reverse("tournaments:check_in_all", args=[t.pk]), follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert "4 more entries checked in" in done.content.decode()
    assert t.entries.filter(checked_in=True).count() == 4  # not the withdrawn one
    assert "5 registered · 4 present" in done.content.decode()
    found = director.get(t.get_absolute_url() + "?q=team 3", HTTP_ACCEPT_LANGUAGE="en")
    html = found.content.decode()
    assert f'id="entry-{entries[2].pk}"' in html
    assert f'id="entry-{entries[0].pk}"' not in html
    nobody = director.get(t.get_absolute_url() + "?q=zzz", HTTP_ACCEPT_LANGUAGE="en")
    assert "No entry called “zzz”." in nobody.content.decode()


def test_the_seating_list_of_a_pass_gives_each_name_its_table(director, club):
    from tests.tournaments.test_services import teams, tournament
    from tournaments import services

    t = tournament(club)
    teams(t, 5)  # two tables and a bye
    round_ = services.publish_pass(services.schedule_next_pass(t))

    page = director.get(
        reverse("tournaments:seating", args=[t.pk, round_.number]), HTTP_ACCEPT_LANGUAGE="en"
    )

    html = page.content.decode()
    assert page.status_code == 200
    for table in round_.tables.all():
        for entry_id in table.seats:
            name = t.entries.get(pk=entry_id).name
            assert f'<td>{name}</td><td class="text-end fw-bold">{table.number}</td>' in html
    bye = t.entries.get(pk=round_.byes[0]).name
    assert f'<td>{bye}</td><td class="text-end">bye</td>' in html
    director_page = director.get(t.get_absolute_url()).content.decode()
    assert reverse("tournaments:seating", args=[t.pk, round_.number]) in director_page
    assert Client().get(reverse("tournaments:seating", args=[t.pk, 1])).status_code == 302


def upload_entries(director, t, content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return director.post(
        reverse("tournaments:import_entries", args=[t.pk]),
        {"file": SimpleUploadedFile("entries.csv", content, content_type="text/csv")},
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )


def test_entries_come_in_from_a_spreadsheets_csv_all_or_none(director, club):
    from tests.tournaments.test_services import tournament

    t = tournament(club)
    sheet = "Name;Spieler;Partner\r\nLes Bourgs;Anne;Bernard\r\n\r\nDie Nellen;Zoë;Ueli\r\n"

    done = upload_entries(director, t, sheet.encode("cp1252"))  # Excel's Windows encoding

    assert "2 entries registered from the file." in done.content.decode()
    assert sorted(t.entries.values_list("name", "player_1", "player_2")) == [
        ("Die Nellen", "Zoë", "Ueli"),
        ("Les Bourgs", "Anne", "Bernard"),
    ]

    again = upload_entries(director, t, b"Neue,Carla,Dora\nLes Bourgs,Emil,Fritz\n")
    assert again.status_code == 422
    assert "Line 2: Already registered: Les Bourgs." in again.content.decode()
    assert t.entries.count() == 2  # not even the first line of a refused file

    short = upload_entries(director, t, b"Neue;Carla\n")
    assert (
        "Line 1: give the team&#x27;s name, its player and the partner." in short.content.decode()
    )
    empty = upload_entries(director, t, b"Name;Player;Partner\n")
    assert "The file holds no entry." in empty.content.decode()


def test_public_standings_rank_otherwise_only_with_a_reason_kept_for_all_to_see(director, club):
    from tests.tournaments.test_services import play_pass, teams, tournament
    from tournaments import services
    from tournaments.models import RankingChange

    t = tournament(club, passes=2)
    teams(t, 4)
    play_pass(services.schedule_next_pass(t))
    services.publish_results(t, True)
    settings_url = reverse("tournaments:settings", args=[t.pk])
    form = director.get(settings_url).context["form"]
    data = {
        name: field.value() if field.value() is not None else ""
        for name, field in ((n, form[n]) for n in form.fields)
        if not form.fields[name].disabled
    }
    data |= {"tie_break_1": "matches", "tie_break_2": "best-pass", "tie_break_3": "draw"}

    refused = director.post(settings_url, data, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422
    assert "The standings are public: say why the ranking changes." in refused.content.decode()
    t.refresh_from_db()
    assert t.tie_breaks == ["best-pass", "matches", "draw"]

    director.post(settings_url, data | {"reason": "As announced at the start"})

    t.refresh_from_db()
    assert t.tie_breaks == ["matches", "best-pass", "draw"]
    change = RankingChange.objects.get()
    assert change.before["tie_breaks"] == ["best-pass", "matches", "draw"]
    assert change.reason == "As announced at the start"
    standings = Client().get(
        reverse("tournaments:standings", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "As announced at the start" in standings.content.decode()
    page = director.get(settings_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "From all passes; best single pass, most matches" in page
    director.post(settings_url, data | {"name": "Renamed"})  # not the ranking: no reason needed
    assert RankingChange.objects.count() == 1


def test_a_new_tournament_is_not_asked_why_its_ranking_changes(client, club, make_user):
    client.force_login(make_user("admin", club))
    page = client.get(
        reverse("tournaments:club_tournaments", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Imposed trump order" in page  # the new tournament's form
    assert "Why the ranking changes" not in page


def test_the_director_chooses_who_sits_out_on_the_draft(director, club):
    """Issue 24: the draft says in what order byes go and offers, for each bye, who
    sits out instead (those at a table, first due first); the check then says what
    the choice costs and publishing waits for the director to accept it."""
    from tests.tournaments.test_services import play_pass, teams, tournament
    from tournaments import services

    t = tournament(club, passes=3)
    teams(t, 5)
    first = play_pass(services.schedule_next_pass(t))
    late = services.register(t, name="Late", player_1="L1", player_2="L2")
    services.check_in(late)
    services.withdraw(t.entries.get(pk=first.tables.first().seats[0]))  # 5 play pass 2
    draft = services.schedule_next_pass(t)
    due = t.entries.get(pk=draft.byes[0])

    page = director.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Byes go first to those who have played the most passes" in page
    assert f"Who sits out instead of {due.name}?" in page
    offered = re.search(r'<select name="second" id="instead-\d+"[^>]*>(.*?)</select>', page, re.S)
    names = re.findall(r"<option [^>]*>([^<]+)</option>", offered.group(1))
    sat_out = t.entries.get(pk=first.byes[0]).name
    # first those who played pass 1, then the late team, then who sat out pass 1
    assert names[-2:] == ["Late", sat_out]
    assert due.name not in names

    response = director.post(
        reverse("tournaments:swap", args=[t.pk, draft.number]),
        {"first": due.pk, "second": late.pk},
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )

    body = response.content.decode()
    assert Pass.objects.get(pk=draft.pk).byes == [late.pk]
    assert f"Late sits out, having played fewer passes than {due.name}" in body
    assert "Publish it with the warnings above" in body
