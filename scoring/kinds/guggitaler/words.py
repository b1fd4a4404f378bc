"""Guggitaler's words on the screen: each hand's name, what a count is of, and the
engine's refusals (:func:`rules.check_hand`) as the hand form says them, naming the
field; and the same words for guggitaler_offline.js, which refuses a hand before it
leaves the phone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rules.problems import Problem

from . import rules
from .ruleset import DOMINO

# what each hand avoids, as its heading on the screen
HAND_NAMES = {
    "tricks": _("No tricks"),
    "schellen": _("No Schellen"),
    "ober": _("No Ober"),
    "king": _("Not the King of Rosen"),
    "last-trick": _("Not the last trick"),
    DOMINO: _("Domino"),
}
# what a player's count is of, the label of the counts' group
COUNTED = {
    "tricks": _("Tricks taken"),
    "schellen": _("Schellen taken"),
    "ober": _("Ober taken"),
    "king": _("Who took the King of Rosen (1)"),
    "last-trick": _("Who took the last trick (1)"),
    DOMINO: _("Places in the domino (1 = first out)"),
}


def hand_name(category: str | None) -> str:
    return str(HAND_NAMES.get(category or "", category or ""))


def refusal(problem: Problem) -> str:
    """``problem`` as a sentence for the screen, in the reader's language."""
    params = dict(problem.params)
    template = problem.template
    if template == rules.COUNTS_SUM:
        return (
            gettext(
                "The counts add up to %(total)s, not %(most)s: every one is taken by someone. "
                "Correct the counts."
            )
            % params
        )
    if template == rules.COUNTS_RANGE:
        return gettext("Each count is a whole number from 0 to %(most)s.") % params
    if template == rules.PLACES_RANGE:
        return gettext("Give each place from 1 to %(players)s once.") % params
    if template == rules.NOT_NEXT:
        return gettext("Hand %(number)s is %(expected)s.") % {
            "number": params["number"],
            "expected": hand_name(str(params["expected"])),
        }
    text = gettext(template).format(**params)
    return text[:1].upper() + text[1:]


def phone_checks(names: Sequence[str]) -> dict[str, Any]:
    """What guggitaler_offline.js says when it refuses a hand before it leaves the
    phone, keyed by guggitaler.js ``check``'s keys, with ``{named}`` places."""
    place = {"total": "{total}", "most": "{most}", "players": "{players}"}
    messages = {
        "missing": gettext("Type the count of %(player)s.") % {"player": "{player}"},
        "place_missing": gettext("Type the place of %(player)s.") % {"player": "{player}"},
        # a count or place out of its bounds, beside its field (forms.bound)
        "count_bound": gettext("Type a whole number from %(least)s to %(most)s.")
        % {"least": 0, "most": "{most}"},
        "place_bound": gettext("Type a whole number from %(least)s to %(most)s.")
        % {"least": 1, "most": "{players}"},
        "counts_sum": gettext(
            "The counts add up to %(total)s, not %(most)s: every one is taken by someone. "
            "Correct the counts."
        )
        % place,
        "counts_range": gettext("Each count is a whole number from 0 to %(most)s.") % place,
        "places_range": gettext("Give each place from 1 to %(players)s once.") % place,
    }
    return {
        "messages": messages,
        "names": list(names),
        "counted": {key: str(value) for key, value in COUNTED.items()},
        "hands": {key: str(value) for key, value in HAND_NAMES.items()},
        "heading": gettext("The hand was not saved:"),
        # between a field's name and its problem in the list (": ", French " : ")
        "colon": gettext('<a href="#%(anchor)s">%(field)s</a>: %(message)s').split("</a>")[-1]
        % {"message": ""},
    }
