"""The engine's refusals of a Coiffeur hand (:func:`rules.check_hand`) as the hand form
says them beside their field: the side and the row by their names on the sheet, what is
wrong, and what to do about it. A refusal without words of its own here is the engine's
message in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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


def phone_checks(form: Any) -> dict[str, Any]:  # the CoiffeurHandForm (which imports this)
    """What coiffeur_offline.js says when it refuses a hand before it leaves the phone
    (issue 34), in the reader's words: the form's own messages and the engine's, keyed
    by coiffeur.js ``check``'s keys, with ``{named}`` places; the fields' labels, the
    sides' names and the rows' labels the messages name."""
    points = form.fields["points"].error_messages
    place = {"side": "{side}", "row": "{row}", "earlier": "{earlier}"}
    engine = {"cards": "{cards}", "value": "{value}", "row": "{row}"}
    full = gettext(rules.SHEET_FULL)  # its {last} is the script's to fill in
    messages = {
        "team": form.fields["team"].error_messages["required"],
        "row": gettext("Choose the row played by %(side)s.") % {"side": "{side}"},
        "whole": points["invalid"],
        "least": points["min_value"],
        "most": points["max_value"],
        "sheet_full": full[:1].upper() + full[1:],
        "cell_filled": gettext(
            "%(side)s has already played %(row)s (hand %(earlier)s): choose one of its open rows."
        )
        % place,
        "cards_missing": refusal(Problem("cards", rules.CARDS_MISSING), None, (), {}),
        "cards_with_struck": refusal(Problem("cards", rules.CARDS_WITH_STRUCK), None, (), {}),
        "match_cards": gettext(
            "A match in %(row)s is %(cards)s card points, not %(value)s: "
            "correct the card points or clear them."
        )
        % engine,
        "counter_cards": gettext(
            "A counter-match in %(row)s leaves %(cards)s card points, not %(value)s: "
            "correct the card points or clear them."
        )
        % engine,
    }
    labels = {name: form.fields[name].label for name in ("team", "points", "outcome")}
    return {
        "messages": {code: str(text) for code, text in messages.items()},
        "labels": {name: str(label) for name, label in labels.items()}
        | {"row": str(form.fields["row_0"].label)},
        "sides": list(form.side_names),
        "rows": {name: str(label) for name, label in form.labels.items()},
        "heading": gettext("The hand was not saved:"),
        # between a field's name and its problem in the list (": ", French " : ")
        "colon": gettext('<a href="#%(anchor)s">%(field)s</a>: %(message)s').split("</a>")[-1]
        % {"message": ""},
    }
