"""Coiffeur (RULES.md §11, game-format.md "Coiffeur"): the sheets, a hand's checks in
the file's order, each kind of cell, totals, winner, difference, and a side that can no
longer be caught; and random sheets against a reference counted cell by cell."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.kinds.coiffeur.gamefile import read_game, read_hand
from scoring.kinds.coiffeur.rules import CoiffeurHand, play
from scoring.kinds.coiffeur.sheet import PRESETS, parse_ruleset, preset
from scoring.rules import RulesError

SEED = preset("coiffeur")
ROWS = SEED.names


def hand(team: int, row: str, cards: int | None = None, **flags: bool) -> CoiffeurHand:
    return CoiffeurHand(team, row, cards, **flags)


def first_problem(ruleset, hands):
    with pytest.raises(RulesError) as caught:
        play(ruleset, hands)
    problem = caught.value.problems[0]
    return problem.hand, problem.field, problem.message


# --- the sheets -------------------------------------------------------------------


def test_the_seeds_sheet_is_ten_rows_multiplied_one_to_ten():
    assert SEED.rows == (
        ("clubs", 1, None),
        ("diamonds", 2, None),
        ("hearts", 3, None),
        ("spades", 4, None),
        ("obe-abe", 5, None),
        ("unde-ufe", 6, None),
        ("slalom", 7, None),
        ("misere", 8, None),
        ("3x3", 9, None),
        ("choice", 10, None),
    )
    assert (SEED.match_value, SEED.match_bonus, SEED.teams, SEED.rounded) == (257, 0, 2, False)


def test_the_presets_clubs_use():
    assert len(preset("coiffeur-8").rows) == 8
    assert [m for _, m, _ in preset("coiffeur-8").rows] == list(range(1, 9))
    guschti = preset("coiffeur-guschti")
    assert guschti.row("slalom")[1] == 7
    assert guschti.row("guschti")[1] == 8
    assert preset("coiffeur-3").teams == 3
    flat = preset("coiffeur-157")
    assert (flat.match_value, flat.match_bonus) == (157, 500)
    assert set(PRESETS) == {
        "coiffeur",
        "coiffeur-8",
        "coiffeur-guschti",
        "coiffeur-3",
        "coiffeur-157",
    }


def test_a_ruleset_is_written_whole_and_read_back_the_same():
    ruleset = parse_ruleset(
        {
            "preset": "coiffeur",
            "rows": [
                ["eicheln", 2, "Eichle"],
                ["rosen", 3],
                ["obe-abe", 4],
                ["unde-ufe", 5],
                ["misere", 6, "Misär"],
                ["choice", 7, "Wunsch"],
            ],
            "match_value": 157,
            "match_bonus": 500,
            "counter_penalty": 100,
            "rounded": True,
        }
    )
    assert parse_ruleset(ruleset.to_dict()) == ruleset
    assert ruleset.row("misere") == ("misere", 6, "Misär")


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"rows": [["clubs", 1]] * 1}, "ruleset.rows", "6 to 13 rows, not 1"),
        ({"rows": [[f"r{i}", 1] for i in range(14)]}, "ruleset.rows", "not 14"),
        ({"rows": "clubs"}, "ruleset.rows", "6 to 13 rows"),
        (
            {"rows": [["a", 1], ["b", 2], ["c", 3], ["d", 4], ["e", 5], ["f", 21]]},
            "ruleset.rows[5][1]",
            "1 to 20, not 21",
        ),
        (
            {"rows": [["a", 1], ["b", 2], ["c", 3], ["d", 4], ["e", 5], ["a", 6]]},
            "ruleset.rows[5][0]",
            "'a' is on the sheet twice",
        ),
        (
            {"rows": [["a", 1], ["b", 2], ["c", 3], ["d", 4], ["e", 5], ["f"]]},
            "ruleset.rows[5]",
            "[name, multiplier]",
        ),
        (
            {"rows": [["a", 1], ["b", 2], ["c", 3], ["d", 4], ["e", 5], [" ", 6]]},
            "ruleset.rows[5][0]",
            "a name of 1 to",
        ),
        ({"match_value": 200}, "ruleset.match_value", "157 or 257, not 200"),
        ({"match_value": True}, "ruleset.match_value", "157 or 257"),
        ({"match_bonus": 1001}, "ruleset.match_bonus", "0 to 1000, not 1001"),
        ({"counter_penalty": -1}, "ruleset.counter_penalty", "0 to 1000"),
        ({"counter_bonus": 50, "teams": 3}, "ruleset.counter_bonus", "three sides"),
        ({"teams": 4}, "ruleset.teams", "2 or 3 sides, not 4"),
        ({"rounded": "yes"}, "ruleset.rounded", "true or false"),
        ({"preset": "coiffeur-99"}, "ruleset.preset", "unknown Coiffeur sheet"),
        ({"stoeck": 20}, "ruleset.stoeck", "unknown field"),
    ],
)
def test_a_broken_ruleset_is_refused_naming_its_field(changes, field, words):
    with pytest.raises(RulesError) as caught:
        parse_ruleset({"preset": "coiffeur", **changes})
    problem = caught.value.problems[0]
    assert problem.field == field
    assert words in problem.message


# --- cells ------------------------------------------------------------------------


def test_the_game_files_example_obe_abe_98_is_490():
    result = play(SEED, [hand(0, "obe-abe", 98)])
    assert result.cells[0][4] == 490
    assert result.to_dict() == {
        "cells": [[None] * 4 + [490] + [None] * 5, [None] * 10],
        "totals": [490, 0],
        "over": False,
        "winner": None,
        "difference": 490,
    }


def test_misere_counts_157_minus_the_points_made():
    assert play(SEED, [hand(1, "misere", 20)]).cells[1][7] == (157 - 20) * 8


def test_a_match_is_the_match_value_times_the_row_plus_the_flat_bonus():
    assert play(SEED, [hand(0, "hearts", 157, match=True)]).cells[0][2] == 257 * 3
    flat = preset("coiffeur-157")
    assert play(flat, [hand(0, "hearts", 157, match=True)]).cells[0][2] == 157 * 3 + 500


def test_misere_s_match_is_no_trick_and_its_counter_match_all_nine():
    assert play(SEED, [hand(0, "misere", 0, match=True)]).cells[0][7] == 257 * 8
    assert first_problem(SEED, [hand(0, "misere", 157, match=True)]) == (
        1,
        "cards",
        "a match in misere takes 0 card points, not 157",
    )
    penalty = parse_ruleset({"counter_penalty": 100})
    assert play(penalty, [hand(0, "misere", 157, counter=True)]).cells[0][7] == -800
    assert first_problem(SEED, [hand(0, "misere", 0, counter=True)])[2] == (
        "a counter-match in misere leaves 157 card points, not 0"
    )


def test_a_counter_match_costs_the_penalty_and_gives_the_other_side_the_bonus():
    ruleset = parse_ruleset({"counter_penalty": 100, "counter_bonus": 300})
    result = play(ruleset, [hand(0, "spades", 0, counter=True)])
    assert result.cells[0][3] == -400
    assert result.totals == (-400, 300)
    assert result.difference == -700


def test_a_struck_row_is_zero_and_has_no_card_points():
    assert play(SEED, [hand(0, "3x3", struck=True)]).cells[0][8] == 0
    assert first_problem(SEED, [hand(0, "3x3", 12, struck=True)])[1:] == (
        "cards",
        "a struck row has no card points",
    )


def test_a_rounded_sheet_rounds_half_up_before_the_multiplier():
    rounded = parse_ruleset({"rounded": True})
    result = play(
        rounded,
        [
            hand(0, "clubs", 85),  # 90
            hand(1, "clubs", 84),  # 80
            hand(0, "misere", 72),  # 157 - 72 = 85 -> 90, x8
            hand(1, "hearts", 157, match=True),  # 257 -> 260, x3
        ],
    )
    assert result.cells[0][0] == 90
    assert result.cells[1][0] == 80
    assert result.cells[0][7] == 720
    assert result.cells[1][2] == 780


# --- checks, in the game file's order ------------------------------------------------


def test_a_row_a_side_has_played_is_refused_naming_the_earlier_hand():
    assert first_problem(SEED, [hand(0, "hearts", 50), hand(0, "hearts", 60)]) == (
        2,
        "row",
        "A has already played hearts (hand 1)",
    )
    play(SEED, [hand(0, "hearts", 50), hand(1, "hearts", 60)])  # the other side may


@pytest.mark.parametrize(
    ("bad", "field", "words"),
    [
        (hand(2, "hearts", 50), "team", "there is no side 2"),
        (hand(-1, "hearts", 50), "team", "there is no side -1"),
        (hand(0, "undenufe", 50), "row", "no row 'undenufe'"),
        (hand(0, "hearts", 157, match=True, counter=True), "match", "at most one"),
        (hand(0, "hearts"), "cards", "card points are missing"),
        (hand(0, "hearts", 158), "cards", "0 to 157, not 158"),
        (hand(0, "hearts", -1), "cards", "0 to 157, not -1"),
        (hand(0, "hearts", 150, match=True), "cards", "takes 157 card points, not 150"),
        (hand(0, "hearts", 3, counter=True), "cards", "leaves 0 card points, not 3"),
    ],
)
def test_a_broken_hand_is_refused_naming_hand_and_field(bad, field, words):
    number, named, message = first_problem(SEED, [hand(1, "clubs", 40), bad])
    assert (number, named) == (2, field)
    assert words in message


def test_the_first_rule_broken_is_the_one_named():
    # a side that does not exist, with a row that does not exist and points out of range
    assert first_problem(SEED, [hand(5, "nowhere", 999)])[1] == "team"
    # a filled cell before two kinds at once
    assert (
        first_problem(SEED, [hand(0, "clubs", 1), hand(0, "clubs", 157, match=True, struck=True)])[
            1
        ]
        == "row"
    )


def full_sheet(ruleset, cards=60):
    return [hand(side, row, cards) for row in ruleset.names for side in range(ruleset.teams)]


def test_a_hand_after_the_sheet_is_full_is_refused():
    hands = full_sheet(SEED)
    assert play(SEED, hands).over
    assert first_problem(SEED, [*hands, hand(0, "clubs", 1)]) == (
        21,
        "hands",
        "the sheet was full after hand 20; no hand may follow",
    )


# --- totals, winner, difference, the mark ------------------------------------------


def test_the_game_is_decided_only_when_the_sheet_is_full():
    hands = full_sheet(SEED)[:-1]
    result = play(SEED, hands)
    assert not result.over
    assert result.winner is None
    assert result.open_rows == ((), ("choice",))
    result = play(SEED, [*hands, hand(1, "choice", 61)])
    assert result.over
    assert result.winner == 1
    assert result.difference == -10


def test_equal_totals_draw():
    result = play(SEED, full_sheet(SEED))
    assert result.over
    assert result.winner is None
    assert result.difference == 0
    assert result.row_differences == (0,) * 10


def test_three_sides_have_no_difference_and_the_highest_wins():
    three = preset("coiffeur-3")
    hands = full_sheet(three)
    hands[-1] = hand(2, "choice", 100)
    result = play(three, hands)
    assert result.over
    assert result.winner == 2
    assert result.difference is None
    assert result.row_differences == ()
    assert result.to_dict()["difference"] is None


def test_a_side_that_can_no_longer_be_caught_is_marked_but_not_the_winner():
    # A: matches in its nine first rows; B: nothing but counter-matches in nine rows.
    hands = []
    for row in ROWS[:-1]:
        hands.append(hand(0, row, 0 if row == "misere" else 157, match=True))
        hands.append(hand(1, row, 157 if row == "misere" else 0, counter=True))
    result = play(SEED, hands)
    assert result.safe == 0
    assert result.winner is None
    assert not result.over
    # early on nobody is safe
    assert play(SEED, hands[:2]).safe is None


def test_the_mark_counts_what_the_one_behind_could_still_make():
    # A leads by 2570 with one row each open: B's match in choice (x10) ties at best.
    hands = [hand(0, "choice", 157, match=True)]
    result = play(SEED, hands)
    assert result.totals == (2570, 0)
    assert result.safe is None


def test_statistics_figures_per_side():
    result = play(
        SEED,
        [hand(0, "hearts", 157, match=True), hand(0, "clubs", struck=True), hand(1, "clubs", 90)],
    )
    assert result.matches == (1, 0)
    assert result.played == (2, 1)


# --- the file's hands ----------------------------------------------------------------


def test_a_hand_is_read_from_the_file_and_written_back_the_same():
    data = EXAMPLE["hands"][0]
    assert read_hand(data, 1).to_dict() == data


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"row": "clubs", "cards": 3}, "team"),
        ({"team": 0, "cards": 3}, "row"),
        ({"team": 0, "row": "clubs", "cards": 3, "weis": []}, "weis"),
        ({"team": 0, "row": "clubs", "cards": 3, "chibre": "no"}, "chibre"),
        ("clubs", "hand"),
    ],
)
def test_a_malformed_hand_is_refused_naming_its_field(data, field):
    with pytest.raises(RulesError) as caught:
        read_hand(data, 4)
    assert (caught.value.problems[0].hand, caught.value.problems[0].field) == (4, field)


def test_a_flag_that_is_not_true_or_false_is_refused():
    assert (
        first_problem(SEED, [read_hand({"team": 0, "row": "clubs", "cards": 3, "match": 1}, 1)])[1]
        == "match"
    )


# --- random sheets against a reference ----------------------------------------------


def reference(ruleset, hands):
    """The sheet counted again, as a person fills it: cell by cell from the rules' text."""

    def r(x):
        return (x + 5) // 10 * 10 if ruleset.rounded else x

    multipliers = {name: m for name, m, _ in ruleset.rows}
    sheet = {}
    received = [0] * ruleset.teams
    for h in hands:
        m = multipliers[h.row]
        if h.struck:
            points = 0
        elif h.match:
            points = r(ruleset.match_value) * m + r(ruleset.match_bonus)
        elif h.counter:
            points = -r(ruleset.counter_penalty) * m
            if ruleset.teams == 2:
                received[1 - h.team] += r(ruleset.counter_bonus)
        elif h.row == "misere":
            points = r(157 - h.cards) * m
        else:
            points = r(h.cards) * m
        sheet[h.team, h.row] = points
    totals = [
        sum(p for (side, _), p in sheet.items() if side == s) + received[s]
        for s in range(ruleset.teams)
    ]
    over = len(sheet) == ruleset.teams * len(ruleset.rows)
    top = [s for s in range(ruleset.teams) if totals[s] == max(totals)]
    return {
        "cells": [[sheet.get((s, name)) for name in ruleset.names] for s in range(ruleset.teams)],
        "totals": totals,
        "over": over,
        "winner": top[0] if over and len(top) == 1 else None,
        "difference": totals[0] - totals[1] if ruleset.teams == 2 else None,
    }


