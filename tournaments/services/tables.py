"""A table's result: each side signs with the code on its own slip, or disputes;
the director decides, or enters the totals from a paper sheet. Every one of these
is kept as a :class:`TableEvent`: who, when, before, after and why."""

from __future__ import annotations

import datetime as dt
from typing import Any, NamedTuple

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import rules
from scoring.forms import problem_message
from scoring.models import Game
from tournaments.models import Pass, Table, TableEvent
from tournaments.services.common import TournamentRuleBroken, locked_pass, locked_table


def log(table: Table, kind: str, *, user: Any = None, **fields: Any) -> TableEvent:
    """Keep what happened to a table's result (``fields``: side, before, after, reason)."""
    author = user if user is not None and user.is_authenticated else None
    return TableEvent.objects.create(table=table, kind=kind, user=author, **fields)


class Signed(NamedTuple):
    """What a code did: which side signed, and whether the result is now confirmed."""

    table: Table
    side: int
    confirmed: bool


def _finished_totals(table: Table) -> list[int]:
    if table.round.state != Pass.PUBLISHED:
        raise TournamentRuleBroken(_("This pass is not being played."))
    if table.settled:
        raise TournamentRuleBroken(_("This result is settled already."))
    result = table.game.result() if table.game is not None else None
    if result is None or not result.over:
        raise TournamentRuleBroken(_("The game is not finished: all hands first."))
    return list(result.totals)


WRONG_CODES = 5  # in a row, each within WRONG_CODE_WAIT of the last: then the table waits

WRONG_CODE_WAIT = dt.timedelta(minutes=5)


def codes_locked(table: Table) -> bool:
    """Whether the table waits after too many wrong codes in a row."""
    return (
        table.wrong_codes >= WRONG_CODES
        and table.wrong_code_at is not None
        and timezone.now() - table.wrong_code_at < WRONG_CODE_WAIT
    )


def _side(table: Table, code: str) -> int:
    """The side whose slip carries ``code``. Wrong codes are counted, and the count
    is kept although the action is refused: after five in a row the table waits
    five minutes, so that nobody can try the opponents' code by the thousand."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        now = timezone.now()
        recent = locked.wrong_code_at is not None and now - locked.wrong_code_at < WRONG_CODE_WAIT
        if recent and locked.wrong_codes >= WRONG_CODES:
            raise TournamentRuleBroken(
                _("Too many wrong codes: try again in five minutes, or call the director.")
            )
        side = locked.side_of_code(code)
        if side is None:
            locked.wrong_codes = (locked.wrong_codes if recent else 0) + 1
            locked.wrong_code_at = now
        else:
            locked.wrong_codes = 0
        locked.save(update_fields=["wrong_codes", "wrong_code_at"])
    if side is None:
        left = WRONG_CODES - locked.wrong_codes
        if left <= 0:
            raise TournamentRuleBroken(
                _(
                    "This is not the code of either team of this table. That was the "
                    "fifth wrong code: the table waits five minutes, or the director unlocks it."
                )
            )
        raise TournamentRuleBroken(
            ngettext(
                "This is not the code of either team of this table (%(left)s more try "
                "before the table waits five minutes).",
                "This is not the code of either team of this table (%(left)s more tries "
                "before the table waits five minutes).",
                left,
            )
            % {"left": left}
        )
    return side


@transaction.atomic
def unlock_codes(table: Table) -> Table:
    """The director lets a table that typed too many wrong codes sign at once."""
    table = locked_table(table)
    table.wrong_codes, table.wrong_code_at = 0, None
    table.save(update_fields=["wrong_codes", "wrong_code_at"])
    return table


def confirm_table(table: Table, code: str) -> Signed:
    """A side signs the finished game with the code of its own slip. The result is
    confirmed when both sides have signed the same totals: the opponents of whoever
    kept the score always confirm, whether on the same phone or on their own."""
    side = _side(table, code)
    with transaction.atomic():
        return _sign(locked_table(table), side)


def _sign(table: Table, side: int) -> Signed:
    totals = _finished_totals(table)
    held = table.signed_sides(totals)
    again = side in held  # the same side signing the same totals twice: kept once
    table.signatures = {str(s): totals for s in held | {side}}
    if table.disputed_by == side:  # the side that disputed now agrees
        table.dispute, table.disputed_by = "", None
    confirmed = len(table.signatures) == 2
    if confirmed:
        table.state = Table.CONFIRMED
    elif table.disputed_by is None:
        table.state = Table.MISSING  # shown as entered: derived from the game and signatures
    table.save(update_fields=["signatures", "dispute", "disputed_by", "state"])
    if not again:
        log(table, TableEvent.SIGNED, side=side, after=totals)
    return Signed(table, side, confirmed)


def dispute_table(table: Table, code: str, reason: str) -> Table:
    """A side does not agree with the finished game: the director looks at it. The
    signatures are cleared; the table can correct the game and both sign again, or
    the director decides."""
    reason = reason.strip()
    if not reason:
        raise TournamentRuleBroken(_("Say what is wrong, so that the director can check it."))
    side = _side(table, code)
    with transaction.atomic():
        return _dispute(locked_table(table), side, reason)


def _dispute(table: Table, side: int, reason: str) -> Table:
    totals = _finished_totals(table)
    table.signatures = {}
    table.dispute, table.disputed_by, table.state = reason, side, Table.DISPUTED
    table.save(update_fields=["signatures", "dispute", "disputed_by", "state"])
    log(table, TableEvent.DISPUTED, side=side, before=totals, reason=reason)
    return table


class TableStatus(NamedTuple):
    state: str
    signed: frozenset[int] = frozenset()  # the sides whose signature holds for the game
    played: int = 0  # hands recorded so far
    totals: tuple[int, int] | None = None  # the game's totals once a hand is recorded


def table_status(table: Table, game: Game | None) -> TableStatus:
    """A table as the director sees it: a finished game not yet signed by both
    sides shows as entered (derived from its hands, never stored)."""
    result = game.result() if game is not None else None
    if result is None or not result.hands:
        return TableStatus(table.state)
    totals = (result.totals[0], result.totals[1])
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
def decide_table(table: Table, *, director: Any = None, reason: str = "") -> Table:
    """The director settles a table whose sides have not both signed (a dispute, a
    team gone home) after checking its finished game; kept with who, when and why."""
    locked_pass(table.round_id)
    table = locked_table(table)
    totals = _finished_totals(table)
    table.state = Table.DECIDED
    table.save(update_fields=["state"])
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
    checked against the game (``rules.check_totals``). Replacing a result that is
    settled, or totals already entered, or after the pass closed, needs a reason;
    every entry is kept with the totals before it."""
    round_ = locked_pass(table.round_id)
    table = locked_table(table)
    if round_.state == Pass.DRAFT:
        raise TournamentRuleBroken(_("This pass is not being played."))
    reason = reason.strip()
    if paper_replaces_a_result(table, round_) and not reason:
        raise TournamentRuleBroken(
            _("This table's result is settled: say why the paper sheet replaces it.")
        )
    problems = rules.check_totals(table.round.tournament.ruleset, totals, matches)
    if problems:  # the engine's words, in the reader's language
        raise TournamentRuleBroken(problem_message(problems[0]) + ".")
    result = table.game.result() if table.game is not None else None
    before = table.paper_totals or (list(result.totals) if result and result.hands else None)
    table.paper_totals, table.paper_matches = list(totals), list(matches)
    table.state = Table.DECIDED
    table.save(update_fields=["paper_totals", "paper_matches", "state"])
    log(table, TableEvent.PAPER, user=director, before=before, after=list(totals), reason=reason)
    return table
