"""Entries: registration, names put right, check-in, withdrawal (RULES.md §9)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import Hand, PlayerResult
from scoring.models import Team as GameTeam
from scoring.rules import gamefile
from tournaments.models import Entry, Pass, RankingChange, Table, Tournament
from tournaments.services.common import (
    TournamentRuleBroken,
    mark_changed,
    open_pass,
    team_record,
    teams_of,
)


@transaction.atomic
def register(tournament: Tournament, *, name: str, player_1: str, player_2: str = "") -> Entry:
    """A team or player enters; late entries are taken until the next pass is scheduled."""
    if open_pass(tournament):
        raise TournamentRuleBroken(_("A pass is drawn: entries wait until it is closed."))
    _check_names(tournament, None, name, player_1, player_2)
    members = {m.name: m for m in tournament.club.members.all()}
    mark_changed(tournament.pk)
    return Entry.objects.create(
        tournament=tournament,
        name=name,
        player_1=player_1,
        player_2=player_2 if not tournament.of_players else "",
        member_1=members.get(player_1),
        member_2=members.get(player_2),
    )


@transaction.atomic
def register_all(tournament: Tournament, lines: list[tuple[int, str, str, str]]) -> int:
    """Several entries at once (a list brought in from a file): each line is
    ``(line number, name, player, partner)``; all are registered, or none when one
    breaks a rule (:class:`TournamentRuleBroken` names its line)."""
    for number, name, player_1, player_2 in lines:
        try:
            register(tournament, name=name, player_1=player_1, player_2=player_2)
        except TournamentRuleBroken as broken:
            raise TournamentRuleBroken(
                _("Line %(line)s: %(problem)s") % {"line": number, "problem": broken}
            ) from None
    return len(lines)


@transaction.atomic
def save_settings(form: Any, user: Any = None) -> Tournament:
    """The tournament's settings as the director saved them (a valid
    ``TournamentForm``). A change to how public standings rank is kept with its
    reason (:class:`RankingChange`)."""
    changed = form.ranking_changed()
    before = form.ranking_before  # read before the form wrote onto the tournament
    saved = form.save()
    mark_changed(saved.pk)
    if changed:
        RankingChange.objects.create(
            tournament=saved,
            before=before,
            after=saved.ranking_rule(),
            reason=form.cleaned_data["reason"].strip(),
            user=user if user is not None and user.is_authenticated else None,
        )
    return saved


def same_name(a: str, b: str) -> bool:
    """Two names typed for the same: case and extra spaces do not count."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def _check_names(
    tournament: Tournament, entry: Entry | None, name: str, player_1: str, player_2: str
) -> None:
    """An entry has a name of its own, a team two different players, and nobody
    plays for two entries at once (a withdrawn entry's players are free again)."""
    individual = tournament.of_players
    if not individual and not player_2.strip():
        raise TournamentRuleBroken(_("Give the partner's name too."))
    if not individual and same_name(player_1, player_2):
        raise TournamentRuleBroken(_("The two players of a team must be different people."))
    others = list(tournament.entries.exclude(pk=entry.pk if entry else None))
    taken = next((other for other in others if same_name(other.name, name)), None)
    if taken is not None:
        raise TournamentRuleBroken(_("Already registered: %(name)s.") % {"name": taken.name})
    players = [player_1] if individual else [player_1, player_2]
    for other in others:
        if other.withdrawn:
            continue
        for player in players:
            if any(same_name(player, p) for p in (other.player_1, other.player_2) if p):
                raise TournamentRuleBroken(
                    _("%(player)s already plays in %(entry)s.")
                    % {"player": player, "entry": other.name}
                )


def seated(entry: Entry, round_: Pass) -> bool:
    """Whether the entry has a seat at a table of the pass (tables prefetched)."""
    return any(entry.pk in t.seats for t in round_.tables.all())


def drawn_ever(entry: Entry) -> bool:
    """Whether the entry has a place in a pass (drawn, played or sat out)."""
    return any(
        entry.pk in round_.byes or seated(entry, round_)
        for round_ in entry.tournament.schedule.prefetch_related("tables")
    )


