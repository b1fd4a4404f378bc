"""Guggitaler's rules (RULES.md §14), each with hands worked out by hand: what the five
hands charge, the domino, the order, the series, the ranks and the winner, and every
refusal naming the hand and the field."""

from __future__ import annotations

import pytest

from scoring.kinds.guggitaler.rules import (
    DOMINO,
    GuggiHand,
    GuggiRuleset,
    check_hand,
    maximum,
    next_category,
    play,
    ranks,
)
from scoring.kinds.guggitaler.ruleset import parse_ruleset, preset
from scoring.rules import RulesError

FIVE = ("tricks", "schellen", "ober", "king", "last-trick")


def c(category: str, *counts: int) -> GuggiHand:
    return GuggiHand(category, counts=counts)


def domino(*places: int) -> GuggiHand:
    return GuggiHand(DOMINO, places=places)


def refused(ruleset: GuggiRuleset, hands: list[GuggiHand]) -> tuple[int | None, str, str]:
    with pytest.raises(RulesError) as caught:
        play(ruleset, hands)
    first = caught.value.problems[0]
    return first.hand, first.field, first.message


# The game file's example (game-format.md "Guggitaler").
EXAMPLE = [
    c("tricks", 3, 2, 4, 0),
    c("schellen", 2, 3, 4, 0),
    c("ober", 1, 0, 2, 1),
    c("king", 0, 0, 1, 0),
    c("last-trick", 1, 0, 0, 0),
    domino(4, 1, 3, 2),
]


def test_the_game_files_example_counts_as_written():
    result = play(preset(), EXAMPLE)

    assert [h.points for h in result.hands] == [
        (15, 10, 20, 0),
        (20, 30, 40, 0),
        (20, 0, 40, 20),
        (0, 0, 40, 0),
        (50, 0, 0, 0),
        (0, -150, -55, -100),
    ]
    assert result.totals == (105, -110, 85, -80)
    assert (result.over, result.ranks, result.winner, result.rubicon) == (
        True,
        (4, 1, 3, 2),
        1,
        False,
    )


def test_the_counts_add_up_to_each_hands_maximum():
    assert [maximum(name, 4) for name in FIVE] == [9, 9, 4, 1, 1]
    assert [maximum(name, 3) for name in FIVE] == [12, 9, 4, 1, 1]


@pytest.mark.parametrize(
    ("name", "players", "values", "credits", "charged"),
    [
        ("guggitaler", 4, (5, 10, 20, 40, 50), (150, 100, 55, 0), 305),
        ("guggitaler", 3, (5, 10, 20, 40, 50), (150, 100, 70), 320),
        ("guggitaler-jassbuch", 4, (1, 2, 4, 8, 10), (25, 16, 12, 8), 61),
        ("guggitaler-jassbuch", 3, (1, 2, 4, 8, 10), (30, 20, 14), 64),
    ],
)
def test_the_presets_charge_in_all_what_the_domino_gives_back(
    name, players, values, credits, charged
):
    ruleset = preset(name, players)
    # One player takes everything of the five hands, and is last out in the domino.
    hands = [c(category, maximum(category, players), *[0] * (players - 1)) for category in FIVE]
    five = play(ruleset, hands)
    whole = play(ruleset, [*hands, domino(players, *range(1, players))])

    assert ruleset.categories == tuple(zip(FIVE, values, strict=True))
    assert ruleset.credits == credits
    assert (ruleset.domino, ruleset.series, ruleset.hands) == (True, 1, 6)
    assert five.totals == (charged, *[0] * (players - 1))
    assert not five.over
    assert sum(whole.totals) == 0
    assert whole.totals[0] == charged - credits[-1]
    assert whole.over


def test_a_players_penalty_is_count_times_value():
    ruleset = parse_ruleset({"categories": [["ober", 7], *[[n, 1] for n in FIVE if n != "ober"]]})
    result = play(ruleset, [c("ober", 1, 0, 2, 1)])

    assert result.hands[0].points == (7, 0, 14, 7)
    assert result.next_category == "tricks"


def test_three_players_share_twelve_tricks():
    ruleset = preset(players=3)

    assert play(ruleset, [c("tricks", 5, 4, 3)]).totals == (25, 20, 15)
    assert refused(ruleset, [c("tricks", 3, 3, 3)])[:2] == (1, "counts")
    assert refused(ruleset, [c("tricks", 3, 3, 3, 3)])[:2] == (1, "counts")


@pytest.mark.parametrize(
    "counts",
    [(3, 2, 4, 1), (3, 2, 3, 0), (0, 0, 0, 0), (9, 9, 0, 0)],
)
def test_counts_that_do_not_add_up_are_refused_naming_hand_and_field(counts):
    hand, field, message = refused(preset(), [c("tricks", 3, 2, 4, 0), c("schellen", *counts)])

    assert (hand, field) == (2, "counts")
    assert f"add up to {sum(counts)}, not 9" in message


