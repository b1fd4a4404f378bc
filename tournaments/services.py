"""Tournament actions, one function each, each in one transaction. This module is
the one place that moves data between the database and the plain-Python
scheduling (tournaments/pairing.py) and standings (tournaments/standings.py)."""

from __future__ import annotations

import datetime as dt
import secrets
from collections import Counter
from typing import Any, NamedTuple

from django.db import transaction
from django.db.models import Max, QuerySet
from django.utils import timezone, translation
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import services as scoring
from scoring.models import Game, Hand, HandChange
from scoring.models import Team as GameTeam
from scoring.rules import CARD_POINTS, gamefile
from tournaments import checks, pairing
from tournaments.models import INDIVIDUAL, Entry, Pass, Table, Tournament
from tournaments.standings import PassScore, Standing, bye_points, standings


class TournamentRuleBroken(Exception):
    """An action the tournament's state does not allow; nothing was changed."""


def _open_pass(tournament: Tournament) -> Pass | None:
    return tournament.schedule.exclude(state=Pass.CLOSED).first()


@transaction.atomic
def register(tournament: Tournament, *, name: str, player_1: str, player_2: str = "") -> Entry:
    """A team or player enters; late entries are taken until the next pass is scheduled."""
    if _open_pass(tournament):
        raise TournamentRuleBroken(_("A pass is drawn: entries wait until it is closed."))
    _check_names(tournament, None, name, player_1, player_2)
    members = {m.name: m for m in tournament.club.members.all()}
    return Entry.objects.create(
        tournament=tournament,
        name=name,
        player_1=player_1,
        player_2=player_2 if tournament.format != INDIVIDUAL else "",
        member_1=members.get(player_1),
        member_2=members.get(player_2),
    )


def _check_names(
    tournament: Tournament, entry: Entry | None, name: str, player_1: str, player_2: str
) -> None:
    """An entry has a name of its own, a team two different players, and nobody
    plays for two entries at once (a withdrawn entry's players are free again)."""
    individual = tournament.format == INDIVIDUAL
    if not individual and not player_2:
        raise TournamentRuleBroken(_("A team has two players."))
    if not individual and player_1.strip().casefold() == player_2.strip().casefold():
        raise TournamentRuleBroken(_("A team has two different players."))
    others = tournament.entries.exclude(pk=entry.pk if entry else None)
    if others.filter(name=name).exists():
        raise TournamentRuleBroken(_("%(name)s is already registered.") % {"name": name})
    players = [player_1] if individual else [player_1, player_2]
    for other in others:
        if other.withdrawn:
            continue
        for player in players:
            if player.strip().casefold() in (
                p.strip().casefold() for p in (other.player_1, other.player_2) if p
            ):
                raise TournamentRuleBroken(
                    _("%(player)s already plays in %(entry)s.")
                    % {"player": player, "entry": other.name}
                )


@transaction.atomic
def correct_entry(entry: Entry, *, name: str, player_1: str, player_2: str = "") -> Entry:
    """A name spelt wrong is put right everywhere it shows: the standings, the
    results sheet, and the games the entry played or is playing. Points and
    signatures stay as they are."""
    tournament = entry.tournament
    individual = tournament.format == INDIVIDUAL
    _check_names(tournament, entry, name, player_1, player_2)
    members = {m.name: m for m in tournament.club.members.all()}
    entry.name, entry.player_1 = name, player_1
    entry.player_2 = "" if individual else player_2
    entry.member_1, entry.member_2 = members.get(player_1), members.get(entry.player_2)
    entry.save()
    entries = {e.pk: e for e in tournament.entries.all()}
    tables = Table.objects.filter(round__tournament=tournament, game__isnull=False)
    for table in tables:
        for index, team in enumerate(_teams_of(tournament, table.seats)):
            if entry.pk in team:
                _rename_side(table.game_id, index, _team_record(tournament, team, entries), members)
    return entry


def _rename_side(
    game_id: int,
    index: int,
    record: gamefile.Team,
    members: dict[str, Any],
) -> None:
    """One side of a game takes the names of its record; the hands follow who chose trump."""
    side = GameTeam.objects.get(game_id=game_id, index=index)
    side.name = record.name
    side.save(update_fields=["name"])
    for player in side.players.all():
        new = record.players[player.position]
        if player.name != new:
            Hand.objects.filter(game_id=game_id, chooser=player.name).update(chooser=new)
            player.name, player.member = new, members.get(new)
            player.save(update_fields=["name", "member"])


def check_in(entry: Entry, present: bool = True) -> None:
    entry.checked_in = present
    entry.save(update_fields=["checked_in"])


