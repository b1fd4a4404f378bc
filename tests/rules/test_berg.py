"""The Berg: half the target (RULES.md §6: a loser below it is Rubicon, exactly half
is made)."""

from __future__ import annotations

import pytest

from scoring.kinds.team.rules import Hand, play, preset
from scoring.kinds.team.rules.berg import over_the_berg


@pytest.mark.parametrize(
    ("total", "target", "reached"),
    [
        (0, 1000, False),
        (499, 1000, False),
        (500, 1000, True),
        (1028, 1000, True),
        (749, 1500, False),
        (750, 1500, True),
        (1250, 2500, True),
        (500, 1001, False),  # half of an odd target is 500.5
        (501, 1001, True),
    ],
)
def test_the_berg_is_reached_at_half_the_target(total, target, reached):
    assert over_the_berg(total, target) is reached


def test_a_game_without_a_target_has_no_berg():
    assert over_the_berg(2512, None) is False


@pytest.mark.parametrize("last", [28, 29])
def test_a_loser_is_rubicon_exactly_when_it_did_not_reach_the_berg(last):
    climbing = [Hand("hearts", (0, 157))] * 3 + [Hand("hearts", (157 - last, last))]
    matches = [Hand("spades", (157, 0), match=0)] * 4
    ruleset = preset("chibre")

    result = play(ruleset, climbing + matches)  # the loser at 499 or 500

    assert result.over
    assert result.winner == 0
    assert result.rubicon is not over_the_berg(result.totals[1], ruleset.target)