@st.composite
def sheets(draw):
    names = draw(
        st.lists(
            st.sampled_from(
                [
                    "clubs",
                    "hearts",
                    "obe-abe",
                    "misere",
                    "slalom",
                    "x",
                    "y",
                    "z",
                    "3x3",
                    "choice",
                    "guschti",
                    "spades",
                    "diamonds",
                ]
            ),
            min_size=6,
            max_size=13,
            unique=True,
        )
    )
    teams = draw(st.sampled_from([2, 3]))
    ruleset = parse_ruleset(
        {
            "rows": [[n, draw(st.integers(1, 20))] for n in names],
            "match_value": draw(st.sampled_from([157, 257])),
            "match_bonus": draw(st.integers(0, 1000)),
            "counter_bonus": 0 if teams == 3 else draw(st.integers(0, 1000)),
            "counter_penalty": draw(st.integers(0, 1000)),
            "rounded": draw(st.booleans()),
            "teams": teams,
        }
    )
    cells = [(s, n) for s in range(teams) for n in names]
    order = draw(st.permutations(cells))
    order = order[: draw(st.integers(0, len(order)))]
    hands = []
    for side, row in order:
        kind = draw(st.sampled_from(["cards", "cards", "cards", "match", "counter", "struck"]))
        misere = row == "misere"
        if kind == "match":
            hands.append(hand(side, row, 0 if misere else 157, match=True))
        elif kind == "counter":
            hands.append(hand(side, row, 157 if misere else 0, counter=True))
        elif kind == "struck":
            hands.append(hand(side, row, struck=True))
        else:
            hands.append(hand(side, row, draw(st.integers(0, 157))))
    return ruleset, hands


