"""How a Sidi Barrani contract is written on its screens, in the reader's language: its
mode (a suit as the game's cards name it, obe-abe, unde-ufe, slalom) and its double."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.suits import TrumpLabel, trump_label

from .ruleset import SLALOM

SLALOM_NAME = pgettext_lazy("trump", "Slalom")
DOUBLED: dict[int, Any] = {1: "", 2: _("doubled"), 4: _("redoubled")}


def mode_label(mode: str, suit_style: str = "french") -> TrumpLabel:
    """A contract's mode as the hand form's buttons and the lists show it."""
    if mode == SLALOM:
        return TrumpLabel(mode, "", str(SLALOM_NAME), False)
    return trump_label(mode, suit_style)
