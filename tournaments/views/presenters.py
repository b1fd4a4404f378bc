"""The director's page as it shows a tournament's passes: each table with its
seats, state, totals, signatures, locks and record, each draft with the validator's
findings; at the top, where the pass stands, each count opening exactly its tables.
Reads what the services computed; decides nothing."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django.db.models import Count, Prefetch, prefetch_related_objects
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from scoring.models import SeatLink
from tournaments import checks, services
from tournaments.models import Entry, Pass, Table, Tournament
from tournaments.views.common import side_names
from tournaments.views.links import ANY, each


def _seat_phones(round_: Pass) -> dict[tuple[int, int], SeatLink]:
    """Each Différenzler player's seat link in a pass being played: (game, seat) ->
    the link, with the phone that holds it."""
    links = SeatLink.objects.filter(game__table__round=round_, revoked_at__isnull=True)
    return {(link.game_id, link.seat): link for link in links}


def _drawn_in_full(
    schedule: list[Pass], opened: int | None, paper: dict[str, Any] | None
) -> set[int]:
    """The passes whose tables the page draws: every pass not closed, the one at the
    top of the page (the pass being played, or else the last), the closed pass the
    director opened (``opened``, its number) and the one of a refused paper sheet. The
    other closed passes are a line each, with a link that opens them: their tables
    cannot change, and drawing them cost the office most of its time (issue 37)."""
    playing = next((p for p in schedule if p.state == Pass.PUBLISHED), None)
    top = playing or (schedule[-1] if schedule else None)
    return {
        p.pk
        for p in schedule
        if p.state != Pass.CLOSED
        or p is top
        or p.number == opened
        or (paper is not None and paper.get("round") == p.pk)
    }


def passes_shown(
    tournament: Tournament,
    entries: dict[int, Entry],
    paper: dict[str, Any] | None = None,
    opened: int | None = None,
) -> list[dict[str, Any]]:
    """Each pass of ``tournament`` as the director's page shows it (``paper``: a
    refused paper sheet, shown beside its table; ``opened``: the number of a closed
    pass drawn in full, ``_drawn_in_full``)."""
    labels = dict(Table.STATES)
    page = reverse("tournaments:tournament", args=[tournament.pk])
    links = _table_links(tournament)
    seat_gap = " · " if tournament.of_players else " – "  # partners; opposing teams
    rounds: list[dict[str, Any]] = []
    schedule = list(tournament.schedule.annotate(table_count=Count("tables")))
    full = _drawn_in_full(schedule, opened, paper)
    drawn = Table.objects.filter(round__in=full).prefetch_related("events__user")
    prefetch_related_objects(schedule, Prefetch("tables", queryset=drawn))
    for round_ in schedule:
        card = reverse("tournaments:table_cards", args=[tournament.pk, round_.number])
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
        phones = _seat_phones(round_) if playing and tournament.each_for_themselves else {}
        tables = []
        for t in round_.tables.all():
            shown = states.get(t.pk, services.TableStatus(t.state))
            sides = side_names(tournament, t, entries)
            locked = [sides[s] for s in range(t.sides) if t.code_locked(s)]
            # the director corrects a hand from here: a dispute, or a settled result
            correctable = (
                playing
                and bool(t.game_id and shown.played)
                and t.paper_totals is None
                and (shown.state == Table.DISPUTED or t.settled)
            )
            back = quote(f"{page}?table={t.number}")  # this table opened, from elsewhere
            refused = bool(paper and paper["table"] == t.pk)
            tables.append(
                {
                    "table": t,
                    "links": _links_of(t, links, f"{card}?table={t.number}"),
                    "seated": seat_gap.join(entries[i].name for i in t.seats),
                    "state": shown.state,
                    "badge": BADGES.get(shown.state, "text-bg-light"),
                    "label": ngettext(  # French: "1 donne jouée"
                        "being played · %(played)s of %(hands)s hands played",
                        "being played · %(played)s of %(hands)s hands played",
                        shown.played,
                    )
                    % {"played": shown.played, "hands": tournament.hands}
                    if shown.state == Table.MISSING and shown.played
                    else labels[shown.state],
                    "totals": shown.totals,
                    "finished": shown.played >= tournament.hands,
                    "correctable": correctable,
                    # each hand's correction, back to this table afterwards
                    "corrections": [
                        (number, f"{links['correct'](t.game_id, number)}?next={back}")
                        for number in range(1, shown.played + 1)
                    ]
                    if correctable
                    else [],
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
                    "locked": locked if playing and not t.settled else [],
                    "kinds": _kinds(shown.state, bool(locked) and playing and not t.settled, t)
                    if not draft
                    else frozenset(),
                    "unlockable": any(t.code_locked(s) and t.unlockable(s) for s in range(t.sides)),
                    "sign_for_locked": any(
                        t.code_locked(s) and not t.unlockable(s) for s in range(t.sides)
                    ),
                    "phones": [
                        (side, name, phones.get((t.game_id, side)), links["seat_qr"](t.pk, side))
                        for side, name in enumerate(sides)
                    ]
                    if phones and not t.settled
                    else [],
                    "paper_reason": services.paper_replaces_a_result(t, round_),
                    "paper": paper if refused else None,
                    # what the refused paper sheet said, typed again for the director
                    "typed": _typed(paper["form"]) if refused else NOTHING_TYPED,
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
                # a closed pass folds away (``office`` opens it), or is opened
                "open": round_.number == opened,
                "folded": round_.pk not in full,  # a line and the link that opens it
                "count": round_.table_count,
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


#: a table's state as its badge shows it (the others: light)
BADGES = {
    Table.DISPUTED: "text-bg-danger",
    Table.CONFIRMED: "text-bg-success",
    Table.DECIDED: "text-bg-success",
    Table.ENTERED: "text-bg-warning",
}
#: the fields of a table's paper sheet, empty: nothing was refused there
NOTHING_TYPED = dict.fromkeys(("first", "second", "matches_first", "matches_second", "reason"), "")


def _typed(form: Any) -> dict[str, str]:
    """What a refused paper sheet said, each field as typed."""
    return {field: form.data.get(field, "") for field in NOTHING_TYPED}


def _table_links(tournament: Tournament) -> dict[str, Any]:
    """The links of every table line, each pattern reversed once (``links.each``)."""
    t = tournament.pk
    table_views = ("unlock", "renew_link", "table_qr", "sign_for", "decide", "paper_totals")
    return {
        **{view: each(f"tournaments:{view}", t, ANY) for view in table_views},
        "new_seat_link": each("tournaments:new_seat_link", t, ANY),
        "seat_qr": each("tournaments:seat_qr", t, ANY, ANY),
        "table_link": each("tournaments:table_link", ANY),
        "check": each("scoring:table", ANY),
        "game": each("scoring:game", ANY),
        "history": each("scoring:history", ANY),
        "correct": each("scoring:correct_hand", ANY, ANY),
    }


def _links_of(table: Table, links: dict[str, Any], card: str) -> dict[str, str]:
    """One table's links: its actions, its table link and QR code, its card, its game."""
    found = {
        view: links[view](table.pk)
        for view in ("unlock", "renew_link", "table_qr", "sign_for", "decide", "paper_totals")
    }
    found["new_seat_link"] = links["new_seat_link"](table.pk)
    found["table_link"] = links["table_link"](table.token)
    found["card"] = card
    if table.game_id:
        found |= {view: links[view](table.game_id) for view in ("check", "game", "history")}
    return found


