"""The Différenzler table (RULES.md §10), one action per function, each in one
transaction with the game's row locked: the trump of the hand, each player's sealed
estimate, starting the hand, recording its points.

The estimates stay sealed: nothing here returns another seat's estimate before the
hand's points are recorded. Once the scorer starts a hand its estimates and trump
cannot change; recording the points stores the ``Hand`` with the four estimates, and
the sealed rows are gone.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import secrets
import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from clubs.models import Club
from scoring import extras, locked_table, services, statistics
from scoring.models import (
    Estimate,
    EstimateChange,
    Game,
    Hand,
    HandChange,
    OpenHand,
    SeatLink,
)
from scoring.rules import Problem, RulesError, differenzler, gamefile, parse_ruleset
from scoring.rules.differenzler import DiffHand
from scoring.services import Author, StaleScreen, log_change

GAME_OVER = gettext_noop("The game is over: all {hands} hands are played.")
STARTED = gettext_noop("Hand {number} has started: its estimates and trump can no longer change.")
NOT_STARTED = gettext_noop(
    "Hand {number} has not started yet: every player estimates, then the scorer starts it."
)
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
REFUSALS_KEPT_EVERY = dt.timedelta(minutes=1)


@dataclass(frozen=True)
class TableState:
    """What anyone at the table may know of the hand being played: its number, trump,
    whether it started, and which seats have estimated (never how much)."""

    number: int
    trump: str
    trump_drawn: bool
    started: bool
    estimated: frozenset[int]
    over: bool

    @property
    def all_estimated(self) -> bool:
        return len(self.estimated) == differenzler.PLAYERS

    @property
    def version(self) -> str:
        seats = "".join(str(seat) for seat in sorted(self.estimated))
        return f"{self.number}-{self.trump}-{int(self.started)}-{seats}-{int(self.over)}"


def state(game: Game, played: int | None = None) -> TableState:
    """The hand being played of ``game`` (``played``: its number of hands, if known)."""
    if played is None:
        played = game.hands.count()
    number = played + 1
    over = played >= (game.rules.hands or 0)
    open_hand = OpenHand.objects.filter(game=game, number=number).first()
    estimated = frozenset(
        Estimate.objects.filter(game=game, number=number).values_list("seat", flat=True)
    )
    return TableState(
        number=number,
        trump=open_hand.trump if open_hand else "",
        trump_drawn=bool(open_hand and open_hand.trump_drawn),
        started=bool(open_hand and open_hand.started_at),
        estimated=estimated,
        over=over,
    )


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


def sealed_elsewhere(game: Game, number: int, link: SeatLink) -> EstimateChange | None:
    """How the seat's estimate of hand ``number`` was last sealed, when it was not by
    the seat's phone (``link``) but on the phone passed round: that phone tells its
    player, who may type their own over it."""
    last = (
        EstimateChange.objects.filter(
            game=game,
            number=number,
            seat=link.seat,
            action__in=(EstimateChange.SEALED, EstimateChange.CHANGED),
        )
        .order_by("-created_at", "-id")
        .first()
    )
    return last if last is not None and last.way == EstimateChange.PASSED_ROUND else None


def estimate_record(game: Game) -> list[tuple[EstimateChange, int | None]]:
    """A Différenzler game's estimates sealed, changed and refused, newest first, each
    with its estimate once its hand has been scored (recorded at least once: a hand
    taken back shows its estimates in its changes already), never before."""
    scored = (
        HandChange.objects.filter(game=game, action=HandChange.RECORDED)
        .order_by("-hand_number")
        .values_list("hand_number", flat=True)
        .first()
    ) or 0
    return [
        (change, change.value if change.number <= scored else None)
        for change in game.estimate_changes.all()
    ]


def refusals_seen_by(link: SeatLink) -> list[EstimateChange]:
    """The attempts on the link's seat in its game that were refused, newest first:
    the seat's phone tells its player."""
    return list(
        EstimateChange.objects.filter(
            game=link.game_id, seat=link.seat, action=EstimateChange.REFUSED
        )[:5]
    )


def _locked(game: Game) -> int:
    """Lock the game's row; the number of hands it has."""
    Game.objects.select_for_update().filter(pk=game.pk).values_list("pk").get()
    return game.hands.count()


def _refuse(template: str, field: str = "", **params: object) -> RulesError:
    return RulesError([Problem(field, template, params=params)])


def _open(game: Game, number: int, played: int) -> OpenHand:
    """The hand being played, checked to be ``number`` and not past the last hand."""
    last = game.rules.hands or 0
    if played >= last:
        raise _refuse(GAME_OVER, hands=last)
    if number != played + 1:
        raise StaleScreen(_("This screen is out of date — here is the game now."))
    open_hand = OpenHand.objects.filter(game=game).first()
    if open_hand is not None and open_hand.number != number:
        open_hand.delete()  # a hand left open before an undo
        open_hand = None
    if open_hand is None:
        open_hand = OpenHand.objects.create(game=game, number=number)
    return open_hand


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
    with transaction.atomic():
        refusal = _seal(game, number, seat, value, link, device)
    if refusal is not None:
        raise refusal  # after the attempt is stored


