"""The codes on the sides' slips, with which a side signs or disputes its table's
result, checked so that nobody can guess another side's code.

- A code is compared only once it could be used (the game finished, the result not
  settled): before that every code gets the same answer, so guessing cannot start
  in the first hand.
- Every wrong code is counted for the side it was typed for, that is against the one
  code it tried, on every phone together and whatever form key came with it; only
  an identical repeat (the same form's key and the same code: a reload, a double
  tap) is answered again without counting. After ``CODE_BUDGET`` the side is locked;
  the director may unlock it ``CODE_UNLOCKS`` times, then signs for it.
- A code typed in another side's box is a wrong code for that box like any other:
  telling it apart would let a side try the others' codes in its own box.
- Guessing is slow as well as counted: at most ``LINK_GUESSES`` wrong codes per table
  (its link) in ``LINK_WINDOW``, and ``ADDRESS_GUESSES`` from one client address (an
  IPv6 /64) in ``ADDRESS_WINDOW``, across all tables; past that no code is compared
  until the window has room again. A club room shares one address: that bound is
  wide, and the count per code is what makes guessing hopeless.

The counts are rows of the database (``Table.wrong_codes``, ``TableEvent``), kept on
the server per code; nothing the client sends widens them.
"""

from __future__ import annotations

import datetime as dt
import math
import uuid

from django.db.models import Max
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from jassclub.proxies import address_bucket
from tournaments.models import CODE_BUDGET, Table, TableEvent
from tournaments.services.common import TournamentRuleBroken, mark_changed

# Per table link: a table fumbling its codes waits a minute. Per client address: a whole
# club room usually shares one public address (the venue's Wi-Fi), so it allows what
# the honest tables of a big evening mistype when a pass ends, while a phone holding a
# few tables' links cannot try codes quickly at all of them.
LINK_GUESSES, LINK_WINDOW = 3, dt.timedelta(minutes=1)
ADDRESS_GUESSES, ADDRESS_WINDOW = 30, dt.timedelta(minutes=10)


class TooFast(TournamentRuleBroken):
    """Too many wrong codes lately, at this table or from this address: no code was
    compared, and ``wait`` seconds from now one may be again."""

    def __init__(self, message: str, wait: int) -> None:
        super().__init__(message)
        self.wait = wait


def _digest(table: Table, side: int, code: str) -> str:
    """A wrong code as kept in the table's record: keyed with the site's secret, so
    that an identical repeat is recognised without keeping what was typed."""
    return salted_hmac("tournaments.wrong-code", f"{table.pk}:{side}:{code}").hexdigest()


def _wait(moments: list[dt.datetime], limit: int, window: dt.timedelta) -> int:
    """Seconds until fewer than ``limit`` of ``moments`` (newest first) lie in the
    last ``window``; 0 when there is room now."""
    if len(moments) < limit:
        return 0
    free_at = moments[limit - 1] + window
    return max(1, math.ceil((free_at - timezone.now()).total_seconds()))


def _too_fast(table: Table, address: str | None) -> TooFast | None:
    now = timezone.now()
    wrong = TableEvent.objects.filter(kind=TableEvent.WRONG_CODE)
    # the director unlocking the table was there: its phone may type at once
    unlocked = table.events.filter(kind=TableEvent.UNLOCKED).aggregate(at=Max("created_at"))
    since = max(now - LINK_WINDOW, unlocked["at"] or now - LINK_WINDOW)
    at_table = list(
        wrong.filter(table=table, created_at__gte=since)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:LINK_GUESSES]
    )
    wait = _wait(at_table, LINK_GUESSES, LINK_WINDOW)
    if wait:
        return TooFast(
            ngettext(
                "Too many wrong codes were typed at this table just now: wait %(seconds)s "
                "second, then type the code again.",
                "Too many wrong codes were typed at this table just now: wait %(seconds)s "
                "seconds, then type the code again.",
                wait,
            )
            % {"seconds": wait},
            wait,
        )
    if address is None:
        return None
    from_address = list(
        wrong.filter(address=address, created_at__gte=now - ADDRESS_WINDOW)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:ADDRESS_GUESSES]
    )
    wait = _wait(from_address, ADDRESS_GUESSES, ADDRESS_WINDOW)
    if wait:
        minutes = math.ceil(wait / 60)
        return TooFast(
            ngettext(
                "Too many wrong codes came from this network lately: wait %(minutes)s "
                "minute, then type the code again.",
                "Too many wrong codes came from this network lately: wait %(minutes)s "
                "minutes, then type the code again.",
                minutes,
            )
            % {"minutes": minutes},
            wait,
        )
    return None


def _locked_message(players: bool) -> str:
    return (
        _(
            "Too many wrong codes were typed for this player: the tournament director "
            "unlocks it, or signs for them."
        )
        if players
        else _(
            "Too many wrong codes were typed for this team: the tournament director "
            "unlocks it, or signs for it."
        )
    )


def _wrong_message(players: bool, left: int) -> str:
    if left <= 0:
        return (
            _(
                "This is not the code on this player's slip. That was the last try: the "
                "player is locked until the tournament director unlocks it."
            )
            if players
            else _(
                "This is not the code on this team's slip. That was the last try: the team "
                "is locked until the tournament director unlocks it."
            )
        )
    if players:
        return ngettext(
            "This is not the code on this player's slip (%(left)s more try before the "
            "player is locked until the tournament director unlocks it).",
            "This is not the code on this player's slip (%(left)s more tries before the "
            "player is locked until the tournament director unlocks it).",
            left,
        ) % {"left": left}
    return ngettext(
        "This is not the code on this team's slip (%(left)s more try before the team "
        "is locked until the tournament director unlocks it).",
        "This is not the code on this team's slip (%(left)s more tries before the team "
        "is locked until the tournament director unlocks it).",
        left,
    ) % {"left": left}


def refusal(
    table: Table,
    side: int,
    code: str,
    *,
    device: str,
    attempt: uuid.UUID | None,
    address: str | None,
) -> str | None:
    """Why ``side`` may not act with ``code``, or None when it is the code on that
    side's own slip. ``table`` is locked, and the caller has checked that the result
    can be signed now. A wrong code is counted and kept in the table's record (the
    caller commits it, then refuses); a :class:`TooFast` is raised, counting nothing,
    while guessing is too fast."""
    players = table.sides > 2  # a Différenzler table: each player signs
    if table.code_locked(side):
        return _locked_message(players)
    code = code.strip()
    digest = _digest(table, side, code)
    if (
        attempt is not None
        and table.events.filter(
            kind=TableEvent.WRONG_CODE, side=side, attempt=attempt, code_digest=digest
        ).exists()
    ):  # the same form with the same code again (a reload, a double tap)
        return _wrong_message(players, CODE_BUDGET - table.wrong_codes_of(side))
    address = address_bucket(address)  # an IPv6 /64 counts as one client
    too_fast = _too_fast(table, address)
    if too_fast is not None:
        raise too_fast
    if table.side_of_code(code) == side:
        return None
    counts = [table.wrong_codes_of(s) for s in range(table.sides)]
    counts[side] += 1
    table.wrong_codes = counts
    table.save(update_fields=["wrong_codes"])
    mark_changed(table.round.tournament_id)
    TableEvent.objects.create(
        table=table,
        kind=TableEvent.WRONG_CODE,
        side=side,
        device=device,
        attempt=attempt,
        code_digest=digest,
        address=address,
    )
    return _wrong_message(players, CODE_BUDGET - counts[side])