@transaction.atomic
def withdraw(entry: Entry) -> None:
    """A withdrawn entry keeps its played passes and is not scheduled any more."""
    closed = entry.tournament.schedule.filter(state=Pass.CLOSED).count()
    entry.withdrawn_after = closed
    entry.save(update_fields=["withdrawn_after"])


@transaction.atomic
def reinstate(entry: Entry) -> None:
    """A withdrawal taken back: the entry is drawn again from the next pass (the
    passes it missed count nothing)."""
    _check_names(entry.tournament, entry, entry.name, entry.player_1, entry.player_2)
    entry.withdrawn_after = None
    entry.save(update_fields=["withdrawn_after"])


def playing_entries(tournament: Tournament) -> list[Entry]:
    return [e for e in tournament.entries.all() if e.checked_in and not e.withdrawn]


def _last_changes(games: QuerySet[HandChange]) -> dict[int, int]:
    """The latest change of each game: a stored result counted up to it still holds."""
    return dict(games.values_list("game_id").annotate(last=Max("pk")).order_by())


def _game_result(game: Game, last_change: int) -> dict[str, Any]:
    record = game.record()
    matches = [0, 0]
    for hand in record.hands:
        if hand.match is not None:
            matches[hand.match] += 1
    return {"totals": list(record.result().totals), "matches": matches, "change": last_change}


def pass_scores(tournament: Tournament) -> list[PassScore]:
    """Points of every entry in every closed pass (byes score half a game).

    Each table's result is stored when its pass closes; a game changed since (the
    director's correction) is counted again from its hands. The games are selected
    by a join on their tables, not by a list of ids, so that a tournament of
    hundreds of tables stays one query per kind of row."""
    closed = list(tournament.schedule.filter(state=Pass.CLOSED))
    tables = list(Table.objects.filter(round__in=closed, game__isnull=False))
    last = _last_changes(
        HandChange.objects.filter(
            game__table__round__tournament=tournament, game__table__round__state=Pass.CLOSED
        )
    )
    stale = {
        table.game_id
        for table in tables
        if table.paper_totals is None
        and (table.result is None or table.result["change"] != last.get(table.game_id, 0))
    }
    games = (
        {
            game.pk: game
            for game in Game.objects.filter(
                table__round__tournament=tournament, table__round__state=Pass.CLOSED
            )
            .filter(pk__in=stale)
            .prefetch_related("teams__players", "hands")
        }
        if stale
        else {}
    )
    numbers = {round_.pk: round_.number for round_ in closed}
    scores = [
        PassScore(entry_id, round_.number, bye_points(tournament.hands), bye=True)
        for round_ in closed
        for entry_id in round_.byes
    ]
    for table in tables:
        if table.paper_totals is not None:
            totals, matches = table.paper_totals, [0, 0]
        else:
            result = (
                _game_result(games[table.game_id], 0) if table.game_id in stale else table.result
            )
            totals, matches = result["totals"], result["matches"]
        for team, entry_ids in enumerate(_teams_of(tournament, table.seats)):
            for entry_id in entry_ids:
                scores.append(
                    PassScore(entry_id, numbers[table.round_id], totals[team], matches[team])
                )
    return scores


@transaction.atomic
def enter_paper_totals(table: Table, totals: tuple[int, int]) -> Table:
    """The director (or the office) enters a whole game's totals from a paper sheet.

    Checked against the game: ``hands × 157`` in all, plus 100 for each match when
    the match bonus counts, or more when Weis or Stöck count."""
    table = _locked_table(table)
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


def _teams_of(tournament: Tournament, seats: list[int]) -> tuple[list[int], list[int]]:
    if tournament.format == INDIVIDUAL:
        return [seats[0], seats[2]], [seats[1], seats[3]]
    return [seats[0]], [seats[1]]


def current_standings(
    tournament: Tournament,
    entries: list[Entry] | None = None,
    scores: list[PassScore] | None = None,
) -> list[Standing]:
    """The standing over the closed passes (entries and scores may be given when the
    caller has them already). It ranks the entries that played or sat out a pass
    and those checked in to play the next one: a team that never came, or withdrew
    before playing, is not ranked last with nothing."""
    entries = list(tournament.entries.all()) if entries is None else entries
    scores = pass_scores(tournament) if scores is None else scores
    took_part = {score.entry for score in scores}
    return standings(
        [e.pk for e in entries if e.pk in took_part or (e.checked_in and not e.withdrawn)],
        scores,
        best_of=tournament.best_of,
        tie_breaks=tournament.tie_breaks,
        seed=tournament.seed,
    )


