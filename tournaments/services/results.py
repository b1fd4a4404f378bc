"""Points and standings read from the closed passes, and each entry's own passes.

Each table's result is stored when its pass closes; a game changed since is
counted again from its hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from django.db.models import Max, QuerySet

from scoring import registry
from scoring.models import Game, HandChange
from tournaments.models import Entry, Pass, Table, Tournament
from tournaments.services.common import teams_of
from tournaments.standings import (
    DiffPassScore,
    PassScore,
    bye_difference,
    bye_points,
    differenzler_standings,
    standings,
)


def last_changes(games: QuerySet[HandChange]) -> dict[int, int]:
    """The latest change of each game: a stored result counted up to it still holds."""
    return dict(games.values_list("game_id").annotate(last=Max("pk")).order_by())


def game_result(game: Game, last_change: int) -> dict[str, Any]:
    """What a table's game came to, stored when its pass closes (see
    :func:`stored_result`); ``last_change``: the game's last change counted."""
    record = game.record()
    return stored_result(game, record.result(), record.hands, last_change)


def stored_result(game: Game, counted: Any, hands: Sequence[Any], change: int) -> dict[str, Any]:
    """A counted game as a table keeps it: the totals and, for the tie-breaks, what its
    kind keeps of ``hands`` (``GameKind.tie_breaks``: each team's matches, or each
    Différenzler player's exact estimates and best hand); ``change``: the game's last
    change counted."""
    tie_breaks = registry.of(game.ruleset).asks("tie_breaks")(counted, hands)
    return {"totals": list(counted.totals), **tie_breaks, "change": change}