@settings(max_examples=400, deadline=None)
@given(sheets())
def test_random_sheets_agree_with_the_reference(sheet):
    ruleset, hands = sheet
    result = play(ruleset, hands)
    assert result.to_dict() == reference(ruleset, hands)
    if result.safe is not None:  # the mark holds whatever is still played
        rest = [
            hand(s, row, 157 if row == "misere" else 0, counter=True)
            if s == result.safe
            else hand(s, row, 0 if row == "misere" else 157, match=True)
            for s in range(ruleset.teams)
            for row in result.open_rows[s]
        ]
        assert play(ruleset, hands + rest).winner == result.safe


# --- the game file both ways ------------------------------------------------------------

EXAMPLE = {
    "format": "jass-game/1",
    "name": "Coiffeur am Freitag",
    "played_on": "2026-11-27",
    "ruleset": {
        "preset": "coiffeur",
        "rows": [
            ["clubs", 1],
            ["diamonds", 2],
            ["hearts", 3],
            ["spades", 4],
            ["obe-abe", 5],
            ["unde-ufe", 6],
            ["slalom", 7],
            ["misere", 8],
            ["3x3", 9],
            ["choice", 10],
        ],
        "match_value": 257,
        "match_bonus": 0,
        "counter_bonus": 0,
        "counter_penalty": 0,
        "rounded": False,
    },
    "teams": [
        {"name": "A", "players": ["Anne", "Claude"]},
        {"name": "B", "players": ["Bernard", "Denise"]},
    ],
    "hands": [
        {
            "team": 0,
            "row": "obe-abe",
            "cards": 98,
            "match": False,
            "counter": False,
            "struck": False,
            "trump": "obe-abe",
            "chooser": "Anne",
            "chibre": False,
        }
    ],
    "result": {
        "cells": [
            [None, None, None, None, 490, None, None, None, None, None],
            [None, None, None, None, None, None, None, None, None, None],
        ],
        "totals": [490, 0],
        "over": False,
        "winner": None,
        "difference": 490,
    },
}