@pytest.mark.parametrize(
    "counts",
    [(-1, 3, 4, 3), (10, 0, 0, -1), (3, 2, 4), (3, 2, 4, 0, 0), (3.0, 2, 4, 0), (True, 2, 4, 2)],
)
def test_a_count_not_a_whole_number_from_0_to_the_maximum_per_player_is_refused(counts):
    hand, field, message = refused(preset(), [GuggiHand("tricks", counts=counts)])

    assert (hand, field) == (1, "counts")
    assert "from 0 to 9 for each of the 4 players" in message


def test_counts_missing_are_refused():
    assert refused(preset(), [GuggiHand("tricks")])[:2] == (1, "counts")


@pytest.mark.parametrize(
    "places", [(1, 1, 2, 3), (0, 1, 2, 3), (2, 3, 4, 5), (1, 2, 3), (1, 2, 3, 4, 5), None]
)
def test_domino_places_not_1_to_n_once_each_are_refused(places):
    hands = [*EXAMPLE[:5], GuggiHand(DOMINO, places=places)]

    assert refused(preset(), hands)[:2] == (6, "places")


def test_counts_in_the_domino_and_places_in_another_hand_are_refused():
    in_domino = GuggiHand(DOMINO, counts=(0, 0, 0, 0), places=(1, 2, 3, 4))
    in_tricks = GuggiHand("tricks", counts=(3, 2, 4, 0), places=(1, 2, 3, 4))

    assert refused(preset(), [*EXAMPLE[:5], in_domino])[:2] == (6, "counts")
    assert refused(preset(), [in_tricks])[:2] == (1, "places")


def test_the_domino_gives_each_place_its_credit():
    three = preset(players=3)
    five = [c(n, maximum(n, 3), 0, 0) for n in FIVE]

    assert play(three, [*five, domino(2, 3, 1)]).hands[-1].points == (-100, -70, -150)
    assert play(preset(), EXAMPLE).hands[-1].points == (0, -150, -55, -100)


def test_the_hands_come_in_the_order_played():
    hand, field, message = refused(preset(), [c("schellen", 3, 2, 4, 0)])

    assert (hand, field) == (1, "category")
    assert "'tricks'" in message
    assert [next_category(preset(), n) for n in range(7)] == [*FIVE, DOMINO, None]


def test_a_club_may_reorder_the_five_hands():
    order = ["ober", "schellen", "tricks", "last-trick", "king"]
    ruleset = parse_ruleset({"categories": [[n, 5] for n in order]})
    hands = [c("ober", 4, 0, 0, 0), c("schellen", 0, 9, 0, 0), c("tricks", 0, 0, 9, 0)]

    assert play(ruleset, hands).totals == (20, 45, 45, 0)
    assert refused(ruleset, [c("tricks", 3, 2, 4, 0)])[:2] == (1, "category")


def test_without_the_domino_the_game_is_over_after_five_hands():
    ruleset = parse_ruleset({"domino": False})
    result = play(ruleset, EXAMPLE[:5])

    assert (result.over, result.totals, result.winner) == (True, (105, 40, 140, 20), 3)
    assert refused(ruleset, EXAMPLE)[:2] == (6, "hands")


def test_a_hand_after_the_last_one_is_refused():
    hand, field, message = refused(preset(), [*EXAMPLE, c("tricks", 3, 2, 4, 0)])

    assert (hand, field) == (7, "hands")
    assert "after hand 6" in message


def test_several_guggitaler_run_their_totals_on_and_end_after_the_last():
    ruleset = parse_ruleset({"series": 2})
    once = play(ruleset, EXAMPLE)
    twice = play(ruleset, EXAMPLE * 2)

    assert ruleset.hands == 12
    assert (once.over, once.winner, once.next_category) == (False, None, "tricks")
    assert (twice.over, twice.totals, twice.winner) == (True, (210, -220, 170, -160), 1)
    assert refused(ruleset, [*EXAMPLE * 2, c("tricks", 3, 2, 4, 0)])[:2] == (13, "hands")


def test_the_lowest_total_wins_and_equal_totals_share_a_rank():
    assert ranks((30, 10, 10, 40)) == (3, 1, 1, 4)
    assert ranks((10, 20, 20, 40)) == (1, 2, 2, 4)
    assert ranks((-5, -5, -5)) == (1, 1, 1)


def test_no_winner_while_first_place_is_shared_or_the_game_goes_on():
    ruleset = parse_ruleset({"domino": False})
    tied = [
        c("tricks", 2, 2, 0, 5),
        c("schellen", 1, 0, 0, 8),
        c("ober", 0, 1, 3, 0),
        c("king", 0, 0, 0, 1),
        c("last-trick", 0, 0, 0, 1),
    ]
    result = play(ruleset, tied)
    going_on = play(ruleset, tied[:4])

    assert result.totals == (20, 30, 60, 195)
    assert result.winner == 0
    tied[0] = c("tricks", 2, 0, 2, 5)  # 0 and 1 now share the lowest total
    shared = play(ruleset, tied)
    assert (shared.totals[:2], shared.ranks, shared.winner) == ((20, 20), (1, 1, 3, 4), None)
    assert shared.leaders == (0, 1)
    assert (going_on.over, going_on.winner, going_on.ranks[0]) == (False, None, 1)