def pass_scores(tournament: Tournament) -> list[Any]:
    """Points of every entry in every closed pass (byes score half a game); in a
    Différenzler tournament each player's difference (:class:`DiffPassScore`, a bye
    the pass's average).

    Each table's result is stored when its pass closes; a game changed since (the
    director's correction) is counted again from its hands. The games are selected
    by a join on their tables, not by a list of ids, so that a tournament of
    hundreds of tables stays one query per kind of row."""
    closed = list(tournament.schedule.filter(state=Pass.CLOSED))
    tables = list(Table.objects.filter(round__in=closed, game__isnull=False))
    last = last_changes(
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
    if tournament.lowest_wins:  # each player's difference (the seats are the sides)
        return _differences(closed, tables, games, numbers)
    scores = [
        PassScore(entry_id, round_.number, bye_points(tournament.hands), bye=True)
        for round_ in closed
        for entry_id in round_.byes
    ]
    for table in tables:
        if table.paper_totals is not None:
            totals, matches = table.paper_totals, table.paper_matches or [0, 0]
        else:
            result = _result(table, games)
            totals, matches = result["totals"], result["matches"]
        for team, entry_ids in enumerate(teams_of(tournament, table.seats)):
            for entry_id in entry_ids:
                scores.append(
                    PassScore(entry_id, numbers[table.round_id], totals[team], matches[team])
                )
    return scores


def _result(table: Table, games: dict[int, Game]) -> dict[str, Any]:
    """A table's result as stored when its pass closed, or counted again from its game
    when that changed since (``games``: the changed ones)."""
    if table.game_id in games:
        return game_result(games[table.game_id], 0)
    assert table.result is not None
    return table.result


def _differences(
    closed: list[Pass], tables: list[Table], games: dict[int, Game], numbers: dict[int, int]
) -> list[Any]:
    """Each Différenzler player's difference, exact estimates and best hand in each
    closed pass; a bye counts the average difference of those who played it."""
    scores: list[DiffPassScore] = []
    for table in tables:
        result = _result(table, games)
        for seat, entry_id in enumerate(table.seats):
            scores.append(
                DiffPassScore(
                    entry_id,
                    numbers[table.round_id],
                    result["totals"][seat],
                    result["exact"][seat],
                    result["best_hand"][seat],
                )
            )
    for round_ in closed:
        played = [score.difference for score in scores if score.pass_number == round_.number]
        scores += [
            DiffPassScore(entry_id, round_.number, bye_difference(played), bye=True)
            for entry_id in round_.byes
        ]
    return scores


def current_standings(
    tournament: Tournament,
    entries: list[Entry] | None = None,
    scores: list[Any] | None = None,
) -> list[Any]:
    """The standing over the closed passes (entries and scores may be given when the
    caller has them already). It ranks the entries that played or sat out a pass
    and those checked in to play the next one: a team that never came, or withdrew
    before playing, is not ranked last with nothing."""
    entries = list(tournament.entries.all()) if entries is None else entries
    scores = pass_scores(tournament) if scores is None else scores
    took_part = {score.entry for score in scores}
    ranked = [e.pk for e in entries if e.pk in took_part or (e.checked_in and not e.withdrawn)]
    if tournament.lowest_wins:  # the lowest total difference first (RULES.md §10)
        return differenzler_standings(
            ranked,
            scores,
            drop_worst=tournament.drop_worst,
            tie_breaks=tournament.tie_breaks,
            seed=tournament.seed,
        )
    return standings(
        ranked,
        scores,
        best_of=tournament.best_of,
        drop_worst=tournament.drop_worst,
        tie_breaks=tournament.tie_breaks,
        seed=tournament.seed,
    )


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
    missed: bool = False  # neither seated nor sitting out: came late, or withdrew


def entry_passes(tournament: Tournament, entry: Entry) -> list[EntryTable]:
    """Every pass an entry played, is playing, sat out or missed (it came late, or
    withdrew: no points, shown as the standings show it), with the points so far. The
    draft of a pass is the director's until it is published."""
    rounds = list(tournament.schedule.exclude(state=Pass.DRAFT).prefetch_related("tables"))
    names = {
        e.pk: (e.player_1 if tournament.of_players else e.name) for e in tournament.entries.all()
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
    byes = (  # a bye counts the pass's average difference, known once it closes
        {s.pass_number: s.difference for s in pass_scores(tournament) if s.entry == entry.pk}
        if tournament.lowest_wins and any(entry.pk in r.byes for r in rounds)
        else {}
    )
    lines = []
    for round_ in rounds:
        table = seated.get(round_.pk)
        if table is None:
            if entry.pk in round_.byes:
                points = (
                    byes.get(round_.number)
                    if tournament.lowest_wins
                    else bye_points(tournament.hands)
                )
                lines.append(
                    EntryTable(
                        round_.number,
                        round_.state,
                        None,
                        "",
                        "",
                        points,
                        None,
                        0,
                        points is not None,
                    )
                )
            else:
                lines.append(
                    EntryTable(round_.number, round_.state, None, "", "", None, None, 0, True, True)
                )
            continue
        if tournament.each_for_themselves:
            lines.append(_seat_line(round_, table, entry, names, games))
            continue
        teams = teams_of(tournament, table.seats)
        side = 0 if entry.pk in teams[0] else 1
        partner = " & ".join(names[i] for i in teams[side] if i != entry.pk)
        opponents = " & ".join(names[i] for i in teams[1 - side])
        totals: list[int] | None = None
        matches = [0, 0]
        if table.paper_totals is not None:
            totals = table.paper_totals
            matches = table.paper_matches or [0, 0]
        elif table.game_id in games:
            game = games[table.game_id]
            record = game.record()
            result = record.result()
            totals = list(result.totals)
            tie_breaks = registry.of(game.ruleset).asks("tie_breaks")(result, record.hands)
            matches = list(tie_breaks["matches"])
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


def _seat_line(
    round_: Pass, table: Table, entry: Entry, names: dict[int, str], games: dict[int, Game]
) -> EntryTable:
    """The pass of a player for themselves (Différenzler): the three others at the
    table, the player's difference so far and exact estimates (``matches``)."""
    seat = table.seats.index(entry.pk)
    others = ", ".join(names[i] for i in table.seats if i != entry.pk)
    difference, exact = None, 0
    if table.game_id in games:
        counted = games[table.game_id].result()
        if counted.hands:
            difference, exact = counted.totals[seat], counted.exact[seat]
    settled = table.state in (Table.CONFIRMED, Table.DECIDED)
    return EntryTable(
        round_.number, round_.state, table.number, "", others, difference, None, exact, settled
    )


class RunningPass(NamedTuple):
    number: int | None  # None: no pass is being played
    points: dict[int, int]  # entry -> points of its settled table, or of its bye
    byes: frozenset[int] = frozenset()


def running_pass(tournament: Tournament) -> RunningPass:
    """The pass being played and, for each entry whose table is settled (both sides
    signed, decided, or from the paper sheet) or that sits out, its points so far:
    for the live standings to show as the tables finish. They count once the pass
    closes."""
    round_ = tournament.schedule.filter(state=Pass.PUBLISHED).first()
    if round_ is None:
        return RunningPass(None, {})
    games = {
        game.pk: game
        for game in Game.objects.filter(table__round=round_).prefetch_related(
            "teams__players", "hands"
        )
    }
    points = (  # half a game is known at once; a pass's average difference once it closes
        {} if tournament.lowest_wins else dict.fromkeys(round_.byes, bye_points(tournament.hands))
    )
    for table in round_.tables.all():
        if not table.settled:
            continue
        if table.paper_totals is not None:
            totals = table.paper_totals
        elif table.game_id in games:
            totals = list(games[table.game_id].result().totals)
        else:
            continue
        if tournament.each_for_themselves:
            points.update(zip(table.seats, totals, strict=True))
            continue
        for side, entry_ids in enumerate(teams_of(tournament, table.seats)):
            for entry_id in entry_ids:
                points[entry_id] = totals[side]
    return RunningPass(round_.number, points, frozenset(round_.byes))
