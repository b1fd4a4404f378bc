"""Player statistics over games, from the hands (no database)."""

from scoring.kinds.team.rules import Hand, preset
from scoring.kinds.team.rules.gamefile import GameRecord, Team
from scoring.kinds.team.rules.stats import player_statistics

CHIBRE = preset("chibre")
TEAMS = (Team("A", ("Anne", "Claude")), Team("B", ("Bernard", "Denise")))
KEYS = ((1, 3), (2, None))  # Denise is a guest


def game(*hands: Hand) -> GameRecord:
    return GameRecord("g", None, CHIBRE, TEAMS, hands)


def test_a_won_game_with_rubicon_match_weis_and_stoeck():
    finished = game(
        Hand("hearts", (157, 0), match=0, stoeck=1),
        Hand("spades", (157, 0), match=0),
        Hand("clubs", (157, 0), match=0, weis=((50,), ())),
        Hand("clubs", (100, 57), weis=((), (20,))),
        Hand("hearts", (100, 57)),  # 1021 : 134, out on trick points
    )

    lines = player_statistics([(finished, KEYS)])

    anne, bernard = lines[1], lines[2]
    assert (anne.games, anne.wins, anne.win_rate) == (1, 1, 1.0)
    assert (anne.matches_made, anne.matches_suffered) == (3, 0)
    assert (anne.rubicons_given, bernard.rubicons_suffered) == (1, 1)
    assert (anne.weis, bernard.weis, bernard.stoeck) == (50, 20, 20)
    assert anne.points == 257 * 3 + 50 + 100 + 100
    assert anne.points_per_hand == anne.points / 5
    assert [(p.name, p.games, p.wins) for p in anne.partner_lines()] == [("Claude", 1, 1)]
    assert [(p.name, p.wins) for p in bernard.partner_lines()] == [("Denise", 0)]
    assert None not in lines


def test_a_game_not_over_is_played_but_neither_won_nor_lost():
    lines = player_statistics([(game(Hand("hearts", (95, 62))), KEYS)])

    assert (lines[1].games, lines[1].finished, lines[1].wins, lines[1].win_rate) == (1, 0, 0, None)


def test_going_out_on_stoeck_counts_no_weis_or_match_of_that_hand():
    hands = [Hand("hearts", (157, 0), match=0)] * 3 + [
        Hand("spades", (150, 7)),
        Hand("clubs", (62, 95)),
        Hand("hearts", None, stoeck=0, weis=((50,), ())),
    ]

    anne = player_statistics([(game(*hands), KEYS)])[1]

    assert (anne.wins, anne.weis, anne.stoeck, anne.matches_made) == (1, 0, 20, 3)
