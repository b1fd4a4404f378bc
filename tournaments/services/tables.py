"""A table's result: each side signs with the code on its own slip, or disputes;
the director decides, or enters the totals from a paper sheet. Every one of these
is kept as a :class:`TableEvent`: who, when, before, after and why."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, NamedTuple

from django.db import transaction
from django.utils.translation import gettext as _

from jassclub.tokens import new_token
from scoring import registry
from scoring.forms import problem_message
from scoring.models import Game, SeatLink
from scoring.services import Author
from tournaments.models import Pass, Table, TableEvent
from tournaments.services import codes
from tournaments.services.common import (
    TournamentRuleBroken,
    locked_pass,
    locked_table,
    mark_changed,
)


def log(table: Table, kind: str, *, user: Any = None, **fields: Any) -> TableEvent:
    """Keep what happened to a table's result (``fields``: side, before, after, reason)."""
    author = user if user is not None and user.is_authenticated else None
    return TableEvent.objects.create(table=table, kind=kind, user=author, **fields)


class Signed(NamedTuple):
    """What a code did: which side signed, and whether the result is now confirmed."""

    table: Table
    side: int
    confirmed: bool


def _finished_totals(table: Table, seen: tuple[int, ...] | None = None) -> list[int]:
    """The totals of the table's finished game, which a signature or a decision
    settles; if the screen that sent it showed others (``seen``), the game changed
    since and nobody agreed to these."""
    if table.round.state != Pass.PUBLISHED:
        raise TournamentRuleBroken(_("This pass is not being played."))
    if table.settled:
        raise TournamentRuleBroken(_("This result is settled already."))
    result = table.game.result() if table.game is not None else None
    if result is None or not result.over:
        raise TournamentRuleBroken(_("The game is not finished: all hands first."))
    if seen is not None and list(seen) != list(result.totals):
        raise TournamentRuleBroken(
            _(
                "The score changed since this screen was shown: it is now %(score)s. "
                "Check it, then sign or decide again."
            )
            % {"score": " : ".join(str(total) for total in result.totals)}
        )
    return list(result.totals)


def _check_side(table: Table, side: int) -> None:
    if side not in range(table.sides):
        raise TournamentRuleBroken(
            _("Choose the player who signs.")
            if table.sides > 2
            else _("Choose the team that signs.")
        )


def _with_code(
    table: Table,
    side: int,
    code: str,
    device: str,
    attempt: uuid.UUID | None,
    address: str | None,
    seen: tuple[int, ...] | None,
    act: Callable[[Table], Any],
) -> Any:
    """Do ``act`` for ``side`` on the locked table if ``code`` is on its own slip.
    What the state of the table refuses is refused before the code is looked at; a
    wrong code is counted (``codes.refusal``) and kept, then refused."""
    with transaction.atomic():
        table = locked_table(table)
        _check_side(table, side)
        _finished_totals(table, seen)  # the code is not compared before it could be used
        refused = codes.refusal(table, side, code, device=device, attempt=attempt, address=address)
        if refused is None:
            return act(table)
    raise TournamentRuleBroken(refused)  # after the count is stored


@transaction.atomic
def unlock_codes(table: Table, *, director: Any = None) -> Table:
    """The director lets the sides locked by wrong codes sign again (after checking
    who is at the table), each side once (``CODE_UNLOCKS``): a side locked again is
    signed for by the director (``sign_for``). A side not locked keeps its count and
    its unlock. Kept in the table's record."""
    table = locked_table(table)
    counts = [table.wrong_codes_of(side) for side in range(table.sides)]
    unlocks = [table.unlocks[s] if s < len(table.unlocks) else 0 for s in range(table.sides)]
    locked = [side for side in range(table.sides) if table.code_locked(side)]
    again = [side for side in locked if table.unlockable(side)]
    if locked and not again:
        raise TournamentRuleBroken(
            _(
                "This table was unlocked once already: check the game with the side that "
                "is locked and sign for it."
            )
        )
    for side in again:
        log(table, TableEvent.UNLOCKED, side=side, user=director)
        counts[side] = 0
        unlocks[side] += 1
    table.wrong_codes, table.unlocks = counts, unlocks
    table.save(update_fields=["wrong_codes", "unlocks"])
    mark_changed(table.round.tournament_id)
    return table


