"""A Différenzler hand's card points: recorded (the hand stored with its four
estimates, the sealed rows gone), taken back (a typo in the last hand), or put right
later (any scored hand, its trump and estimates kept)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import extras
from scoring.kinds.differenzler import locked_table
from scoring.kinds.differenzler import rules as differenzler
from scoring.kinds.differenzler.estimates.table import GAME_OVER, TableState, _locked, _refuse
from scoring.kinds.differenzler.models import Estimate, OpenHand
from scoring.kinds.differenzler.rules import DiffHand
from scoring.kinds.differenzler.storage import read_hand, update_rows
from scoring.models import Game, Hand, HandChange, SeatLink
from scoring.services import Author, StaleScreen, log_change

NOT_STARTED = gettext_noop(
    "Hand {number} has not started yet: every player estimates, then the scorer starts it."
)


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
    hands = [read_hand(h.record) for h in stored_hands]
    result = differenzler.play(game.rules, [*hands, hand])  # raises, naming the field
    stored = Hand.of(game, number, hand)
    stored.save()
    log_change(game, number, HandChange.RECORDED, None, hand.to_dict(), form_key, author)
    Estimate.objects.filter(game=game, number=number).delete()
    open_hand.delete()
    update_rows(game, result)  # its players as read with the table
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
    hand = read_hand(last.record)
    log_change(game, number, HandChange.UNDONE, hand.to_dict(), None, form_key, author)
    last.delete()
    # the next hand's sealed estimates stay for it; its trump is chosen again
    OpenHand.objects.filter(game=game).delete()
    OpenHand.objects.create(game=game, number=number, trump=hand.trump, started_at=timezone.now())
    Estimate.objects.bulk_create(
        Estimate(game=game, number=number, seat=seat, value=value)
        for seat, value in enumerate(hand.estimates)
    )
    kept = [read_hand(h.record) for h in game.hands.order_by("number")]
    update_rows(game, differenzler.play(game.rules, kept, check=False))


def points_version(hand: Hand) -> str:
    """A short fingerprint of a scored hand: a correction form carries the one it was
    made from, and is refused when the hand changed since."""
    text = json.dumps(read_hand(hand.record).to_dict(), sort_keys=True)
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
    before = [read_hand(hand.record) for hand in stored.values()]
    old = before[number - 1]
    hand = DiffHand(old.trump, old.estimates, differenzler.fill_cards(cards))
    hands = [*before[: number - 1], hand, *before[number:]]
    after = differenzler.play(game.rules, hands)  # raises, naming the field
    change = log_change(
        game, number, HandChange.EDITED, old.to_dict(), hand.to_dict(), form_key, author
    )
    if guarded is not None:
        counted = differenzler.play(game.rules, before, check=False)
        extra.after_change(guarded, counted, after, hands, change, author)
    replacement = Hand.of(game, number, hand)
    replacement.pk, replacement.created_at = stored[number].pk, stored[number].created_at
    replacement.save()
    update_rows(game, after)
    return replacement
