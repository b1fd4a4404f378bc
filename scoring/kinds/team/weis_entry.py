"""The Weis on the team game's hand form: the kinds the screen offers and in what order,
a count field per kind, a paper slate's bare values, and how a stored hand's Weis are
shown again and kept when it is corrected."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from django import forms
from django.utils.translation import gettext

from scoring.kinds.team import rules
from scoring.kinds.team.rules.hand import TEAM_CARDS, WeisEntry
from scoring.kinds.team.rules.weis import FOUR_OF_A_KIND, SEQUENCES

MAX_WEIS_OF_A_VALUE = 6  # a team holds 18 cards: at most six runs of three

# The Weis kinds in the order the screen offers them: the common ones first, the long
# runs after them. A bare number of an old game is shown as the first kind of its value.
COMMON_KINDS = (
    "seq3",
    "seq4",
    "seq5",
    "four-jacks",
    "four-nines",
    "four-aces",
    "four-kings",
    "four-queens",
    "four-tens",
)
RARE_KINDS = ("seq6", "seq7", "seq8", "seq9")
SCREEN_KINDS = COMMON_KINDS + RARE_KINDS


def weis_field_name(kind: str) -> str:
    """The form field counting one kind: ``weis_seq3``, ``weis_four_jacks``."""
    return "weis_" + kind.replace("-", "_")


def shown_kinds(entries: tuple[WeisEntry, ...], style: str) -> list[str]:
    """A team's Weis as the screen shows them: a kind stays itself; a bare number (an old
    game's) becomes the first kind of that value in the screen's order (20 a run of three,
    100 a run of five, 200 in small Weis four Jacks), a four-of-a-kind at most once."""
    table = rules.weis_table(style) if style != "none" else {}
    kinds: list[str] = []
    for entry in entries:
        if isinstance(entry, str):
            kinds.append(entry)
            continue
        options = [kind for kind in SCREEN_KINDS if table.get(kind) == entry]
        free = [kind for kind in options if kind in SEQUENCES or kind not in kinds]
        if options:
            kinds.append((free or options)[0])
    return kinds


def weis_values(text: str, table: dict[str, int]) -> list[WeisEntry]:
    """The Weis typed as points, as a paper slate gives them ("50 150", "50+150",
    "50, 150"), stored as numbers as the game file allows. Each must be a value of
    the game's Weis ``table``: :class:`forms.ValidationError` says which is not."""
    tokens = [token for token in re.split(r"[\s,;.+]+", text) if token]
    allowed = sorted(set(table.values()))
    values: list[WeisEntry] = []
    for token in tokens:
        # ASCII digits only: "²" passes isdigit() and fails int()
        plain = token.isascii() and token.isdigit() and len(token) <= 4
        value = int(token) if plain else None
        if value not in allowed:
            raise forms.ValidationError(
                gettext("%(value)s is not a Weis of this game: %(allowed)s.")
                % {"value": token, "allowed": ", ".join(map(str, allowed))}
            )
        values.append(value)
    if len(values) > MAX_WEIS_OF_A_VALUE:
        raise forms.ValidationError(
            gettext("At most %(most)s Weis: a team holds 18 cards.") % {"most": MAX_WEIS_OF_A_VALUE}
        )
    return values


@dataclasses.dataclass(frozen=True)
class WeisKind:
    """One kind of Weis on the screen: its count field (name, id, label, value, errors)
    as plain data for the template, its name and its points in this game."""

    kind: str
    name: str
    points: int
    html_name: str
    id: str
    label: Any
    value: Any
    errors: forms.utils.ErrorList

    @property
    def rare(self) -> bool:
        return self.kind in RARE_KINDS

    @property
    def most(self) -> int:
        """How many a team can hold: a four-of-a-kind once, runs as its 18 cards allow."""
        return 1 if self.kind in FOUR_OF_A_KIND else TEAM_CARDS // SEQUENCES[self.kind]


def keep_declared_kinds(stored: rules.Hand, corrected: rules.Hand, style: str) -> rules.Hand:
    """A correction that leaves the Weis as the form showed them keeps them exactly as
    stored: an old game's bare 20 stays 20 rather than becoming ``seq3``, and the
    order of the entries is kept. A Weis changed on the screen is stored by kind."""
    same = all(
        sorted(shown_kinds(stored.weis[team], style)) == sorted(map(str, corrected.weis[team]))
        for team in (0, 1)
    )
    if same and stored.weis != corrected.weis:
        return dataclasses.replace(corrected, weis=stored.weis)
    return corrected
