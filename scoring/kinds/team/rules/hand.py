"""One hand: what the scorer records, its validation and its points (RULES.md §1–§5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.rules.problems import Problem, gettext_noop, is_int
from scoring.rules.ruleset import CARD_POINTS, STOECK_POINTS, SUITS, TRUMPS, Ruleset

from .weis import FOUR_OF_A_KIND, KINDS, SEQUENCES, card_count, weis_table, weis_values

WeisEntry = str | int  # a kind (``seq3``, ``four-jacks``…) or a bare number of points
Pair = tuple[int, int]

TEAM_CARDS = 18  # two players of nine cards
NOT_A_TEAM = gettext_noop("must be null or the team index 0 or 1, not {value!r}")
# What check_hand says, by name: the phone's twins of these refusals name them too
# (scoring/kinds/team/phone_checks.py, static/js/rules.js ``check``).
WEIS_SHAPE = gettext_noop("must be two lists, one per team")
WEIS_BOTH = gettext_noop(
    "only the team holding the best Weis scores: one of the two lists must be empty"
)
WEIS_NONE = gettext_noop("this ruleset counts no Weis")
WEIS_KIND = gettext_noop("unknown kind {kind!r} (expected one of {kinds})")
WEIS_VALUE = gettext_noop("{entry!r} is not a Weis of the {style} Weis table ({allowed})")
WEIS_FOURS = gettext_noop("each four-of-a-kind exists once per hand")
WEIS_CARDS = gettext_noop("needs more than the {cards} cards a team holds")
TRUMP_UNKNOWN = gettext_noop("unknown trump mode {trump!r} (expected one of {trumps})")
TRUMP_NOT_ALLOWED = gettext_noop("{trump} is not allowed in this game ({trumps})")
CARDS_SHAPE = gettext_noop("must be two whole numbers, one per team")
CARDS_NEGATIVE = gettext_noop("card points cannot be negative: {cards}")
CARDS_SUM = gettext_noop("{a} + {b} = {sum}, but the cards of a hand make {total}")
CARDS_MATCH = gettext_noop(
    "with a match by team {team} the cards are {expected} "
    "(the bonus is added by the rules), not {cards}"
)
MATCH_NO_CARDS = gettext_noop("a match needs the cards of the hand")
STOECK_NONE = gettext_noop("this ruleset counts no Stöck")
STOECK_SUIT = gettext_noop("Stöck is only counted when a suit is trump, not in {trump}")


@dataclass(frozen=True)
class Hand:
    """A hand exactly as the game file holds it (game-format.md "hands").

    ``cards`` are the raw card points of team 0 and team 1 before any multiplier,
    last trick included; with a match they are ``(157, 0)`` or ``(0, 157)`` and the
    bonus comes from the ruleset. ``cards`` is ``None`` only in the last hand of a
    first-out game that ended on Stöck or Weis, or that gives ``cards_at_out``.

    ``cards_at_out`` (RULES.md §6, "exact last hand"): in the hand where a team goes
    out on trick points, each team's raw card points of the tricks it had taken when
    the first team went out; then only those count, with the Weis and the Stöck.
    """

    trump: str
    cards: Pair | None
    match: int | None = None
    weis: tuple[tuple[WeisEntry, ...], tuple[WeisEntry, ...]] = field(default=((), ()))
    stoeck: int | None = None
    out_first: int | None = None
    chooser: str | None = None
    chibre: bool = False
    cards_at_out: Pair | None = None
    # counted in Striche (RULES.md §12): the team that reached the Berg line first,
    # where both reach it on trick points in this hand
    berg_first: int | None = None

    def to_dict(self) -> dict[str, object]:
        """The game file's hand; ``cards_at_out`` only where it is given."""
        written: dict[str, object] = {
            "trump": self.trump,
            "cards": None if self.cards is None else list(self.cards),
            "match": self.match,
            "weis": [list(self.weis[0]), list(self.weis[1])],
            "stoeck": self.stoeck,
            "out_first": self.out_first,
            "chooser": self.chooser,
            "chibre": self.chibre,
        }
        if self.cards_at_out is not None:
            written["cards_at_out"] = list(self.cards_at_out)
        if self.berg_first is not None:
            written["berg_first"] = self.berg_first
        return written


@dataclass(frozen=True)
class HandParts:
    """A hand's points per team after the multiplier, in the order they count
    when a team goes out: Stöck, then Weis, then tricks (RULES.md §6).

    ``weis`` is the Weis as declared; ``weis_cancelled`` is what a match against
    the declaring team takes back at the end of the hand.
    """

    multiplier: int
    stoeck: Pair
    weis: Pair
    weis_cancelled: Pair
    tricks: Pair  # card points plus match bonus; (0, 0) when cards were not played out

    @property
    def points(self) -> Pair:
        """The whole hand: m × (cards + match bonus + Weis + Stöck) per team."""
        return (
            self.stoeck[0] + self.weis[0] - self.weis_cancelled[0] + self.tricks[0],
            self.stoeck[1] + self.weis[1] - self.weis_cancelled[1] + self.tricks[1],
        )


