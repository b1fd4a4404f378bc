"""How a Coiffeur sheet names its rows and cells on the screen, in the words players use
(RULES.md §11): the club's own label when it gave one, else the mode's name in the
reader's language (Obenabe, Misère, Slalom, Guschti …); match, counter-match, struck.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.rules.ruleset import SUITS
from scoring.suits import trump_label

from .sheet import MISERE, Row

# The modes that are not a trump, as a sheet names them (a trump is named as the
# game's cards name it: ♣ Trèfle, Eicheln, ↓ Obenabe).
MODE_NAMES = {
    "slalom": pgettext_lazy("coiffeur row", "Slalom"),
    "3x3": pgettext_lazy("coiffeur row", "3×3"),
    "guschti": pgettext_lazy("coiffeur row", "Guschti"),
    "choice": pgettext_lazy("coiffeur row", "Free choice"),
    "trump": pgettext_lazy("coiffeur row", "Trump of one's choice"),
    MISERE: pgettext_lazy("coiffeur row", "Misère"),
}
TRUMP_MODES = (*SUITS, "obe-abe", "unde-ufe")

# A filled cell that is not plain card points, as the sheet marks it.
KIND_NAMES = {
    "match": _("Match"),
    "counter": _("Counter-match"),
    "struck": pgettext_lazy("coiffeur cell", "struck"),
}

_NUMBERED = re.compile(r"^(?P<mode>[a-z0-9-]+?)-(?P<number>\d+)$")


@dataclass(frozen=True)
class RowLabel:
    """A row's name on the screen: a suit's symbol (or none), its name, whether red."""

    symbol: str
    name: str
    red: bool = False

    def __str__(self) -> str:
        return f"{self.symbol} {self.name}".strip()


def row_label(row: Row, suit_style: str = "french") -> RowLabel:
    """The club's label if it gave one; else the mode's name ("choice-2" is the second
    free row: "Free choice 2", "hearts-2" a second hearts row: "♥ Hearts 2"); a name no
    mode knows is shown as it is written ("misere-2" too: it is a free row, scored like
    a trump, which no "Misère" may hide)."""
    name, _multiplier, label = row
    if label is not None:
        return RowLabel("", label)
    if name in TRUMP_MODES:
        trump = trump_label(name, suit_style)
        return RowLabel(trump.symbol, trump.name, trump.red)
    if name in MODE_NAMES:
        return RowLabel("", str(MODE_NAMES[name]))
    numbered = _NUMBERED.match(name)
    if numbered and numbered["mode"] in TRUMP_MODES:
        trump = trump_label(numbered["mode"], suit_style)
        return RowLabel(trump.symbol, f"{trump.name} {numbered['number']}", trump.red)
    if numbered and numbered["mode"] in MODE_NAMES and numbered["mode"] != MISERE:
        return RowLabel("", f"{MODE_NAMES[numbered['mode']]} {numbered['number']}")
    return RowLabel("", name)


def kind_name(kind: str | None) -> str:
    """ "Match", "Counter-match" or "struck" for such a cell; "" for card points."""
    return str(KIND_NAMES[kind]) if kind in KIND_NAMES else ""
