"""The choices shared by the models of games, hands, statistics and Différenzler."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# a third side: a Coiffeur sheet of three sides (RULES.md §11)
TEAM_CHOICES = [(0, _("Team 1")), (1, _("Team 2")), (2, _("Team 3"))]
TRUMP_CHOICES = [
    ("hearts", pgettext_lazy("trump", "Hearts")),
    ("diamonds", pgettext_lazy("trump", "Diamonds")),
    ("clubs", pgettext_lazy("trump", "Clubs")),
    ("spades", pgettext_lazy("trump", "Spades")),
    ("obe-abe", pgettext_lazy("trump", "Obe-abe")),
    ("unde-ufe", pgettext_lazy("trump", "Unde-ufe")),
]

SEAT_CHOICES = [(0, _("Seat 1")), (1, _("Seat 2")), (2, _("Seat 3")), (3, _("Seat 4"))]