@transaction.atomic
def schedule_next_pass(tournament: Tournament) -> Pass:
    """Draw the next pass as a draft the director can still change: pass 1 at
    random from the tournament's seed, later passes by standing (Swiss) for teams;
    for individuals new partners every pass."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if _open_pass(tournament):
        raise TournamentRuleBroken(_("Close the current pass before drawing the next."))
    number = tournament.schedule.count() + 1
    if number > tournament.passes:
        raise TournamentRuleBroken(_("All passes of the tournament are played."))
    entries = playing_entries(tournament)
    minimum = 4 if tournament.format == INDIVIDUAL else 2
    if len(entries) < minimum:
        raise TournamentRuleBroken(_("Too few entries are checked in to play."))
    earlier = list(tournament.schedule.prefetch_related("tables"))
    byes = Counter(entry_id for p in earlier for entry_id in p.byes)
    ids = [e.pk for e in entries]
    if tournament.format == INDIVIDUAL:
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
        seating = pairing.player_pass(ids, partnered, opposed, byes, seed=tournament.seed + number)
        tables = [list(t) for t in seating.tables]
        bye_ids = list(seating.byes)
    else:
        if number == 1:
            drawn = pairing.random_team_pass(ids, tournament.seed, byes)
        else:
            order = {s.entry: position for position, s in enumerate(current_standings(tournament))}
            standing = sorted(ids, key=lambda entry_id: order.get(entry_id, len(order)))
            met = {frozenset(t.seats) for p in earlier for t in p.tables.all()}
            drawn = pairing.swiss_team_pass(standing, met, byes)
        tables = [list(t) for t in drawn.tables]
        bye_ids = [drawn.bye] if drawn.bye is not None else []
    round_ = Pass.objects.create(tournament=tournament, number=number, byes=bye_ids)
    Table.objects.bulk_create(
        Table(round=round_, number=index, seats=seats, codes=_codes())
        for index, seats in enumerate(tables, start=1)
    )
    return round_


def _codes() -> list[str]:
    """The short codes printed on each side's own slip to sign a result: six digits,
    never the same for both sides of a table."""
    first = f"{secrets.randbelow(10**6):06d}"
    while (second := f"{secrets.randbelow(10**6):06d}") == first:
        pass
    return [first, second]


def _fit(text: str, limit: int) -> str:
    """A name made from longer ones, cut to what a game's record holds."""
    return Truncator(text).chars(limit)


def _team_record(
    tournament: Tournament, team: list[int], entries: dict[int, Entry]
) -> gamefile.Team:
    """A side of a table as its game names it: the team and its two players, or in an
    individual tournament the two partners of this pass."""
    if tournament.format == INDIVIDUAL:
        players = (entries[team[0]].player_1, entries[team[1]].player_1)
        return gamefile.Team(_fit(" & ".join(players), gamefile.MAX_TEAM_NAME), players)
    entry = entries[team[0]]
    return gamefile.Team(entry.name, (entry.player_1, entry.player_2))


@transaction.atomic
def publish_pass(round_: Pass) -> Pass:
    """The pass is played: every table gets its game, with the tournament's rules."""
    round_ = Pass.objects.select_for_update().get(pk=round_.pk)
    if round_.state != Pass.DRAFT:
        raise TournamentRuleBroken(_("This pass is already being played."))
    tournament = round_.tournament
    names = {e.pk: e for e in tournament.entries.all()}
    for table in round_.tables.all():
        records = tuple(
            _team_record(tournament, team, names) for team in _teams_of(tournament, table.seats)
        )
        with translation.override(tournament.club.language):  # the club's records
            name = _("%(tournament)s · pass %(pass)s · table %(table)s") % {
                "tournament": _fit(tournament.name, gamefile.MAX_NAME - 50),
                "pass": round_.number,
                "table": table.number,
            }
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
    return round_


def _locked_table(table: Table) -> Table:
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("round", "game")
        .get(pk=table.pk)
    )


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
        return _sign(_locked_table(table), side)


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
        return _dispute(_locked_table(table), side, reason)


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
    table = _locked_table(table)
    if table.game is None or not table.game.result().over:
        raise TournamentRuleBroken(_("The game is not finished: all hands first."))
    table.state = Table.DECIDED
    table.save(update_fields=["state"])
    return table


