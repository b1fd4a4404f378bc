"""Sidi Barrani's rules (RULES.md §13), each with hands made by hand: the score of a hand
made and failed, doubles, matches, Weis and Stöck, the end after a whole hand, Rubicon,
and every refusal in the format's order."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scoring.kinds.sidi.rules import SidiHand, check_hand, hand_points, play
from scoring.kinds.sidi.ruleset import SidiRuleset, parse_ruleset, preset
from scoring.rules.problems import RulesError

SIDI = preset("sidi")
SIDI_157 = preset("sidi-157")
REDOUBLE = parse_ruleset({"doubling": "redouble"})


def hand(team: int = 0, bid: int = 120, cards: tuple[int, int] = (130, 27), **more) -> SidiHand:
    return SidiHand(team=team, trump=more.pop("trump", "spades"), bid=bid, cards=cards, **more)


def refusal(ruleset: SidiRuleset, hands: list[SidiHand], players=None) -> tuple[int, str]:
    with pytest.raises(RulesError) as caught:
        play(ruleset, hands, players=players)
    first = caught.value.problems[0]
    return first.hand, first.field


# --- a hand's score -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "played", "points"),
    [
        # RULES.md §13's examples
        (SIDI, hand(0, 120, (130, 27)), (250, 27)),
        (SIDI, hand(0, 120, (100, 57)), (100, 177)),
        (SIDI, hand(0, 120, (100, 57), double=2), (100, 297)),
        (SIDI, hand(0, 257, (157, 0), match=0), (514, 0)),
        # made exactly at the bid; one short fails
        (SIDI, hand(1, 90, (67, 90)), (67, 180)),
        (SIDI, hand(1, 90, (68, 89)), (158, 89)),
        # doubled and redoubled: only the bid counts twice or four times
        (SIDI, hand(0, 120, (130, 27), double=2), (370, 27)),
        (REDOUBLE, hand(0, 120, (130, 27), double=4), (610, 27)),
        (REDOUBLE, hand(0, 120, (119, 38), double=4), (119, 518)),
        # 157 is made with all the card points, a match or not
        (SIDI, hand(0, 157, (157, 0)), (314, 0)),
        (SIDI, hand(0, 157, (157, 0), match=0), (257 + 157, 0)),
        # 257 only with all nine tricks: 157 card points without them fail
        (SIDI, hand(0, 257, (157, 0)), (157, 257)),
        # a match by the other team: the bidders fail with nothing
        (SIDI, hand(0, 100, (0, 157), match=1), (0, 257 + 100)),
        # match value 157: a match is 157 card points, 157 the highest bid
        (SIDI_157, hand(0, 157, (157, 0), match=0), (314, 0)),
        (SIDI_157, hand(1, 150, (157, 0), match=0, double=2), (157 + 300, 0)),
    ],
)
def test_a_hand_scores_card_points_and_the_bid(ruleset, played, points):
    assert hand_points(ruleset, played) == points
    assert play(ruleset, [played]).totals == points


def test_weis_and_stoeck_never_make_the_contract_and_are_never_doubled():
    # 110 card points + 100 Weis + 20 Stöck against a bid of 120: failed
    played = hand(0, 120, (110, 47), double=2, weis=(("seq5",), ()), stoeck=0)
    result = play(SIDI, [played])
    assert result.hands[0].made is False
    assert result.totals == (110 + 100 + 20, 47 + 240)


def test_a_match_cancels_the_weis_of_the_team_it_was_made_against_but_not_its_stoeck():
    played = hand(1, 100, (157, 0), match=0, weis=((), ("four-jacks",)), stoeck=1)
    assert hand_points(SIDI, played) == (257 + 100, 20)
    # and the match's own team keeps its Weis
    kept = hand(0, 100, (157, 0), match=0, weis=(("seq4", 20), ()))
    assert hand_points(SIDI, kept) == (257 + 100 + 70, 0)


def test_large_weis_counts_its_own_table():
    large = parse_ruleset({"weis": "large"})
    played = hand(0, 50, (80, 77), weis=((), ("seq7",)))
    assert hand_points(large, played) == (130, 277)
    assert hand_points(SIDI, played) == (130, 177)


# --- the end: after a whole hand, the higher total ---------------------------------------


def test_the_game_ends_after_the_hand_in_which_a_team_reaches_the_target():
    ruleset = parse_ruleset({"target": 300})
    hands = [hand(0, 120, (130, 27)), hand(1, 150, (7, 150))]
    first = play(ruleset, hands[:1])
    assert (first.totals, first.over, first.winner) == ((250, 27), False, None)
    # B crosses the target in the second hand (A does not): B wins
    result = play(ruleset, hands)
    assert result.totals == (257, 327)
    assert (result.over, result.winner, result.rubicon) == (True, 1, False)


def test_both_teams_crossing_in_one_hand_the_higher_total_wins():
    ruleset = parse_ruleset({"target": 300})
    hands = [hand(0, 120, (130, 27)), hand(1, 150, (7, 150), double=2, weis=(("seq5",), ()))]
    result = play(ruleset, hands)
    assert result.totals == (357, 477)
    assert (result.over, result.winner) == (True, 1)


def test_equal_totals_at_the_target_play_another_hand():
    ruleset = parse_ruleset({"target": 200})
    # each team makes 50 with 107 card points: 157 : 50, then 207 : 207, both over 200
    level = [hand(0, 50, (107, 50)), hand(1, 50, (50, 107))]
    assert not play(ruleset, level[:1]).over
    result = play(ruleset, level)
    assert result.totals == (207, 207)
    assert (result.over, result.winner) == (False, None)
    after = play(ruleset, [*level, hand(0, 50, (57, 100))])
    assert (after.over, after.winner) == (True, 0)


def test_no_hand_may_follow_the_end():
    ruleset = parse_ruleset({"target": 200})
    hands = [hand(0, 120, (130, 27)), hand(1, 50, (77, 80))]
    assert play(ruleset, hands[:1]).over
    assert refusal(ruleset, hands) == (2, "hands")


@pytest.mark.parametrize(
    ("loser_cards", "rubicon"),
    [(0, True), (49, True), (50, False), (51, False)],
)
def test_rubicon_is_under_half_the_target(loser_cards, rubicon):
    # target 100: A bids 10 and makes it with the rest; B's card points are its total
    ruleset = parse_ruleset({"target": 100, "min_bid": 10})
    result = play(ruleset, [hand(0, 10, (157 - loser_cards, loser_cards), trump="hearts")])
    assert result.over
    assert result.winner == 0
    assert result.totals[1] == loser_cards
    assert result.rubicon is rubicon


def test_contracts_made_and_failed_per_team():
    hands = [hand(0, 120, (130, 27)), hand(0, 120, (100, 57)), hand(1, 60, (90, 67))]
    assert play(SIDI, hands).contracts == ((1, 1), (1, 0))


# --- refusals: the hand and the field, the first in the format's order ----------------------


@pytest.mark.parametrize(
    ("ruleset", "broken", "field"),
    [
        (SIDI, hand(team=2), "team"),
        (SIDI, hand(team=None), "team"),
        (SIDI, hand(team=True), "team"),
        (SIDI, hand(trump="misere"), "trump"),
        (parse_ruleset({"trumps": ["hearts"]}), hand(trump="spades"), "trump"),
        (SIDI, hand(trump="slalom"), "trump"),
        (SIDI, hand(bid=40), "bid"),
        (SIDI, hand(bid=125), "bid"),
        (SIDI, hand(bid=160), "bid"),
        (SIDI, hand(bid=120.0), "bid"),
        (SIDI_157, hand(bid=257, cards=(157, 0), match=0), "bid"),
        (SIDI, hand(double=3), "double"),
        (SIDI, hand(double=None), "double"),
        (SIDI, hand(double=4), "double"),
        (parse_ruleset({"doubling": "none"}), hand(double=2), "double"),
        (SIDI, hand(match=2), "match"),
        (SIDI, hand(cards=None), "cards"),
        (SIDI, hand(cards=(157,)), "cards"),
        (SIDI, hand(cards=(158, -1)), "cards"),
        (SIDI, hand(cards=(150, 0), match=0), "cards"),
        (SIDI, hand(cards=(157, 0), match=1), "cards"),
        (SIDI, hand(cards=(100, 56)), "cards"),
        (SIDI, hand(weis=None), "weis"),
        (parse_ruleset({"weis": "none"}), hand(weis=((20,), ())), "weis"),
        (SIDI, hand(weis=((20,), (50,))), "weis"),
        (SIDI, hand(weis=(("seq10",), ())), "weis"),
        (SIDI, hand(weis=((30,), ())), "weis"),
        (SIDI, hand(weis=(("four-jacks", 200), ())), "weis"),
        (SIDI, hand(weis=(("seq9", "seq9", "seq3"), ())), "weis"),
        (SIDI, hand(stoeck=2), "stoeck"),
        (parse_ruleset({"stoeck": False}), hand(stoeck=0), "stoeck"),
        (SIDI, hand(trump="obe-abe", stoeck=0), "stoeck"),
        (parse_ruleset({"trumps": ["slalom"]}), hand(trump="slalom", stoeck=1), "stoeck"),
        (SIDI, hand(out_first=0), "out_first"),
        (SIDI, hand(cards_at_out=[100, 20]), "cards_at_out"),
        (SIDI, hand(bidder=3), "bidder"),
    ],
)
def test_a_broken_hand_is_refused_naming_it_and_the_field(ruleset, broken, field):
    assert refusal(ruleset, [hand(trump=ruleset.trumps[0]), broken]) == (2, field)


def test_a_bidder_must_be_one_of_the_players_when_they_are_known():
    assert play(SIDI, [hand(bidder="Zoé")]).totals == (250, 27)
    assert refusal(SIDI, [hand(bidder="Zoé")], players={"Anne", "Bernard"}) == (1, "bidder")


def test_a_hand_breaking_several_rules_names_the_first_in_the_format_order():
    everything = {
        "team": 5,
        "trump": "nowhere",
        "bid": 1,
        "double": 3,
        "match": 7,
        "cards": None,
        "weis": None,
        "stoeck": 9,
    }
    order = ["team", "trump", "bid", "double", "match", "cards", "weis", "stoeck"]
    valid = {
        "team": 0,
        "trump": "spades",
        "bid": 120,
        "double": 1,
        "match": None,
        "cards": (130, 27),
    }
    valid |= {"weis": ((), ()), "stoeck": None}
    for index, field in enumerate(order):
        fields = {**valid, **{key: everything[key] for key in order[index:]}}
        assert [p.field for p in check_hand(SIDI, SidiHand(**fields))] == [field]
    # and the game being over comes before all of them
    ended = play(parse_ruleset({"target": 100}), [hand()])
    assert ended.over
    hands = [hand(), SidiHand(**{**valid, **everything})]
    assert refusal(parse_ruleset({"target": 100}), hands) == (2, "hands")


def test_the_refusal_repeats_the_ladder_of_bids():
    with pytest.raises(RulesError) as caught:
        play(parse_ruleset({"min_bid": 100, "match_value": 157}), [hand(bid=90)])
    assert str(caught.value) == (
        "hand 1: bid: must be one of 100, 110, 120, 130, 140, 150, 157, not 90"
    )


# --- the ruleset -----------------------------------------------------------------------


def test_presets_and_their_ladders():
    assert SidiRuleset() == SIDI
    assert SIDI.bids == (50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 157, 257)
    assert SIDI_157.bids[-2:] == (150, 157)
    assert parse_ruleset({"min_bid": 150}).bids == (150, 157, 257)
    assert parse_ruleset({}).to_dict() == SIDI.to_dict()
    assert SIDI.doubles == (1, 2)
    assert parse_ruleset({"trumps": ["slalom", "hearts"]}).trumps == ("hearts", "slalom")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ("sidi", "ruleset"),
        ({"preset": "chibre"}, "ruleset.preset"),
        ({"end": "first-out"}, "ruleset.end"),
        ({"multipliers": {}}, "ruleset.multipliers"),
        ({"target": 99}, "ruleset.target"),
        ({"target": 10_001}, "ruleset.target"),
        ({"target": 1500.0}, "ruleset.target"),
        ({"target": None}, "ruleset.target"),
        ({"min_bid": 0}, "ruleset.min_bid"),
        ({"min_bid": 55}, "ruleset.min_bid"),
        ({"min_bid": 160}, "ruleset.min_bid"),
        ({"match_value": 200}, "ruleset.match_value"),
        ({"doubling": "surcoinche"}, "ruleset.doubling"),
        ({"weis": "big"}, "ruleset.weis"),
        ({"stoeck": 1}, "ruleset.stoeck"),
        ({"trumps": []}, "ruleset.trumps"),
        ({"trumps": ["misere"]}, "ruleset.trumps"),
        ({"trumps": ["hearts", "hearts"]}, "ruleset.trumps"),
        # in the format's order: the preset, a foreign field, then target … trumps
        ({"trumps": [], "target": 5, "preset": "x", "end": 1}, "ruleset.preset"),
        ({"trumps": [], "target": 5, "end": 1}, "ruleset.end"),
        ({"trumps": [], "weis": 5, "min_bid": 5, "target": 5}, "ruleset.target"),
        ({"trumps": [], "stoeck": 5, "doubling": 5, "match_value": 5}, "ruleset.match_value"),
    ],
)
def test_a_ruleset_out_of_bounds_is_refused_naming_its_field(data, field):
    with pytest.raises(RulesError) as caught:
        parse_ruleset(data)
    assert caught.value.problems[0].field == field


def test_x_fields_of_a_ruleset_are_ignored():
    assert parse_ruleset({"x-club": "Bourg", "target": 2000}).target == 2000


def test_the_pure_modules_import_nothing_from_django():
    folder = Path(__file__).resolve().parents[2] / "scoring" / "kinds" / "sidi"
    imported = set()
    for name in ("rules.py", "ruleset.py", "gamefile.py"):
        for node in ast.walk(ast.parse((folder / name).read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
    assert "django" not in imported
    assert "scoring" in imported
