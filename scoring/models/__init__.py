"""Games as the game file holds them. The hands are the one source of truth: totals,
winner and Rubicon are computed by the rules engine from them. Only the statistics
keep a copy of what each game came to (``PlayerResult``), written in the transaction
that changes the hands and rebuilt from them by ``manage.py rebuild_statistics``.

The models are kept by what they do: ``games`` (games, teams, players, spectator
links), ``hands`` (hands and their changes), ``results`` (the statistics' rows),
``seats`` (a seat's own link) and ``striche`` (a club's Strich table). A kind's own
models are in its package, loaded with these (``ScoringConfig.import_models``).
Import them from here: ``from scoring.models import Game``."""

from scoring.models.choices import SEAT_CHOICES, TEAM_CHOICES, TRUMP_CHOICES
from scoring.models.games import Game, GameQuerySet, Player, SpectatorLink, Team
from scoring.models.hands import Hand, HandChange, empty_weis
from scoring.models.results import DayTotal, MonthTotal, PlayerResult
from scoring.models.seats import SeatLink
from scoring.models.striche import ClubStriche, club_striche

__all__ = [
    "SEAT_CHOICES",
    "TEAM_CHOICES",
    "TRUMP_CHOICES",
    "ClubStriche",
    "DayTotal",
    "Game",
    "GameQuerySet",
    "Hand",
    "HandChange",
    "MonthTotal",
    "Player",
    "PlayerResult",
    "SeatLink",
    "SpectatorLink",
    "Team",
    "club_striche",
    "empty_weis",
]