def is_team(value: object) -> bool:
    return is_int(value) and value in (0, 1)


def weis_points(entry: WeisEntry, style: str) -> int:
    """Points of one Weis entry under the ruleset's Weis style (before the multiplier)."""
    if isinstance(entry, str):
        return weis_table(style)[entry]
    return int(entry)


def _kinds_of(entry: WeisEntry, style: str) -> list[str]:
    """The kinds an entry may stand for: a bare number may be several (100 is any run
    of five or more, or four 10s, Qs, Ks or As); 200 in the small table is four Js."""
    if isinstance(entry, str):
        return [entry]
    return [kind for kind, value in weis_table(style).items() if value == entry]


def _weis_problems(ruleset: Ruleset, weis: object) -> list[Problem]:
    def bad(template: str, **params: object) -> list[Problem]:
        return [Problem("weis", template, params=params)]

    if not (isinstance(weis, Sequence) and not isinstance(weis, str) and len(weis) == 2):
        return bad(WEIS_SHAPE)
    if not all(isinstance(team, Sequence) and not isinstance(team, str) for team in weis):
        return bad(WEIS_SHAPE)
    if weis[0] and weis[1]:
        return bad(WEIS_BOTH)
    entries = list(weis[0]) + list(weis[1])
    if not entries:
        return []
    if ruleset.weis == "none":
        return bad(WEIS_NONE)
    values = weis_values(ruleset.weis)
    for entry in entries:
        if isinstance(entry, str):
            if entry not in KINDS:
                return bad(
                    WEIS_KIND,
                    kind=entry,
                    kinds=", ".join(KINDS),
                )
        elif not is_int(entry) or entry not in values:
            allowed = ", ".join(str(v) for v in sorted(values))
            return bad(
                WEIS_VALUE,
                entry=entry,
                style=ruleset.weis,
                allowed=allowed,
            )
    kinds = [_kinds_of(entry, ruleset.weis) for entry in entries]
    fours = [options[0] for options in kinds if len(options) == 1 and options[0] in FOUR_OF_A_KIND]
    if len(set(fours)) != len(fours):
        return bad(WEIS_FOURS)
    if ruleset.weis == "large":  # a card may serve in a four-of-a-kind and a sequence
        kinds = [options for options in kinds if all(kind in SEQUENCES for kind in options)]
    if sum(min(card_count(kind) for kind in options) for options in kinds) > TEAM_CARDS:
        return bad(WEIS_CARDS, cards=TEAM_CARDS)
    return []


def check_hand(ruleset: Ruleset, hand: Hand) -> list[Problem]:
    """Every rule of RULES.md §1–§5 this hand breaks on its own, one problem per field.

    Rules that depend on the rest of the game (going out, ``out_first``, ``cards``
    left out at the end) are checked by :func:`scoring.kinds.team.rules.game.play`.
    """
    problems: list[Problem] = []

    def bad(name: str, template: str, **params: object) -> None:
        problems.append(Problem(name, template, params=params))

    trump_ok = hand.trump in TRUMPS
    if not trump_ok:
        bad(
            "trump",
            TRUMP_UNKNOWN,
            trump=hand.trump,
            trumps=", ".join(TRUMPS),
        )
    elif hand.trump not in ruleset.trumps:
        bad(
            "trump",
            TRUMP_NOT_ALLOWED,
            trump=hand.trump,
            trumps=", ".join(ruleset.trumps),
        )

    match_ok = hand.match is None or is_team(hand.match)
    if not match_ok:
        bad("match", NOT_A_TEAM, value=hand.match)

    cards = hand.cards
    if cards is not None:
        if not (isinstance(cards, Sequence) and len(cards) == 2 and all(is_int(c) for c in cards)):
            bad("cards", CARDS_SHAPE)
        elif min(cards) < 0:
            bad("cards", CARDS_NEGATIVE, cards=list(cards))
        elif hand.match is None or not match_ok:
            if sum(cards) != CARD_POINTS:
                bad(
                    "cards",
                    CARDS_SUM,
                    a=cards[0],
                    b=cards[1],
                    sum=sum(cards),
                    total=CARD_POINTS,
                )
        elif cards[hand.match] != CARD_POINTS or cards[1 - hand.match] != 0:
            expected = [CARD_POINTS, 0] if hand.match == 0 else [0, CARD_POINTS]
            bad(
                "cards",
                CARDS_MATCH,
                team=hand.match,
                expected=expected,
                cards=list(cards),
            )
    elif hand.match is not None and match_ok:
        bad("match", MATCH_NO_CARDS)

    problems += _weis_problems(ruleset, hand.weis)

    if hand.stoeck is not None:
        if not is_team(hand.stoeck):
            bad("stoeck", NOT_A_TEAM, value=hand.stoeck)
        elif not ruleset.stoeck:
            bad("stoeck", STOECK_NONE)
        elif trump_ok and hand.trump not in SUITS:
            bad(
                "stoeck",
                STOECK_SUIT,
                trump=hand.trump,
            )

    if hand.out_first is not None and not is_team(hand.out_first):
        bad("out_first", NOT_A_TEAM, value=hand.out_first)
    if hand.cards_at_out is not None:
        problems += _at_out_problems(hand)
    if hand.chooser is not None and not isinstance(hand.chooser, str):
        bad("chooser", gettext_noop("must be a player's name"))
    if not isinstance(hand.chibre, bool):
        bad("chibre", gettext_noop("must be true or false"))
    return problems


