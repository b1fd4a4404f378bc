"""The phone's twins of the server's refusals of one hand (issue 34): what the table
screen's script refuses before a hand leaves the phone, in the reader's language.

``static/js/rules.js`` ``check`` names each problem of the engine with the engine's
field and a code from :data:`ENGINE_CODES` (the engine's own message, by name);
``static/js/team_offline.js`` adds the hand form's own field checks (:data:`FORM_CODES`)
and draws them beside the fields as the form draws the server's. The hand form carries
:func:`phone_checks` as JSON: every message with ``{named}`` places for the script.
``tests/e2e/test_js_refusals.py`` proves the engine and the script refuse the same
hands, naming the same field and message.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from scoring.kinds.team.rules import game as game_rules
from scoring.kinds.team.rules import hand as hand_rules
from scoring.kinds.team.rules import striche as striche_rules
from scoring.kinds.team.weis_entry import MAX_WEIS_OF_A_VALUE

# rules.js's code → the engine's message (``Problem.template``)
ENGINE_CODES: dict[str, str] = {
    "trump-unknown": hand_rules.TRUMP_UNKNOWN,
    "trump-not-allowed": hand_rules.TRUMP_NOT_ALLOWED,
    "not-a-team": hand_rules.NOT_A_TEAM,
    "cards-shape": hand_rules.CARDS_SHAPE,
    "cards-negative": hand_rules.CARDS_NEGATIVE,
    "cards-sum": hand_rules.CARDS_SUM,
    "cards-match": hand_rules.CARDS_MATCH,
    "match-no-cards": hand_rules.MATCH_NO_CARDS,
    "weis-shape": hand_rules.WEIS_SHAPE,
    "weis-both": hand_rules.WEIS_BOTH,
    "weis-none": hand_rules.WEIS_NONE,
    "weis-kind": hand_rules.WEIS_KIND,
    "weis-value": hand_rules.WEIS_VALUE,
    "weis-fours": hand_rules.WEIS_FOURS,
    "weis-cards": hand_rules.WEIS_CARDS,
    "stoeck-none": hand_rules.STOECK_NONE,
    "stoeck-suit": hand_rules.STOECK_SUIT,
    "at-out-shape": hand_rules.AT_OUT_SHAPE,
    "at-out-match": hand_rules.AT_OUT_WITH_MATCH,
    "at-out-sum": hand_rules.AT_OUT_SUM,
    "at-out-over": hand_rules.AT_OUT_OVER_CARDS,
    "at-out-ends-otherwise": game_rules.AT_OUT_NOT_FIRST_OUT,
    "at-out-nobody": game_rules.AT_OUT_NOBODY,
    "at-out-both": game_rules.AT_OUT_BOTH,
    "at-out-other": game_rules.AT_OUT_OTHER_TEAM,
    "at-out-before-tricks": game_rules.AT_OUT_BEFORE_TRICKS,
    "cards-missing": game_rules.CARDS_MISSING,
    "cards-missing-going-out": game_rules.CARDS_MISSING_FIRST_OUT,
    "out-first-needed": game_rules.OUT_FIRST_NEEDED,
    "out-first-unwanted": game_rules.OUT_FIRST_UNWANTED,
    "chooser-needed": striche_rules.CHOOSER_NEEDED,
    "berg-first-needed": striche_rules.BERG_FIRST_NEEDED,
    "berg-first-unwanted": striche_rules.BERG_FIRST_UNWANTED,
    "berg-first-higher": striche_rules.BERG_FIRST_HIGHER,
    "berg-first-no-berg": striche_rules.BERG_FIRST_NO_BERG,
    "berg-first-no-striche": striche_rules.BERG_FIRST_NO_STRICHE,
}

# The refusals the hand form can meet (the others it cannot: it offers only the game's
# trumps, reads the card points of one team, the Weis of the game's table, no Stöck
# where they do not count, and the count at going out only in a first-out game): only
# these are carried in words, the table screen being near its transfer budget.
# tests/e2e/test_js_refusals.py checks that the form never meets another.
SCREEN_CODES = (
    "weis-fours",
    "weis-cards",
    "stoeck-suit",
    "at-out-match",
    "at-out-sum",
    "at-out-over",
    "at-out-nobody",
    "at-out-both",
    "at-out-other",
    "at-out-before-tricks",
    "cards-missing",
    "cards-missing-going-out",
    "out-first-needed",
    "out-first-unwanted",
    "berg-first-needed",
    "berg-first-unwanted",
)

# The hand form's own checks, as HandForm and weis_entry word them (team_offline.js)
FORM_CODES = (
    "whole",
    "at-least-0",
    "points-most",
    "at-out-most",
    "at-out-one",
    "weis-typed",
    "weis-many",
    "weis-team",
)


def _django_says(field: forms.Field, value: str) -> str:
    """What a form field says of a value it refuses (Django's words, translated)."""
    try:
        field.clean(value)
    except forms.ValidationError as error:
        return " ".join(error.messages)
    raise AssertionError(f"{value!r} is taken")  # pragma: no cover


def phone_checks(form: Any) -> dict[str, Any]:  # the HandForm (which imports this)
    """The messages the script shows, by code (those the form can meet), and where the
    engine's fields are on the form (``HandForm.ENGINE_FIELDS``). The engine's messages
    are the form's own words where it has them, else the engine's, translated, with
    their ``{named}`` places."""
    messages = {
        code: str(form.ENGINE_MESSAGES.get(template) or capfirst(gettext(template)))
        for code, template in ENGINE_CODES.items()
        if code in SCREEN_CODES
    }
    at_out = form.fields["at_out_0"]
    messages |= {
        "whole": _django_says(at_out, "x"),
        "at-least-0": _django_says(at_out, "-1"),
        "points-most": form.too_many_points_message(),
        "at-out-most": _django_says(at_out, "158"),
        "at-out-one": gettext("Type both teams' card points when the first went out."),
        "weis-typed": gettext("%(value)s is not a Weis of this game: %(allowed)s.")
        % {"value": "{value}", "allowed": "{allowed}"},
        "weis-many": gettext("At most %(most)s Weis: a team holds 18 cards.")
        % {"most": MAX_WEIS_OF_A_VALUE},
        "weis-team": gettext("Say which team won the Weis."),
    }
    # the heading of the list, as the form's (hand_form.html): one problem, or more
    heading = [
        ngettext(
            "Hand %(number)s was not saved: %(counter)s problem, see below.",
            "Hand %(number)s was not saved: %(counter)s problems, see below.",
            count,
        )
        % {"number": "{number}", "counter": "{counter}"}
        for count in (1, 2)
    ]
    # between a field's name and its problem in the list, as the form's (French " : ")
    colon = gettext('<a href="#%(anchor)s">%(field)s</a>: %(message)s').split("</a>")[-1]
    return {
        "messages": messages,
        "fields": form.ENGINE_FIELDS,
        "heading": heading,
        "colon": colon % {"message": ""},
    }
