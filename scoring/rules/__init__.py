"""The Jass rules engine (RULES.md §1–§6 and §8): plain Python, no Django.

Plain values in, plain values out. Views, models and commands call it; it never
calls back.
"""

from .game import (
    CARDS_MISSING,
    CARDS_MISSING_FIRST_OUT,
    MAX_GAME_HANDS,
    OUT_FIRST_NEEDED,
    GameResult,
    HandResult,
    check_totals,
    matches_made,
    may_need_out_first,
    play,
    play_corrected,
    points_to_go_out,
)
from .gamefile import FORMAT, GameRecord, Team, read_game
from .hand import Hand, HandParts, check_hand, hand_parts, hand_points, most_weis
from .problems import Problem, RulesError
from .referee import weis_verdict as weis_verdict
from .ruleset import (
    CARD_POINTS,
    DIFFERENZLER,
    MAX_FIXED_HANDS,
    MAX_MATCH_BONUS,
    MAX_MULTIPLIER,
    MAX_TARGET,
    NO_TRUMP,
    PRESETS,
    STOECK_POINTS,
    SUITS,
    TRUMPS,
    Ruleset,
    parse_ruleset,
    preset,
)
from .slate import Marks, marks_for, slate
from .table import chooser, dealer, draw_teams, needed_by_multiplier, seat_of
from .weis import KINDS, RANKS, Weis, best_weis, weis_table

__all__ = [
    "CARDS_MISSING",
    "CARDS_MISSING_FIRST_OUT",
    "CARD_POINTS",
    "DIFFERENZLER",
    "FORMAT",
    "KINDS",
    "MAX_FIXED_HANDS",
    "MAX_GAME_HANDS",
    "MAX_MATCH_BONUS",
    "MAX_MULTIPLIER",
    "MAX_TARGET",
    "NO_TRUMP",
    "OUT_FIRST_NEEDED",
    "PRESETS",
    "RANKS",
    "STOECK_POINTS",
    "SUITS",
    "TRUMPS",
    "GameRecord",
    "GameResult",
    "Hand",
    "HandParts",
    "HandResult",
    "Marks",
    "Problem",
    "RulesError",
    "Ruleset",
    "Team",
    "Weis",
    "best_weis",
    "check_hand",
    "check_totals",
    "chooser",
    "dealer",
    "draw_teams",
    "hand_parts",
    "hand_points",
    "marks_for",
    "matches_made",
    "may_need_out_first",
    "most_weis",
    "needed_by_multiplier",
    "parse_ruleset",
    "play",
    "play_corrected",
    "points_to_go_out",
    "preset",
    "read_game",
    "seat_of",
    "slate",
    "weis_table",
]
