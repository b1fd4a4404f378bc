"""The engine's refusals of a Coiffeur hand (:func:`rules.check_hand`) as the hand form
says them beside their field: the side and the row by their names on the sheet, what is
wrong, and what to do about it. A refusal without words of its own here is the engine's
message in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext

from scoring.rules.problems import Problem

from . import rules
from .labels import RowLabel
from .rules import CoiffeurHand


def refusal(
    problem: Problem,
    hand: CoiffeurHand | None,
    side_names: Sequence[str],
    labels: Mapping[str, RowLabel],
) -> str:
    """``problem`` (of ``hand``, when it concerns one) as a sentence for the screen."""
    params = dict(problem.params)
    row = labels.get(hand.row) if hand is not None and isinstance(hand.row, str) else None
    template = problem.template
    if template == rules.CELL_FILLED and hand is not None:
        return gettext(
            "%(side)s has already played %(row)s (hand %(earlier)s): choose one of its open rows."
        ) % {"side": side_names[hand.team], "row": row, "earlier": params["earlier"]}
    if template == rules.CARDS_MISSING:
        return gettext("Type the card points (0 to 157), or choose Match, Counter-match or Struck.")
    if template == rules.CARDS_WITH_STRUCK:
        return gettext(
            "A struck row has no card points: clear the card points, or choose Card points."
        )
    if template == rules.MATCH_CARDS:
        return gettext(
            "A match in %(row)s is %(cards)s card points, not %(value)s: "
            "correct the card points or clear them."
        ) % {**params, "row": row}
    if template == rules.COUNTER_CARDS:
        return gettext(
            "A counter-match in %(row)s leaves %(cards)s card points, not %(value)s: "
            "correct the card points or clear them."
        ) % {**params, "row": row}
    text = gettext(template).format(**params)
    return text[:1].upper() + text[1:]