def test_the_game_formats_example_reads_and_writes_back_the_same():
    record = read_game(copy.deepcopy(EXAMPLE))
    written = record.to_dict()
    assert written["ruleset"] == {**EXAMPLE["ruleset"], "teams": 2}
    assert {k: v for k, v in written.items() if k != "ruleset"} == {
        k: v for k, v in EXAMPLE.items() if k != "ruleset"
    }
    assert read_game(json.loads(json.dumps(written))) == record


def test_three_players_alone_make_a_three_sided_game():
    data = copy.deepcopy(EXAMPLE)
    data["ruleset"] = {"preset": "coiffeur-3"}
    data["teams"] = [{"name": n, "players": [n]} for n in ("Anne", "Bernard", "Claude")]
    data["hands"][0]["chooser"] = None
    del data["result"]
    record = read_game(data)
    assert [side.players for side in record.sides] == [("Anne",), ("Bernard",), ("Claude",)]
    assert record.to_dict()["result"]["difference"] is None


def broken(change):
    data = copy.deepcopy(EXAMPLE)
    change(data)
    with pytest.raises(RulesError) as caught:
        read_game(data)
    problem = caught.value.problems[0]
    return problem.hand, problem.field, problem.message


def test_a_broken_file_is_refused_naming_hand_and_field():
    assert broken(lambda d: d["result"]["totals"].__setitem__(0, 491)) == (
        None,
        "result.totals",
        "the file says [491, 0], the hands give [490, 0]",
    )
    assert broken(lambda d: d["teams"].pop())[1:] == (
        "teams",
        "the ruleset has 2 sides, so the file needs 2 teams",
    )
    assert broken(lambda d: d["teams"][0].__setitem__("players", ["Anne"]))[1] == (
        "teams[0].players"
    )
    assert broken(lambda d: d["hands"][0].__setitem__("chooser", "Zoé"))[:2] == (1, "chooser")
    assert broken(lambda d: d["hands"][0].__setitem__("cards", 158))[:2] == (1, "cards")
    assert (
        broken(
            lambda d: (
                d["ruleset"].__setitem__("counter_bonus", 5) or d["ruleset"].__setitem__("teams", 3)
            )
        )[1]
        == "ruleset.counter_bonus"
    )
    assert broken(lambda d: d.__setitem__("players", []))[1] == "players"
    assert broken(lambda d: d.__setitem__("played_on", "2026-02-30"))[1] == "played_on"
    assert broken(lambda d: d["teams"][1].__setitem__("players", ["anne", "Denise"]))[1] == (
        "teams"
    )


