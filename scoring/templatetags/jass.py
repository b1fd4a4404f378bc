"""Template helpers for every kind's game pages: the totals chart, trump names and
multipliers. (The team game's slate and Berg are its package's ``slate`` library.)"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring import rules
from scoring.drawing.chart import totals_chart_svg
from scoring.suits import TrumpLabel, trump_label

register = template.Library()


@register.simple_tag
def totals_chart(view: Any) -> SafeString:
    """The totals hand by hand, as the game's view (of any kind) names and scales them."""
    svg = totals_chart_svg(
        view.totals_by_hand,
        target=view.ruleset.target,
        team_names=view.team_names,
        label=view.chart_label,
        target_label=_("target"),
        half_label=_("half"),
        floor=view.chart_floor,
    )
    return mark_safe(svg)  # escaped inside


@register.filter
def multiplier(trump: str, ruleset: rules.Ruleset) -> int:
    return ruleset.multiplier(trump)


@register.filter
def trump_name(trump: str, style: str = "french") -> TrumpLabel:
    return trump_label(trump, style)
