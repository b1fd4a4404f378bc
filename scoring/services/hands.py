"""A game's hands: recorded, corrected and taken back, each in one transaction with
the game's row locked, once per form key, and kept in the change history."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import extras, registry
from scoring.models import Game, Hand, HandChange
from scoring.rules import Problem, RulesError
from scoring.services.common import Author, Done, StaleScreen
from scoring.suits import trump_label


def hand_version(hand: Hand | None) -> str:
    """A short fingerprint of a stored hand: a correction form carries the one it
    was made from, and is refused when the hand has changed since."""
    if hand is None:
        return ""
    text = json.dumps(hand.record, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# A hand's columns in the model's order (as ``Model.from_db`` takes them), for a kind
# that reads its hands with other parts of its table (Différenzler's ``locked_table``).
HAND_COLUMNS = tuple(field.attname for field in Hand._meta.concrete_fields)


def lock_game(game: Game | int) -> None:
    """Lock the game's row (raises ``Game.DoesNotExist`` when it is gone), so that the
    changes of one game wait for each other; every action on a game's hands takes it
    first, in a statement of its own.

    Of its own because of how PostgreSQL's READ COMMITTED locks: a ``SELECT … FOR
    UPDATE`` that waited for another transaction's lock returns the rows of the
    snapshot it took before the wait (only a locked row that was updated is read
    again), so hands joined or read in the same statement would be those from
    before the change it waited for, and an undo, a correction and a record racing
    each other would each work on the hands the other just changed. The statements
    after this one take a new snapshot, which holds every change committed before
    the lock was granted. (SQLite locks the whole database when a transaction
    writes; ``FOR UPDATE`` is left out there.)"""
    pk = game if isinstance(game, int) else game.pk
    if not list(Game.objects.select_for_update().filter(pk=pk).order_by().values_list("pk")):
        raise Game.DoesNotExist


def _locked_hands(game: Game) -> list[Hand]:
    """Lock the game's row (:func:`lock_game`), then read its hands as they are now,
    after any change that the lock waited for. What the caller loaded with the game is
    not read again: a game's rules and tournament do not change once it started, and
    an extra that guards changes reads what it guards after the lock
    (``TableExtra.guard_change``)."""
    lock_game(game)
    hands = list(Hand.objects.filter(game_id=game.pk).order_by("number"))
    for hand in hands:
        hand.game = game
    return hands


IMPOSED_TRUMP = gettext_noop("The trump of hand {hand} is imposed in this tournament: {trump}.")


def _check_imposed_trump(game: Game, number: int, hand: Any) -> None:
    """A tournament game's hand is played with the trump imposed on it (RULES.md §9):
    raises :class:`RulesError` naming the hand and that trump."""
    imposed = game.imposed_trump(number)
    if imposed is not None and getattr(hand, "trump", None) != imposed:
        trump = str(trump_label(imposed, game.suit_style))
        raise RulesError(
            [Problem("trump", IMPOSED_TRUMP, number, {"hand": number, "trump": trump})]
        )


OWN_TABLE = gettext_noop("the hands of this game are recorded at its own table")


def _counted_here(game: Game) -> Any:
    """The game's kind (a ``registry.GameKind`` and ``HandByHand``), when its hands are
    recorded, corrected and taken back here; else :class:`RulesError` (a Différenzler
    hand comes with the estimates sealed at its table: ``scoring.kinds.differenzler``)."""
    kind = registry.of(game.ruleset)
    if not isinstance(kind, registry.HandByHand):
        raise RulesError([Problem("hand", OWN_TABLE)])
    return kind


def _repeated(game_id: int, form_key: uuid.UUID) -> Done | None:
    change = HandChange.objects.filter(game_id=game_id, form_key=form_key).first()
    return Done(change, repeated=True) if change else None


def _repeated_or_stale(game_id: int, form_key: uuid.UUID, message: str) -> Done:
    """A form that no longer fits the game was either sent before (then it is done)
    or made from a screen that is out of date."""
    repeated = _repeated(game_id, form_key)
    if repeated:
        return repeated
    raise StaleScreen(message)


def _log(
    game: Game,
    number: int,
    action: str,
    before: Hand | None,
    after: Hand | None,
    form_key: uuid.UUID,
    author: Author,
) -> HandChange:
    return log_change(
        game,
        number,
        action,
        None if before is None else before.record,
        None if after is None else after.record,
        form_key,
        author,
    )


def log_change(
    game: Game,
    number: int,
    action: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    form_key: uuid.UUID,
    author: Author,
) -> HandChange:
    """Keep a change to a game's hands (``before`` and ``after`` as the game file
    writes a hand) for the table to see."""
    return HandChange.objects.create(
        game=game,
        hand_number=number,
        action=action,
        before=before,
        after=after,
        form_key=form_key,
        device=author.device[:200],
        reason=author.reason[:200],
        user=author.user_or_none,
    )


def _once(game_id: int, form_key: uuid.UUID, action: Any) -> Done:
    """Run ``action`` in a transaction, once per form key, whatever the retries.

    A form sent again no longer fits the game (its hand is recorded, or changed):
    the action then asks :func:`_repeated_or_stale`, so that the usual case costs
    no query for the key; the unique key catches two sendings at the same moment."""
    try:
        with transaction.atomic():
            return action()
    except IntegrityError:
        # Another request got there first: the same form sent twice at once, or
        # another phone recording the same hand.
        repeated = _repeated(game_id, form_key)
        if repeated:
            return repeated
        raise StaleScreen(_("Another device changed this game at the same moment.")) from None


def record_hand(
    game: Game,
    hand: Any,
    *,
    number: int,
    form_key: uuid.UUID,
    author: Author,
    confirm: Callable[[Any], None] | None = None,
) -> Done:
    """Record hand ``number`` of a game (``game`` as the caller loaded it, with
    ``extras.related()``; its row is locked here).

    ``hand`` is a hand of the game's kind (``GameKind.play`` counts it). ``confirm``,
    the screen's own question, is called with the game counted with the new hand
    before anything is stored, and may refuse it with :class:`RulesError` (the team
    game's table asks for the count at going out when it decides Rubicon).

    Effects: checks the whole game with the new hand, and in a tournament its
    imposed trump (raises :class:`RulesError`, nothing stored); refuses with
    :class:`StaleScreen` when hand ``number`` is not the next one (recorded from
    another screen meanwhile); stores the hand and a :class:`HandChange`. Sending
    the same ``form_key`` again stores nothing more.
    """

    def action() -> Done:
        hands = _locked_hands(game)
        extras.extra_for(game).guard_change(game, HandChange.RECORDED, author)
        if number != len(hands) + 1:
            return _repeated_or_stale(
                game.pk,
                form_key,
                _("Hand %(number)s was already recorded — here is the game now.")
                % {"number": number}
                if number <= len(hands)
                else _("This screen is out of date — here is the game now."),
            )
        _check_imposed_trump(game, number, hand)
        kind = _counted_here(game)
        played = [*(kind.read_hand(h.record) for h in hands), hand]
        result = kind.play(game, played)
        if confirm is not None:
            confirm(result)
        stored = Hand.of(game, number, hand)
        stored.save()
        change = _log(game, number, HandChange.RECORDED, None, stored, form_key, author)
        kind.hands_changed(game, played, result)
        return Done(change, [*hands, stored], result=result)

    return _once(game.pk, form_key, action)


def correct_hand(
    game: Game,
    hand: Any,
    *,
    number: int,
    version: str,
    form_key: uuid.UUID,
    author: Author,
) -> Done:
    """Replace hand ``number`` with a corrected one; the game is counted again.

    Effects: refuses with :class:`RulesError` when the corrected hand, or any later
    hand with it, breaks a rule (a later hand's problem, field ``hands``, names that
    hand and why the correction makes it impossible), or when it changes a
    tournament's imposed trump; refuses with :class:`StaleScreen` when the hand
    changed since the form was made (``version``); stores the hand and a
    :class:`HandChange` with before and after.
    """

    def action() -> Done:
        hands = _locked_hands(game)
        extra = extras.extra_for(game)
        guarded = extra.guard_change(game, HandChange.EDITED, author)
        if not 1 <= number <= len(hands):
            return _repeated_or_stale(
                game.pk,
                form_key,
                _("Hand %(number)s no longer exists — here is the game now.") % {"number": number},
            )
        stored = hands[number - 1]
        if hand_version(stored) != version:
            return _repeated_or_stale(
                game.pk,
                form_key,
                _("Hand %(number)s was changed on another device — here it is now.")
                % {"number": number},
            )
        _check_imposed_trump(game, number, hand)
        kind = _counted_here(game)
        played = [kind.read_hand(h.record) for h in hands]
        corrected = [*played[: number - 1], hand, *played[number:]]
        after = kind.play(game, corrected, corrected=number)
        replacement = Hand.of(game, number, hand)
        change = _log(game, number, HandChange.EDITED, stored, replacement, form_key, author)
        if guarded is not None:
            before = kind.play(game, played, check=False)
            extra.after_change(guarded, before, after, corrected, change, author)
        replacement.pk, replacement.created_at = stored.pk, stored.created_at
        replacement.save()
        hands[number - 1] = replacement
        kind.hands_changed(game, corrected, after)
        return Done(change, hands)

    return _once(game.pk, form_key, action)


def undo_last_hand(game: Game, *, number: int, form_key: uuid.UUID, author: Author) -> Done:
    """Take back the last hand, ``number``; refused (:class:`StaleScreen`) when it is
    not the last one any more. The hand is kept in the history."""

    def action() -> Done:
        hands = _locked_hands(game)
        extras.extra_for(game).guard_change(game, HandChange.UNDONE, author)
        if not hands or hands[-1].number != number:
            return _repeated_or_stale(
                game.pk,
                form_key,
                _("Hand %(number)s is not the last hand any more — here is the game now.")
                % {"number": number},
            )
        kind = _counted_here(game)
        last = hands[-1]
        change = _log(game, number, HandChange.UNDONE, last, None, form_key, author)
        last.delete()
        kind.hands_changed(game, [kind.read_hand(h.record) for h in hands[:-1]])
        return Done(change, hands[:-1])

    return _once(game.pk, form_key, action)
