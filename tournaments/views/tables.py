"""A table of a pass: its link (the QR code), the sides' signatures and disputes,
and the director's decision or the totals of a paper sheet."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import access
from clubs.models import Role
from jassclub.proxies import client_ip
from jassclub.qr import qr_response
from scoring.models import Game, SeatLink
from scoring.views.common import device_name
from scoring.views.table import table_with_forms
from tournaments import services
from tournaments.forms import ConfirmForm, DecideForm, DisputeForm, PaperTotalsForm, SideForm
from tournaments.models import Pass, Table
from tournaments.table_extra import grant, replaced_link, table_granted
from tournaments.views.common import act, at_table, directed_table
from tournaments.views.director import director_page


@require_GET
def table_link(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of a table card: this browser may score this table's game."""
    table = get_object_or_404(
        Table.objects.select_related("round__tournament"), token=token, revoked_at__isnull=True
    )
    if table.game_id is None or table.round.state == Pass.DRAFT:
        raise Http404
    if table.round.state == Pass.CLOSED:  # an old card scanned again
        context = {"table": table, "tournament": table.round.tournament}
        return render(request, "tournaments/table_closed.html", context, status=410)
    grant(request, table)
    return redirect("scoring:table", table.game_id)


def _table_of_game(request: HttpRequest, game_id: int) -> Table:
    """The table of a game, for the browsers that score it: its table link, or the
    club's scorers."""
    table = get_object_or_404(Table.objects.select_related("round", "game"), game_id=game_id)
    table.game.table = table
    allowed = table_granted(request, table.game) or access.has_role(
        request.user, table.game.club_id, Role.SCORER
    )
    if not allowed:
        raise Http404
    return table


def _side_names(table: Table) -> list[str]:
    """The sides of the table as its game names them: the teams, or a Différenzler
    table's players."""
    game = Game.objects.prefetch_related("teams__players").get(pk=table.game_id)
    if game.individual:
        return list(game.seat_names())
    return [team.name for team in sorted(game.teams.all(), key=lambda team: team.index)]


def _side_name(table: Table, side: int) -> str:
    return _side_names(table)[side]


def _wait_of(broken: services.TournamentRuleBroken) -> int | None:
    """Seconds to wait when codes came too fast (``services.TooFast``), else None."""
    return broken.wait if isinstance(broken, services.TooFast) else None


def _refused(
    request: HttpRequest, table: Table, game_id: int, wait: int | None = None, **forms
) -> HttpResponse:
    """A refused signature or dispute: the table screen with what was typed and why
    (429 with Retry-After when codes came too fast). While the game is not finished,
    or once its result is settled (a second tap on Confirm), the screen has no such
    form, so a message says it."""
    table.refresh_from_db(fields=["state"])
    settled = table.state in (Table.CONFIRMED, Table.DECIDED)
    if settled or table.round.state != Pass.PUBLISHED or not table.game.result().over:
        for form in forms.values():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
        return redirect("scoring:table", game_id)
    response = table_with_forms(request, game_id, **forms)
    if wait is not None:
        response.status_code = 429
        response["Retry-After"] = str(wait)
    return response


@require_POST
def confirm(request: HttpRequest, game_id: int) -> HttpResponse:
    """A side signs the finished game with the code of its own slip; once both have
    signed, the result is confirmed."""
    if replaced := replaced_link(request, game_id):
        return replaced
    table = _table_of_game(request, game_id)
    form = ConfirmForm(request.POST)
    if form.is_valid():
        try:
            signed = services.confirm_table(
                table,
                form.cleaned_data["side"],
                form.cleaned_data["code"],
                seen=form.seen(),
                device=device_name(request),
                attempt=form.cleaned_data["attempt"],
                address=client_ip(request),
            )
        except services.TournamentRuleBroken as broken:
            form.add_error("code", str(broken))
            return _refused(request, table, game_id, _wait_of(broken), confirm=form)
        else:
            if signed.confirmed:
                messages.success(request, _("Result confirmed. Thank you!"))
            elif table.sides > 2:  # a Différenzler table: each player signs
                names = _side_names(table)
                waiting = sorted(set(range(table.sides)) - set(map(int, signed.table.signatures)))
                messages.success(
                    request,
                    _("%(player)s signed. Still to sign, each with their own code: %(others)s.")
                    % {
                        "player": names[signed.side],
                        "others": ", ".join(names[side] for side in waiting),
                    },
                )
            else:
                messages.success(
                    request,
                    _("Signed for %(team)s. Now confirm with the code on the slip of %(other)s.")
                    % {
                        "team": _side_name(table, signed.side),
                        "other": _side_name(table, 1 - signed.side),
                    },
                )
            return redirect("scoring:table", game_id)
    return _refused(request, table, game_id, confirm=form)


@require_POST
def dispute(request: HttpRequest, game_id: int) -> HttpResponse:
    """A side does not agree with the finished game: the director is told why."""
    if replaced := replaced_link(request, game_id):
        return replaced
    table = _table_of_game(request, game_id)
    form = DisputeForm(request.POST)
    if form.is_valid():
        try:
            services.dispute_table(
                table,
                form.cleaned_data["side"],
                form.cleaned_data["code"],
                form.cleaned_data["reason"],
                device=device_name(request),
                attempt=form.cleaned_data["attempt"],
                address=client_ip(request),
            )
        except services.TournamentRuleBroken as broken:
            form.add_error(None, str(broken))
            return _refused(request, table, game_id, _wait_of(broken), dispute=form)
        else:
            messages.warning(
                request, _("Disputed: the tournament director will come to the table.")
            )
            return redirect("scoring:table", game_id)
    return _refused(request, table, game_id, dispute=form)


