"""What the tournament services share: the refusal, the open pass, and the sides
of a table as its game names them."""

from __future__ import annotations

from django.db.models import F
from django.utils.text import Truncator

from scoring.models import Game
from scoring.rules import gamefile
from tournaments.models import Entry, Pass, Table, Tournament


class TournamentRuleBroken(Exception):
    """An action the tournament's state does not allow; nothing was changed."""


def mark_changed(tournament_id: int) -> None:
    """What the tournament's standings, projector or entries' pages show has changed:
    its revision goes up, and with it their ETag (``views.results``), so that a
    refresh of an unchanged board is answered without drawing it. Every service that
    writes what those pages read calls this in its transaction, and so does a change
    to a table game's hands (``TournamentTable.guard_change``)."""
    Tournament.objects.filter(pk=tournament_id).update(revision=F("revision") + 1)


def open_pass(tournament: Tournament) -> Pass | None:
    return tournament.schedule.exclude(state=Pass.CLOSED).first()


def teams_of(tournament: Tournament, seats: list[int]) -> tuple[list[int], list[int]]:
    """The entries of a table's two sides as its game keeps them: each team, or the
    players of seats 1 and 3, 2 and 4 (a Différenzler game keeps its four players so,
    as two unnamed sides)."""
    if tournament.of_players:
        return [seats[0], seats[2]], [seats[1], seats[3]]
    return [seats[0]], [seats[1]]


def fit_name(text: str, limit: int) -> str:
    """A name made from longer ones, cut to what a game's record holds."""
    return Truncator(text).chars(limit)


def team_record(
    tournament: Tournament, team: list[int], entries: dict[int, Entry]
) -> gamefile.Team:
    """A side of a table as its game names it: the team and its two players, or in an
    individual tournament the two partners of this pass (the sides of a game of
    players each for themselves have no name)."""
    if tournament.of_players:
        players = (entries[team[0]].player_1, entries[team[1]].player_1)
        name = "" if tournament.each_for_themselves else " & ".join(players)
        return gamefile.Team(fit_name(name, gamefile.MAX_TEAM_NAME), players)
    entry = entries[team[0]]
    return gamefile.Team(entry.name, (entry.player_1, entry.player_2))


def locked_table(table: Table) -> Table:
    """The table's row, locked after its game's: the order in which a hand's change
    (scoring.services) takes them, so that a signature and a correction never pass
    each other."""
    if table.game_id is not None:
        list(Game.objects.select_for_update().filter(pk=table.game_id).values_list("pk"))
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "game")
        .get(pk=table.pk)
    )


def locked_pass(round_id: int) -> Pass:
    """The pass's row, locked before its tables: closing it waits for a decision or
    a paper sheet on one of its tables, and the other way round."""
    return Pass.objects.select_for_update().get(pk=round_id)
