"""What every game kind's rules share (RULES.md §1 and §9): plain Python, no Django.

Rulesets and their presets, the suits and trumps, the seats of a table, the problems an
engine reports, the envelope of the game file, and the figures a player's statistics
line sums. Each kind's own rules are in its package (the team game's in
:mod:`scoring.kinds.team.rules`). Plain values in, plain values out: views, models and
commands call it; it never calls back.
"""

from .gamefile import FORMAT, MAX_GAME_HANDS, Team
from .problems import Problem, RulesError
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
from .table import chooser, dealer, draw_teams, needed_by_multiplier, seat_of

__all__ = [
    "CARD_POINTS",
    "DIFFERENZLER",
    "FORMAT",
    "MAX_FIXED_HANDS",
    "MAX_GAME_HANDS",
    "MAX_MATCH_BONUS",
    "MAX_MULTIPLIER",
    "MAX_TARGET",
    "NO_TRUMP",
    "PRESETS",
    "STOECK_POINTS",
    "SUITS",
    "TRUMPS",
    "Problem",
    "RulesError",
    "Ruleset",
    "Team",
    "chooser",
    "dealer",
    "draw_teams",
    "needed_by_multiplier",
    "parse_ruleset",
    "preset",
    "seat_of",
]