def confirm_table(
    table: Table,
    side: int,
    code: str,
    *,
    seen: tuple[int, ...] | None = None,
    device: str = "",
    attempt: uuid.UUID | None = None,
    address: str | None = None,
) -> Signed:
    """A side signs the finished game with the code of its own slip, for the totals
    its screen showed (``seen``: refused if the game changed since). The result is
    confirmed when both sides have signed the same totals: the opponents of whoever
    kept the score always confirm, whether on the same phone or on their own. A wrong
    code counts against the side (``codes``: guessing is counted and slowed)."""
    return _with_code(
        table,
        side,
        code,
        device,
        attempt,
        address,
        seen,
        lambda locked: _sign(locked, side, seen=seen),
    )


@transaction.atomic
def sign_for(
    table: Table, side: int, *, seen: tuple[int, ...] | None = None, director: Any = None
) -> Signed:
    """The director signs for a side that cannot (its slip lost, or locked by wrong
    codes) after checking the game with it; kept with who and when."""
    _check_side(table, side)
    return _sign(locked_table(table), side, user=director, seen=seen)


@transaction.atomic
def renew_link(table: Table, *, director: Any = None) -> Table:
    """The table's link is replaced by a new one (a new QR code): every phone that
    opened the old link loses access to the table at once, since a phone's access
    holds the link it came through. A Différenzler player's seat link stays: it is on
    that player's own slip, never on the table's screen, and held by their phone
    (``new_seat_link`` replaces one)."""
    table = locked_table(table)
    table.token = new_token()
    table.save(update_fields=["token"])
    mark_changed(table.round.tournament_id)
    log(table, TableEvent.NEW_LINK, user=director)
    return table


@transaction.atomic
def new_seat_link(table: Table, side: int, *, director: Any = None) -> SeatLink:
    """A Différenzler player gets a new seat link (their phone changed, or another
    phone opened their seat first): the old link opens nothing any more, and the
    first phone to open the new one holds the seat. What the player sealed stays.
    Only the director does this in a tournament; kept in the table's record."""
    table = locked_table(table)
    if table.sides <= 2 or table.game_id is None:
        raise TournamentRuleBroken(_("Only a Différenzler table has a link per player."))
    _check_side(table, side)
    new_link = registry.of(table.game.ruleset).new_seat_link
    link = new_link(table.game, side, Author(user=director))
    mark_changed(table.round.tournament_id)
    log(table, TableEvent.NEW_SEAT, side=side, user=director)
    return link


def _sign(
    table: Table, side: int, *, user: Any = None, seen: tuple[int, ...] | None = None
) -> Signed:
    totals = _finished_totals(table, seen)
    held = table.signed_sides(totals)
    again = side in held  # the same side signing the same totals twice: kept once
    table.signatures = {str(s): totals for s in held | {side}}
    if table.disputed_by == side:  # the side that disputed now agrees
        table.dispute, table.disputed_by = "", None
    confirmed = len(table.signatures) == table.sides
    if confirmed:
        table.state = Table.CONFIRMED
    elif table.disputed_by is None:
        table.state = Table.MISSING  # shown as entered: derived from the game and signatures
    table.save(update_fields=["signatures", "dispute", "disputed_by", "state"])
    mark_changed(table.round.tournament_id)
    if not again:
        log(table, TableEvent.SIGNED, side=side, after=totals, user=user)
    return Signed(table, side, confirmed)


def dispute_table(
    table: Table,
    side: int,
    code: str,
    reason: str,
    *,
    device: str = "",
    attempt: uuid.UUID | None = None,
    address: str | None = None,
) -> Table:
    """A side does not agree with the finished game: the director looks at it. The
    signatures are cleared; the table can correct the game and both sign again, or
    the director decides. The code is checked as for a signature."""
    reason = reason.strip()
    if not reason:
        raise TournamentRuleBroken(_("Say what is wrong, so that the director can check it."))
    return _with_code(
        table,
        side,
        code,
        device,
        attempt,
        address,
        None,
        lambda locked: _dispute(locked, side, reason),
    )


