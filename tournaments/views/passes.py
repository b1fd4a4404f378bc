"""A tournament's passes on the director's page: draw, draw again, swap, publish,
take back and close; the table cards of a pass (PDF)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring import rules
from scoring.models import SeatLink
from scoring.suits import trump_label
from tournaments import services
from tournaments.cards import qr_png, sheet_columns, sheet_pages, sheet_rows, url_lines
from tournaments.forms import (
    PublishForm,
    SwapForm,
)
from tournaments.models import Entry, Pass, Table, Tournament
from tournaments.pdf import inline_pdf, kept_pdf, pdf_bytes
from tournaments.standings import bye_points
from tournaments.views.common import (
    act,
    directed_pass,
    directed_tournament,
    file_name,
    side_names,
)


@require_POST
@login_required
def schedule(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed_tournament(request, tournament_id)
    return act(
        request,
        tournament,
        lambda: services.schedule_next_pass(tournament),
        _("Pass drawn: check it, then publish it."),
    )


@require_POST
@login_required
def redraw(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    return act(
        request,
        tournament,
        lambda: services.redraw_pass(round_),
        _("Pass drawn again: check it, then publish it."),
    )


@require_POST
@login_required
def publish(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    form = PublishForm(request.POST)
    anyway = form.is_valid() and form.cleaned_data["anyway"]
    return act(
        request,
        tournament,
        lambda: services.publish_pass(round_, anyway=anyway),
        _("Pass published."),
    )


@require_POST
@login_required
def unpublish(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A pass published by mistake (a team gone home, a swap forgotten), before any
    table has started."""
    tournament, round_ = directed_pass(request, tournament_id, number)
    return act(
        request,
        tournament,
        lambda: services.unpublish_pass(round_),
        _("The pass is a draft again: change it, draw it again or publish it."),
    )


