"""Live on every phone: each screen polls whether the game changed since it was drawn.
An unchanged game answers 304 and replays nothing; a phone that scores is told it is
behind before its scorer types; a phone that follows swaps in the new game."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

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