def _dispute(table: Table, side: int, reason: str) -> Table:
    totals = _finished_totals(table)
    table.signatures = {}
    table.dispute, table.disputed_by, table.state = reason, side, Table.DISPUTED
    table.save(update_fields=["signatures", "dispute", "disputed_by", "state"])
    mark_changed(table.round.tournament_id)
    log(table, TableEvent.DISPUTED, side=side, before=totals, reason=reason)
    return table


class TableStatus(NamedTuple):
    state: str
    signed: frozenset[int] = frozenset()  # the sides whose signature holds for the game
    played: int = 0  # hands recorded so far
    totals: tuple[int, ...] | None = None  # the game's totals once a hand is recorded


def table_status(table: Table, game: Game | None) -> TableStatus:
    """A table as the director sees it: a finished game not yet signed by both
    sides shows as entered (derived from its hands, never stored)."""
    result = game.result() if game is not None else None
    if result is None or not result.hands:
        return TableStatus(table.state)
    totals = tuple(result.totals)
    if not result.over:
        return TableStatus(table.state, played=len(result.hands), totals=totals)
    signed = frozenset(table.signed_sides(result.totals))
    state = Table.ENTERED if table.state == Table.MISSING else table.state
    return TableStatus(state, signed, len(result.hands), totals)


def table_states(round_: Pass) -> dict[int, TableStatus]:
    """Each table of a pass as the director sees it (see ``table_status``)."""
    tables = list(round_.tables.all())
    games = {
        game.pk: game
        for game in Game.objects.filter(table__round=round_).prefetch_related(
            "teams__players", "hands"
        )
    }
    return {table.pk: table_status(table, games.get(table.game_id)) for table in tables}


@transaction.atomic
def decide_table(
    table: Table,
    *,
    director: Any = None,
    reason: str = "",
    seen: tuple[int, ...] | None = None,
) -> Table:
    """The director settles a table whose sides have not both signed (a dispute, a
    team gone home) after checking its finished game, at the totals the director's
    page showed (``seen``); kept with who, when and why."""
    locked_pass(table.round_id)
    table = locked_table(table)
    totals = _finished_totals(table, seen)
    table.state = Table.DECIDED
    table.save(update_fields=["state"])
    mark_changed(table.round.tournament_id)
    log(table, TableEvent.DECIDED, user=director, after=totals, reason=reason.strip())
    return table


def paper_replaces_a_result(table: Table, round_: Pass) -> bool:
    """Whether totals from paper would replace a result (settled, entered from paper
    before, or counted since the pass closed): then they need a reason."""
    return table.settled or table.paper_totals is not None or round_.state == Pass.CLOSED


@transaction.atomic
def enter_paper_totals(
    table: Table,
    totals: tuple[int, int],
    matches: tuple[int, int] = (0, 0),
    *,
    director: Any = None,
    reason: str = "",
) -> Table:
    """The director (or the office) enters a whole game's totals from a paper sheet,
    checked against the game by its kind (``GameKind.check_totals``). Replacing a result that is
    settled, or totals already entered, or after the pass closed, needs a reason;
    every entry is kept with the totals before it."""
    round_ = locked_pass(table.round_id)
    table = locked_table(table)
    if round_.state == Pass.DRAFT:
        raise TournamentRuleBroken(_("This pass is not being played."))
    if table.sides > 2:
        raise TournamentRuleBroken(
            _(
                "A Différenzler table is scored hand by hand, with each player's estimate: "
                "open its table link and type the hands from the paper sheet there."
            )
        )
    reason = reason.strip()
    if paper_replaces_a_result(table, round_) and not reason:
        raise TournamentRuleBroken(
            _("This table's result is settled: say why the paper sheet replaces it.")
        )
    ruleset = table.round.tournament.ruleset
    problems = registry.of(ruleset.to_dict()).asks("check_totals")(ruleset, totals, matches)
    if problems:  # the engine's words, in the reader's language
        raise TournamentRuleBroken(problem_message(problems[0]) + ".")
    result = table.game.result() if table.game is not None else None
    before = table.paper_totals or (list(result.totals) if result and result.hands else None)
    table.paper_totals, table.paper_matches = list(totals), list(matches)
    table.state = Table.DECIDED
    table.save(update_fields=["paper_totals", "paper_matches", "state"])
    mark_changed(round_.tournament_id)
    log(table, TableEvent.PAPER, user=director, before=before, after=list(totals), reason=reason)
    return table
