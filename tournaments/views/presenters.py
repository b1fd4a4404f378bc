"""The director's page as it shows a tournament's passes: each table with its
seats, state, totals, signatures, locks and record, each draft with the validator's
findings. Reads what the services computed; decides nothing."""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring.models import SeatLink
from tournaments import checks, services
from tournaments.models import Entry, Pass, Table, Tournament
from tournaments.views.common import side_names


def _seat_phones(round_: Pass) -> dict[tuple[int, int], SeatLink]:
    """Each Différenzler player's seat link in a pass being played: (game, seat) ->
    the link, with the phone that holds it."""
    links = SeatLink.objects.filter(game__table__round=round_, revoked_at__isnull=True)
    return {(link.game_id, link.seat): link for link in links}


def passes_shown(
    tournament: Tournament, entries: dict[int, Entry], paper: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Each pass of ``tournament`` as the director's page shows it (``paper``: a
    refused paper sheet, shown beside its table)."""
    labels = dict(Table.STATES)
    rounds: list[dict[str, Any]] = []
    rounds = []
    for round_ in tournament.schedule.prefetch_related("tables__events__user"):
        playing = round_.state == Pass.PUBLISHED
        states = services.table_states(round_) if playing else {}
        if round_.state == Pass.CLOSED:  # the results stored when the pass closed
            states = {
                t.pk: services.TableStatus(
                    t.state, played=tournament.hands, totals=tuple(t.result["totals"])
                )
                for t in round_.tables.all()
                if t.result
            }
        draft = round_.state == Pass.DRAFT
        phones = _seat_phones(round_) if playing and tournament.differenzler else {}
        tables = []
        for t in round_.tables.all():
            shown = states.get(t.pk, services.TableStatus(t.state))
            sides = side_names(tournament, t, entries)
            tables.append(
                {
                    "table": t,
                    "seated": [entries[i].name for i in t.seats],
                    "state": shown.state,
                    "label": _("being played · %(played)s of %(hands)s hands played")
                    % {"played": shown.played, "hands": tournament.hands}
                    if shown.state == Table.MISSING and shown.played
                    else labels[shown.state],
                    "totals": shown.totals,
                    "finished": shown.played >= tournament.hands,
                    "hands": list(range(1, shown.played + 1)) if t.game_id else [],
                    "sides": [
                        {
                            "side": side,
                            "name": name,
                            "code": code,
                            "signed": side in shown.signed,
                            "locked": t.code_locked(side),
                        }
                        for side, (name, code) in enumerate(zip(sides, t.codes, strict=False))
                    ],
                    "disputed_by": sides[t.disputed_by] if t.disputed_by is not None else "",
                    "locked": [sides[s] for s in range(t.sides) if t.code_locked(s)]
                    if playing and not t.settled
                    else [],
                    "unlockable": any(t.code_locked(s) and t.unlockable(s) for s in range(t.sides)),
                    "sign_for_locked": any(
                        t.code_locked(s) and not t.unlockable(s) for s in range(t.sides)
                    ),
                    "phones": [
                        (side, name, phones.get((t.game_id, side)))
                        for side, name in enumerate(sides)
                    ]
                    if phones and not t.settled
                    else [],
                    "paper_reason": services.paper_replaces_a_result(t, round_),
                    "paper": paper if paper and paper["table"] == t.pk else None,
                    "events": [
                        (event, sides[event.side] if event.side is not None else "")
                        for event in t.events.all()
                    ],
                }
            )
        found, turns = services.review(round_) if draft else ([], [])
        seated = {i for t in round_.tables.all() for i in t.seats}
        rounds.append(
            {
                "round": round_,
                "blocked": any(f.error for f in found),
                "to_accept": any(f.kind in checks.TO_ACCEPT for f in found),
                "takeable": playing and services.nothing_played(round_),
                "tables": tables,
                "byes": [entries[i].name for i in round_.byes],
                # who may sit out instead of each bye: those at a table, first due first
                "sitting_out": [entries[i] for i in round_.byes] if draft else [],
                "instead": [entries[i] for i in turns if i in seated],
                "findings": [(f, capfirst(_(f.template).format(**f.params))) for f in found],
                "placed": sorted(
                    (entries[i] for t in round_.tables.all() for i in t.seats),
                    key=lambda e: e.name,
                )
                + [entries[i] for i in round_.byes],
            }
        )
    return rounds