@require_POST
@login_required
def swap(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose two different entries of this pass."))
        return redirect(tournament)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    return act(
        request,
        tournament,
        lambda: services.swap(round_, first, second),
        _("Swapped: the check below shows what it changes."),
    )


@require_POST
@login_required
def close(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, round_ = directed_pass(request, tournament_id, number)
    return act(request, tournament, lambda: services.close_pass(round_), _("Pass closed."))


def _around_the_table(
    tournament: Tournament, table: Table, entries: dict[int, Entry], sides: list[str]
) -> list[tuple[int, str, str]]:
    """Seats 1 to 4 counterclockwise, as the table's game has them: (seat, player,
    side). Partners sit opposite: seats 1 and 3 are the first side, 2 and 4 the other."""
    if tournament.of_players:
        players = [entries[i].player_1 for i in table.seats]
        if tournament.each_for_themselves:  # a player is a side
            return [(seat + 1, players[seat], sides[seat]) for seat in range(4)]
    else:
        first, second = (entries[i] for i in table.seats)
        players = [first.player_1, second.player_1, first.player_2, second.player_2]
    return [(seat + 1, players[seat], sides[seat % 2]) for seat in range(4)]


@require_GET
@login_required
def seating(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Who sits at which table in a pass, to print or to project: the tables in order,
    and every name in alphabetical order with its table, so that each player finds
    their seat at a glance."""
    tournament, round_ = directed_pass(request, tournament_id, number)
    entries = {e.pk: e for e in tournament.entries.all()}
    tables = list(round_.tables.all())
    by_name = sorted(
        ((entries[i].name, table.number) for table in tables for i in table.seats),
        key=lambda pair: pair[0].casefold(),
    )
    context = {
        "tournament": tournament,
        "round": round_,
        "tables": [(table, side_names(tournament, table, entries)) for table in tables],
        "by_name": by_name,
        "byes": sorted((entries[i].name for i in round_.byes), key=str.casefold),
        "big": "big" in request.GET,
        "individual": tournament.of_players,
        "each_for_themselves": tournament.each_for_themselves,
    }
    return render(request, "tournaments/seating.html", context)


def _seat_links(request: HttpRequest, round_: Pass) -> dict[tuple[int, int], str]:
    """The address of each Différenzler player's own seat link, whose QR code is on
    their own slip (never on the table's screen): (game id, seat) -> URL."""
    links = SeatLink.objects.filter(game__table__round=round_, revoked_at__isnull=True)
    return {
        (link.game_id, link.seat): request.build_absolute_uri(link.get_absolute_url())
        for link in links
    }


CARDS_KEPT = 24 * 60 * 60  # an evening's cards; a new link or pass is another key anyway


@require_GET
@login_required
def table_cards(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One card per table: who sits where, the imposed trumps, the QR code of the
    table's scoring link, and a blank score sheet for a table without a phone.

    Drawing the cards of 30 tables takes seconds: the PDF is kept (``kept_pdf``) and
    drawn again only when something on it changes: a table's link or codes, a seat
    link, a name, the pass, the language."""
    tournament, round_ = directed_pass(request, tournament_id, number)
    entries = {e.pk: e for e in tournament.entries.all()}
    one = request.GET.get("table", "")  # one table's card, after its link was replaced
    tables = None
    if one:  # a table's number in ASCII digits: "²" passes isdigit() and fails int()
        number_ok = one.isascii() and one.isdigit() and len(one) < 4
        tables = list(round_.tables.filter(number=int(one))) if number_ok else []
        if not tables:
            context = {"tournament": tournament, "round": round_, "table": one[:20]}
            context["tables"] = round_.tables.count()
            return render(request, "tournaments/no_such_table.html", context, status=400)
    cards = []
    seat_links = _seat_links(request, round_) if tournament.each_for_themselves else {}
    for table in tables if tables is not None else round_.tables.all():
        url = request.build_absolute_uri(reverse("tournaments:table_link", args=[table.token]))
        sides = side_names(tournament, table, entries)
        cards.append(
            {
                "table": table,
                "seats": [entries[i] for i in table.seats],
                "around": _around_the_table(tournament, table, entries, sides),
                "sides": [
                    {"name": name, "code": code, "own": seat_links.get((table.game_id, side))}
                    for side, (name, code) in enumerate(zip(sides, table.codes, strict=False))
                ],
                "url": url,
                "url_lines": url_lines(url),
            }
        )
    trumps = {  # none where its tables draw their trumps, or turn them up
        n: trump_label(tournament.trump_of_hand(n), tournament.club.suit_style)
        for n in range(1, tournament.hands + 1)
        if not tournament.draws_trumps
    }
    sides = 4 if tournament.each_for_themselves else 2
    front, parts = sheet_pages(tournament.hands, sides)
    standings = request.build_absolute_uri(reverse("tournaments:standings", args=[tournament.pk]))
    context = {
        "tournament": tournament,
        "round": round_,
        "cards": cards,
        "individual": tournament.of_players,
        "each_for_themselves": tournament.each_for_themselves,
        "lowest_wins": tournament.lowest_wins,
        "byes": [entries[i] for i in round_.byes] if tables is None else [],
        "sheet_on_front": front,
        "columns": sheet_columns(sides, imposed=not tournament.draws_trumps),
        "bye_points": bye_points(tournament.hands),
        "dealer": rules.dealer(0, 1) + 1,  # a tournament game: seat 1 chooses first
        "leader": rules.chooser(0, 1) + 1,
    }
    shown = {  # everything the cards show, as plain values
        "tournament": [str(tournament), tournament.date, tournament.format, tournament.hands],
        "cards": [
            [
                card["table"].number,
                card["url"],
                [(e.name, e.player_1, e.player_2) for e in card["seats"]],
                card["around"],
                card["sides"],
            ]
            for card in cards
        ],
        "byes": [(e.name, e.player_1, e.player_2) for e in context["byes"]],
        "trumps": [(n, label.trump, str(label), label.red) for n, label in trumps.items()],
        "standings": standings,
        "bye_points": context["bye_points"],
    }

    def draw() -> bytes:  # the QR codes too: only when the cards are drawn
        for card in cards:
            card["qr"] = qr_png(card["url"])
            for side in card["sides"]:
                side["own_qr"] = side["own"] and qr_png(side["own"])
        context["standings_qr"] = qr_png(standings)
        last = _("Difference") if tournament.lowest_wins else _("Total")
        context["sheet_parts"] = [  # each part of the score sheet: its rows as a picture
            sheet_rows(
                [(n, trumps[n].name if n in trumps else "") for n in part.hands],
                last if part.last else "",
                context["columns"],
            )
            for part in parts
        ]
        return pdf_bytes("tournaments/cards_pdf.html", context, request)[0]

    key = f"cards:{tournament.pk}:{round_.number}:{get_language()}:{one}"
    return inline_pdf(
        kept_pdf(key, shown, draw, CARDS_KEPT),
        file_name(
            tournament,
            f"tables-pass-{number}" + (f"-table-{one}" if tables is not None else ""),
            "pdf",
        ),
    )
