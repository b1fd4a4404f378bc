"""A game of each kind, as a phone at its table opens it, for the transfer of every
kind's table screen (`make bench`, section 3): the phone's client, the screen's URL and
how many hands are recorded on it."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from scripts.bench_parts.common import (
    BROWSER_HEADERS,
    TRANSFER_HANDS,
    bench_club,
    new_game,
    record_hand,
    scorer_client,
)

Screen = tuple[Any, str, int]  # the phone's client, the table screen's path, its hands


def team() -> Screen:
    from django.urls import reverse

    client, game = scorer_client(), new_game("Bench: transfer")
    for number in range(1, TRANSFER_HANDS + 1):
        record_hand(client, game.pk, number)
    return client, reverse("scoring:table", args=[game.pk]), TRANSFER_HANDS


def tournament() -> Screen:
    """The one table of a published pass, opened from its link by nobody signed in."""
    import datetime as dt

    from django.test import Client
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Tournament

    tournament = Tournament.objects.create(
        club=bench_club(),
        name=f"Bench: transfer {uuid.uuid4().hex[:6]}",
        date=dt.date(2026, 11, 28),
        hands=12,
        trump_order=["diamonds", "spades", "hearts", "obe-abe"],
    )
    for n in (1, 2):
        services.check_in(
            services.register(tournament, name=f"Team {n}", player_1=f"A{n}", player_2=f"B{n}")
        )
    table = services.publish_pass(services.schedule_next_pass(tournament)).tables.get()
    phone = Client()
    phone.get(reverse("tournaments:table_link", args=[table.token]), headers=BROWSER_HEADERS)
    return phone, reverse("scoring:table", args=[table.game_id]), 0


def coiffeur() -> Screen:
    """A Coiffeur sheet of two sides, started from its form, a hand in each row played."""
    from django.urls import reverse

    from scoring.models import Game

    client = scorer_client()
    started = client.post(
        reverse("scoring:new_coiffeur"),
        {
            "club": bench_club().pk,
            "preset": "coiffeur",
            "side_0_player_0": "Anne",
            "side_0_player_1": "Claude",
            "side_1_player_0": "Bernard",
            "side_1_player_1": "Denise",
            "suit_style": "french",
            "form_key": str(uuid.uuid4()),
        },
    )
    if started.status_code != 302:
        raise RuntimeError(f"the Coiffeur game did not start: HTTP {started.status_code}")
    game = Game.objects.latest("pk")
    url = reverse("scoring:coiffeur_record_hand", args=[game.pk])
    rows = ("hearts", "diamonds", "spades", "clubs")
    for number, (team, row) in enumerate(((t, r) for r in rows for t in (0, 1)), start=1):
        data = {
            "hand_number": number,
            "form_key": str(uuid.uuid4()),
            "team": str(team),
            f"row_{team}": row,
            "outcome": "cards",
            "points": "90",
        }
        client.post(url, data, headers={**BROWSER_HEADERS, "HX-Request": "true"})
        if game.hands.count() != number:
            raise RuntimeError(f"Coiffeur hand {number} was not recorded")
    return client, reverse("scoring:table", args=[game.pk]), len(rows) * 2


def differenzler() -> Screen:
    """A Différenzler game of 12 hands, 4 of them played."""
    from django.urls import reverse

    from scoring.kinds.differenzler import estimates

    client, played = scorer_client(), 4
    game = estimates.start_game(
        club=bench_club(),
        name="Bench: Différenzler transfer",
        players=("Anne", "Bernard", "Claude", "Denise"),
        hands=12,
        trumps=("hearts", "diamonds", "clubs", "spades"),
        played_on=None,
        suit_style="french",
        form_key=None,
    )
    for number in range(1, played + 1):
        estimates.choose_trump(game, number, "hearts")
        for seat, value in enumerate((40, 40, 40, 37)):
            estimates.seal_estimate(game, number, seat, value)
        estimates.start_hand(game, number, game.seat_names())
        data = {"hand_number": str(number), "form_key": str(uuid.uuid4())}
        data |= {"cards_0": "40", "cards_1": "30", "cards_2": "37"}
        client.post(
            reverse("scoring:record_points", args=[game.pk]),
            urlencode(data),
            content_type="application/x-www-form-urlencoded",
            headers={**BROWSER_HEADERS, "HX-Request": "true"},
        )
        if game.hands.count() != number:
            raise RuntimeError(f"Différenzler hand {number} was not recorded")
    return client, reverse("scoring:table", args=[game.pk]), played


def guggitaler() -> Screen:
    """A Guggitaler of four players, four hands played."""
    from django.urls import reverse

    client = scorer_client()
    game = _started(
        client,
        "scoring:new_guggitaler",
        {
            "preset": "guggitaler",
            **{f"player_{seat}": name for seat, name in enumerate(PLAYERS)},
            "suit_style": "german",
            "domino": "on",
            "series": "1",
        },
    )
    url = reverse("scoring:guggitaler_record_hand", args=[game.pk])
    counts = ((3, 2, 4, 0), (0, 5, 2, 2), (1, 1, 1, 1), (0, 0, 1, 0))
    for number, values in enumerate(counts, start=1):
        data = {"hand_number": number, "form_key": str(uuid.uuid4())}
        data |= {f"count_{seat}": str(value) for seat, value in enumerate(values)}
        _played(client, url, data, game, number)
    return client, reverse("scoring:table", args=[game.pk]), len(counts)


def sidi() -> Screen:
    """A Sidi Barrani game of two teams, four hands played."""
    from django.urls import reverse

    client = scorer_client()
    game = _started(
        client,
        "scoring:new_sidi",
        {
            "preset": "sidi",
            **{f"seat_{seat}": name for seat, name in enumerate(PLAYERS)},
            "suit_style": "french",
        },
    )
    url = reverse("scoring:sidi_record_hand", args=[game.pk])
    played = 4
    for number in range(1, played + 1):
        data = {
            "hand_number": number,
            "form_key": str(uuid.uuid4()),
            "team": str(number % 2),
            "trump": "hearts",
            "bid": "120",
            "double": "1",
            "typed_team": str(number % 2),
            "points": "130",
            **dict.fromkeys(("match", "weis_0", "weis_1", "stoeck"), ""),
        }
        _played(client, url, data, game, number)
    return client, reverse("scoring:table", args=[game.pk]), played


PLAYERS = ("Anne", "Bernard", "Claude", "Denise")


def _started(client: Any, start: str, fields: dict[str, str]) -> Any:
    """A game started from its kind's form, as a phone does."""
    from django.urls import reverse

    from scoring.models import Game

    data = {"club": bench_club().pk, "form_key": str(uuid.uuid4()), **fields}
    started = client.post(reverse(start), data)
    if started.status_code != 302:
        raise RuntimeError(f"{start}: the game did not start: HTTP {started.status_code}")
    return Game.objects.latest("pk")


def _played(client: Any, url: str, data: dict[str, Any], game: Any, number: int) -> None:
    client.post(url, data, headers={**BROWSER_HEADERS, "HX-Request": "true"})
    if game.hands.count() != number:
        raise RuntimeError(f"{url}: hand {number} was not recorded")


KINDS: dict[str, Callable[[], Screen]] = {
    "team": team,
    "tournament table": tournament,
    "Coiffeur": coiffeur,
    "Différenzler": differenzler,
    "Guggitaler": guggitaler,
    "Sidi Barrani": sidi,
}
