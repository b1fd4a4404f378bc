"""An evening in the middle of a pass, as the director's page sees it: the first pass
closed, the second being played with tables in every state a director looks for (one
disputed, one locked after wrong codes, one from a paper sheet, some entered and not
yet signed, one still being played, then settled ones and ones not started)."""

from __future__ import annotations

from types import SimpleNamespace

from tests.factories import stored
from tests.tournaments.test_services import play_out, play_pass, tournament
from tournaments import services
from tournaments.models import CODE_BUDGET, Table


def evening(club, count: int = 60, hands: int = 4, settled: int | None = None) -> SimpleNamespace:
    """A tournament of ``count`` teams in its second pass. Its tables, in table order
    and as far as there are tables: one disputed, one locked (its game finished), one
    from paper, two entered, one being played (a hand), ``settled`` settled ones (half
    of the rest by default), the rest not started. Returns the tournament, the pass
    and its tables by what they are."""
    t = tournament(club, name="Grosser Preisjass", hands=hands)
    for n in range(1, count + 1):  # names as long as a club's teams are
        entry = services.register(
            t, name=f"Team {n:02} Zürioberland", player_1=f"Jürg {n}", player_2=f"Käthi {n}"
        )
        services.check_in(entry)
    play_pass(services.schedule_next_pass(t))
    second = services.publish_pass(services.schedule_next_pass(t), anyway=True)
    tables = list(second.tables.all())
    rest = list(tables)
    disputed, locked, paper = (rest.pop(0) if rest else None for _ in range(3))
    entered, rest = rest[:2], rest[2:]
    playing = rest.pop(0) if rest else None
    settled = len(rest) // 2 if settled is None else settled
    done, missing = rest[:settled], rest[settled:]
    if disputed:
        play_out(disputed, 100)
        services.dispute_table(disputed, 1, disputed.codes[1], "Hand 2 was a match for us")
    if locked:
        play_out(locked, 90)
        Table.objects.filter(pk=locked.pk).update(wrong_codes=[CODE_BUDGET, 0])
    if paper:
        whole = hands * 157
        services.enter_paper_totals(paper, (whole // 2 + 20, whole - whole // 2 - 20))
    for table in entered:
        play_out(table, 80)
    if playing:
        playing.game.hands.create(number=1, record=stored(t.trump_of_hand(1), 57, 100))
    for table in done:
        play_out(table, 70)
        services.decide_table(table)
    return SimpleNamespace(
        tournament=t,
        round=second,
        tables=tables,
        disputed=disputed,
        locked=locked,
        paper=paper,
        entered=entered,
        playing=playing,
        settled=done,
        missing=[playing, *missing] if playing else missing,
    )