# --- "can no longer be caught" at its exact edge (RULES.md §11) -----------------------


def _one_row_left(a_clubs: int) -> list[CoiffeurHand]:
    """Both sides have played every row but free choice ×10, where a match of B's still
    makes 257 × 10 = 2570 and a counter-match of A's 0. A: spades and obe-abe matches
    (1028 + 1285), diamonds 127 × 2 and clubs ``a_clubs`` × 1, so A leads by
    2567 + a_clubs; B struck all its rows."""
    hands = [hand(0, "spades", 157, match=True), hand(0, "obe-abe", 157, match=True)]
    hands += [hand(0, "diamonds", 127), hand(0, "clubs", a_clubs)]
    hands += [hand(0, row, struck=True) for row in ("hearts", "unde-ufe", "slalom", "3x3")]
    hands.append(hand(0, "misere", struck=True))
    return hands + [hand(1, row, struck=True) for row in ROWS[:-1]]


@pytest.mark.parametrize(
    ("a_clubs", "lead", "safe"), [(2, 2569, None), (3, 2570, None), (4, 2571, 0)]
)
def test_a_side_is_marked_only_when_its_lead_is_above_what_the_other_can_still_make(
    a_clubs, lead, safe
):
    result = play(SEED, _one_row_left(a_clubs))
    assert result.open_rows == (("choice",), ("choice",))
    assert result.totals[0] - result.totals[1] == lead
    # B's best: a match in choice, 2570; A's worst: a counter-match, 0. Level at best
    # is not "can no longer be caught": B would still draw.
    assert result.safe == safe


