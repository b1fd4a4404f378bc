"""A sealed estimate is changed by its own player only (issue 23): in a Différenzler
tournament every player holds the table's link, so the table's screen shows no seat
codes; each player's seat link is on their own slip and held by the first phone that
opens it; the phone passed round seals an estimate once; and every seal, change and
refused attempt is in the game's changes, where the player's phone also says it."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.kinds.differenzler import estimates
from scoring.kinds.differenzler.models import Estimate, EstimateChange
from scoring.models import Game, SeatLink
from scoring.services import Author
from tests.tournaments.test_differenzler_tournament import differenzler, first_table, players
from tournaments import services
from tournaments.models import TableEvent

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def shows(html: str, value: int) -> bool:
    """Whether a page shows ``value`` as a number (not inside a link's random token)."""
    return re.search(rf"\b{value}\b", html) is not None


def phone() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def seat_url(game: Game, seat: int) -> str:
    link = game.seat_links.get(seat=seat, revoked_at__isnull=True)
    return reverse("scoring:seat", args=[link.token])


@pytest.fixture
def table_and_game(club):
    t = differenzler(club)
    players(t)
    table, game = first_table(t)
    estimates.choose_trump(game, 1, "hearts")
    return table, game


def test_the_table_screen_of_a_tournament_shows_and_makes_no_seat_codes(table_and_game):
    table, game = table_and_game
    tablemate = phone()
    tablemate.get(reverse("tournaments:table_link", args=[table.token]))

    screen = tablemate.get(reverse("scoring:table", args=[game.pk])).content.decode()
    made = tablemate.post(reverse("scoring:make_seat_links", args=[game.pk]))
    renewed = tablemate.post(reverse("scoring:new_seat_link", args=[game.pk, 0]))

    assert "/seat/" not in screen
    assert "<svg" not in screen
    assert "the QR code on their own slip" in screen
    assert (made.status_code, renewed.status_code) == (404, 404)
    assert game.seat_links.filter(revoked_at__isnull=True).count() == 4
    assert not game.seat_links.filter(revoked_at__isnull=False).exists()


def test_a_tablemate_cannot_change_another_players_estimate(table_and_game):
    """The cheat of issue 23, played through: Bernard holds the table's link (every
    player does) and saw Anne's slip. Anne sealed 60 on her phone, Claude 70 on the
    phone passed round. Bernard tries Anne's seat link, then the phone passed round
    for both: everything is refused, nothing changes, and both players are told."""
    table, game = table_and_game
    anne, claude, bernard = phone(), phone(), phone()
    anne.post(seat_url(game, 0), {"hand_number": 1, "estimate": 60})
    bernard.get(reverse("tournaments:table_link", args=[table.token]))  # the table's phone
    bernard.post(
        reverse("scoring:estimate_here", args=[game.pk, 2]), {"hand_number": 1, "estimate": 70}
    )  # Claude's turn with the phone passed round

    opened = bernard.get(seat_url(game, 0))
    posted = bernard.post(seat_url(game, 0), {"hand_number": 1, "estimate": 150})
    shared_anne = bernard.post(
        reverse("scoring:estimate_here", args=[game.pk, 0]), {"hand_number": 1, "estimate": 150}
    )
    shared_claude = bernard.post(
        reverse("scoring:estimate_here", args=[game.pk, 2]), {"hand_number": 1, "estimate": 150}
    )
    anne_sees = anne.get(seat_url(game, 0)).content.decode()
    claude_sees = claude.get(seat_url(game, 2)).content.decode()  # his slip's code, first time

    assert opened.status_code == posted.status_code == 403
    assert "This seat is open on another phone" in opened.content.decode()
    assert not shows(opened.content.decode(), 150)
    assert not shows(opened.content.decode(), 60)
    assert shared_anne.status_code == shared_claude.status_code == 422
    assert "own phone holds their seat" in shared_anne.content.decode()
    assert "only the player&#x27;s own phone changes it" in shared_claude.content.decode()
    sealed = dict(Estimate.objects.filter(game=game, number=1).values_list("seat", "value"))
    assert sealed == {0: 60, 2: 70}
    assert "another phone tried to open your seat" in anne_sees
    assert "someone tried to type your estimate of hand 1 on the phone passed round" in anne_sees
    assert "Your estimate, sealed on this phone: <strong>60</strong>" in anne_sees
    assert "someone tried to type your estimate of hand 1 on the phone passed round" in (
        claude_sees
    )
    assert "<strong>70</strong>" not in claude_sees  # sealed on the phone passed round

    changed = claude.post(seat_url(game, 2), {"hand_number": 1, "estimate": 75})
    assert changed.status_code == 302  # his own phone changes it
    assert Estimate.objects.get(game=game, number=1, seat=2).value == 75
    kept = list(
        EstimateChange.objects.filter(game=game)
        .order_by("created_at", "id")
        .values_list("seat", "action", "way", "value")
    )
    assert kept == [
        (0, "sealed", "own", 60),
        (2, "sealed", "shared", 70),
        (0, "refused", "other", None),
        (0, "refused", "shared", None),
        (2, "refused", "shared", None),
        (2, "changed", "own", 75),
    ]


def test_the_changes_show_each_estimate_once_its_hand_is_scored(table_and_game, make_user):
    _table, game = table_and_game
    anne = phone()
    anne.post(seat_url(game, 0), {"hand_number": 1, "estimate": 61})
    anne.post(seat_url(game, 0), {"hand_number": 1, "estimate": 63})
    for seat, value in ((1, 144), (2, 122), (3, 111)):
        estimates.seal_estimate(game, 1, seat, value)
    client = phone()
    client.force_login(make_user("member", game.club, name="member"))
    history = reverse("scoring:history", args=[game.pk])

    before = client.get(history).content.decode()
    estimates.start_hand(game, 1, game.seat_names())
    estimates.record_points(
        game, 1, (40, 40, 40, 37), form_key=uuid.uuid4(), author=Author(device="test")
    )
    after = client.get(history).content.decode()

    entries = re.findall(r"— ([^<]+)</div>", after)
    first, second = game.seat_names()[:2]
    assert not any(shows(before, value) for value in (61, 63, 144, 122, 111))  # no clock's
    assert f"{first}: sealed on the player&#x27;s own phone</div>" in before
    assert f"{first}: changed on the player&#x27;s own phone · 63" in after
    assert f"{first}: sealed on the player&#x27;s own phone · 61" in after
    assert f"{second}: sealed on the phone passed round · 144" in after
    assert len([e for e in entries if "sealed" in e or "changed" in e]) == 5


def test_the_director_gives_a_player_a_new_link_for_their_own_phone(table_and_game, make_user):
    table, game = table_and_game
    t = table.round.tournament
    director = phone()
    director.force_login(make_user("admin", game.club, name="director"))
    old_phone, new_phone = phone(), phone()
    old = seat_url(game, 1)
    old_phone.post(old, {"hand_number": 1, "estimate": 33})

    page = director.get(t.get_absolute_url()).content.decode()
    done = director.post(
        reverse("tournaments:new_seat_link", args=[t.pk, table.pk]), {"side": 1}, follow=True
    ).content.decode()
    new = seat_url(game, 1)
    qr = director.get(reverse("tournaments:seat_qr", args=[t.pk, table.pk, 1]))
    tablemate = phone()
    tablemate.get(reverse("tournaments:table_link", args=[table.token]))

    assert "Players' phones" in page
    assert "held by a phone since" in page
    assert f"{game.seat_names()[1]} has a new link for their own phone" in done
    assert old_phone.get(old).status_code == 404
    assert new_phone.get(new).status_code == 200
    assert old_phone.get(new).status_code == 200  # a page load holds nothing
    assert new_phone.post(new, {"hand_number": 1, "estimate": 34}).status_code == 302
    assert old_phone.get(new).status_code == 403  # the new phone holds the seat now
    assert Estimate.objects.get(game=game, number=1, seat=1).value == 34
    assert qr["Content-Type"] == "image/svg+xml"
    assert tablemate.get(reverse("tournaments:seat_qr", args=[t.pk, table.pk, 1])).status_code in (
        302,
        403,
        404,
    )
    assert table.events.filter(kind=TableEvent.NEW_SEAT, side=1).count() == 1
    refused = director.post(
        reverse("tournaments:new_seat_link", args=[t.pk, table.pk]), {"side": 7}, follow=True
    )
    assert "Choose the player who gets a new link." in refused.content.decode()
    assert SeatLink.objects.filter(game=game, revoked_at__isnull=True).count() == 4


def test_each_players_slip_carries_their_own_seat_link(table_and_game, make_user):
    table, game = table_and_game
    t = table.round.tournament
    director = phone()
    director.force_login(make_user("admin", game.club, name="director"))

    cards = director.get(reverse("tournaments:table_cards", args=[t.pk, 1]))

    assert cards["Content-Type"] == "application/pdf"
    slips = cards.context["cards"][0]["sides"]
    assert [slip["code"] for slip in slips] == table.codes
    links = {link.seat: link for link in game.seat_links.filter(revoked_at__isnull=True)}
    assert [slip["own"] for slip in slips] == [
        "http://testserver" + links[seat].get_absolute_url() for seat in range(4)
    ]
    assert all(slip["own_qr"].startswith("data:image/png;base64,") for slip in slips)


def test_a_new_table_link_is_no_way_into_a_seat(table_and_game, make_user):
    """The table's phone, lost and replaced, never opened a seat: its seats' links
    stay with the players' phones."""
    table, game = table_and_game
    anne = phone()
    anne.post(seat_url(game, 0), {"hand_number": 1, "estimate": 12})
    services.renew_link(table, director=make_user("admin", game.club))

    assert anne.get(seat_url(game, 0)).status_code == 200
    assert phone().get(seat_url(game, 0)).status_code == 403


def test_a_page_load_holds_no_seat_the_first_estimate_does(table_and_game):
    """A link preview or a scanner app that opens a seat's link takes nothing: the
    seat is held by the first phone that seals an estimate there."""
    _table, game = table_and_game
    preview, anne, late = phone(), phone(), phone()

    looked = preview.get(seat_url(game, 0)).content.decode()
    sealed = anne.post(seat_url(game, 0), {"hand_number": 1, "estimate": 61})
    refused = preview.post(seat_url(game, 0), {"hand_number": 1, "estimate": 150})
    poll = late.get(reverse("scoring:seat_live", args=[seat_url(game, 0).split("/")[2]]))

    assert "Your first estimate sealed here makes this phone" in looked
    assert sealed.status_code == 302
    assert "seat-" in sealed.cookies.output()
    assert sealed.cookies[next(iter(sealed.cookies))]["path"] == seat_url(game, 0)
    assert sealed.cookies[next(iter(sealed.cookies))]["httponly"]
    assert refused.status_code == 403
    assert poll.status_code == 403
    assert Estimate.objects.get(game=game, number=1, seat=0).value == 61


def test_the_seats_phone_is_told_of_an_estimate_sealed_for_it_on_the_phone_passed_round(
    table_and_game,
):
    """A tablemate seals an estimate for a player who has not typed yet: that
    player's phone says so, and their own estimate replaces it."""
    table, game = table_and_game
    cheat = phone()
    cheat.get(reverse("tournaments:table_link", args=[table.token]))
    cheat.post(
        reverse("scoring:estimate_here", args=[game.pk, 3]), {"hand_number": 1, "estimate": 150}
    )

    told = phone()
    seen = told.get(seat_url(game, 3)).content.decode()
    told.post(seat_url(game, 3), {"hand_number": 1, "estimate": 40})
    after = told.get(seat_url(game, 3)).content.decode()

    assert "An estimate for you was sealed on the phone passed round at" in seen
    assert not shows(seen, 150)
    assert Estimate.objects.get(game=game, number=1, seat=3).value == 40
    assert "sealed on the phone passed round" not in after


def test_a_new_seat_link_for_a_table_not_being_played_is_refused_in_words(club, make_user):
    t = differenzler(club)
    players(t)
    draft = services.schedule_next_pass(t)
    table = draft.tables.first()
    director = phone()
    director.force_login(make_user("admin", club, name="director"))

    answer = director.post(
        reverse("tournaments:new_seat_link", args=[t.pk, table.pk]), {"side": 0}, follow=True
    )

    assert answer.status_code == 200
    assert "Only a Différenzler table has a link per player." in answer.content.decode()


def test_a_redraw_asked_before_the_phone_got_its_key_is_no_attempt(table_and_game):
    """The seat's phone polls while its first estimate is on the way: a redraw that
    left before the answer brought the key is refused, but is not an attempt to tell
    the player about (it would redraw the box under their thumb)."""
    _table, game = table_and_game
    anne = phone()
    anne.post(seat_url(game, 0), {"hand_number": 1, "estimate": 61})

    late = phone().get(seat_url(game, 0), HTTP_HX_REQUEST="true")

    assert late.status_code == 403
    assert not EstimateChange.objects.filter(action="refused").exists()
