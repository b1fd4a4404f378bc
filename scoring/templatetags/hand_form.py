"""Template helpers for the hand form of the table screen."""

from __future__ import annotations

from django import template

from scoring.hand_form import may_need_out_first
from scoring.presenters import GameView

register = template.Library()


@register.filter
def carries_out_first(view: GameView) -> bool:
    """Whether the next hand's form carries the "who went out first?" question, hidden,
    for the page's script to show when the typed points make both teams cross."""
    return not view.over and may_need_out_first(view.ruleset, view.result.totals)