@require_POST
@login_required
def decide(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """The director settles a table at its game's totals (a dispute checked, a team
    gone home), saying why if they like."""
    tournament, table = directed_table(request, tournament_id, table_id)
    form = DecideForm(request.POST)
    valid = form.is_valid()
    reason, seen = (form.cleaned_data["reason"], form.seen()) if valid else ("", None)
    return act(
        request,
        tournament,
        lambda: services.decide_table(table, director=request.user, reason=reason, seen=seen),
        _("Table %(number)s decided.") % {"number": table.number},
        where=_("Table %(number)s") % {"number": table.number},
        table=table,
    )


@require_POST
@login_required
def unlock(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """The teams of a table locked by wrong codes sign again (the director has
    checked who is at the table)."""
    tournament, table = directed_table(request, tournament_id, table_id)
    return act(
        request,
        tournament,
        lambda: services.unlock_codes(table, director=request.user),
        _("Table %(number)s can sign again.") % {"number": table.number},
        table=table,
    )


@require_POST
@login_required
def sign_for(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """The director signs for a team that cannot (its slip lost, or locked by wrong
    codes), after checking the game with it."""
    tournament, table = directed_table(request, tournament_id, table_id)
    form = SideForm(request.POST)
    if not form.is_valid() or form.cleaned_data["side"] >= table.sides:
        messages.error(
            request,
            _("Choose the player who signs.")
            if tournament.each_for_themselves
            else _("Choose the team that signs."),
        )
        return at_table(tournament, table)
    side = form.cleaned_data["side"]
    return act(
        request,
        tournament,
        lambda: services.sign_for(table, side, seen=form.seen(), director=request.user),
        _("Table %(number)s: signed for %(team)s.")
        % {"number": table.number, "team": _side_name(table, side)},
        where=_("Table %(number)s") % {"number": table.number},
        table=table,
    )


@require_POST
@login_required
def renew_link(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """The table gets a new link and QR code; every phone holding the old one loses
    access at once (a card lost, or passed to someone who should not score)."""
    tournament, table = directed_table(request, tournament_id, table_id)
    return act(
        request,
        tournament,
        lambda: services.renew_link(table, director=request.user),
        _(
            "Table %(number)s has a new link: the old one and its card no longer work. "
            "The table's phone scans the new QR code under New link, or print its new card."
        )
        % {"number": table.number},
        table=table,
    )


@require_POST
@login_required
def new_seat_link(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """A Différenzler player's seat link made again (their phone changed, or another
    phone opened their seat): the old one opens nothing any more."""
    tournament, table = directed_table(request, tournament_id, table_id)
    if table.game_id is None or table.sides <= 2:  # a draft, or a table of teams
        messages.error(request, _("Only a Différenzler table has a link per player."))
        return redirect(tournament)
    form = SideForm(request.POST)
    if not form.is_valid() or form.cleaned_data["side"] >= table.sides:
        messages.error(request, _("Choose the player who gets a new link."))
        return at_table(tournament, table)
    side = form.cleaned_data["side"]
    return act(
        request,
        tournament,
        lambda: services.new_seat_link(table, side, director=request.user),
        _(
            "Table %(number)s: %(player)s has a new link for their own phone; the old one "
            "opens nothing any more. Their phone scans the new code under Players' phones."
        )
        % {"number": table.number, "player": _side_name(table, side)},
        where=_("Table %(number)s") % {"number": table.number},
        table=table,
    )


@require_GET
@login_required
def seat_qr(request: HttpRequest, tournament_id: int, table_id: int, side: int) -> HttpResponse:
    """The QR code of a Différenzler player's current seat link, for the director to
    show that player alone (a new link, or a slip lost)."""
    _tournament, table = directed_table(request, tournament_id, table_id)
    link = SeatLink.objects.filter(
        game_id=table.game_id, seat=side, revoked_at__isnull=True
    ).first()
    if link is None:
        raise Http404
    return qr_response(request.build_absolute_uri(link.get_absolute_url()))


@require_GET
@login_required
def table_qr(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """The QR code of a table's current link, for the director to show on a phone
    (after replacing the link, the table scans it here instead of a new card)."""
    _tournament, table = directed_table(request, tournament_id, table_id)
    return qr_response(
        request.build_absolute_uri(reverse("tournaments:table_link", args=[table.token]))
    )


@require_POST
@login_required
def paper_totals(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """Totals from a paper score sheet, for a table without a phone, or to put right
    a result (then with a reason). A refused sheet comes back with what was typed
    and why, beside the table."""
    tournament, table = directed_table(request, tournament_id, table_id)
    form = PaperTotalsForm(request.POST)
    if form.is_valid():
        try:
            services.enter_paper_totals(table, **form.cleaned(), director=request.user)
        except services.TournamentRuleBroken as broken:
            error = str(broken)
        else:
            messages.success(
                request, _("Totals of table %(number)s saved.") % {"number": table.number}
            )
            return at_table(tournament, table)
    else:
        error = form.first_error()
    paper = {"table": table.pk, "round": table.round_id, "form": form, "error": error}
    return director_page(request, tournament, paper=paper, status=422)
