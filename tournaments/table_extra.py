"""A tournament table on the table screen of ``scoring``, through its one seam
(``scoring.extras``): the imposed trump of each hand, the table's link that lets a
phone score without an account, the signatures of both sides, and the rule that a
settled result changes only by the director's correction with a reason."""

from __future__ import annotations

import json
import secrets
import uuid
from typing import Any

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from clubs.models import Role
from scoring.extras import TableExtra
from scoring.models import Game, HandChange
from scoring.services import Author, ReasonNeeded, StaleScreen
from tournaments.forms import ConfirmForm, DisputeForm
from tournaments.models import Table, TableEvent
from tournaments.services.common import mark_changed
from tournaments.services.results import stored_result

TABLE_GRANTS = "table_links"  # in the session: game id -> the table link's token


def table_grants(request: HttpRequest) -> dict[str, str]:
    """The games this browser scores through a table's link: game id -> the link's
    token it came through (a link the director replaced no longer counts)."""
    grants = request.session.get(TABLE_GRANTS, {})
    return grants if isinstance(grants, dict) else {}


def grant(request: HttpRequest, table: Table) -> None:
    """This browser opened the table's link: it scores the table's game."""
    request.session[TABLE_GRANTS] = {**table_grants(request), str(table.game_id): table.token}


def table_granted(request: HttpRequest, game: Game) -> bool:
    """Whether this browser opened the game's table link, and that link still holds."""
    table = getattr(game, "table", None)
    token = table_grants(request).get(str(game.pk))
    return (
        table is not None
        and token is not None
        and table.revoked_at is None
        and secrets.compare_digest(token, table.token)
    )


def replaced_link(request: HttpRequest, game_id: int) -> HttpResponse | None:
    """For a browser that scores the game through a table link the director has
    replaced since: the page that says so (and the browser's access is gone)."""
    grants = table_grants(request)
    if str(game_id) not in grants:
        return None
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is not None and table_granted(request, game):
        return None
    del grants[str(game_id)]
    request.session[TABLE_GRANTS] = grants
    return render(request, "tournaments/link_replaced.html", status=410)


def _set_aside(table: Table) -> set[int]:
    """The sides whose signature a dispute set aside: they signed before the table was
    last disputed (a dispute withdraws every signature; each side signs again)."""
    if table.state != Table.DISPUTED:
        return set()
    events = list(table.events.filter(kind__in=(TableEvent.SIGNED, TableEvent.DISPUTED)))
    last = max((i for i, e in enumerate(events) if e.kind == TableEvent.DISPUTED), default=-1)
    return {e.side for e in events[:last] if e.kind == TableEvent.SIGNED and e.side is not None}