def test_no_hand_no_points():
    result = play(preset(players=3), [])

    assert (result.totals, result.ranks, result.over, result.winner) == (
        (0, 0, 0),
        (1, 1, 1),
        False,
        None,
    )


@pytest.mark.parametrize("trump", ["hearts", "unde-ufe", "Obe-abe", 1])
def test_a_trump_other_than_obe_abe_is_refused(trump):
    hand = GuggiHand("tricks", counts=(3, 2, 4, 0), trump=trump)

    assert refused(preset(), [hand])[:2] == (1, "trump")
    assert check_hand(preset(), 1, GuggiHand("tricks", (3, 2, 4, 0), trump="obe-abe")) == []


def test_the_first_broken_rule_of_a_hand_is_the_one_named():
    broken = GuggiHand("schellen", counts=(1, 1, 1, 1), places=(1,), trump="hearts")

    assert check_hand(preset(), 1, broken)[0].field == "category"
    assert check_hand(preset(), 2, broken)[0].field == "counts"
    assert check_hand(preset(), 7, broken)[0].field == "hands"
    later = GuggiHand("schellen", counts=(9, 0, 0, 0), places=(1,), trump="hearts")
    assert check_hand(preset(), 2, later)[0].field == "places"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"preset": "schieber"}, "ruleset.preset"),
        ({"hands": 5}, "ruleset.hands"),
        ({"players": 2}, "ruleset.players"),
        ({"players": 5}, "ruleset.players"),
        ({"players": "4"}, "ruleset.players"),
        ({"categories": [[n, 5] for n in FIVE[:4]]}, "ruleset.categories"),
        ({"categories": [[n, 5] for n in (*FIVE[:4], "tricks")]}, "ruleset.categories[4][0]"),
        ({"categories": [[n, 5] for n in (*FIVE[:4], "domino")]}, "ruleset.categories[4][0]"),
        (
            {"categories": [*[[n, 5] for n in FIVE[:4]], ["last-trick", 0]]},
            "ruleset.categories[4][1]",
        ),
        (
            {"categories": [*[[n, 5] for n in FIVE[:4]], ["last-trick", 1001]]},
            "ruleset.categories[4][1]",
        ),
        ({"categories": [*[[n, 5] for n in FIVE[:4]], ["last-trick"]]}, "ruleset.categories[4]"),
        ({"domino": 1}, "ruleset.domino"),
        ({"credits": [150, 100, 55]}, "ruleset.credits"),
        ({"players": 3, "credits": [150, 100, 55, 0]}, "ruleset.credits"),
        ({"credits": [1001, 100, 55, 0]}, "ruleset.credits[0]"),
        ({"credits": [150, 100, 55, -1]}, "ruleset.credits[3]"),
        ({"credits": [150, 100, 101, 0]}, "ruleset.credits[2]"),
        ({"domino": False, "credits": [0, 1, 2, 3]}, "ruleset.credits[1]"),
        ({"series": 0}, "ruleset.series"),
        ({"series": 11}, "ruleset.series"),
        ({"series": 1.0}, "ruleset.series"),
    ],
)
def test_a_ruleset_outside_the_options_is_refused_naming_its_field(data, field):
    with pytest.raises(RulesError) as caught:
        parse_ruleset(data)

    assert caught.value.problems[0].field == field


def test_ruleset_refusals_come_in_the_formats_order():
    with pytest.raises(RulesError) as caught:
        parse_ruleset({"series": 0, "players": 5, "preset": "x", "rounds": 2, "domino": None})

    fields = [p.field for p in caught.value.problems]
    assert fields == [
        "ruleset.preset",
        "ruleset.rounds",
        "ruleset.players",
        "ruleset.domino",
        "ruleset.series",
    ]


def test_the_options_bounds_are_accepted():
    ruleset = parse_ruleset(
        {
            "preset": "guggitaler-jassbuch",
            "players": 3,
            "categories": [
                ["king", 1000],
                ["tricks", 1],
                ["ober", 1],
                ["schellen", 1],
                ["last-trick", 1],
            ],
            "credits": [1000, 0, 0],
            "series": 10,
        }
    )

    assert (ruleset.hands, ruleset.preset, ruleset.credits) == (
        60,
        "guggitaler-jassbuch",
        (1000, 0, 0),
    )
    assert parse_ruleset(ruleset.to_dict()) == ruleset
    assert preset("guggitaler-jassbuch", 3).credits == (30, 20, 14)


def test_a_hand_numbered_below_one_is_a_programming_error_not_the_last_category():
    ruleset = preset("guggitaler", players=4)
    with pytest.raises(ValueError, match="numbered from 1"):
        check_hand(ruleset, 0, GuggiHand("tricks", (3, 2, 2, 2)))
