"""A whole game's totals from a paper score sheet (RULES.md §1-3, §9), no database."""

from __future__ import annotations

import pytest

from scoring.kinds.team.rules import check_totals, parse_ruleset


def tournament_rules(**counted: object):
    return parse_ruleset(
        {
            "preset": "tournament",
            "hands": 4,
            "weis": "small" if counted.get("weis") else "none",
            "stoeck": bool(counted.get("stoeck")),
            "match_bonus": 100 if counted.get("match_bonus") else 0,
        }
    )


@pytest.mark.parametrize(
    ("counted", "totals", "matches", "said"),
    [
        ({}, (400, 228), (0, 0), None),
        ({}, (400, 229), (0, 0), "400 + 229 = 629, but 4 hands make 628"),
        ({}, (314, 314), (0, 1), None),  # a match without the bonus adds nothing
        ({"match_bonus": True}, (500, 228), (0, 0), "500 + 228 = 728, but 4 hands make 628"),
        ({"match_bonus": True}, (385, 343), (1, 0), None),  # one match: 100 more
        ({"match_bonus": True}, (385, 343), (3, 2), "at most 4 matches in a game of 4 hands"),
        ({"weis": True}, (99999, 3), (0, 0), "does not fit 4 hands"),  # a typo
        ({"weis": True}, (455, 228), (0, 0), "does not fit 4 hands"),  # not in tens
        ({"weis": True}, (400, 200), (0, 0), "does not fit 4 hands"),  # less than the cards
        ({"weis": True, "stoeck": True}, (470, 228), (0, 0), None),  # Weis 50, Stöck 20
        ({}, (-1, 629), (0, 0), "totals cannot be negative"),
    ],
)
def test_totals_fit_the_hands_and_what_counts(counted, totals, matches, said):
    problems = check_totals(tournament_rules(**counted), totals, matches)

    assert [p.message for p in problems if said and said in p.message] == (
        [problems[0].message] if said else []
    )
    assert bool(problems) == bool(said)


def test_only_a_game_of_a_fixed_number_of_hands_has_totals_to_check():
    with pytest.raises(ValueError, match="fixed number of hands"):
        check_totals(parse_ruleset({"preset": "chibre"}), (1000, 500))


def test_matches_made_are_counted_per_team():
    from scoring.kinds.team.rules import Hand, matches_made

    hands = [
        Hand(trump="hearts", cards=(257, 0), match=0),
        Hand(trump="spades", cards=(100, 57)),
        Hand(trump="clubs", cards=(0, 257), match=1),
        Hand(trump="clubs", cards=(257, 0), match=0),
    ]

    assert matches_made(hands) == (2, 1)
