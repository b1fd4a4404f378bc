"""A kind's own live poll: a phone on the page follows the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from scoring.kind_views.common import (
    View,
)
from scoring.models import Game
from scoring.views.common import (
    poll_answer,
)
from scoring.views.table import hands_version, polled_game


@dataclass(frozen=True)
class Poll:
    """A kind's own live poll (``scoring.views.common.poll_answer``): the URL names of
    the poll and of the page it brings anew into ``target`` as soon as the game
    changed, what the page shows (``version``: by default the hands as the kind reads
    them), how the game is read for whoever asks, the poll's query and how often it
    asks (``trigger``)."""

    name: str
    page: str
    target: str
    version: Callable[[Game], str] = hands_version
    game: Callable[[HttpRequest, int], Game] = polled_game
    query: Mapping[str, str] = field(default_factory=dict)
    trigger: str | None = None


def poll_page(poll: Poll) -> View:
    """The poll's view (a kind decorates it: GET, and who may ask): a phone on the
    page follows the game."""

    def live(request: HttpRequest, game_id: int) -> HttpResponse:
        game = poll.game(request, game_id)
        url, page = reverse(poll.name, args=[game.pk]), reverse(poll.page, args=[game.pk])
        version = poll.version(game)
        query = dict(poll.query)
        return poll_answer(request, version, url, page, poll.target, True, query, poll.trigger)

    return live