@transaction.atomic
def remove_entry(entry: Entry) -> None:
    """An entry registered by mistake goes, as long as no pass has placed it; one
    that has played is withdrawn instead, and keeps its passes."""
    if drawn_ever(entry):
        raise TournamentRuleBroken(
            _("Already placed in a pass, withdraw it instead: %(name)s.") % {"name": entry.name}
        )
    entry.delete()
    mark_changed(entry.tournament_id)


@transaction.atomic
def remove_tournament(tournament: Tournament) -> None:
    """A tournament set up by mistake goes, as long as no pass has been published
    (then it has games, kept with the club's)."""
    if tournament.schedule.exclude(state=Pass.DRAFT).exists():
        raise TournamentRuleBroken(_("A pass has been played: the tournament stays."))
    tournament.delete()


@transaction.atomic
def correct_entry(entry: Entry, *, name: str, player_1: str, player_2: str = "") -> Entry:
    """A name spelt wrong is put right everywhere it shows: the standings, the
    results sheet, and the games the entry played or is playing. Points and
    signatures stay as they are."""
    tournament = entry.tournament
    individual = tournament.of_players
    _check_names(tournament, entry, name, player_1, player_2)
    members = {m.name: m for m in tournament.club.members.all()}
    entry.name, entry.player_1 = name, player_1
    entry.player_2 = "" if individual else player_2
    entry.member_1, entry.member_2 = members.get(player_1), members.get(entry.player_2)
    entry.save()
    mark_changed(tournament.pk)
    entries = {e.pk: e for e in tournament.entries.all()}
    tables = Table.objects.filter(round__tournament=tournament, game__isnull=False)
    for table in tables:
        for index, team in enumerate(teams_of(tournament, table.seats)):
            if entry.pk in team:
                _rename_side(table.game_id, index, team_record(tournament, team, entries), members)
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
            chosen = list(Hand.objects.filter(game_id=game_id, record__chooser=player.name))
            for hand in chosen:
                hand.record = {**hand.record, "chooser": new}
            Hand.objects.bulk_update(chosen, ["record"])
            player.name, player.member = new, members.get(new)
            player.save(update_fields=["name", "member"])
            PlayerResult.objects.filter(player=player).update(member=player.member)


@transaction.atomic
def check_in(entry: Entry, present: bool = True) -> None:
    entry.checked_in = present
    entry.save(update_fields=["checked_in"])
    mark_changed(entry.tournament_id)


@transaction.atomic
def check_in_all(tournament: Tournament) -> int:
    """Every entry still in the tournament is here (the evening starts with the
    room full); the number of entries that were not checked in before."""
    mark_changed(tournament.pk)
    return tournament.entries.filter(checked_in=False, withdrawn_after__isnull=True).update(
        checked_in=True
    )


@transaction.atomic
def withdraw(entry: Entry) -> bool:
    """A withdrawn entry keeps its played passes and is not scheduled any more. One
    seated in the pass being played still plays it (or the director decides its
    table): it is withdrawn after that pass. Says whether it still plays one."""
    played = entry.tournament.schedule.exclude(state=Pass.DRAFT).prefetch_related("tables")
    playing = any(round_.state == Pass.PUBLISHED and seated(entry, round_) for round_ in played)
    entry.withdrawn_after = sum(1 for round_ in played if round_.state == Pass.CLOSED) + playing
    entry.save(update_fields=["withdrawn_after"])
    mark_changed(entry.tournament_id)
    return playing


@transaction.atomic
def publish_results(tournament: Tournament, published: bool) -> None:
    """The standings, each entry's page and the results sheets, for everyone or
    for the club's members only."""
    tournament.published = published
    tournament.save(update_fields=["published"])
    mark_changed(tournament.pk)


@transaction.atomic
def reinstate(entry: Entry) -> None:
    """A withdrawal taken back: the entry is drawn again from the next pass (the
    passes it missed count nothing)."""
    _check_names(entry.tournament, entry, entry.name, entry.player_1, entry.player_2)
    entry.withdrawn_after = None
    entry.save(update_fields=["withdrawn_after"])
    mark_changed(entry.tournament_id)


def playing_entries(tournament: Tournament) -> list[Entry]:
    return [e for e in tournament.entries.all() if e.checked_in and not e.withdrawn]