@pytest.mark.parametrize(("a_clubs", "safe"), [(12, None), (13, None), (14, 0)])
def test_the_edge_counts_the_penalty_of_a_counter_match_in_the_leaders_open_row(a_clubs, safe):
    # With a counter-match penalty of 1, A's worst in its open choice row ×10 is −10:
    # the edge moves from a lead of 2570 to 2580.
    ruleset = parse_ruleset({"preset": "coiffeur", "counter_penalty": 1})
    result = play(ruleset, _one_row_left(a_clubs))
    margin = 2567 + a_clubs - 10 - 2570  # A's worst minus B's best
    assert margin in (-1, 0, 1)
    assert result.safe == safe


# --- a row's name as players write it (issue 34) ----------------------------------------


def _with_row(index: int, row: list) -> dict:
    data = copy.deepcopy(EXAMPLE)
    data["ruleset"]["rows"][index] = row
    del data["result"]
    return data


@pytest.mark.parametrize(
    ("row", "field"),
    [
        (["Misär", 8], "ruleset.rows[7][0]"),
        (["misar", 8, "Misär"], "ruleset.rows[7][0]"),
        (["free-8", 8, "Misaere"], "ruleset.rows[7][2]"),
        (["Misere", 8], "ruleset.rows[7][0]"),
    ],
)
def test_a_file_with_no_result_whose_row_reads_as_misere_but_is_not_is_refused_naming_it(
    row, field
):
    """A free row is scored like a trump: "Misär" so would write 40 × 8 = 320 where
    misère writes 936. With no result to say how the row was scored, the file must say
    it by the row's name."""
    data = _with_row(7, row)
    data["ruleset"]["rows"][9] = ["choice", 10]
    with pytest.raises(RulesError) as caught:
        read_game(data)
    problem = caught.value.problems[0]
    assert problem.field == field
    name = row[0] if field.endswith("[0]") else row[2]
    assert problem.message.startswith(f"“{name}” reads as misère")
    assert "name this row “misere”" in problem.message
    assert "'" not in problem.message  # no Python quotes in what a reader sees