@transaction.atomic
def close_pass(round_: Pass) -> Pass:
    """A pass closes when every table is confirmed or decided; its points then count
    in the standings and the next pass can be scheduled."""
    round_ = Pass.objects.select_for_update().get(pk=round_.pk)
    if round_.state != Pass.PUBLISHED:
        raise TournamentRuleBroken(_("This pass is not being played."))
    open_tables = [
        t.number for t in round_.tables.all() if t.state not in (Table.CONFIRMED, Table.DECIDED)
    ]
    if open_tables:
        raise TournamentRuleBroken(
            ngettext(
                "Table %(tables)s is not confirmed yet.",
                "Tables %(tables)s are not confirmed yet.",
                len(open_tables),
            )
            % {"tables": ", ".join(str(n) for n in open_tables)}
        )
    tables = [t for t in round_.tables.all() if t.game_id and t.paper_totals is None]
    games = Game.objects.filter(table__round=round_).prefetch_related("teams__players", "hands")
    last = _last_changes(HandChange.objects.filter(game__table__round=round_))
    results = {game.pk: _game_result(game, last.get(game.pk, 0)) for game in games}
    for table in tables:
        table.result = results[table.game_id]
    Table.objects.bulk_update(tables, ["result"])
    round_.state = Pass.CLOSED
    round_.save(update_fields=["state"])
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
    return round_


def findings(round_: Pass) -> list[checks.Finding]:
    """What the validator says of a pass, given the passes before it."""
    tournament = round_.tournament
    earlier = list(tournament.schedule.filter(number__lt=round_.number).prefetch_related("tables"))
    names = {e.pk: e.name for e in tournament.entries.all()}
    ids = [e.pk for e in playing_entries(tournament)]  # who this pass must place
    if tournament.format == INDIVIDUAL:
        found = checks.check_player_pass(
            ids,
            pairing.PlayerPass(
                tuple(tuple(t.seats) for t in round_.tables.all()), tuple(round_.byes)
            ),  # type: ignore[misc]
            [
                pairing.PlayerPass(tuple(tuple(t.seats) for t in p.tables.all()), tuple(p.byes))  # type: ignore[misc]
                for p in earlier
            ],
        )
    else:
        found = checks.check_team_pass(
            ids,
            pairing.TeamPass(
                tuple(tuple(t.seats) for t in round_.tables.all()),  # type: ignore[misc]
                round_.byes[0] if round_.byes else None,
            ),
            [
                pairing.TeamPass(
                    tuple(tuple(t.seats) for t in p.tables.all()), p.byes[0] if p.byes else None
                )  # type: ignore[misc]
                for p in earlier
            ],
        )
    return [
        checks.Finding(
            f.kind,
            f.template,
            f.entries,
            {key: names.get(value, value) for key, value in f.params.items()},  # type: ignore[call-overload]
        )
        for f in found
    ]


class EntryTable(NamedTuple):
    """One pass of an entry, as its own page shows it."""

    number: int  # the pass
    state: str  # the pass's state
    table: int | None  # None for a bye
    partner: str  # individual tournaments: who sat opposite
    opponents: str
    points: int | None
    against: int | None
    matches: int
    settled: bool  # confirmed or decided: the points will not change any more


def entry_passes(tournament: Tournament, entry: Entry) -> list[EntryTable]:
    """Every pass an entry played, is playing or sat out, with the points so far. The
    draft of a pass is the director's until it is published."""
    rounds = list(tournament.schedule.exclude(state=Pass.DRAFT).prefetch_related("tables"))
    names = {
        e.pk: (e.player_1 if tournament.format == INDIVIDUAL else e.name)
        for e in tournament.entries.all()
    }
    seated = {
        round_.pk: table
        for round_ in rounds
        for table in round_.tables.all()
        if entry.pk in table.seats
    }
    games = {
        game.pk: game
        for game in Game.objects.filter(
            pk__in=[t.game_id for t in seated.values() if t.game_id]
        ).prefetch_related("teams__players", "hands")
    }
    lines = []
    for round_ in rounds:
        table = seated.get(round_.pk)
        if table is None:
            if entry.pk in round_.byes:
                points = bye_points(tournament.hands)
                lines.append(
                    EntryTable(round_.number, round_.state, None, "", "", points, None, 0, True)
                )
            continue
        teams = _teams_of(tournament, table.seats)
        side = 0 if entry.pk in teams[0] else 1
        partner = " & ".join(names[i] for i in teams[side] if i != entry.pk)
        opponents = " & ".join(names[i] for i in teams[1 - side])
        totals: list[int] | None = None
        matches = [0, 0]
        if table.paper_totals is not None:
            totals = table.paper_totals
        elif table.game_id in games:
            record = games[table.game_id].record()
            totals = list(record.result().totals)
            for hand in record.hands:
                if hand.match is not None:
                    matches[hand.match] += 1
        lines.append(
            EntryTable(
                round_.number,
                round_.state,
                table.number,
                partner,
                opponents,
                totals[side] if totals else None,
                totals[1 - side] if totals else None,
                matches[side],
                table.state in (Table.CONFIRMED, Table.DECIDED),
            )
        )
    return lines
