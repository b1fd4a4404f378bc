"""The seats' links of a Différenzler game: made with the game, each held by the first
phone that seals an estimate through it, and replaced when a player changes phones."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import uuid

from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from scoring import services
from scoring.kinds.differenzler import rules as differenzler
from scoring.kinds.differenzler.estimates.history import refused
from scoring.kinds.differenzler.estimates.table import _locked
from scoring.kinds.differenzler.gamefile import IndividualRecord
from scoring.kinds.differenzler.models import Estimate, EstimateChange
from scoring.models import Game, SeatLink
from scoring.rules import parse_ruleset
from scoring.services import Author


def own_estimate(game: Game, number: int, link: SeatLink) -> int | None:
    """What the seat's phone (``link``, held by that phone) sealed for hand
    ``number``: for that phone alone, and only what it sealed itself."""
    return (
        Estimate.objects.filter(game=game, number=number, seat=link.seat, link=link)
        .values_list("value", flat=True)
        .first()
    )


def _key_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def holds(link: SeatLink, key: str | None) -> bool:
    """Whether the phone with ``key`` (from its cookie) holds ``link``'s seat."""
    return bool(key and link.holder) and secrets.compare_digest(link.holder, _key_digest(key or ""))


def hold_seat(link: SeatLink, key: str | None, device: str) -> str | None:
    """The key with which this phone holds the seat of ``link``: its own (``key``,
    from its cookie) when it holds it, a new one when it is the first phone to seal an
    estimate there (a page load holds nothing: link previews and scanners open links
    too). None when another phone holds it: the attempt is kept for the seat's player
    to see, and only a new link (the scorer's, or in a tournament the director's) lets
    another phone in."""
    if not link.holder:
        with transaction.atomic():  # the first phone: a write, once
            link = SeatLink.objects.select_for_update().get(pk=link.pk)
            if not link.holder:
                key = secrets.token_urlsafe(32)
                link.holder, link.held_at, link.held_on = _key_digest(key), timezone.now(), device
                link.save(update_fields=["holder", "held_at", "held_on"])
                return key
    if holds(link, key):
        return key  # its own phone: read only
    refuse_other_phone(link, device)
    return None


def refuse_other_phone(link: SeatLink, device: str) -> None:
    """Another phone than the one holding the seat tried to open it: kept."""
    refused(link.game, link.seat, EstimateChange.OTHER_PHONE, device)


def start_game(
    *,
    club: Club,
    name: str,
    players: tuple[str, str, str, str],
    hands: int,
    trumps: tuple[str, ...],
    played_on: dt.date | None,
    suit_style: str,
    form_key: uuid.UUID | None,
    author: Author | None = None,
) -> Game:
    """A new Différenzler game with no hand yet, and its four seats' links. The same
    start form sent again (a double tap, the back button) gives the game it started
    the first time."""
    ruleset = parse_ruleset({"preset": differenzler.PRESET, "hands": hands, "trumps": list(trumps)})
    record = IndividualRecord(name, played_on, ruleset, players, ())
    with transaction.atomic():
        game = services.start_once(record, club=club, suit_style=suit_style, form_key=form_key)
        seat_links(game, author or Author())  # made once: a form sent again finds them
    return game


@transaction.atomic
def seat_links(game: Game, author: Author) -> list[SeatLink]:
    """The four seats' links (made once; the same ones are shown again)."""
    _locked(game)
    links = {link.seat: link for link in game.seat_links.filter(revoked_at__isnull=True)}
    for seat in range(differenzler.PLAYERS):
        if seat not in links:
            links[seat] = SeatLink.objects.create(  # type: ignore[misc]  # Author's user is User
                game=game, seat=seat, created_by=author.user_or_none
            )
    return [links[seat] for seat in range(differenzler.PLAYERS)]


@transaction.atomic
def new_seat_link(game: Game, seat: int, author: Author) -> SeatLink:
    """A new link for one seat (a player changed phones, or its code was seen): the old
    link opens nothing any more. What that seat already sealed stays."""
    _locked(game)
    for link in game.seat_links.filter(seat=seat, revoked_at__isnull=True):
        link.revoke()
    # Author's user is the site's user model (``created_by``'s), typed as its base
    return SeatLink.objects.create(game=game, seat=seat, created_by=author.user_or_none)  # type: ignore[misc]
