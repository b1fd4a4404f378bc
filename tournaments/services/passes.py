"""Passes: drawn as a draft (pairing.py), checked (checks.py), swapped by hand,
published with a game per table, and closed once every table is settled."""

from __future__ import annotations

import random
import secrets
from collections import Counter
from typing import NamedTuple

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import registry
from scoring import services as scoring
from scoring.models import Game, Hand, HandChange
from scoring.rules import gamefile
from tournaments import checks, pairing, tablemates
from tournaments.models import Pass, Table, Tournament, equal_blocks
from tournaments.services.common import (
    TournamentRuleBroken,
    fit_name,
    locked_pass,
    mark_changed,
    open_pass,
    team_record,
    teams_of,
)
from tournaments.services.entries import playing_entries
from tournaments.services.results import current_standings, game_result, last_changes


@transaction.atomic
def schedule_next_pass(tournament: Tournament) -> Pass:
    """Draw the next pass as a draft the director can still change: pass 1 at
    random from the tournament's seed, later passes by standing (Swiss) for teams;
    for individuals new partners every pass, for Différenzler new tablemates. Byes
    go first to those who have played the most passes, then to those with the fewest
    byes, then to the lowest ranked (``pairing.bye_order``)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if open_pass(tournament):
        raise TournamentRuleBroken(_("Close the current pass before drawing the next."))
    number = tournament.schedule.count() + 1
    if number > tournament.passes:
        raise TournamentRuleBroken(_("All passes of the tournament are played."))
    entries = playing_entries(tournament)
    minimum = 4 if tournament.of_players else 2
    if len(entries) < minimum:
        raise TournamentRuleBroken(_("Too few entries are checked in to play."))
    earlier = list(tournament.schedule.prefetch_related("tables"))
    byes = Counter(entry_id for p in earlier for entry_id in p.byes)
    played = Counter(entry_id for p in earlier for t in p.tables.all() for entry_id in t.seats)
    ids = _in_standing_order(tournament, [e.pk for e in entries], number)
    passes_left = tournament.passes - number
    seating = tournament.played_as.seating  # its kind's (``TournamentFormat.seating``)
    if seating == registry.TABLEMATES:
        met = Counter(
            tablemates.tablemates(t.seats for p in earlier for t in p.tables.all())
        )  # each pair of players who shared a table, and how often
        seating = tablemates.tablemates_pass(
            ids, met, byes, seed=tournament.seed + number, played=played
        )
        tables = [list(t) for t in seating.tables]
        bye_ids = list(seating.byes)
    elif seating == registry.PARTNERS:
        partnered = {
            frozenset((t.seats[a], t.seats[a + 2]))
            for p in earlier
            for t in p.tables.all()
            for a in (0, 1)
        }
        opposed = Counter(
            frozenset((t.seats[a], t.seats[b]))
            for p in earlier
            for t in p.tables.all()
            for a in (0, 2)
            for b in (1, 3)
        )
        seating = pairing.player_pass(
            ids,
            partnered,
            opposed,
            byes,
            seed=tournament.seed + number,
            passes_left=passes_left,
            played=played,
        )
        tables = [list(t) for t in seating.tables]
        bye_ids = list(seating.byes)
    else:
        if number == 1:
            drawn = pairing.random_team_pass(ids, tournament.seed, byes, played)
        else:
            met = {frozenset(t.seats) for p in earlier for t in p.tables.all()}
            drawn = pairing.swiss_team_pass(ids, met, byes, passes_left=passes_left, played=played)
        tables = [list(t) for t in drawn.tables]
        bye_ids = [drawn.bye] if drawn.bye is not None else []
    round_ = Pass.objects.create(tournament=tournament, number=number, byes=bye_ids)
    mark_changed(tournament.pk)
    sides = 4 if tournament.each_for_themselves else 2  # who signs: each player, or each team
    Table.objects.bulk_create(
        Table(round=round_, number=index, seats=seats, codes=_codes(sides))
        for index, seats in enumerate(tables, start=1)
    )
    return round_


def _in_standing_order(tournament: Tournament, ids: list[int], number: int) -> list[int]:
    """The entries of pass ``number`` in the order a draw and its check take them:
    by standing from pass 2 (the lowest ranked last, first to sit out among equals);
    in pass 1, nobody ranked, players in the order of the tournament's seed (teams
    are shuffled by the draw itself)."""
    if number > 1:
        order = {s.entry: position for position, s in enumerate(current_standings(tournament))}
        return sorted(ids, key=lambda entry_id: order.get(entry_id, len(order)))
    if tournament.of_players:
        random.Random(tournament.seed).shuffle(ids)
    return ids


def _codes(count: int = 2) -> list[str]:
    """The short codes printed on each side's own slip to sign a result (a team's, or
    a Différenzler player's): six digits, never the same twice at a table."""
    codes: list[str] = []
    while len(codes) < count:
        code = f"{secrets.randbelow(10**6):06d}"
        if code not in codes:
            codes.append(code)
    return codes


