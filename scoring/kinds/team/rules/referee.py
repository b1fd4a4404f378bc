"""The Weis referee: whose Weis counts, and by which step of RULES.md §2.

Each player's best Weis in (or ``None``), the verdict out: the seat and team that
score, the step that decided it and the other team's best Weis it beat. The verdict
is data (a step number and the two Weis compared); the site says it in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.rules.problems import Problem, RulesError, gettext_noop
from scoring.rules.ruleset import SUITS, TRUMPS
from scoring.rules.table import SEATS, team_of

from .weis import FOUR_OF_A_KIND, KINDS, RANKS, SEQUENCES, Weis, card_count, weis_key, weis_table

# The steps of RULES.md §2, "Which Weis is best", in the order they are asked.
MORE_POINTS = 1
MORE_CARDS = 2
HIGHER_CARD = 3  # in unde-ufe: the lower top card
IN_TRUMP = 4
EARLIER = 5  # plays earlier in the first trick, counterclockwise from the leader
STEPS: tuple[int, ...] = (MORE_POINTS, MORE_CARDS, HIGHER_CARD, IN_TRUMP, EARLIER)

STYLES: tuple[str, ...] = ("small", "large")

UNKNOWN_KIND = gettext_noop("unknown kind of Weis {kind!r}")
TOP_NEEDED = gettext_noop("a sequence needs its top card")
UNKNOWN_CARD = gettext_noop("unknown card {top!r} (expected one of {ranks})")
NOT_THE_FOUR = gettext_noop("four of a kind of {card} cannot have {top} as its card")
FOUR_HAS_NO_SUIT = gettext_noop("four of a kind has no suit")
SUIT_NEEDED = gettext_noop("a sequence needs a suit")
TOO_LOW = gettext_noop(
    "a sequence of {cards} cards cannot have {top} as its top card: it would go below the 6"
)
SAME_CARDS = gettext_noop(
    "cannot be: the Weis of seat {other} holds some of the same cards "
    "(each card is in the deck once)"
)
ONE_OF = gettext_noop("must be one of {expected}, not {value!r}")
FOUR_PLAYERS = gettext_noop("one entry for each of the four players, not {count}")


@dataclass(frozen=True)
class Verdict:
    """Whose Weis count, and why.

    ``seat`` holds the single best Weis (``None``: nobody declared one) and ``team``
    (``seat % 2``) scores all of its Weis; the other team scores none. ``runner_up``
    is the seat of the other team's best Weis, the one beaten, ``None`` when the
    other team declared nothing. ``step`` is the step of RULES.md §2 that told the
    two apart (``MORE_POINTS`` … ``EARLIER``), ``None`` without a runner-up.
    """

    declared: tuple[Weis | None, ...]
    trump: str
    leader: int
    style: str
    seat: int | None
    runner_up: int | None
    step: int | None

    @property
    def team(self) -> int | None:
        return None if self.seat is None else team_of(self.seat)

    @property
    def best(self) -> Weis | None:
        return None if self.seat is None else self.declared[self.seat]

    @property
    def beaten(self) -> Weis | None:
        return None if self.runner_up is None else self.declared[self.runner_up]

    def points(self, seat: int) -> int:
        """What the Weis of that seat is worth (0 for none), before any multiplier."""
        weis = self.declared[seat]
        return 0 if weis is None else weis_table(self.style)[weis.kind]


def _problem(field: str, template: str, **params: object) -> Problem:
    return Problem(field, template, params=params)


def weis_problems(weis: Weis, field: str = "weis") -> list[Problem]:
    """What makes one Weis impossible with a deck of 36 cards, each problem naming
    the part at fault (``{field}.kind``, ``.top`` or ``.suit``)."""
    if weis.kind not in KINDS:
        return [_problem(f"{field}.kind", UNKNOWN_KIND, kind=weis.kind)]
    if weis.kind in FOUR_OF_A_KIND:
        card = FOUR_OF_A_KIND[weis.kind]
        if weis.top != card:
            return [_problem(f"{field}.top", NOT_THE_FOUR, card=card, top=weis.top)]
        if weis.suit is not None:
            return [Problem(f"{field}.suit", FOUR_HAS_NO_SUIT)]
        return []
    problems = []
    if not weis.top:
        problems.append(Problem(f"{field}.top", TOP_NEEDED))
    elif weis.top not in RANKS:
        problems.append(_problem(f"{field}.top", UNKNOWN_CARD, top=weis.top, ranks=" ".join(RANKS)))
    elif RANKS.index(weis.top) + SEQUENCES[weis.kind] > len(RANKS):
        cards = SEQUENCES[weis.kind]
        problems.append(_problem(f"{field}.top", TOO_LOW, cards=cards, top=weis.top))
    if weis.suit not in SUITS:
        problems.append(Problem(f"{field}.suit", SUIT_NEEDED))
    return problems


def weis_cards(weis: Weis) -> frozenset[tuple[str, str]]:
    """The cards a (possible) Weis shows, as (suit, rank)."""
    if weis.kind in FOUR_OF_A_KIND:
        return frozenset((suit, weis.top) for suit in SUITS)
    first = RANKS.index(weis.top)
    ranks = RANKS[first : first + card_count(weis.kind)]
    return frozenset((str(weis.suit), rank) for rank in ranks)


def _check(declared: Sequence[Weis | None], trump: str, leader: int, style: str) -> None:
    problems = []
    if trump not in TRUMPS:
        problems.append(_problem("trump", ONE_OF, expected=", ".join(TRUMPS), value=trump))
    if leader not in range(SEATS):
        problems.append(_problem("leader", ONE_OF, expected="0, 1, 2, 3", value=leader))
    if style not in STYLES:
        problems.append(_problem("style", ONE_OF, expected=", ".join(STYLES), value=style))
    if len(declared) != SEATS:
        problems.append(_problem("declared", FOUR_PLAYERS, count=len(declared)))
    if problems:
        raise RulesError(problems)
    held: dict[tuple[str, str], int] = {}  # card → the seat whose Weis shows it
    for seat, weis in enumerate(declared):
        if weis is None:
            continue
        found = weis_problems(weis, str(seat))
        if not found:
            cards = weis_cards(weis)
            others = sorted({held[card] for card in cards if card in held})
            if others:
                found = [_problem(f"{seat}.kind", SAME_CARDS, other=others[0])]
            held.update(dict.fromkeys(cards, seat))
        problems += found
    if problems:
        raise RulesError(problems)


def _deciding_step(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """The first step at which two Weis keys differ (``EARLIER`` when none does)."""
    return next((step for step, x, y in zip(STEPS, a, b, strict=False) if x != y), EARLIER)


def weis_verdict(
    declared: Sequence[Weis | None], trump: str, leader: int = 0, style: str = "small"
) -> Verdict:
    """Settle which team scores its Weis (RULES.md §2), and say by which step.

    ``declared[seat]`` is the best Weis of the player in that seat, or ``None``
    (seats 0–3 counterclockwise, partners opposite: the team of a seat is
    ``seat % 2``); ``leader`` plays the first card; ``style`` is ``small`` or
    ``large``. Each team's best Weis is found, then the two are compared step by
    step: 1. more points, 2. more cards, 3. the higher top card (the lower in
    unde-ufe), 4. the one in trump, 5. the player who plays earlier in the first
    trick. The winner is the seat ``best_weis`` names.

    Raises ``RulesError`` with a problem for each impossible Weis (fields
    ``"<seat>.kind"``, ``".top"``, ``".suit"``; a Weis that needs a card another
    player's Weis holds is refused on the later seat, with ``other`` the earlier
    seat), or for a trump, leader or style that is not one of the game's.
    """
    _check(declared, trump, leader, style)
    weis = tuple(declared)
    order = [(leader + step) % SEATS for step in range(SEATS)]
    keys = {seat: weis_key(w, trump, style) for seat, w in enumerate(weis) if w is not None}
    best: list[int | None] = [None, None]  # each team's best seat; earlier keeps a tie
    for seat in order:
        team_best = best[team_of(seat)]
        if seat in keys and (team_best is None or keys[seat] > keys[team_best]):
            best[team_of(seat)] = seat
    found = [seat for seat in order if seat in best and seat is not None]
    if not found:
        return Verdict(weis, trump, leader, style, seat=None, runner_up=None, step=None)
    if len(found) == 1:
        return Verdict(weis, trump, leader, style, seat=found[0], runner_up=None, step=None)
    first, second = found  # in playing order: the first wins a full tie
    winner, loser = (second, first) if keys[second] > keys[first] else (first, second)
    step = _deciding_step(keys[winner], keys[loser])
    return Verdict(weis, trump, leader, style, seat=winner, runner_up=loser, step=step)