def entry_links(tournament: Tournament, entries: list[Entry]) -> list[tuple[Entry, dict[str, str]]]:
    """Each entry of the director's list with its links: edit, check in or out,
    withdraw, take back, and its line in the standings."""
    views = ("edit_entry", "check_in", "withdraw", "reinstate", "entry")
    links = {view: each(f"tournaments:{view}", tournament.pk, ANY) for view in views}
    return [(e, {view: link(e.pk) for view, link in links.items()}) for e in entries]


#: the tables of a pass the director looks at, as the summary counts them and the
#: page shows them (``?show=``); "attention": all but the settled (a result typed from
#: a paper sheet is settled: the director decided it)
KINDS = {  # said of the tables: "Disputed: 1 of 30 tables"
    "attention": pgettext_lazy("tables", "Needs attention"),
    "confirmed": pgettext_lazy("tables", "Confirmed or decided"),
    "disputed": pgettext_lazy("tables", "Disputed"),
    "locked": pgettext_lazy("tables", "Locked after wrong codes"),
    "entered": pgettext_lazy("tables", "Entered, not confirmed"),
    "missing": pgettext_lazy("tables", "Not entered yet"),
    "paper": pgettext_lazy("tables", "From the paper sheet"),
}
#: the order of the tables that need attention: what the director must act on first
URGENCY = ("disputed", "locked", "entered", "missing")
#: tables shown open, everything at hand, when the page shows only them: those the
#: director acts on (in the attention view, the disputed and locked ones)
OPENED = ("disputed", "locked", "entered", "paper")