@transaction.atomic
def redraw_pass(round_: Pass) -> Pass:
    """The draft drawn again, with who is checked in now: after a late arrival, a
    withdrawal, or swaps the director wants to forget. The same entries give the
    same draw (the tournament's seed)."""
    round_ = locked_pass(round_.pk)
    if round_.state != Pass.DRAFT:
        raise TournamentRuleBroken(_("Only a pass not yet published can be drawn again."))
    tournament = round_.tournament
    round_.delete()
    mark_changed(tournament.pk)
    return schedule_next_pass(tournament)


@transaction.atomic
def publish_pass(round_: Pass, anyway: bool = False) -> Pass:
    """The pass is played: every table gets its game, with the tournament's rules.
    Refused while the check finds a pass that cannot be played (an entry without a
    place or placed twice, one that withdrew, a wrong number of byes); a pass the
    check warns about (a rematch, a repeated partner, a second bye) only ``anyway``."""
    round_ = locked_pass(round_.pk)
    if round_.state != Pass.DRAFT:
        raise TournamentRuleBroken(_("This pass is already being played."))
    found = findings(round_)
    errors = [f for f in found if f.error]
    if errors:
        raise TournamentRuleBroken(
            _("This pass cannot be played: %(errors)s. Draw it again.")
            % {"errors": "; ".join(_(f.template).format(**f.params) for f in errors)}
        )
    warnings = [f for f in found if f.kind in checks.TO_ACCEPT]
    if warnings and not anyway:
        raise TournamentRuleBroken(
            _("The check warns: %(warnings)s. Publish it anyway, or draw it again.")
            % {"warnings": "; ".join(_(f.template).format(**f.params) for f in warnings)}
        )
    tournament = round_.tournament
    if not tournament.trump_order and not tournament.draws_trumps:  # played in this order
        tournament.trump_order = equal_blocks(tournament.hands)
        tournament.save(update_fields=["trump_order"])
    names = {e.pk: e for e in tournament.entries.all()}
    for table in round_.tables.all():
        with translation.override(tournament.club.language):  # the club's records
            name = table.game_title(gamefile.MAX_NAME - 50)  # shown composed: Game.title
        if tournament.each_for_themselves:  # four players, each in a seat of their own
            players = tuple(
                fit_name(names[i].player_1, gamefile.MAX_PLAYER_NAME) for i in table.seats
            )
            start_game = registry.of(tournament.ruleset.to_dict()).asks("start_game")
            table.game = start_game(
                club=tournament.club,
                name=name,
                players=players,
                hands=tournament.hands,
                trumps=tournament.ruleset.trumps,
                played_on=tournament.date,
                suit_style=tournament.club.suit_style,
                form_key=None,
            )
            table.save(update_fields=["game"])
            continue
        records = tuple(
            team_record(tournament, team, names) for team in teams_of(tournament, table.seats)
        )
        table.game = scoring.start_game(
            club=tournament.club,
            name=name,
            ruleset=tournament.ruleset,
            teams=records,  # type: ignore[arg-type]
            first_chooser=0,
            suit_style=tournament.club.suit_style,
            played_on=tournament.date,
        )
        table.save(update_fields=["game"])
    round_.state = Pass.PUBLISHED
    round_.save(update_fields=["state"])
    mark_changed(tournament.pk)
    return round_


def nothing_played(round_: Pass) -> bool:
    """Whether no table of a published pass has a hand, a signature, a dispute or
    totals from paper yet."""
    tables = list(round_.tables.all())
    return not (
        Hand.objects.filter(game__table__round=round_).exists()
        or any(t.signatures or t.paper_totals is not None or t.dispute for t in tables)
    )


@transaction.atomic
def unpublish_pass(round_: Pass) -> Pass:
    """A pass published by mistake goes back to a draft, as long as nothing has been
    played: its games go, the tables and their links stay (a card printed for a
    table that keeps its seats still opens it once the pass is published again)."""
    round_ = locked_pass(round_.pk)
    if round_.state != Pass.PUBLISHED:
        raise TournamentRuleBroken(_("This pass is not being played."))
    if not nothing_played(round_):
        raise TournamentRuleBroken(
            _("A table of this pass has started: correct or decide it instead.")
        )
    Game.objects.filter(table__round=round_).delete()
    round_.tables.update(state=Table.MISSING, wrong_codes=[])
    round_.state = Pass.DRAFT
    round_.save(update_fields=["state"])
    mark_changed(round_.tournament_id)
    return round_


