"""Small builders shared by the rules tests (plain Python, no Django, no database)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from scoring.kinds.team.rules import CARD_POINTS, Hand, Problem, RulesError, weis_table
from scoring.kinds.team.rules.weis import FOUR_OF_A_KIND

CHIBRE_RULESET: dict[str, Any] = {"preset": "chibre"}

TEAMS: list[dict[str, Any]] = [
    {"name": "Les Bourgs", "players": ["Anne", "Claude"]},
    {"name": "Les Nells", "players": ["Bernard", "Denise"]},
]
PLAYERS: tuple[str, ...] = ("Anne", "Claude", "Bernard", "Denise")


def lead_in(a: int, b: int, trump: str = "hearts") -> list[Hand]:
    """Plain hands (multiplier 1 for ``trump``) that bring the totals to exactly ``(a, b)``.

    Uses k hands of card points plus, if needed, bare Weis numbers of 100, 50 and 20, at most
    four in a hand. Totals only grow, so with ``a`` and ``b`` below the target nobody goes out.
    """
    for k in range(1, 40):
        extra = a + b - CARD_POINTS * k
        if extra < 0:
            break
        if extra % 10 or extra in (10, 30):
            continue
        fifties = 0 if extra % 20 == 0 else 1
        rest = extra - 50 * fifties
        entries = [100] * (rest // 100) + [50] * fifties + [20] * (rest % 100 // 20)
        # at most four Weis in a hand (a team holds 18 cards), all for one team
        chunks = [tuple(entries[i : i + 4]) for i in range(0, len(entries), 4)]
        if len(chunks) > k:
            continue
        if entries and a >= extra:
            weis_team, cards0 = 0, a - extra
        elif entries and b >= extra:
            weis_team, cards0 = 1, a
        elif entries:
            continue
        else:
            weis_team, cards0 = 0, a
        hands = []
        for i in range(k):
            x = min(CARD_POINTS, cards0)
            cards0 -= x
            chunk = chunks[i] if i < len(chunks) else ()
            weis: tuple[tuple[int, ...], tuple[int, ...]] = (
                (chunk, ()) if weis_team == 0 else ((), chunk)
            )
            hands.append(Hand(trump, (x, CARD_POINTS - x), weis=weis))
        assert cards0 == 0
        return hands
    if a == b == 0:
        return []
    raise AssertionError(f"lead_in cannot reach {(a, b)}")


def hand_dict(**fields: Any) -> dict[str, Any]:
    """A game file hand with the defaults of the format."""
    hand: dict[str, Any] = {
        "trump": "hearts",
        "cards": [95, 62],
        "match": None,
        "weis": [[], []],
        "stoeck": None,
        "out_first": None,
    }
    hand.update(fields)
    return hand


def game_dict(
    hands: list[dict[str, Any]] | None = None,
    ruleset: dict[str, Any] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A ``jass-game/1`` document (without ``result`` unless given)."""
    data: dict[str, Any] = {
        "format": "jass-game/1",
        "name": "Club night, table 3",
        "played_on": "2026-11-20",
        "ruleset": copy.deepcopy(ruleset if ruleset is not None else CHIBRE_RULESET),
        "teams": copy.deepcopy(TEAMS),
        "hands": hands if hands is not None else [hand_dict()],
    }
    data.update(fields)
    return data


def problems_of(excinfo: Any) -> list[Problem]:
    error = excinfo.value
    assert isinstance(error, RulesError)
    return error.problems


def only_problem(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, problems
    return problems[0]


FOURS = tuple(FOUR_OF_A_KIND)


def possible_weis(entries: Sequence[str | int], style: str) -> tuple[str | int, ...]:
    """Of one team's Weis entries (kinds or bare numbers), those it can hold together
    under the style, in order: each four-of-a-kind once, at most 18 cards (with large
    Weis a four-of-a-kind takes none, since it may share a sequence's cards)."""
    table = weis_table(style)
    kept: list[str | int] = []
    fours: set[str] = set()
    cards = 0
    for entry in entries:
        if isinstance(entry, int):
            only = [kind for kind, value in table.items() if value == entry]
            if len(only) != 1:  # several kinds have this value: not one particular four
                fewest = min(4 if kind in FOURS else int(kind[3:]) for kind in only)
                counted = fewest if style == "small" or not (set(only) & set(FOURS)) else 0
                if cards + counted <= 18:
                    cards += counted
                    kept.append(entry)
                continue
            kind = only[0]  # 200 in the small table can only be four Js
        else:
            kind = entry
        if kind in FOURS and kind in fours:
            continue
        n = 4 if kind in FOURS else int(kind[3:])
        counted = n if (style == "small" or kind not in FOURS) else 0
        if cards + counted > 18:
            continue
        cards += counted
        if kind in FOURS:
            fours.add(kind)
        kept.append(entry)
    return tuple(kept)
