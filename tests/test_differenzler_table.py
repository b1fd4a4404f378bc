"""The Différenzler table (issue 15): the trump, sealed estimates, starting a hand and
recording its points, through the services and the views; no estimate shows before its
hand is scored."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.kinds.differenzler import estimates
from scoring.kinds.differenzler.models import Estimate, OpenHand
from scoring.models import Game, Hand, HandChange, SeatLink
from scoring.rules import RulesError
from scoring.services import Author, StaleScreen

pytestmark = pytest.mark.django_db

PLAYERS = ("Anne", "Bernard", "Claude", "Denise")
SECRET = (131, 142, 153, 124)  # estimates no page may show before the hand is scored


@pytest.fixture
def game(club) -> Game:
    return estimates.start_game(
        club=club,
        name="Différenzler",
        players=PLAYERS,
        hands=2,
        trumps=("hearts", "diamonds", "clubs", "spades"),
        played_on=None,
        suit_style="french",
        form_key=None,
    )


def sealed(game: Game, values=SECRET, number: int = 1, trump: str = "hearts") -> None:
    estimates.choose_trump(game, number, trump)
    for seat, value in enumerate(values):
        estimates.seal_estimate(game, number, seat, value)


def record(game: Game, cards, number: int = 1, key: uuid.UUID | None = None) -> Hand:
    return estimates.record_points(
        game, number, cards, form_key=key or uuid.uuid4(), author=Author(device="test")
    )


def problem(excinfo) -> tuple[str, str]:
    first = excinfo.value.problems[0]
    return first.field, first.message


# -- services -------------------------------------------------------------------------------


def test_a_whole_hand_estimates_revealed_with_the_points(game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    hand = record(game, (40, 30, None, 50))  # Claude: 157 − 120 = 37

    assert hand.read().cards == (40, 30, 37, 50)
    assert hand.read().estimates == SECRET
    assert hand.read().trump == "hearts"
    assert Estimate.objects.count() == 0  # sealed rows gone once revealed
    assert OpenHand.objects.count() == 0
    change = HandChange.objects.get()
    assert (change.hand_number, change.action) == (1, HandChange.RECORDED)
    result = game.result()
    assert result.totals == (91, 112, 116, 74)


def test_the_same_form_twice_records_once(game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    key = uuid.uuid4()
    first = record(game, (40, 30, 37, 50), key=key)
    again = record(game, (40, 30, 37, 50), key=key)
    assert first.pk == again.pk
    assert Hand.objects.count() == 1


def test_a_second_phone_recording_the_same_hand_is_out_of_date(game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    record(game, (40, 30, 37, 50))
    with pytest.raises(StaleScreen):
        record(game, (40, 30, 37, 50))
    assert Hand.objects.count() == 1


def test_the_trump_is_drawn_once_among_the_games_trumps(game, club):
    first = estimates.choose_trump(game, 1, None).trump
    assert estimates.choose_trump(game, 1, None).trump == first  # a double tap draws once
    assert OpenHand.objects.get(game=game).trump_drawn
    drawn = {first}
    for _ in range(20):
        other = estimates.start_game(
            club=club,
            name="",
            players=PLAYERS,
            hands=1,
            trumps=("hearts", "diamonds", "clubs", "spades"),
            played_on=None,
            suit_style="french",
            form_key=None,
        )
        drawn.add(estimates.choose_trump(other, 1, None).trump)
    assert drawn <= {"hearts", "diamonds", "clubs", "spades"}
    assert len(drawn) > 1


def test_the_trump_stays_once_a_player_has_estimated(game):
    estimates.choose_trump(game, 1, "hearts")
    estimates.choose_trump(game, 1, "spades")  # changed before anyone estimated
    estimates.seal_estimate(game, 1, 2, 40)
    with pytest.raises(RulesError) as excinfo:
        estimates.choose_trump(game, 1, "clubs")
    assert "have estimated hand 1 with this trump" in problem(excinfo)[1]
    assert OpenHand.objects.get(game=game).trump == "spades"


@pytest.mark.parametrize("trump", ["obe-abe", "stars"])
def test_a_trump_the_game_does_not_allow_is_refused(game, trump):
    with pytest.raises(RulesError) as excinfo:
        estimates.choose_trump(game, 1, trump)
    assert problem(excinfo)[0] == "trump"


def test_an_estimate_changes_until_the_hand_starts_then_never(game):
    sealed(game)
    estimates.seal_estimate(game, 1, 0, 12)
    assert Estimate.objects.get(number=1, seat=0).value == 12
    estimates.start_hand(game, 1, PLAYERS)
    with pytest.raises(RulesError) as excinfo:
        estimates.seal_estimate(game, 1, 0, 99)
    assert problem(excinfo) == (
        "estimates[0]",
        "Hand 1 has started: its estimates and trump can no longer change.",
    )
    with pytest.raises(RulesError):
        estimates.choose_trump(game, 1, "spades")
    assert Estimate.objects.get(number=1, seat=0).value == 12


@pytest.mark.parametrize("value", [158, -1, "12", None, 1.5])
def test_an_estimate_out_of_range_is_refused_naming_the_seat(game, value):
    with pytest.raises(RulesError) as excinfo:
        estimates.seal_estimate(game, 1, 2, value)
    assert problem(excinfo)[0] == "estimates[2]"
    assert Estimate.objects.count() == 0


def test_starting_needs_the_trump_and_every_estimate(game):
    with pytest.raises(RulesError) as excinfo:
        estimates.start_hand(game, 1, PLAYERS)
    assert problem(excinfo)[0] == "trump"
    estimates.choose_trump(game, 1, "clubs")
    estimates.seal_estimate(game, 1, 1, 20)
    with pytest.raises(RulesError) as excinfo:
        estimates.start_hand(game, 1, PLAYERS)
    assert problem(excinfo)[1] == "Still to estimate: Anne, Claude, Denise."
    assert not OpenHand.objects.get().started_at


def test_points_before_the_start_are_refused(game):
    sealed(game)
    with pytest.raises(RulesError) as excinfo:
        record(game, (40, 30, 37, 50))
    assert "has not started yet" in problem(excinfo)[1]
    assert Hand.objects.count() == 0


@pytest.mark.parametrize(
    ("cards", "field", "words"),
    [
        ((40, 30, 37, 51), "cards", "40 + 30 + 37 + 51 = 158"),
        ((40, None, None, 50), "cards", "at least three"),
        ((100, 50, 20, None), "cards", "make 170, more than the 157"),
    ],
)
def test_card_points_that_do_not_make_157_are_refused(game, cards, field, words):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    with pytest.raises(RulesError) as excinfo:
        record(game, cards)
    assert problem(excinfo)[0] == field
    assert words in problem(excinfo)[1]
    assert Hand.objects.count() == 0
    assert Estimate.objects.count() == 4  # still sealed


def test_an_estimate_for_another_hand_is_out_of_date(game):
    with pytest.raises(StaleScreen):
        estimates.seal_estimate(game, 2, 0, 10)


def test_after_the_last_hand_the_game_is_over(game):
    for number in (1, 2):
        sealed(game, number=number)
        estimates.start_hand(game, number, PLAYERS)
        record(game, (40, 30, 37, 50), number=number)
    with pytest.raises(RulesError) as excinfo:
        estimates.seal_estimate(game, 3, 0, 10)
    assert "The game is over" in problem(excinfo)[1]
    assert game.result().over


def test_starting_a_game_twice_with_one_form_gives_one_game(club):
    key = uuid.uuid4()
    kwargs = {
        "club": club,
        "name": "",
        "players": PLAYERS,
        "hands": 12,
        "trumps": ("hearts",),
        "played_on": None,
        "suit_style": "french",
        "form_key": key,
    }
    assert estimates.start_game(**kwargs).pk == estimates.start_game(**kwargs).pk


# -- views ----------------------------------------------------------------------------------


def shows(html: str, value: int) -> bool:
    """Whether a page shows ``value`` as text (not inside a token or a drawing)."""
    return re.search(rf">\s*{value}\s*<", html) is not None


def test_the_start_form_makes_a_game_with_four_seat_links(client, club):
    response = client.post(
        reverse("scoring:new_differenzler"),
        {
            "club": club.pk,
            "form_key": uuid.uuid4(),
            **{f"seat_{seat}": name for seat, name in enumerate(PLAYERS)},
            "hands": 8,
            "suit_style": "french",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:table", args=[game.pk])
    assert game.individual
    assert game.rules.hands == 8
    assert SeatLink.objects.filter(game=game).count() == 4
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert page.content.decode().count("<svg") >= 4  # a QR code per seat


@pytest.mark.parametrize(("language", "name"), [("de", "Differenzler"), ("fr", "Différenzler")])
def test_a_game_left_unnamed_is_named_as_the_menu_names_the_kind(client, club, language, name):
    client.post(
        reverse("scoring:new_differenzler"),
        {
            "club": club.pk,
            "form_key": uuid.uuid4(),
            **{f"seat_{seat}": player for seat, player in enumerate(PLAYERS)},
            "hands": 8,
            "suit_style": "french",
        },
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert Game.objects.get().name == name


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seat_2": "anne"}, "seat_2"),
        ({"hands": 0}, "hands"),
        ({"hands": 101}, "hands"),
        ({"seat_3": ""}, "seat_3"),
    ],
)
def test_the_start_form_refuses_bad_input_beside_the_field(client, club, change, field):
    data = {
        "club": club.pk,
        "form_key": uuid.uuid4(),
        **{f"seat_{seat}": name for seat, name in enumerate(PLAYERS)},
        "hands": 12,
        "suit_style": "french",
        **change,
    }
    response = client.post(reverse("scoring:new_differenzler"), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert field in response.context["form"].errors
    assert Game.objects.count() == 0


def test_no_page_shows_an_estimate_before_its_hand_is_scored(client, game):
    links = estimates.seat_links(game, Author())
    estimates.choose_trump(game, 1, "hearts")
    # Anne types on her own phone, the others on the scorer's phone passed round
    anne_phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    anne = anne_phone.post(
        reverse("scoring:seat", args=[links[0].token]), {"hand_number": 1, "estimate": SECRET[0]}
    )
    assert anne.status_code == 302
    for seat in (1, 2, 3):
        passed = client.post(
            reverse("scoring:estimate_here", args=[game.pk, seat]),
            {"hand_number": 1, "estimate": SECRET[seat]},
            HTTP_ACCEPT_LANGUAGE="en",
        )
        assert passed.status_code == 302
        follow = client.get(passed["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert f"Estimate of {PLAYERS[seat]} sealed. Pass the phone on." in follow
        assert not any(shows(follow, value) for value in SECRET)

    scorer = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    html = scorer.content.decode()
    assert html.count("estimated</span>") == 4
    assert not any(shows(html, value) for value in SECRET)
    own = anne_phone.get(reverse("scoring:seat", args=[links[0].token])).content.decode()
    # her own phone, which holds her seat, shows what it sealed, and nothing else
    assert "Your estimate, sealed on this phone: <strong>131</strong>" in own
    assert not any(shows(own, value) for value in SECRET[1:])
    for link in links:
        other = client.get(reverse("scoring:seat", args=[link.token]), HTTP_ACCEPT_LANGUAGE="en")
        assert not any(shows(other.content.decode(), value) for value in SECRET)
    assert client.get(reverse("scoring:seat", args=[links[0].token])).status_code == 403
    poll = client.get(reverse("scoring:differenzler_live", args=[game.pk]) + "?shown=x")
    assert not any(shows(poll.content.decode(), value) for value in SECRET)

    client.post(reverse("scoring:start_hand", args=[game.pk]), {"hand_number": 1})
    posted = client.post(
        reverse("scoring:record_points", args=[game.pk]),
        {"hand_number": 1, "form_key": uuid.uuid4(), "cards_0": 40, "cards_1": 30, "cards_2": 37},
    )
    assert posted.status_code == 302
    revealed = client.get(reverse("scoring:seat", args=[links[1].token])).content.decode()
    assert all(shows(revealed, value) for value in SECRET)  # now everyone sees them


def test_a_refused_estimate_is_said_beside_the_box(client, game):
    response = client.post(
        reverse("scoring:estimate_here", args=[game.pk, 0]),
        {"hand_number": 1, "estimate": 200},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    assert response.context["form"].errors["estimate"] == ["An estimate is 0 to 157 card points."]
    assert Estimate.objects.count() == 0


def test_refused_points_keep_what_was_typed_with_the_message(client, game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    response = client.post(
        reverse("scoring:record_points", args=[game.pk]),
        {
            "hand_number": 1,
            "form_key": uuid.uuid4(),
            "cards_0": 40,
            "cards_1": 30,
            "cards_2": 37,
            "cards_3": 51,
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "40 + 30 + 37 + 51 = 158, but the cards of a hand make 157" in html
    assert 'value="51"' in html
    assert Hand.objects.count() == 0


def test_starting_without_every_estimate_says_who_is_missing(client, game):
    estimates.choose_trump(game, 1, "hearts")
    estimates.seal_estimate(game, 1, 0, 10)
    response = client.post(
        reverse("scoring:start_hand", args=[game.pk]), {"hand_number": 1}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 422
    assert "Still to estimate: Bernard, Claude, Denise." in response.content.decode()


def test_a_seat_link_opens_one_seat_only_and_a_revoked_one_nothing(client, game):
    links = estimates.seat_links(game, Author())
    estimates.choose_trump(game, 1, "hearts")
    client.logout()
    response = client.post(
        reverse("scoring:seat", args=[links[3].token]), {"hand_number": 1, "estimate": 40}
    )
    assert response.status_code == 302
    assert list(Estimate.objects.values_list("seat", "value")) == [(3, 40)]
    # the scorer's pages stay closed to a seat's phone
    assert client.get(reverse("scoring:table", args=[game.pk])).status_code == 302  # sign in
    links[3].revoke()
    assert client.get(reverse("scoring:seat", args=[links[3].token])).status_code == 404


def test_the_scorer_screen_polls_with_a_304_when_nothing_changed(client, game):
    url = reverse("scoring:differenzler_live", args=[game.pk]) + "?shown=x"
    first = client.get(url)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    estimates.choose_trump(game, 1, "clubs")
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_the_last_hands_points_are_typed_again_with_its_estimates_kept(game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    record(game, (40, 30, 37, 50))
    estimates.seal_estimate(game, 2, 3, 77)  # Denise already estimated the next hand
    key = uuid.uuid4()
    estimates.reopen_last_hand(game, 1, form_key=key, author=Author())
    estimates.reopen_last_hand(game, 1, form_key=key, author=Author())  # a double tap

    assert Hand.objects.count() == 0
    state = estimates.state(game)
    assert (state.number, state.trump, state.started) == (1, "hearts", True)
    with pytest.raises(RulesError):
        estimates.seal_estimate(game, 1, 0, 5)  # still sealed as they were
    hand = record(game, (50, 30, 37, 40))
    assert hand.read().estimates == SECRET
    assert hand.read().cards == (50, 30, 37, 40)
    assert Estimate.objects.get(number=2, seat=3).value == 77
    actions = list(HandChange.objects.order_by("created_at", "id").values_list("action", flat=True))
    assert actions == [HandChange.RECORDED, HandChange.UNDONE, HandChange.RECORDED]


def test_reopening_before_any_hand_or_from_an_old_screen_is_refused(game):
    with pytest.raises(RulesError) as excinfo:
        estimates.reopen_last_hand(game, 0, form_key=uuid.uuid4(), author=Author())
    assert problem(excinfo)[1] == "No hand is scored yet."
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    record(game, (40, 30, 37, 50))
    with pytest.raises(StaleScreen):
        estimates.reopen_last_hand(game, 2, form_key=uuid.uuid4(), author=Author())


def test_the_scorer_corrects_the_last_hand_through_the_screen(client, game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    record(game, (40, 30, 37, 50))
    page = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Correct the points of hand 1" in page.content.decode()
    response = client.post(
        reverse("scoring:reopen_last_hand", args=[game.pk]),
        {"hand_number": 1, "form_key": uuid.uuid4()},
    )
    assert response.status_code == 302
    again = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Save the hand" in again.content.decode()
    assert Hand.objects.count() == 0


def test_a_member_who_does_not_score_sees_the_game_page(client, club, make_user, game):
    client.force_login(make_user("member", club))
    response = client.get(reverse("scoring:table", args=[game.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", args=[game.pk])


def test_the_htmx_answer_to_saved_points_shows_the_hand_just_scored(client, game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    response = client.post(
        reverse("scoring:record_points", args=[game.pk]),
        {"hand_number": 1, "form_key": uuid.uuid4(), "cards_0": 40, "cards_1": 30, "cards_2": 37},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="diff-table"' in html
    assert "Hand 2 of 2" in html  # the next hand, to estimate
    assert all(shows(html, value) for value in SECRET)  # hand 1 revealed
    started = client.post(
        reverse("scoring:start_hand", args=[game.pk]),
        {"hand_number": 2},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Choose the trump of hand 2 first, or draw it." in started.content.decode()


def test_the_changes_page_names_each_players_estimate_and_points(client, game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    record(game, (40, 30, 37, 50))
    estimates.reopen_last_hand(game, 1, form_key=uuid.uuid4(), author=Author())
    page = client.get(reverse("scoring:history", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Anne 131/40 · Bernard 142/30 · Claude 153/37 · Denise 124/50" in html
    assert html.count("Anne 131/40") == 2  # recorded, then taken back


def test_a_seat_held_by_its_players_phone_is_not_typed_on_the_phone_passed_round(client, game):
    links = estimates.seat_links(game, Author())
    estimates.choose_trump(game, 1, "hearts")
    bernard = Client()
    bernard.post(reverse("scoring:seat", args=[links[1].token]), {"hand_number": 1, "estimate": 33})
    screen = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    response = client.post(
        reverse("scoring:estimate_here", args=[game.pk, 1]),
        {"hand_number": 1, "estimate": 99},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    seen = bernard.get(reverse("scoring:seat", args=[links[1].token]), HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 422
    assert response.context["form"].errors["estimate"] == [
        "This player's own phone holds their seat: they type their estimate there."
    ]
    assert Estimate.objects.get(seat=1).value == 33
    assert reverse("scoring:estimate_here", args=[game.pk, 1]) not in screen.content.decode()
    assert "on their phone" in screen.content.decode()
    assert "someone tried to type your estimate of hand 1 on the phone passed round" in (
        seen.content.decode()
    )


def test_a_new_code_for_a_seat_closes_the_old_one(client, game):
    old = estimates.seat_links(game, Author())[2]
    response = client.post(reverse("scoring:new_seat_link", args=[game.pk, 2]))
    assert response.status_code == 302
    assert client.get(reverse("scoring:seat", args=[old.token])).status_code == 404
    live = SeatLink.objects.filter(game=game, seat=2, revoked_at__isnull=True)
    assert live.count() == 1
    assert client.get(reverse("scoring:seat", args=[live.get().token])).status_code == 200


def test_taking_back_a_hand_is_refused_once_the_next_one_started(game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    record(game, (40, 30, 37, 50))
    sealed(game, number=2)
    estimates.start_hand(game, 2, PLAYERS)
    with pytest.raises(RulesError) as excinfo:
        estimates.reopen_last_hand(game, 1, form_key=uuid.uuid4(), author=Author())
    assert "Hand 2 has started" in problem(excinfo)[1]
    assert Hand.objects.count() == 1


def test_points_sent_again_after_the_hand_was_taken_back_are_out_of_date(client, game):
    sealed(game)
    estimates.start_hand(game, 1, PLAYERS)
    key = uuid.uuid4()
    data = {"hand_number": 1, "form_key": key, "cards_0": 40, "cards_1": 30, "cards_2": 37}
    client.post(reverse("scoring:record_points", args=[game.pk]), data)
    estimates.reopen_last_hand(game, 1, form_key=uuid.uuid4(), author=Author())
    again = client.post(reverse("scoring:record_points", args=[game.pk]), data)
    assert again.status_code == 302  # back to the screen, with a message; never a 500
    assert Hand.objects.count() == 0


# -- correcting an earlier hand -------------------------------------------------------------


def two_hands(game: Game) -> None:
    sealed(game, (40, 40, 40, 37))
    estimates.start_hand(game, 1, PLAYERS)
    record(game, (40, 40, 40, 37))  # all exact
    sealed(game, (50, 30, 40, 37), number=2)
    estimates.start_hand(game, 2, PLAYERS)
    record(game, (40, 40, 40, 37), number=2)


def correct(game: Game, number: int, cards, key=None, version=None, reason="") -> Hand:
    stored = game.hands.get(number=number)
    return estimates.correct_points(
        game,
        number,
        cards,
        version=version or estimates.points_version(stored),
        form_key=key or uuid.uuid4(),
        author=Author(device="test", reason=reason),
    )


def test_the_points_of_an_earlier_hand_are_corrected_its_estimates_kept(game):
    two_hands(game)

    hand = correct(game, 1, (50, 30, None, 37))

    assert hand.read().cards == (50, 30, 40, 37)
    assert hand.read().estimates == (40, 40, 40, 37)
    assert game.result().totals == (20, 20, 0, 0)
    change = HandChange.objects.filter(action=HandChange.EDITED).get()
    assert change.before["cards"] == [40, 40, 40, 37]
    assert change.after["cards"] == [50, 30, 40, 37]
    assert Hand.objects.filter(game=game).count() == 2


def test_a_correction_sent_twice_counts_once_and_an_old_form_is_out_of_date(game):
    two_hands(game)
    version = estimates.points_version(game.hands.get(number=1))
    key = uuid.uuid4()
    correct(game, 1, (50, 30, 40, 37), key=key, version=version)
    correct(game, 1, (50, 30, 40, 37), key=key, version=version)
    assert HandChange.objects.filter(action=HandChange.EDITED).count() == 1
    with pytest.raises(StaleScreen):
        correct(game, 1, (45, 35, 40, 37), version=version)  # made before the first
    assert game.hands.get(number=1).read().cards == (50, 30, 40, 37)


@pytest.mark.parametrize(
    ("cards", "words"),
    [((100, 40, 40, None), "157"), ((None, None, 40, 37), "three")],
)
def test_a_correction_that_breaks_a_rule_is_refused_and_nothing_changes(game, cards, words):
    two_hands(game)
    with pytest.raises(RulesError) as refused:
        correct(game, 1, cards)
    assert words in refused.value.problems[0].message
    assert game.hands.get(number=1).read().cards == (40, 40, 40, 37)
    assert not HandChange.objects.filter(action=HandChange.EDITED).exists()


def test_the_scorer_corrects_an_earlier_hand_from_the_game_page(client, game):
    two_hands(game)
    page = client.get(reverse("scoring:game", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    url = reverse("scoring:correct_hand", args=[game.pk, 1])
    assert url in page.content.decode()
    form = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    text = form.content.decode()
    assert "Correct hand 1" in text
    assert 'value="37"' in text  # the points as they were
    version = re.search(r'name="version" value="([^"]+)"', text)[1]
    data = {"hand_number": 1, "form_key": uuid.uuid4(), "version": version}

    refused = client.post(url, data | {"cards_0": 200}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422
    assert "Card points are 0 to 157." in refused.content.decode()
    saved = client.post(
        url, data | {"cards_0": 50, "cards_1": 30, "cards_2": 40}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert saved.status_code == 302
    assert game.hands.get(number=1).read().cards == (50, 30, 40, 37)
    changes = client.get(reverse("scoring:history", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert changes.status_code == 200
    assert "corrected" in changes.content.decode()
    missing = client.get(reverse("scoring:correct_hand", args=[game.pk, 9]))
    assert missing.status_code == 302  # no such hand: back to the table, saying so


def test_a_member_who_does_not_score_cannot_correct(client, club, make_user, game):
    two_hands(game)
    client.force_login(make_user("member", club))
    response = client.get(reverse("scoring:correct_hand", args=[game.pk, 1]))
    assert response.status_code == 403
