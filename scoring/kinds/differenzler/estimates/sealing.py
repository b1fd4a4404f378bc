"""Before a Différenzler hand is played: its trump, each player's sealed estimate, and
the scorer starting it, after which its trump and estimates cannot change."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import extras
from scoring.kinds.differenzler import rules as differenzler
from scoring.kinds.differenzler.estimates.history import refused
from scoring.kinds.differenzler.estimates.table import _locked, _open, _refuse
from scoring.kinds.differenzler.models import Estimate, EstimateChange, OpenHand
from scoring.models import Game, SeatLink
from scoring.rules import RulesError

STARTED = gettext_noop("Hand {number} has started: its estimates and trump can no longer change.")
TRUMP_ESTIMATED = gettext_noop(
    "Players have estimated hand {number} with this trump: it stays until the hand is played."
)
NO_TRUMP_YET = gettext_noop("Choose the trump of hand {number} first, or draw it.")
MISSING = gettext_noop("Still to estimate: {seats}.")
OWN_PHONE = gettext_noop(
    "This player sealed their estimate on their own phone: they change it there."
)
SEAT_HELD = gettext_noop(
    "This player's own phone holds their seat: they type their estimate there."
)
PRIVATE = gettext_noop(
    "This estimate is sealed: only the player's own phone changes it (the QR code on their slip)."
)


@transaction.atomic
def choose_trump(game: Game, number: int, trump: str | None) -> OpenHand:
    """The trump of hand ``number``: the one turned up at the table, or with ``None`` a
    suit the site draws at random among the game's trumps (as Swisslos does). It may
    change until the hand starts."""
    open_hand = _open(game, number, _locked(game))
    if open_hand.started_at:
        raise _refuse(STARTED, "trump", number=number)
    if trump is None and open_hand.trump_drawn:
        return open_hand  # drawn once (a double tap draws once)
    if Estimate.objects.filter(game=game, number=number).exists():
        raise _refuse(TRUMP_ESTIMATED, "trump", number=number)
    ruleset = game.rules
    if trump is None:
        trump, drawn = secrets.choice(ruleset.trumps), True
    else:
        drawn = False
        problems = differenzler.check_trump(ruleset, trump)
        if problems:
            raise RulesError(problems)
    open_hand.trump, open_hand.trump_drawn = trump, drawn
    open_hand.save(update_fields=["trump", "trump_drawn"])
    return open_hand


def seal_estimate(
    game: Game,
    number: int,
    seat: int,
    value: object,
    *,
    link: SeatLink | None = None,
    device: str = "",
) -> None:
    """A player's estimate of hand ``number``, sealed: it may change until the scorer
    starts the hand, and nobody sees it before the hand's points are recorded (the
    seat's own phone may show what it sealed). Typed on the seat's phone (``link``,
    which the caller checked this phone holds), it is changed there only. The phone
    passed round seals a seat no phone holds; where seats are private (a tournament:
    ``TableExtra.seats_private``) it seals each estimate once, and only the player's
    own phone changes it. Every seal and change is kept (``EstimateChange``), and so
    is a change refused."""
    problems = differenzler.check_estimate(value, seat)
    if problems:
        raise RulesError(problems)
    assert isinstance(value, int)  # a whole number, checked
    with transaction.atomic():
        refusal = _seal(game, number, seat, value, link, device)
    if refusal is not None:
        raise refusal  # after the attempt is stored


def _seal(
    game: Game, number: int, seat: int, value: int, link: SeatLink | None, device: str
) -> RulesError | None:
    open_hand = _open(game, number, _locked(game))
    if open_hand.started_at:
        raise _refuse(STARTED, f"estimates[{seat}]", number=number)
    sealed = Estimate.objects.filter(game=game, number=number, seat=seat).first()
    if link is None:
        refusal = _passed_round_refusal(game, number, seat, sealed, device)
        if refusal is not None:
            return refusal
    if sealed is not None and sealed.value == value and sealed.link_id == (link and link.pk):
        return None  # sealed again as it was: nothing changes, nothing to keep
    Estimate.objects.update_or_create(
        game=game,
        number=number,
        seat=seat,
        defaults={"value": value, "own_phone": link is not None, "link": link},
    )
    EstimateChange.objects.create(
        game=game,
        number=number,
        seat=seat,
        action=EstimateChange.SEALED if sealed is None else EstimateChange.CHANGED,
        way=EstimateChange.PASSED_ROUND if link is None else EstimateChange.OWN_PHONE,
        value=value,
        device=device,
    )
    return None


def _passed_round_refusal(
    game: Game, number: int, seat: int, sealed: Estimate | None, device: str
) -> RulesError | None:
    """Why the phone passed round may not seal ``seat``'s estimate, or None: the
    seat's own phone holds it, or sealed it, or (private seats) it is sealed already.
    The attempt is kept, for the seat's player to see."""
    field = f"estimates[{seat}]"
    if game.seat_links.filter(seat=seat, revoked_at__isnull=True).exclude(holder="").exists():
        refusal = _refuse(SEAT_HELD, field)
    elif sealed is not None and sealed.own_phone:
        refusal = _refuse(OWN_PHONE, field)
    elif sealed is not None and extras.extra_for(game).seats_private(game):
        refusal = _refuse(PRIVATE, field)
    else:
        return None
    refused(game, seat, EstimateChange.PASSED_ROUND, device, number=number)
    return refusal


@transaction.atomic
def start_hand(game: Game, number: int, seat_names: tuple[str, ...]) -> OpenHand:
    """The first card is played: the trump and the four estimates are kept as they
    are. Refused until every player has estimated and the trump is chosen; starting
    twice (a double tap) is starting once."""
    open_hand = _open(game, number, _locked(game))
    if open_hand.started_at:
        return open_hand
    if not open_hand.trump:
        raise _refuse(NO_TRUMP_YET, "trump", number=number)
    estimated = set(
        Estimate.objects.filter(game=game, number=number).values_list("seat", flat=True)
    )
    missing = [seat_names[seat] for seat in range(differenzler.PLAYERS) if seat not in estimated]
    if missing:
        raise _refuse(MISSING, "estimates", seats=", ".join(missing))
    open_hand.started_at = timezone.now()
    open_hand.save(update_fields=["started_at"])
    return open_hand
