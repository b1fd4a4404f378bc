"""The team game's template tags for its slates (``{% load slate %}``, named in
``settings.TEMPLATES``): a team's slate (drawn by ``drawing/slate.py``, RULES.md
§8), the way to the target with the Berg under it (``drawing/berg.py``), and
whether the team has reached the Berg."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.kinds.team.drawing.berg import berg_track_svg
from scoring.kinds.team.drawing.slate import slate_svg
from scoring.kinds.team.rules.berg import over_the_berg

register = template.Library()


@register.simple_tag
def slate(team: Any) -> SafeString:
    """A team's slate as inline SVG, chalk on a dark slate (RULES.md §8)."""
    label = _("Slate of %(team)s: %(total)s points") % {"team": team.name, "total": team.total}
    return mark_safe(slate_svg(team.marks, label=label))  # escaped inside


@register.simple_tag
def berg_track(team: Any, view: Any) -> SafeString:
    """The way to the target under a team's slate (nothing without a target)."""
    target = view.ruleset.target
    if target is None:
        return mark_safe("")
    label = _("%(total)s of %(target)s points, the Berg at %(half)s") % {
        "total": team.total,
        "target": target,
        "half": f"{target / 2:g}",
    }
    return mark_safe(berg_track_svg(team.total, target, label=label, berg_label=_("Berg")))


@register.filter
def reached_the_berg(team: Any, view: Any) -> bool:
    """Whether the team's badge says "Berg": it has reached half the target; in a game
    counted in Striche with the Berg, it was the first to (RULES.md §12: the Berg's
    Strich is one team's)."""
    striche = getattr(view, "striche", None)
    if striche is not None and striche.table.with_berg:
        return bool(striche.berg == team.index)
    return over_the_berg(team.total, view.ruleset.target)


@register.filter
def striche_of(team: Any, view: Any) -> dict[str, Any] | None:
    """A team's Striche in a game counted in them (RULES.md §12): its total and the
    awards it has, in words; ``None`` without a Strich table."""
    if view.striche is None:
        return None
    parts = [(name, made[team.index]) for _award, name, made in view.striche_rows]
    return {
        "total": view.striche.made[team.index],
        "parts": [(name, value) for name, value in parts if value],
    }
