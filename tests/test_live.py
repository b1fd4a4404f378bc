"""Live on every phone: each screen polls whether the game changed since it was drawn.
An unchanged game answers 304 and replays nothing; a phone that scores is told it is
behind before its scorer types; a phone that follows swaps in the new game."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from scoring.models import SpectatorLink
from tests.test_table import new_game, post_hand

pytestmark = pytest.mark.django_db


def poll_url(html: str) -> str:
    found = re.search(r'id="live" class="live" hx-get="([^"]+)"', html)
    assert found, "the page has no live poll"
    return found.group(1).replace("&amp;", "&")


def test_an_unchanged_game_answers_304_with_no_body(client, django_assert_max_num_queries):
    game = new_game()
    post_hand(client, game, trump="hearts", points="100")
    url = poll_url(client.get(reverse("scoring:table", args=[game.pk])).content.decode())

    first = client.get(url)
    with django_assert_max_num_queries(7):  # session, user, game, hands, roles: no replay
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200
    assert "behind" not in first.content.decode()
    assert again.status_code == 304
    assert again.content == b""
    assert "no-cache" in first["Cache-Control"]


def test_a_scoring_phone_is_told_it_is_behind_before_it_types(client):
    game = new_game()
    url = poll_url(client.get(reverse("scoring:table", args=[game.pk])).content.decode())
    other_phone = client  # the same scorer on another phone records hand 1
    post_hand(other_phone, game, trump="hearts", points="100")

    answer = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "This screen is behind: the game changed on another phone." in answer
    assert reverse("scoring:table", args=[game.pk]) in answer


def test_a_following_phone_swaps_in_the_new_game(client, club, make_user):
    game = new_game()
    member = Client(HTTP_ACCEPT_LANGUAGE="en")
    member.force_login(make_user("member", club))
    url = poll_url(member.get(reverse("scoring:game", args=[game.pk])).content.decode())
    post_hand(client, game, trump="hearts", points="100")

    answer = member.get(url).content.decode()

    assert 'hx-trigger="load"' in answer
    assert 'hx-select="main"' in answer
    assert "This screen is behind" not in answer


def test_a_spectator_follows_the_game_until_the_link_is_revoked(client):
    game = new_game()
    link = SpectatorLink.objects.create(game=game)
    watcher = Client()
    url = poll_url(watcher.get(reverse("scoring:spectate", args=[link.token])).content.decode())
    post_hand(client, game, trump="hearts", points="100")

    behind = watcher.get(url).content.decode()
    link.revoke()
    revoked = watcher.get(url)

    assert 'hx-trigger="load"' in behind
    assert revoked.status_code == 404


def test_the_poll_shows_nothing_to_someone_outside_the_club(client, make_user):
    game = new_game()
    outsider = Client()
    outsider.force_login(make_user())

    answer = outsider.get(reverse("scoring:live", args=[game.pk]) + "?where=table&shown=x")

    assert answer.status_code == 404


# -- whatever a phone sends as ``shown`` ---------------------------------------------------

ODD_SHOWN = {
    "nul": "\x00",
    "newline": "\n",
    "accent": "é",
    "quote": '"',
    "ten-kB": "a" * 10_000,
}
ETAG = re.compile(r'"[\x21\x23-\x7e]*"')  # what HTTP allows, in plain ASCII


def differenzler_game():
    from scoring.kinds.differenzler import estimates

    return estimates.start_game(
        club=Club.objects.get(slug="test-club"),
        name="Différenzler",
        players=("Anne", "Bernard", "Claude", "Denise"),
        hands=2,
        trumps=("hearts",),
        played_on=None,
        suit_style="french",
        form_key=None,
    )


def table_poll(client):
    return client, reverse("scoring:live", args=[new_game().pk]), {"where": "table"}


def differenzler_poll(client):
    return client, reverse("scoring:differenzler_live", args=[differenzler_game().pk]), {}


def seat_poll(client):
    from scoring.kinds.differenzler import estimates
    from scoring.services import Author

    link = estimates.seat_links(differenzler_game(), Author())[0]
    return Client(), reverse("scoring:seat_live", args=[link.token]), {}


def spectator_poll(client):
    link = SpectatorLink.objects.create(game=new_game())
    return Client(), reverse("scoring:spectate_live", args=[link.token]), {}


def big_slate_poll(client):
    return client, reverse("scoring:big_slate_live", args=[new_game().pk]), {}


@pytest.mark.parametrize("shown", ODD_SHOWN.values(), ids=ODD_SHOWN.keys())
@pytest.mark.parametrize(
    "poll", [table_poll, differenzler_poll, seat_poll, spectator_poll, big_slate_poll]
)
def test_a_poll_from_a_screen_showing_no_version_is_told_it_is_behind(client, poll, shown):
    phone, url, query = poll(client)
    phone.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"

    answer = phone.get(url, {**query, "shown": shown})
    again = phone.get(url, {**query, "shown": shown}, HTTP_IF_NONE_MATCH=answer["ETag"])

    assert answer.status_code == 200
    assert ETAG.fullmatch(answer["ETag"])
    html = answer.content.decode()
    assert "This screen is behind" in html or 'hx-trigger="load"' in html
    assert again.status_code == 304
