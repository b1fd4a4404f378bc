"""The validator of a pass: what a schedule, or a hand-made swap, breaks.

Plain Python, no Django. Each finding has a kind, a message template for the
screen (translated by the site) and the entries it concerns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import networkx as nx

from scoring.rules.problems import gettext_noop
from tournaments.pairing import Entry, Pair, PlayerPass, TeamPass, bye_order, due
from tournaments.tablemates import least_cost, seating_cost, tablemates

ERRORS = {"missing", "twice", "unknown", "byes"}
ENTRY_PARAMS = {"entry", "other", "a", "b"}  # a finding's params that are entries
TO_ACCEPT = {  # published only when accepted
    "rematch",
    "partners-again",
    "bye-fewer-passes",
    "bye-again",
    "tablemates-avoidable",
}


@dataclass(frozen=True)
class Finding:
    kind: str
    template: str
    entries: tuple[Entry, ...] = ()
    params: dict[str, object] = field(default_factory=dict)

    @property
    def error(self) -> bool:
        """A schedule with an error cannot be played; the others are to be avoided."""
        return self.kind in ERRORS

    @property
    def message(self) -> str:
        return self.template.format(**self.params)


def _seats(entries: Sequence[Entry], placed: list[Entry]) -> list[Finding]:
    findings = []
    counts = Counter(placed)
    known = set(entries)
    for entry in entries:
        if counts[entry] == 0:
            findings.append(
                Finding("missing", gettext_noop("{entry} has no place"), (entry,), {"entry": entry})
            )
        elif counts[entry] > 1:
            findings.append(
                Finding(
                    "twice", gettext_noop("{entry} is placed twice"), (entry,), {"entry": entry}
                )
            )
    for entry in counts:
        if entry not in known:
            findings.append(
                Finding(
                    "unknown",
                    gettext_noop("{entry} is not in the tournament"),
                    (entry,),
                    {"entry": entry},
                )
            )
    return findings


def _perfect_matching_exists(entries: Sequence[Entry], banned: set[Pair]) -> bool:
    graph: nx.Graph[Entry] = nx.Graph()
    graph.add_nodes_from(entries)
    graph.add_edges_from(
        (a, b)
        for i, a in enumerate(entries)
        for b in entries[i + 1 :]
        if frozenset((a, b)) not in banned
    )
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(entries)


# Whole sentences, one per case, so that each is translated as a whole.
MET = gettext_noop("{a} and {b} have met before")
MET_AVOIDABLE = gettext_noop("{a} and {b} have met before (avoidable)")
PARTNERS = gettext_noop("{a} and {b} have played together before")
PARTNERS_AVOIDABLE = gettext_noop("{a} and {b} have played together before (avoidable)")
BYE_FEWER_PASSES = gettext_noop("{entry} sits out, having played fewer passes than {other}")
BYE_AGAIN = gettext_noop(
    "{entry} sits out again, while {other} has played as many passes and sat out less"
)
BYE_RANK = gettext_noop("{entry} sits out, although {other} ranks lower")


def _bye_costs(
    entries: Sequence[Entry],
    sitting: Sequence[Entry],
    earlier: Sequence[tuple[Sequence[Entry], Sequence[Entry]]],
) -> list[Finding]:
    """What sitting out costs when it is not whom ``pairing.bye_order`` puts first
    (``entries`` in standing order; ``earlier``: each pass's seated and its byes):
    each who sits out out of turn, beside one who was due before them and plays."""
    played = Counter(entry for seated, _ in earlier for entry in seated)
    had = Counter(entry for _, byes in earlier for entry in byes)
    first = bye_order(entries, played, had)[: len(sitting)]
    instead = [e for e in first if e not in sitting]
    out_of_turn = [e for e in bye_order(entries, played, had) if e in sitting and e not in first]
    findings = []
    for entry, other in zip(out_of_turn, instead, strict=False):
        if played[entry] < played[other]:
            kind, template = "bye-fewer-passes", BYE_FEWER_PASSES
        elif due(entry, played, had) != due(other, played, had):
            kind, template = "bye-again", BYE_AGAIN
        elif earlier:  # in pass 1 nobody is ranked yet
            kind, template = "bye-rank", BYE_RANK
        else:
            continue
        findings.append(Finding(kind, template, (entry, other), {"entry": entry, "other": other}))
    return findings


def check_team_pass(
    entries: Sequence[Entry], schedule: TeamPass, earlier: Sequence[TeamPass] = ()
) -> list[Finding]:
    """Every entry placed once (at a table or on the bye), one bye exactly when the
    count is odd, the bye to whom ``pairing.bye_order`` puts first (``entries`` in
    standing order), and no rematch — reported as avoidable when a pass without one
    exists."""
    placed = [e for table in schedule.tables for e in table]
    if schedule.bye is not None:
        placed.append(schedule.bye)
    findings = _seats(entries, placed)
    if (schedule.bye is not None) != (len(entries) % 2 == 1):
        findings.append(
            Finding("byes", gettext_noop("a bye is needed exactly when the number of teams is odd"))
        )
    if schedule.bye is not None:
        findings += _bye_costs(
            entries,
            [schedule.bye],
            [
                ([e for table in p.tables for e in table], [p.bye] if p.bye is not None else [])
                for p in earlier
            ],
        )
    met = set().union(*(p.meetings() for p in earlier)) if earlier else set()
    rematches = [tuple(table) for table in schedule.tables if frozenset(table) in met]
    if rematches:
        playing = [e for e in entries if e != schedule.bye]
        avoidable = _perfect_matching_exists(playing, met)
        for a, b in rematches:
            findings.append(
                Finding(
                    "rematch",
                    MET_AVOIDABLE if avoidable else MET,
                    (a, b),
                    {"a": a, "b": b},
                )
            )
    return findings


def _seated_once(
    players: Sequence[Entry], schedule: PlayerPass, earlier: Sequence[PlayerPass]
) -> list[Finding]:
    """A pass of players: everyone placed once, ``n mod 4`` byes, and what sitting out
    costs when it is not whom ``pairing.bye_order`` puts first."""
    placed = [p for table in schedule.tables for p in table] + list(schedule.byes)
    findings = _seats(players, placed)
    if len(schedule.byes) != len(players) % 4:
        findings.append(
            Finding(
                "byes",
                gettext_noop("{count} players sit out: the number of players modulo 4"),
                params={"count": len(players) % 4},
            )
        )
    findings += _bye_costs(
        players,
        schedule.byes,
        [([e for table in p.tables for e in table], p.byes) for p in earlier],
    )
    return findings


def check_player_pass(
    players: Sequence[Entry], schedule: PlayerPass, earlier: Sequence[PlayerPass] = ()
) -> list[Finding]:
    """Every player placed once, ``n mod 4`` byes, nobody with the same partner twice
    (reported as avoidable when a pass without it exists), and the repeated opponents."""
    findings = _seated_once(players, schedule, earlier)
    partnered = set().union(*(p.partners() for p in earlier)) if earlier else set()
    again = [tuple(pair) for pair in schedule.partners() if pair in partnered]
    if again:
        playing = [p for p in players if p not in schedule.byes]
        avoidable = _perfect_matching_exists(playing, partnered)
        for a, b in again:
            findings.append(
                Finding(
                    "partners-again",
                    PARTNERS_AVOIDABLE if avoidable else PARTNERS,
                    (a, b),
                    {"a": a, "b": b},
                )
            )
    faced = Counter(pair for p in earlier for pair in p.opponents())
    for pair in schedule.opponents():
        if faced[pair]:
            a, b = tuple(pair)
            findings.append(
                Finding(
                    "opponents-again",
                    gettext_noop("{a} and {b} face each other again"),
                    (a, b),
                    {"a": a, "b": b},
                )
            )
    return findings


TABLEMATES = gettext_noop("{a} and {b} sit at the same table again ({times} times in all)")
TABLEMATES_AVOIDABLE = gettext_noop(
    "{a} and {b} sit at the same table again ({times} times in all; avoidable)"
)


def check_table_pass(
    players: Sequence[Entry], schedule: PlayerPass, earlier: Sequence[PlayerPass] = ()
) -> list[Finding]:
    """A Différenzler pass: every player placed once at a table of four or on a bye,
    ``n mod 4`` byes, what sitting out costs out of turn, and the players who sit at
    a table together again. Those are avoidable when another seating of the same
    players costs less (``tablemates.seating_cost``: fewer meetings of the pair that
    met most, then fewer in all): to accept before publishing; otherwise only told,
    since with few players they cannot all be avoided."""
    findings = _seated_once(players, schedule, earlier)
    met = Counter(pair for p in earlier for pair in tablemates(p.tables))
    again = [pair for pair in tablemates(schedule.tables) if met[pair]]
    if not again:
        return findings
    playing = [p for p in players if p not in schedule.byes]
    seated = [p for table in schedule.tables for p in table]
    avoidable = (
        len(seated) == len(set(seated)) == len(playing)
        and set(seated) == set(playing)
        and least_cost(playing, met) < seating_cost(schedule.tables, met)
    )
    for pair in sorted(again, key=lambda pair: -met[pair]):
        a, b = sorted(pair, key=str)
        findings.append(
            Finding(
                "tablemates-avoidable" if avoidable else "tablemates-again",
                TABLEMATES_AVOIDABLE if avoidable else TABLEMATES,
                (a, b),
                {"a": a, "b": b, "times": met[pair] + 1},
            )
        )
    return findings


def repeated_partners(passes: Sequence[PlayerPass]) -> int:
    seen: Counter[Pair] = Counter(pair for p in passes for pair in p.partners())
    return sum(count - 1 for count in seen.values() if count > 1)


def repeated_opponents(passes: Sequence[PlayerPass]) -> int:
    seen: Counter[Pair] = Counter(pair for p in passes for pair in p.opponents())
    return sum(count - 1 for count in seen.values() if count > 1)