BEFORE_LAST_TRICK = CARD_POINTS - 5  # the last trick's 5 points are the last to count
AT_OUT_SHAPE = gettext_noop("must be two whole numbers, one per team, or null")
AT_OUT_SUM = gettext_noop(
    "{a} + {b} = {sum}: the card points taken when a team went out make at most "
    "{before} (before the last trick) or {total} (after it)"
)
AT_OUT_OVER_CARDS = gettext_noop(
    "team {team} had taken {at_out} card points when a team went out, more than its "
    "{cards} in the whole hand"
)
AT_OUT_WITH_MATCH = gettext_noop(
    "a match is all nine tricks: the game cannot have stopped before the end of the hand"
)


def _at_out_problems(hand: Hand) -> list[Problem]:
    """What is wrong with ``cards_at_out`` on its own (where it may be given at all is
    the game's to say: :func:`scoring.kinds.team.rules.game.play`)."""
    at_out = hand.cards_at_out
    if not (
        isinstance(at_out, Sequence)
        and len(at_out) == 2
        and all(is_int(c) and c >= 0 for c in at_out)
    ):
        return [Problem("cards_at_out", AT_OUT_SHAPE)]
    if hand.match is not None:
        return [Problem("cards_at_out", AT_OUT_WITH_MATCH)]
    total = sum(at_out)
    if total > BEFORE_LAST_TRICK and total != CARD_POINTS:
        params = {"a": at_out[0], "b": at_out[1], "sum": total}
        params |= {"before": BEFORE_LAST_TRICK, "total": CARD_POINTS}
        return [Problem("cards_at_out", AT_OUT_SUM, params=params)]
    cards = hand.cards
    if isinstance(cards, Sequence) and len(cards) == 2 and all(is_int(c) for c in cards):
        for team in (0, 1):
            if at_out[team] > cards[team]:
                params = {"team": team, "at_out": at_out[team], "cards": cards[team]}
                return [Problem("cards_at_out", AT_OUT_OVER_CARDS, params=params)]
    return []


def hand_parts(ruleset: Ruleset, hand: Hand) -> HandParts:
    """The points of a valid hand (checked by :func:`check_hand`), team by team."""
    m = ruleset.multiplier(hand.trump)
    stoeck = (
        m * STOECK_POINTS if hand.stoeck == 0 else 0,
        m * STOECK_POINTS if hand.stoeck == 1 else 0,
    )
    declared = tuple(m * sum(weis_points(e, ruleset.weis) for e in team) for team in hand.weis)
    weis: Pair = (declared[0], declared[1])
    cancelled: Pair = (
        weis[0] if hand.match == 1 else 0,
        weis[1] if hand.match == 0 else 0,
    )
    if hand.cards is None:
        tricks: Pair = (0, 0)
    else:
        bonus = ruleset.match_bonus
        tricks = (
            m * (hand.cards[0] + (bonus if hand.match == 0 else 0)),
            m * (hand.cards[1] + (bonus if hand.match == 1 else 0)),
        )
    return HandParts(m, stoeck, weis, cancelled, tricks)


def hand_points(ruleset: Ruleset, hand: Hand) -> Pair:
    """A valid hand's points per team: m × (cards + match bonus + Weis + Stöck)."""
    return hand_parts(ruleset, hand).points


def most_weis(style: str) -> int:
    """More than a team's Weis can make in one hand: its 18 cards at the best points per
    card; with large Weis, where a four-of-a-kind may share the cards of a run, the runs
    alone so, and each four-of-a-kind once on top."""
    table = weis_table(style) if style != "none" else {}
    if not table:
        return 0
    large = style == "large"
    on_cards = {kind: points for kind, points in table.items() if kind in SEQUENCES or not large}
    best = max(points / card_count(kind) for kind, points in on_cards.items())
    fours = sum(points for kind, points in table.items() if kind in FOUR_OF_A_KIND)
    return int(TEAM_CARDS * best) + (fours if large else 0)