def _seal(
    game: Game, number: int, seat: int, value: object, link: SeatLink | None, device: str
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


def refused(game: Game, seat: int, way: str, device: str, *, number: int | None = None) -> None:
    """Keep an attempt to reach ``seat`` that was refused, for its player to see (once
    a minute at most: a phone reloading the refusal is one attempt). It is stored
    even though the action that tried is refused."""
    if number is None:
        number = game.hands.count() + 1
    recent = timezone.now() - REFUSALS_KEPT_EVERY
    kept = EstimateChange.objects.filter(
        game=game, seat=seat, action=EstimateChange.REFUSED, way=way, created_at__gte=recent
    )
    if not kept.exists():
        EstimateChange.objects.create(
            game=game,
            number=number,
            seat=seat,
            action=EstimateChange.REFUSED,
            way=way,
            device=device,
        )


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


@dataclass(frozen=True)
class Scored:
    """A hand's points recorded: the hand, and for the screen drawn after it (``hands``
    None when the same form had been sent before) the game's hands, the seats that
    have already estimated the next hand (sealed before a hand was taken back) and the
    seats' links in use, by seat."""

    hand: Hand
    hands: list[Hand] | None = None
    next_estimated: frozenset[int] = frozenset()
    links: dict[int, SeatLink] = dataclasses.field(default_factory=dict)

    def state(self, game: Game) -> TableState:
        """The hand being played next (the recorded hand's open row is gone)."""
        played = len(self.hands or ())
        return TableState(
            number=played + 1,
            trump="",
            trump_drawn=False,
            started=False,
            estimated=self.next_estimated,
            over=played >= (game.rules.hands or 0),
        )


def record_points(
    game: Game,
    number: int,
    cards: tuple[int | None, ...],
    *,
    form_key: uuid.UUID,
    author: Author,
) -> Hand:
    """Record the card points of hand ``number`` (three typed, the fourth 157 minus the
    others): the hand is checked with the whole game by the rules engine and stored
    with its four estimates, which are then shown to everyone. The same form sent
    again stores nothing more; a screen out of date is refused (:class:`StaleScreen`)."""
    return score_hand(game, number, cards, form_key=form_key, author=author).hand


def score_hand(
    game: Game,
    number: int,
    cards: tuple[int | None, ...],
    *,
    form_key: uuid.UUID,
    author: Author,
) -> Scored:
    """:func:`record_points`, with what the scorer's screen is drawn from after it."""
    try:
        with transaction.atomic():
            return _record_points(game, number, cards, form_key, author)
    except IntegrityError:
        change = HandChange.objects.filter(game=game, form_key=form_key).first()
        if change is None:
            raise StaleScreen(_("Another device changed this game at the same moment.")) from None
        return Scored(_recorded(game, change))


def _recorded(game: Game, change: HandChange) -> Hand:
    """The hand a form recorded before (sent again): out of date if it was taken back."""
    hand = Hand.objects.filter(game=game, number=change.hand_number).first()
    if hand is None:
        raise StaleScreen(_("This screen is out of date — here is the game now."))
    return hand


def _record_points(
    game: Game, number: int, cards: tuple[int | None, ...], form_key: uuid.UUID, author: Author
) -> Scored:
    """The game's row locked with what the hand needs and the screen shows after it, in
    one statement (``locked_table``); the form key is looked up only when the form no
    longer fits the game (sent before, or from a screen out of date): a repeated key is
    caught by its unique constraint."""
    table = locked_table.read_locked(game)
    stored_hands, open_hand = table.hands, table.open_hand
    played = len(stored_hands)
    if number != played + 1:
        change = HandChange.objects.filter(game=game, form_key=form_key).first()
        if change is not None:  # sent before: done
            return Scored(_recorded(game, change))
    extras.extra_for(game).guard_change(game, HandChange.RECORDED, author)  # e.g. settled
    last = game.rules.hands or 0
    if played >= last:
        raise _refuse(GAME_OVER, hands=last)
    if number != played + 1:
        raise StaleScreen(_("This screen is out of date — here is the game now."))
    if open_hand is None or open_hand.number != number or not open_hand.started_at:
        raise _refuse(NOT_STARTED, "cards", number=number)
    estimates = tuple(table.estimates[seat] for seat in range(differenzler.PLAYERS))
    hand = DiffHand(open_hand.trump, estimates, differenzler.fill_cards(cards))  # type: ignore[arg-type]
    hands = [h.to_diff() for h in stored_hands]
    result = differenzler.play(game.rules, [*hands, hand])  # raises, naming the field
    stored = Hand.from_diff(game, number, hand)
    stored.save()
    log_change(game, number, HandChange.RECORDED, None, hand.to_dict(), form_key, author)
    Estimate.objects.filter(game=game, number=number).delete()
    open_hand.delete()
    statistics.update_seat_results(game, result)  # its players as read with the table
    return Scored(stored, [*stored_hands, stored], table.next_estimated, table.links)


NOTHING_TO_REOPEN = gettext_noop("No hand is scored yet.")
NEXT_STARTED = gettext_noop(
    "Hand {number} has started: type its points first; a hand before it is no longer changed."
)


def reopen_last_hand(game: Game, number: int, *, form_key: uuid.UUID, author: Author) -> None:
    """Take back the card points of the last hand (a typo): the hand is played again
    from its start, with the same trump and the same four estimates, which can no
    longer change, and the scorer types its points again. The same form twice takes
    back one hand; a screen out of date is refused (:class:`StaleScreen`)."""
    try:
        with transaction.atomic():
            _reopen(game, number, form_key, author)
    except IntegrityError:
        if not HandChange.objects.filter(game=game, form_key=form_key).exists():
            raise StaleScreen(_("Another device changed this game at the same moment.")) from None


def _reopen(game: Game, number: int, form_key: uuid.UUID, author: Author) -> None:
    played = _locked(game)
    if HandChange.objects.filter(game=game, form_key=form_key).exists():
        return  # sent before: done
    extras.extra_for(game).guard_change(game, HandChange.UNDONE, author)  # e.g. settled
    if played == 0:
        raise _refuse(NOTHING_TO_REOPEN)
    if number != played:
        raise StaleScreen(_("This screen is out of date — here is the game now."))
    if OpenHand.objects.filter(game=game, number=number + 1, started_at__isnull=False).exists():
        raise _refuse(NEXT_STARTED, number=number + 1)
    last = game.hands.get(number=number)
    hand = last.to_diff()
    log_change(game, number, HandChange.UNDONE, hand.to_dict(), None, form_key, author)
    last.delete()
    # the next hand's sealed estimates stay for it; its trump is chosen again
    OpenHand.objects.filter(game=game).delete()
    OpenHand.objects.create(game=game, number=number, trump=hand.trump, started_at=timezone.now())
    Estimate.objects.bulk_create(
        Estimate(game=game, number=number, seat=seat, value=value)
        for seat, value in enumerate(hand.estimates)
    )
    kept = [h.to_diff() for h in game.hands.order_by("number")]
    statistics.update_seat_results(game, differenzler.play(game.rules, kept, check=False))


def points_version(hand: Hand) -> str:
    """A short fingerprint of a scored hand: a correction form carries the one it was
    made from, and is refused when the hand changed since."""
    text = json.dumps(hand.to_diff().to_dict(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def correct_points(
    game: Game,
    number: int,
    cards: tuple[int | None, ...],
    *,
    version: str,
    form_key: uuid.UUID,
    author: Author,
) -> Hand:
    """Put right the card points of scored hand ``number`` (three typed, the fourth
    157 minus the others): its trump and four estimates stay as they were sealed.
    The game is counted again; the change is kept with before, after and why. A
    settled tournament table is changed by its director only, saying why (the
    game's extra decides). The same form twice corrects once; a hand changed since
    the form was made is refused (:class:`StaleScreen`)."""
    try:
        with transaction.atomic():
            return _correct_points(game, number, cards, version, form_key, author)
    except IntegrityError:
        if not HandChange.objects.filter(game=game, form_key=form_key).exists():
            raise StaleScreen(_("Another device changed this game at the same moment.")) from None
        return game.hands.get(number=number)


def _correct_points(
    game: Game,
    number: int,
    cards: tuple[int | None, ...],
    version: str,
    form_key: uuid.UUID,
    author: Author,
) -> Hand:
    _locked(game)
    if HandChange.objects.filter(game=game, form_key=form_key).exists():
        return game.hands.get(number=number)  # sent before: done
    extra = extras.extra_for(game)
    guarded = extra.guard_change(game, HandChange.EDITED, author)  # e.g. settled
    stored = {hand.number: hand for hand in game.hands.order_by("number")}
    if number not in stored:
        raise StaleScreen(
            _("Hand %(number)s no longer exists — here is the game now.") % {"number": number}
        )
    if points_version(stored[number]) != version:
        raise StaleScreen(
            _("Hand %(number)s was changed on another device — here it is now.")
            % {"number": number}
        )
    before = [hand.to_diff() for hand in stored.values()]
    old = before[number - 1]
    hand = DiffHand(old.trump, old.estimates, differenzler.fill_cards(cards))  # type: ignore[arg-type]
    hands = [*before[: number - 1], hand, *before[number:]]
    after = differenzler.play(game.rules, hands)  # raises, naming the field
    change = log_change(
        game, number, HandChange.EDITED, old.to_dict(), hand.to_dict(), form_key, author
    )
    if guarded is not None:
        counted = differenzler.play(game.rules, before, check=False)
        extra.after_change(guarded, counted, after, hands, change, author)
    replacement = Hand.from_diff(game, number, hand)
    replacement.pk, replacement.created_at = stored[number].pk, stored[number].created_at
    replacement.save()
    statistics.update_seat_results(game, after)
    return replacement


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
    record = gamefile.IndividualRecord(name, played_on, ruleset, players, ())
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
            links[seat] = SeatLink.objects.create(
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
    return SeatLink.objects.create(game=game, seat=seat, created_by=author.user_or_none)