def _old_sheet(cell: int) -> dict:
    """A game started before issue 34 from "Misär ×8": the row ["misar", 8, "Misär"],
    scored like a trump, A's 40 card points in it, and a ``result`` with ``cell`` there
    (what its export carries: 40 × 8 = 320)."""
    data = _with_row(7, ["misar", 8, "Misär"])
    data["ruleset"]["rows"][9] = ["choice", 10]
    data["hands"] = [{"team": 0, "row": "misar", "cards": 40}]
    data["result"] = {
        "cells": [[None] * 7 + [cell, None, None], [None] * 10],
        "totals": [cell, 0],
        "over": False,
        "winner": None,
        "difference": cell,
    }
    return data


def test_an_old_file_whose_result_scores_its_misar_row_like_a_trump_is_read_so():
    """The format: any other name than ``misere`` is a free row scored like a trump. A
    file that says so by its result (40 card points × 8 = 320) is read as it says, so
    that an earlier export (a club's whole backup) still imports."""
    data = _old_sheet(320)
    record = read_game(data)
    assert record.ruleset.rows[7] == ("misar", 8, "Misär")
    assert record.result().cells[0][7] == 320
    assert read_game(record.to_dict()) == record  # and its own export again


@pytest.mark.parametrize("cell", [936, 321])
def test_an_old_file_whose_result_is_not_the_row_scored_like_a_trump_is_refused_naming_it(cell):
    """Its result says the row was meant as misère (936), or is simply not what the hands
    make: refused naming the row, saying to name it ``misere``; then the result."""
    data = _old_sheet(cell)
    with pytest.raises(RulesError) as caught:
        read_game(data)
    first, then = caught.value.problems
    assert first.field == "ruleset.rows[7][0]"
    assert first.message.startswith("“misar” reads as misère")
    assert "name this row “misere” (its label may keep “misar”)" in first.message
    assert then.field == "result.cells"


@pytest.mark.parametrize("result", [{}, {"totals": [320, 0]}, [320, 0]])
def test_an_old_file_whose_result_gives_no_cells_does_not_say_how_its_row_was_scored(result):
    data = _old_sheet(320)
    data["result"] = result
    with pytest.raises(RulesError) as caught:
        read_game(data)
    assert [problem.field for problem in caught.value.problems] == ["ruleset.rows[7][0]"]


def test_a_second_misere_row_is_refused_and_its_own_names_are_read_as_the_file_says():
    data = _with_row(8, ["misere-2", 9])
    with pytest.raises(RulesError) as caught:
        read_game(data)
    assert caught.value.problems[0].field == "ruleset.rows[8][0]"
    # misère under the club's label, and a free row of its own name, as the format says
    data = _with_row(7, ["misere", 8, "Misär"])
    data["ruleset"]["rows"][9] = ["schieber-wunsch", 10, "Schieber-Wunsch"]
    data["hands"] = [{"team": 0, "row": "misere", "cards": 40}]
    data["hands"].append({"team": 1, "row": "schieber-wunsch", "cards": 40})
    record = read_game(data)
    assert record.result().cells[0][7] == (157 - 40) * 8
    assert record.result().cells[1][9] == 40 * 10
    assert read_game(record.to_dict()) == record