class TournamentTable(TableExtra):
    related = ("table__round__tournament",)
    unlisted = Q(table__isnull=False)

    def claims(self, game: Game) -> bool:
        return getattr(game, "table", None) is not None  # joined with the game: no query

    def imposed_trump(self, game: Game, number: int) -> str | None:
        """Each hand's trump is the tournament's (RULES.md §9); a Différenzler table
        draws its own or turns it up (§10)."""
        tournament = game.table.round.tournament
        return None if tournament.draws_trumps else tournament.trump_of_hand(number)

    def title(self, game: Game) -> str:
        """In the reader's language, whatever the club's: the name the game keeps was
        made in the club's language when the pass was published (it is what the game's
        file carries)."""
        return game.table.game_title()

    def names_winner(self, game: Game) -> bool:
        return False  # its points count in the tournament's standings

    def settled(self, game: Game) -> bool:
        return game.table.settled

    def seats_private(self, game: Game) -> bool:
        """Every player holds the table's link: a seat's code is on its player's own
        slip, never on the table's screen, and only the director makes a new one."""
        return True

    def version(self, game: Game) -> str:
        """The table's state, signatures, locks and paper totals (a phone that shows
        the signing boxes learns that the other team signed)."""
        table = game.table
        return json.dumps(
            [table.state, table.signatures, table.wrong_codes, table.paper_totals, table.token],
            sort_keys=True,
        )

    def held(self, game: Game) -> bool:
        """A settled result, or a disputed one: the director checks the game, corrects
        it if needed and settles it, or every side signs again; the table's phone no
        longer changes its hands."""
        return game.table.settled or game.table.state == Table.DISPUTED

    def grants(self, request: HttpRequest, game: Game, needed: str) -> bool:
        """The phone that opened the table's link scores the game until its result
        is settled or disputed, and still sees it after; never what needs a club admin."""
        if needed not in (Role.MEMBER, Role.SCORER) or not table_granted(request, game):
            return False
        return needed == Role.MEMBER or not self.held(game)

    def opened(self, request: HttpRequest, game_id: int) -> HttpResponse | bool | None:
        if str(game_id) not in table_grants(request):
            return None
        return replaced_link(request, game_id) or True

    def guard_change(self, game: Game, action: str, author: Author) -> Table | None:
        """The table when its result is settled (both sides signed, or the director
        decided), locked after the game's row as signatures lock them. Only the
        director changes a settled result, by correcting a hand and saying why
        (``StaleScreen`` or ``ReasonNeeded`` otherwise, nothing stored). The
        tournament's revision goes up (``mark_changed``): what its standings and its
        entries' pages show follows the hands, refused changes rolled back with it."""
        # read again now that the game is locked: the joined row is as it was before the wait
        table = Table.objects.select_for_update().get(game_id=game.pk)
        mark_changed(game.table.round.tournament_id)  # the standings' ETag follows the hands
        if table.state == Table.DISPUTED and not author.director:
            raise StaleScreen(
                _("This table's result is disputed: the tournament director checks the game.")
            )
        if not table.settled:
            return None
        if not author.director:
            raise StaleScreen(
                _("This table's result is settled: only the tournament director changes it now.")
            )
        if action != HandChange.EDITED:
            raise StaleScreen(_("This table's result is settled: correct a hand instead."))
        if not author.reason.strip():
            raise ReasonNeeded(_("The result was confirmed: say why it changes."))
        return table

    def after_change(
        self,
        guarded: Table | None,
        before: Any,  # what the game came to, counted by its kind
        after: Any,
        hands: list[Any],
        change: HandChange,
        author: Author,
    ) -> None:
        """A settled result the director changed: the sides' signatures are for the
        old totals, so it is the director's decision now; kept with before, after and
        why. After its pass closed, the result stored for the standings follows."""
        table = guarded
        if table is None:
            return
        table.state = Table.DECIDED
        if table.result is not None:
            table.result = stored_result(change.game, after, hands, change.pk)
        table.save(update_fields=["state", "result"])
        TableEvent.objects.create(
            table=table,
            kind=TableEvent.CHANGED,
            before=list(before.totals),
            after=list(after.totals),
            reason=author.reason,
            user=author.user_or_none,
        )

    def screen(
        self,
        request: HttpRequest,
        view: Any,  # the game's view, as its kind presents it
        confirm: ConfirmForm | None = None,
        dispute: DisputeForm | None = None,
        **forms: Any,
    ) -> dict[str, Any]:
        """The table's result from a paper sheet, or its signatures once the game is
        over: a box per side (team, or Différenzler player) for the code of its slip,
        and the dispute."""
        table = view.game.table
        totals = list(view.result.totals)
        signed = table.signed_sides(totals) if view.over else set()
        individual = view.game.individual
        names = [seat.name for seat in view.seats] if individual else [t.name for t in view.teams]
        return {
            "table": table,
            "extra_result": "tournaments/includes/paper_result.html"
            if table.paper_totals
            else None,
            "extra_over": "tournaments/includes/signatures.html",
            "signers": list(enumerate(names)),
            "players_sign": individual,
            "seen_totals": ":".join(str(total) for total in totals),
            "signed": signed,
            "signed_before": {int(side) for side in table.signatures} - signed,
            "set_aside": _set_aside(table) - signed,
            "locked_sides": {side for side in range(table.sides) if table.code_locked(side)},
            "confirm": confirm or ConfirmForm(),
            "dispute": dispute or DisputeForm(),
            "attempt": uuid.uuid4(),  # a signature's form key: a wrong code sent twice counts once
        }
