"""A Schieber game counted in Striche (RULES.md §12, game-format.md "Striche"): every
rule with hand-made games, and the invariants of §12 against an independent reference
over random games."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.kinds.team.rules import Hand, RulesError, parse_ruleset, play
from scoring.kinds.team.rules.striche import (
    BERG_FIRST_HIGHER,
    BERG_FIRST_NEEDED,
    BERG_FIRST_NO_BERG,
    BERG_FIRST_NO_STRICHE,
    BERG_FIRST_UNWANTED,
    CHOOSER_NEEDED,
    CHOOSER_NOT_A_PLAYER,
    Striche,
    StrichTable,
    berg_line,
    berg_tie_open,
    game_striche,
    play_striche,
)
from scoring.rules.strichtable import (
    STRICHE_NO_TARGET,
    STRICHE_NOT_AN_OBJECT,
    STRICHE_SWITCH,
    STRICHE_TIE,
    STRICHE_UNKNOWN,
    STRICHE_VALUE,
)
from tests.rules.builders import lead_in, problems_of
from tests.rules.striche_games import random_striche_game

PLAYERS = (("Anne", "Claude"), ("Bernard", "Denise"))
A, C, B, D = "Anne", "Claude", "Bernard", "Denise"  # team 0: Anne, Claude; team 1 the others


def striche_ruleset(target: int = 1000, **table: Any) -> Any:
    return parse_ruleset({"preset": "chibre", "target": target, "striche": table})


STRICHE = striche_ruleset()


def counted(ruleset, hands):
    _result, count = play_striche(ruleset, hands, PLAYERS)
    assert count is not None
    return count


def refused(ruleset, hands):
    with pytest.raises(RulesError) as excinfo:
        play_striche(ruleset, hands, PLAYERS)
    return problems_of(excinfo)


def as_dicts(count):
    return count.to_list()


# --- the table ------------------------------------------------------------------------------


def test_the_defaults_are_jassgurus_table():
    assert STRICHE.striche == StrichTable()
    assert StrichTable().to_dict() == {
        "sieg": 2,
        "berg": 1,
        "matsch": 1,
        "kontermatsch": 2,
        "schneider": 2,
        "with_berg": True,
        "with_schneider": True,
        "berg_tie": "table",
    }


def test_a_ruleset_without_striche_has_none_and_writes_none():
    ruleset = parse_ruleset({"preset": "chibre"})
    assert ruleset.striche is None
    assert "striche" not in ruleset.to_dict()
    assert parse_ruleset({"preset": "chibre", "striche": None}).striche is None


def test_a_ruleset_with_striche_reads_back_from_what_it_writes():
    ruleset = striche_ruleset(2000, sieg=3, matsch=0, with_schneider=False, berg_tie="higher")
    assert ruleset.to_dict()["striche"] == {
        **StrichTable().to_dict(),
        "sieg": 3,
        "matsch": 0,
        "with_schneider": False,
        "berg_tie": "higher",
    }
    assert parse_ruleset(ruleset.to_dict()) == ruleset


def ruleset_problems(data):
    with pytest.raises(RulesError) as excinfo:
        parse_ruleset(data)
    return [(p.field, p.template) for p in problems_of(excinfo)]


@pytest.mark.parametrize(
    ("table", "field", "template"),
    [
        ([], "ruleset.striche", STRICHE_NOT_AN_OBJECT),
        ("on", "ruleset.striche", STRICHE_NOT_AN_OBJECT),
        ({"sieg": 0}, "ruleset.striche.sieg", STRICHE_VALUE),
        ({"sieg": 11}, "ruleset.striche.sieg", STRICHE_VALUE),
        ({"berg": -1}, "ruleset.striche.berg", STRICHE_VALUE),
        ({"matsch": 11}, "ruleset.striche.matsch", STRICHE_VALUE),
        ({"kontermatsch": 1.5}, "ruleset.striche.kontermatsch", STRICHE_VALUE),
        ({"schneider": True}, "ruleset.striche.schneider", STRICHE_VALUE),
        ({"with_berg": 1}, "ruleset.striche.with_berg", STRICHE_SWITCH),
        ({"with_schneider": "yes"}, "ruleset.striche.with_schneider", STRICHE_SWITCH),
        ({"berg_tie": "lower"}, "ruleset.striche.berg_tie", STRICHE_TIE),
        ({"stake": 5}, "ruleset.striche.stake", STRICHE_UNKNOWN),
    ],
)
def test_a_table_out_of_bounds_is_refused_naming_its_field(table, field, template):
    assert ruleset_problems({"preset": "chibre", "striche": table})[0] == (field, template)


def test_the_bounds_themselves_are_taken():
    table = {"sieg": 1, "berg": 0, "matsch": 10, "kontermatsch": 0, "schneider": 10}
    assert striche_ruleset(**table).striche == StrichTable(**table)
    assert striche_ruleset(**{"x-note": "club table", "sieg": 10}).striche.sieg == 10


def test_refusals_come_in_the_order_of_the_format():
    # the ruleset's own fields first, then the table: not an object, no target,
    # an unknown field, then each field in the order of the format
    problems = ruleset_problems({"preset": "chibre", "weis": "huge", "striche": {"sieg": 0}})
    assert [field for field, _ in problems] == ["ruleset.weis", "ruleset.striche.sieg"]
    problems = ruleset_problems({"striche": {"stake": 1, "sieg": 0}})
    assert problems == [("ruleset.striche.stake", STRICHE_UNKNOWN)]
    problems = ruleset_problems({"striche": {"berg_tie": "x", "with_berg": 0, "schneider": 99}})
    assert [field for field, _ in problems] == [
        "ruleset.striche.schneider",
        "ruleset.striche.with_berg",
        "ruleset.striche.berg_tie",
    ]


@pytest.mark.parametrize(
    "ruleset",
    [
        {"preset": "tournament"},
        {"preset": "chibre", "end": "fixed-hands", "target": None, "hands": 12},
        {"preset": "differenzler"},
    ],
)
def test_a_table_without_a_target_is_refused(ruleset):
    problems = ruleset_problems({**ruleset, "striche": {}})
    assert problems == [("ruleset.striche", STRICHE_NO_TARGET)]


def test_any_preset_with_a_target_may_count_striche():
    for name in ("chibre", "pique-double", "schieber-2500"):
        assert parse_ruleset({"preset": name, "striche": {}}).striche == StrichTable()
    assert parse_ruleset({"end": "whole-hand", "striche": {}}).striche == StrichTable()


def test_the_berg_line_is_half_the_target_rounded_up():
    assert [berg_line(t) for t in (2000, 1000, 1001, 1500, 2500, 1)] == [
        1000,
        500,
        501,
        750,
        1250,
        1,
    ]


# --- the example of game-format.md ----------------------------------------------------------


def example_hands() -> list[Hand]:
    """2000 points: a Matsch, a Kontermatsch, the Berg on Stöck at 1005, out at 2005 : 877."""
    return [
        Hand("hearts", (157, 0), match=0, chooser=A),
        Hand("clubs", (0, 157), match=1, chooser=C, chibre=True),
        *lead_in(728, 304),
        Hand("spades", (100, 57), stoeck=0, chooser=B),  # 985 + 20 on Stöck: the Berg
        *lead_in(800, 202),
        Hand("hearts", (100, 57), chooser=D),  # 2005 : 877
    ]


def test_the_example_of_the_format():
    ruleset = striche_ruleset(2000)
    result, count = play_striche(ruleset, example_hands(), PLAYERS)
    assert result.totals == (2005, 877)
    assert (result.winner, result.rubicon) == (0, True)
    assert count.to_list() == [
        {"berg": 1, "sieg": 2, "matsch": 1, "kontermatsch": 0, "schneider": 2, "total": 6},
        {"berg": 0, "sieg": 0, "matsch": 0, "kontermatsch": 2, "schneider": 0, "total": 2},
    ]
    assert count.berg == 0
    assert count.berg_hand == 2 + len(lead_in(728, 304)) + 1
    assert count.made == (6, 2)
    assert [(m.hand, m.team, m.kind) for m in count.matches] == [
        (1, 0, "matsch"),
        (2, 1, "kontermatsch"),
    ]
    assert game_striche(ruleset, example_hands(), PLAYERS) == count.teams


def test_without_a_table_there_are_no_striche():
    ruleset = parse_ruleset({"preset": "chibre", "target": 2000})
    assert game_striche(ruleset, example_hands(), PLAYERS) is None
    result, count = play_striche(ruleset, example_hands(), PLAYERS)
    assert count is None
    assert result == play(ruleset, example_hands())


def test_the_table_sets_the_values():
    ruleset = striche_ruleset(2000, sieg=1, berg=3, matsch=4, kontermatsch=5, schneider=6)
    count = counted(ruleset, example_hands())
    assert count.teams == (Striche(sieg=1, berg=3, matsch=4, schneider=6), Striche(kontermatsch=5))
    assert count.teams[0].total == 14


# --- the Berg -------------------------------------------------------------------------------


def test_exactly_the_line_is_the_berg_one_below_is_not():
    ruleset = striche_ruleset(1001)  # line 501
    hands = [*lead_in(344, 300), Hand("hearts", (157, 0), chooser=A)]  # 501 : 300
    assert counted(ruleset, hands).berg == 0
    hands = [*lead_in(344, 300), Hand("hearts", (156, 1), chooser=A)]  # 500 : 301
    assert counted(ruleset, hands).berg is None
    assert counted(ruleset, hands).teams == (Striche(), Striche())


def test_stoeck_before_weis_before_tricks():
    # 486 : 489; team 1 Stöck → 509 first, though team 0's Weis and tricks are more
    hands = [
        *lead_in(486, 489),
        Hand("hearts", (150, 7), weis=((50,), ()), stoeck=1, chooser=A),
    ]
    count = counted(STRICHE, hands)
    assert count.berg == 1
    # team 0's Weis before team 1's tricks
    hands = [*lead_in(486, 489), Hand("hearts", (7, 150), weis=((20,), ()), chooser=A)]
    assert counted(STRICHE, hands).berg == 0


def test_a_weis_cancelled_by_a_match_never_counted():
    # team 0's Weis would take it to the line, but team 1's match cancels it
    hands = [*lead_in(440, 301), Hand("hearts", (0, 157), match=1, weis=((100,), ()), chooser=B)]
    count = counted(STRICHE, hands)
    assert count.berg == 1
    assert count.teams[1] == Striche(berg=1, matsch=1)


def test_the_berg_is_once_per_game_and_stays_with_a_loser():
    hands = [*lead_in(510, 101)]
    hands += [Hand("hearts", (0, 157), chooser=A) for _ in range(6)]  # 510 : 1043
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert (result.over, result.winner) == (True, 1)
    assert count.berg == 0
    assert count.teams == (Striche(berg=1), Striche(sieg=2))


def test_both_on_tricks_in_one_hand_the_table_says_who_was_first():
    hands = [*lead_in(425, 426), Hand("hearts", (82, 75), chooser=A)]  # 507 : 501
    problem = refused(STRICHE, hands)[0]
    assert (problem.field, problem.hand, problem.template) == (
        "berg_first",
        len(hands),
        BERG_FIRST_NEEDED,
    )
    assert problem.params == {"line": 500}
    assert berg_tie_open(STRICHE, hands, PLAYERS)
    for first in (0, 1):
        hands[-1] = dataclasses.replace(hands[-1], berg_first=first)
        count = counted(STRICHE, hands)
        assert (count.berg, count.tie_hand) == (first, len(hands))
        assert berg_tie_open(STRICHE, hands, PLAYERS)  # the form still asks it


def test_berg_tie_higher_gives_it_to_the_higher_total():
    higher = striche_ruleset(berg_tie="higher")
    hands = [*lead_in(425, 426), Hand("hearts", (82, 75), chooser=A)]  # 507 : 501
    assert counted(higher, hands).berg == 0
    assert not berg_tie_open(higher, hands, PLAYERS)
    hands[-1] = dataclasses.replace(hands[-1], berg_first=1)
    assert refused(higher, hands)[0].template == BERG_FIRST_HIGHER
    # equal totals: the table says
    hands = [*lead_in(420, 428), Hand("hearts", (80, 77), chooser=A)]  # 500 : 505
    assert counted(higher, hands).berg == 1
    hands = [*lead_in(420, 425), Hand("hearts", (81, 76), chooser=A)]  # 501 : 501
    assert refused(higher, hands)[0].template == BERG_FIRST_NEEDED
    hands[-1] = dataclasses.replace(hands[-1], berg_first=1)
    assert counted(higher, hands).berg == 1


def test_higher_decides_only_the_tie_on_tricks():
    # team 1 reaches the line on its Weis first, though team 0 ends higher
    higher = striche_ruleset(berg_tie="higher")
    hands = [*lead_in(440, 461), Hand("hearts", (150, 7), weis=((), (50,)), chooser=A)]
    assert counted(higher, hands).berg == 1


@pytest.mark.parametrize(
    ("ruleset", "template"),
    [
        (STRICHE, BERG_FIRST_UNWANTED),
        (striche_ruleset(with_berg=False), BERG_FIRST_NO_BERG),
        (parse_ruleset({"preset": "chibre"}), BERG_FIRST_NO_STRICHE),
    ],
)
def test_berg_first_anywhere_else_is_refused(ruleset, template):
    hands = [Hand("hearts", (95, 62), chooser=A), Hand("hearts", (95, 62), chooser=B, berg_first=0)]
    problem = refused(ruleset, hands)[0]
    assert (problem.field, problem.hand, problem.template) == ("berg_first", 2, template)


def test_berg_first_in_a_tie_without_berg_is_refused():
    hands = [*lead_in(425, 426), Hand("hearts", (82, 75), chooser=A)]
    no_berg = striche_ruleset(with_berg=False)
    count = counted(no_berg, hands)
    assert count.berg is None
    assert count.tie_hand is None
    assert count.teams == (Striche(), Striche())
    hands[-1] = dataclasses.replace(hands[-1], berg_first=0)
    assert refused(no_berg, hands)[0].template == BERG_FIRST_NO_BERG


def test_berg_first_must_name_a_team():
    hands = [*lead_in(425, 426), Hand("hearts", (82, 75), chooser=A, berg_first=2)]
    problem = refused(STRICHE, hands)[0]
    assert (problem.field, problem.params) == ("berg_first", {"value": 2})


def test_the_last_hand_counts_only_what_counted_before_going_out():
    # 975 : 487, the last hand out on team 0's tricks; team 1's whole hand would take
    # it to the line, but with the card points at going out it had 5 then
    hands = [
        *lead_in(975, 487),
        Hand("hearts", (60, 97), chooser=A, cards_at_out=(25, 5)),
    ]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert result.totals == (1000, 492)
    assert count.teams == (Striche(sieg=2, berg=1, schneider=2), Striche())
    assert count.berg == 0


def test_the_berg_on_the_stoeck_that_ends_the_game():
    hands = [*lead_in(480, 982), Hand("hearts", (0, 157), stoeck=1, chooser=B)]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert (result.winner, result.out_on) == (1, "stoeck")
    assert count.berg == 1  # earlier, at 980
    assert count.teams == (Striche(), Striche(sieg=2, berg=1, schneider=2))


# --- Matsch and Kontermatsch ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("chooser", "chibre", "kind"),
    [
        (A, False, "matsch"),
        (C, True, "matsch"),
        (B, False, "kontermatsch"),
        (D, True, "kontermatsch"),
    ],
)
def test_a_match_by_the_choosers_team_or_the_other(chooser, chibre, kind):
    hands = [Hand("hearts", (157, 0), match=0, chooser=chooser, chibre=chibre)]
    count = counted(STRICHE, hands)
    assert count.teams == (Striche(**{kind: 1 if kind == "matsch" else 2}), Striche())


def test_the_multiplier_changes_no_strich():
    ruleset = parse_ruleset({"preset": "schieber-2500", "striche": {}})
    hands = [
        Hand("obe-abe", (0, 157), match=1, chooser=B),
        Hand("unde-ufe", (0, 157), match=1, chooser=A),
    ]
    # 2 × 771 points (×3), past the line of 1250: the Berg too
    assert counted(ruleset, hands).teams == (Striche(), Striche(berg=1, matsch=1, kontermatsch=2))


def test_every_match_counts_kontermatsch_as_a_club_values_it():
    as_matsch = striche_ruleset(kontermatsch=1)
    hands = [Hand("hearts", (0, 157), match=1, chooser=A)] * 3
    assert counted(as_matsch, hands).teams[1] == Striche(berg=1, kontermatsch=3)


def test_a_match_in_the_last_hand_counts():
    hands = [*lead_in(745, 300), Hand("hearts", (157, 0), match=0, chooser=A)]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert result.over
    assert result.winner == 0
    assert count.teams[0] == Striche(sieg=2, berg=1, matsch=1, schneider=2)


def test_a_match_never_played_out_gives_nothing():
    # team 0 goes out on its Weis before the first trick: its match was never played
    hands = [*lead_in(955, 300), Hand("hearts", (157, 0), match=0, weis=((50,), ()), chooser=A)]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert result.out_on == "weis"
    assert count.matches == ()
    assert count.teams[0] == Striche(sieg=2, berg=1, schneider=2)
    hands = [*lead_in(980, 295), Hand("hearts", (157, 0), match=0, stoeck=0, chooser=A)]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert result.out_on == "stoeck"
    assert count.matches == ()


def test_a_match_needs_its_chooser():
    hands = [Hand("hearts", (95, 62)), Hand("hearts", (157, 0), match=0)]
    problem = refused(STRICHE, hands)[0]
    assert (problem.field, problem.hand, problem.template) == ("chooser", 2, CHOOSER_NEEDED)
    hands[-1] = dataclasses.replace(hands[-1], chooser="")
    assert refused(STRICHE, hands)[0].template == CHOOSER_NEEDED
    # without Striche nobody asks
    assert play_striche(parse_ruleset({}), hands, PLAYERS)[1] is None


def test_a_chooser_must_be_a_player_of_one_team():
    hands = [Hand("hearts", (95, 62), chooser="Ueli")]
    problem = refused(STRICHE, hands)[0]
    assert (problem.field, problem.template, problem.params) == (
        "chooser",
        CHOOSER_NOT_A_PLAYER,
        {"chooser": "Ueli"},
    )


# --- Sieg and Schneider ---------------------------------------------------------------------


@pytest.mark.parametrize(("lead", "loser"), [(890, 499), (892, 500), (891, 501)])
def test_schneider_below_half_the_target_exactly_half_is_not(lead, loser):
    out = 1000 - lead
    hands = [
        *lead_in(lead, loser),
        Hand("hearts", (out, 157 - out), chooser=A, cards_at_out=(out, 0)),
    ]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert result.totals == (1000, loser)
    assert count.teams[0].schneider == (2 if loser < 500 else 0)
    assert count.teams[0].sieg == 2
    assert count.teams[0].berg + count.teams[1].berg == 1


def test_an_estimated_schneider_is_written_like_any_other():
    hands = [*lead_in(890, 391), Hand("hearts", (110, 47), chooser=A)]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert result.estimated
    assert result.rubicon
    assert count.teams[0] == Striche(sieg=2, berg=1, schneider=2)


def test_without_schneider():
    hands = [*lead_in(890, 391), Hand("hearts", (110, 47), chooser=A)]
    assert counted(striche_ruleset(with_schneider=False), hands).teams[0] == Striche(sieg=2, berg=1)


def test_an_unfinished_game_keeps_berg_and_matches_but_no_sieg_or_schneider():
    hands = [*lead_in(590, 101), Hand("hearts", (0, 157), match=1, chooser=A)]
    result, count = play_striche(STRICHE, hands, PLAYERS)
    assert not result.over
    assert count.teams == (Striche(berg=1), Striche(kontermatsch=2))


def test_whole_hand_games_count_striche_too():
    ruleset = parse_ruleset({"end": "whole-hand", "striche": {}})
    hands = [*lead_in(890, 301), Hand("hearts", (150, 7), chooser=A)]
    result, count = play_striche(ruleset, hands, PLAYERS)
    assert result.over
    assert result.totals == (1040, 308)
    assert count.teams == (Striche(sieg=2, berg=1, schneider=2), Striche())


# --- the order of refusals ------------------------------------------------------------------


def test_a_hand_breaks_the_team_game_first_then_chooser_then_berg_first():
    tie = [*lead_in(425, 426)]
    broken = Hand("hearts", (157, 0), match=0, berg_first=0)  # no chooser, berg_first
    assert refused(STRICHE, [*tie, broken])[0].field == "chooser"
    wrong_sum = dataclasses.replace(broken, cards=(150, 0))
    assert refused(STRICHE, [*tie, wrong_sum])[0].field == "cards"


def test_an_earlier_hands_striche_rule_comes_before_a_later_hands_team_rule():
    hands = [Hand("hearts", (157, 0), match=0), Hand("hearts", (100, 100))]
    problem = refused(STRICHE, hands)[0]
    assert (problem.field, problem.hand) == ("chooser", 1)


def test_a_correction_making_a_later_berg_first_wrong_names_that_hand():
    hands = [*lead_in(425, 426), Hand("hearts", (82, 75), chooser=A, berg_first=0)]
    hands[0] = dataclasses.replace(hands[0], cards=(145, 12))  # team 0 has the Berg earlier
    with pytest.raises(RulesError) as excinfo:
        play_striche(STRICHE, hands, PLAYERS, corrected=1)
    problem = problems_of(excinfo)[0]
    assert (problem.field, problem.hand, problem.params["later"]) == (
        "hands",
        len(hands),
        len(hands),
    )


# --- invariants over random games -----------------------------------------------------------

FAST = settings(
    max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
TRUMPS = ("hearts", "diamonds", "clubs", "spades", "obe-abe", "unde-ufe")
NAMES = (A, C, B, D)


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for name, least in (
        ("sieg", 1),
        ("berg", 0),
        ("matsch", 0),
        ("kontermatsch", 0),
        ("schneider", 0),
    ):
        if draw(st.booleans()):
            table[name] = draw(st.integers(least, 10))
    for name in ("with_berg", "with_schneider"):
        if draw(st.booleans()):
            table[name] = draw(st.booleans())
    if draw(st.booleans()):
        table["berg_tie"] = draw(st.sampled_from(["table", "higher"]))
    return table


@st.composite
def striche_games(draw: st.DrawFn):
    data: dict[str, Any] = {
        "preset": draw(st.sampled_from(["chibre", "pique-double", "schieber-2500"])),
        "end": draw(st.sampled_from(["first-out", "first-out", "whole-hand"])),
        "target": draw(st.integers(300, 1500)),
        "striche": draw(tables()),
    }
    ruleset = parse_ruleset(data)
    played: list[Hand] = []
    for _ in range(40):
        if played and not draw(st.integers(0, 15)):
            break
        trump = draw(st.sampled_from(ruleset.trumps))
        match = draw(st.sampled_from([None, None, None, 0, 1]))
        if match is None:
            x = draw(st.integers(0, 157))
            cards = (x, 157 - x)
        else:
            cards = (157, 0) if match == 0 else (0, 157)
        weis_team = draw(st.sampled_from([None, None, 0, 1]))
        entry = draw(st.sampled_from([20, 50, 100, 150]))
        weis = (
            ((), ())
            if weis_team is None
            else (((entry,), ()) if weis_team == 0 else ((), (entry,)))
        )
        stoeck = draw(st.sampled_from([None, None, 0, 1])) if trump in TRUMPS[:4] else None
        hand = Hand(
            trump,
            cards,
            match=match,
            weis=weis,
            stoeck=stoeck,
            chooser=draw(st.sampled_from(NAMES)),
        )
        for _ in range(3):
            try:
                result, _count = play_striche(ruleset, [*played, hand], PLAYERS)
                break
            except RulesError as error:
                field = error.problems[0].field
                if field not in ("out_first", "berg_first"):
                    raise
                hand = dataclasses.replace(hand, **{field: draw(st.sampled_from([0, 1]))})
        played.append(hand)
        if result.over:
            break
    return ruleset, played


def reference(ruleset, hands, result):
    """Each team's Striche, counted on its own from the raw hands (RULES.md §12)."""
    table = ruleset.striche
    line = -(-ruleset.target // 2)
    made = [dict.fromkeys(("sieg", "berg", "matsch", "kontermatsch", "schneider"), 0) for _ in "ab"]
    berg = None
    tie = False
    totals = [0, 0]
    for number, (hand, counted) in enumerate(zip(hands, result.hands, strict=True), 1):
        m = ruleset.multiplier(hand.trump)
        ended_early = number == len(hands) and result.over and result.out_on in ("stoeck", "weis")
        if berg is None and not tie:
            stoeck = [m * 20 if hand.stoeck == t else 0 for t in (0, 1)]
            weis = [0, 0]
            for t in (0, 1):
                declared = m * sum(hand.weis[t])
                cancelled = hand.match == 1 - t and not ended_early
                weis[t] = 0 if cancelled else declared
            if result.out_on == "stoeck" and number == len(hands) and result.over:
                weis = [0, 0]
            steps = [stoeck, weis]
            before_tricks = [totals[t] + stoeck[t] + weis[t] for t in (0, 1)]
            after = list(counted.totals)
            for step in range(2):
                reached = [
                    t for t in (0, 1) if totals[t] + sum(s[t] for s in steps[: step + 1]) >= line
                ]
                if reached:
                    berg = reached[0]
                    break
            if berg is None:
                reached = [t for t in (0, 1) if after[t] >= line and before_tricks[t] < line]
                if len(reached) == 1:
                    berg = reached[0]
                elif len(reached) == 2:
                    tie = True
                    if table.berg_tie == "higher" and after[0] != after[1]:
                        berg = int(after[1] > after[0])
                    else:
                        berg = hand.berg_first
        totals = list(counted.totals)
        if hand.match is not None and not ended_early:
            chose = 0 if hand.chooser in (A, C) else 1
            kind = "matsch" if chose == hand.match else "kontermatsch"
            made[hand.match][kind] += getattr(table, kind)
    if berg is not None and table.with_berg:
        made[berg]["berg"] = table.berg
    if result.over:
        made[result.winner]["sieg"] = table.sieg
        if 2 * result.totals[1 - result.winner] < ruleset.target and table.with_schneider:
            made[result.winner]["schneider"] = table.schneider
    return (Striche(**made[0]), Striche(**made[1]))


@FAST
@given(striche_games())
def test_random_games_count_as_the_reference(game):
    ruleset, hands = game
    result, count = play_striche(ruleset, hands, PLAYERS)
    assert count.teams == reference(ruleset, hands, result)


@FAST
@given(striche_games())
def test_the_invariants_of_section_12(game):
    ruleset, hands = game
    table = ruleset.striche
    result, count = play_striche(ruleset, hands, PLAYERS)
    teams = count.teams
    sieg = [t.sieg for t in teams]
    if result.over:
        # one Sieg; with the Berg on, one Berg (the winner reached the target)
        assert sorted(sieg) == [0, table.sieg]
        assert teams[result.winner].sieg == table.sieg
        if table.with_berg:
            assert count.berg is not None
            assert sorted(t.berg for t in teams) == [0, table.berg]
    else:
        assert sieg == [0, 0]
        assert [t.schneider for t in teams] == [0, 0]
    for team in teams:
        if team.schneider:
            assert team.sieg  # Schneider only beside the Sieg
        assert (
            team.total == team.sieg + team.berg + team.matsch + team.kontermatsch + team.schneider
        )
    if not table.with_berg:
        assert [t.berg for t in teams] == [0, 0]
    if count.berg is not None:
        # the Berg's team reached the line; a team with the Berg is never Schneider
        assert result.hands[count.berg_hand - 1].totals[count.berg] >= count.line
        assert not (result.over and result.rubicon and result.loser == count.berg)
    # one Matsch or Kontermatsch per match played out
    played_out = [
        n
        for n, hand in enumerate(hands, 1)
        if hand.match is not None
        and not (n == len(hands) and result.over and result.out_on in ("stoeck", "weis"))
    ]
    assert [m.hand for m in count.matches] == played_out


@pytest.mark.parametrize("seed", range(300))
def test_seeded_random_games_count_as_the_reference(seed):
    # games drawn so that both teams often reach the line in one hand (ties)
    ruleset, hands = random_striche_game(random.Random(seed))
    result, count = play_striche(ruleset, hands, PLAYERS)
    assert count.teams == reference(ruleset, hands, result)
    if count.tie_hand is not None and ruleset.striche.with_berg:
        assert count.berg is not None
