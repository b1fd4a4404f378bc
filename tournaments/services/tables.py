"""A table's result: each side signs with the code on its own slip, or disputes;
the director decides, or enters the totals from a paper sheet."""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Game
from scoring.rules import CARD_POINTS
from tournaments.models import Pass, Table
from tournaments.services.common import TournamentRuleBroken, locked_table


class Signed(NamedTuple):
    """What a code did: which side signed, and whether the result is now confirmed."""

    table: Table
    side: int
    confirmed: bool


def _finished_totals(table: Table) -> list[int]:
    if table.round.state != Pass.PUBLISHED:
        raise TournamentRuleBroken(_("This pass is not being played."))
    if table.state in (Table.CONFIRMED, Table.DECIDED):
        raise TournamentRuleBroken(_("This result is settled already."))
    result = table.game.result() if table.game is not None else None
    if result is None or not result.over:
        raise TournamentRuleBroken(_("The game is not finished: all hands first."))
    return list(result.totals)


WRONG_CODES = 5  # in a row, each within WRONG_CODE_WAIT of the last: then the table waits

WRONG_CODE_WAIT = dt.timedelta(minutes=5)


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
        raise TournamentRuleBroken(_("This is not the code of either team of this table."))
    return side


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
    table.signatures = {str(s): totals for s in held | {side}}
    if table.disputed_by == side:  # the side that disputed now agrees
        table.dispute, table.disputed_by = "", None
    confirmed = len(table.signatures) == 2
    if confirmed:
        table.state = Table.CONFIRMED
    elif table.disputed_by is None:
        table.state = Table.MISSING  # shown as entered: derived from the game and signatures
    table.save(update_fields=["signatures", "dispute", "disputed_by", "state"])
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
    _finished_totals(table)
    table.signatures = {}
    table.dispute, table.disputed_by, table.state = reason, side, Table.DISPUTED
    table.save(update_fields=["signatures", "dispute", "disputed_by", "state"])
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
def decide_table(table: Table) -> Table:
    """The director settles a table (after checking the game); only a finished game."""
    table = locked_table(table)
    if table.game is None or not table.game.result().over:
        raise TournamentRuleBroken(_("The game is not finished: all hands first."))
    table.state = Table.DECIDED
    table.save(update_fields=["state"])
    return table


@transaction.atomic
def enter_paper_totals(table: Table, totals: tuple[int, int]) -> Table:
    """The director (or the office) enters a whole game's totals from a paper sheet.

    Checked against the game: ``hands × 157`` in all, plus 100 for each match when
    the match bonus counts, or more when Weis or Stöck count."""
    table = locked_table(table)
    tournament = table.round.tournament
    if table.round.state != Pass.PUBLISHED:
        raise TournamentRuleBroken(_("This pass is not being played."))
    if min(totals) < 0:
        raise TournamentRuleBroken(_("Totals cannot be negative."))
    cards = tournament.hands * CARD_POINTS
    extra = sum(totals) - cards
    fits = extra == 0 or (
        extra > 0
        and (tournament.weis or tournament.stoeck or tournament.match_bonus)
        and (tournament.weis or tournament.stoeck or extra % 100 == 0)
    )
    if not fits:
        raise TournamentRuleBroken(
            _("%(a)s + %(b)s = %(sum)s, but %(hands)s hands make %(cards)s.")
            % {
                "a": totals[0],
                "b": totals[1],
                "sum": sum(totals),
                "hands": tournament.hands,
                "cards": cards,
            }
        )
    table.paper_totals = list(totals)
    table.state = Table.DECIDED
    table.save(update_fields=["paper_totals", "state"])
    return table