def _kinds(state: str, locked: bool, table: Table) -> frozenset[str]:
    """What a table of a pass being played (or played) is, for the summary's counts.
    A table needs attention until it is settled: from paper too, it is decided then."""
    kinds = {
        Table.CONFIRMED: "confirmed",
        Table.DECIDED: "confirmed",
        Table.DISPUTED: "disputed",
        Table.ENTERED: "entered",
        Table.MISSING: "missing",
    }
    found = {kinds[state]}
    if locked:
        found.add("locked")
    if table.paper_totals is not None:
        found.add("paper")
    if found & set(URGENCY):
        found.add("attention")
    return frozenset(found)


def office(
    rounds: list[dict[str, Any]],
    show: str = "",
    number: int | None = None,
    paper: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """Where the evening stands, said at the top of the director's page: the pass
    being played (or the last one) and how many of its tables are of each kind. The
    page shows that pass's tables of one kind (``show``) or opens one (``number``: the
    jump; ``paper``: a refused paper sheet), folding the rest: a table is opened,
    everything at hand, when it is jumped to, or shown among a few of its kind."""
    if not rounds:
        return None
    item = next((i for i in rounds if i["round"].state == Pass.PUBLISHED), rounds[-1])
    lines = item["tables"]
    if item["round"].state == Pass.CLOSED:  # its results are counted: nothing waits
        for line in lines:
            line["kinds"] = line["kinds"] - {"attention"}
    counts = {kind: sum(1 for line in lines if kind in line["kinds"]) for kind in KINDS}
    playing = item["round"].state == Pass.PUBLISHED
    jumped = next((line for line in lines if line["table"].number == number), None)
    for round_item in rounds:
        for line in round_item["tables"]:
            refused = bool(paper and paper["table"] == line["table"].pk)
            line["focus"] = line["open"] = line is jumped or refused
            round_item["open"] = round_item["open"] or line["open"]
    if show:
        item["tables"] = sorted(
            (line for line in lines if show in line["kinds"]),
            key=lambda line: (_urgency(line) if show == "attention" else 0, line["table"].number),
        )
        opened = {"disputed", "locked"} if show == "attention" else {show} & set(OPENED)
        for line in item["tables"]:
            line["open"] = line["open"] or bool(opened & line["kinds"])
        item["open"] = True
    return {
        "round": item["round"],
        "tables": len(lines),
        "counts": counts,
        "show": show,
        "shown": KINDS.get(show, ""),
        "jumped": jumped,
        "missed": number if number is not None and jumped is None else None,
        # every table settled: the pass may close (``close_pass`` checks it again)
        "ready": playing and bool(lines) and counts["confirmed"] == len(lines),
    }


def _urgency(line: dict[str, Any]) -> int:
    """Where a table comes in the attention view: its most urgent kind first."""
    return min(URGENCY.index(kind) for kind in line["kinds"] if kind in URGENCY)