@transaction.atomic
def close_pass(round_: Pass) -> Pass:
    """A pass closes when every table is confirmed or decided, and each table's
    game still is what was settled: finished, and for a confirmed table the very
    totals both sides signed. Its points then count in the standings and the next
    pass can be scheduled."""
    round_ = locked_pass(round_.pk)
    if round_.state != Pass.PUBLISHED:
        raise TournamentRuleBroken(_("This pass is not being played."))
    # Its games' rows, then its tables', in the order a hand's change takes them
    # (``locked_table``): a correction being made waits for the close or the close for
    # it, and what is read next (new statements) holds every change committed before.
    # (Each in the order of their keys, as ``delete_games`` takes games: no cycle.)
    games_of_pass = Game.objects.filter(table__round=round_).order_by("pk")
    list(games_of_pass.select_for_update(of=("self",)).values_list("pk"))
    list(Table.objects.filter(round=round_).order_by("pk").select_for_update().values_list("pk"))
    tables = list(round_.tables.all())
    open_tables = [t.number for t in tables if not t.settled]
    if open_tables:
        raise TournamentRuleBroken(
            ngettext(
                "Table %(tables)s is not confirmed yet.",
                "Tables %(tables)s are not confirmed yet.",
                len(open_tables),
            )
            % {"tables": ", ".join(str(n) for n in open_tables)}
        )
    games = {
        game.pk: game
        for game in Game.objects.filter(table__round=round_).prefetch_related(
            "teams__players", "hands"
        )
    }
    last = last_changes(HandChange.objects.filter(game__table__round=round_))
    scored = [t for t in tables if t.paper_totals is None]
    results = {t.pk: games[t.game_id].result() for t in scored}
    unfinished = [t.number for t in scored if not results[t.pk].over]
    if unfinished:
        raise TournamentRuleBroken(
            _("Table %(tables)s: the game is not finished.")
            % {"tables": ", ".join(str(n) for n in unfinished)}
        )
    changed = [
        t.number
        for t in scored
        if t.state == Table.CONFIRMED
        and t.signed_sides(results[t.pk].totals) != set(range(t.sides))
    ]
    if changed:
        raise TournamentRuleBroken(
            _("Table %(tables)s changed after it was signed: the director decides it.")
            % {"tables": ", ".join(str(n) for n in changed)}
        )
    for table in scored:
        table.result = game_result(games[table.game_id], last.get(table.game_id, 0))
    Table.objects.bulk_update(scored, ["result"])
    round_.state = Pass.CLOSED
    round_.save(update_fields=["state"])
    mark_changed(round_.tournament_id)
    return round_


@transaction.atomic
def swap(round_: Pass, first: int, second: int) -> Pass:
    """Exchange two entries' places (tables, seats or the bye) in a draft pass."""
    round_ = Pass.objects.select_for_update().get(pk=round_.pk)
    if round_.state != Pass.DRAFT:
        raise TournamentRuleBroken(_("Only a pass not yet published can be changed."))

    def exchanged(ids: list[int]) -> list[int]:
        return [second if i == first else first if i == second else i for i in ids]

    tables = list(round_.tables.all())
    placed = {i for t in tables for i in t.seats} | set(round_.byes)
    if first not in placed or second not in placed or first == second:
        raise TournamentRuleBroken(_("Choose two different entries of this pass."))
    for table in tables:
        table.seats = exchanged(table.seats)
    Table.objects.bulk_update(tables, ["seats"])
    round_.byes = exchanged(round_.byes)
    round_.save(update_fields=["byes"])
    mark_changed(round_.tournament_id)
    return round_


class Review(NamedTuple):
    """What the director reads of a drafted pass before publishing it."""

    findings: list[checks.Finding]  # the validator's, entries named
    bye_order: list[int]  # everyone the pass must place, in the order byes go


def findings(round_: Pass) -> list[checks.Finding]:
    """What the validator says of a pass, given the passes before it."""
    return review(round_).findings


def review(round_: Pass) -> Review:
    """What the validator says of a pass, given the passes before it, and who is due
    to sit out first (``pairing.bye_order``: the most passes played, the fewest byes,
    the lowest ranked)."""
    tournament = round_.tournament
    earlier = list(tournament.schedule.filter(number__lt=round_.number).prefetch_related("tables"))
    names = {e.pk: e.name for e in tournament.entries.all()}
    ids = _in_standing_order(  # who this pass must place
        tournament, [e.pk for e in playing_entries(tournament)], round_.number
    )
    seats = tuple(tuple(t.seats) for t in round_.tables.all())
    before = [(tuple(tuple(t.seats) for t in p.tables.all()), tuple(p.byes)) for p in earlier]
    if tournament.of_players:  # tables of four players (tablemates: each for themselves)
        check = (
            checks.check_table_pass if tournament.each_for_themselves else checks.check_player_pass
        )
        found = check(
            ids,
            pairing.PlayerPass(seats, tuple(round_.byes)),
            [pairing.PlayerPass(tables, byes) for tables, byes in before],
        )
    else:
        found = checks.check_team_pass(
            ids,
            pairing.TeamPass(seats, round_.byes[0] if round_.byes else None),
            [pairing.TeamPass(tables, byes[0] if byes else None) for tables, byes in before],
        )
    played = Counter(entry for tables, _ in before for table in tables for entry in table)
    had = Counter(entry for _, byes in before for entry in byes)
    return Review(
        [
            checks.Finding(
                f.kind,
                f.template,
                f.entries,
                {
                    key: names.get(value, value) if key in checks.ENTRY_PARAMS else value
                    for key, value in f.params.items()
                },
            )
            for f in found
        ],
        pairing.bye_order(ids, played, had),
    )
