"""Template helpers for the hand form of the table screen."""

from __future__ import annotations

from django import forms, template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from scoring import rules
from scoring.presenters import GameView

register = template.Library()

# The widgets drawn by Django's ``input.html`` alone (``hidden.html`` and
# ``checkbox.html`` only include it).
PLAIN_INPUTS = (
    "django/forms/widgets/input.html",
    "django/forms/widgets/hidden.html",
    "django/forms/widgets/checkbox.html",
)


@register.filter
def carries_out_first(view: GameView) -> bool:
    """Whether the next hand's form carries the "who went out first?" question, hidden,
    for the page's script to show when the typed points make both teams cross."""
    return not view.over and rules.may_need_out_first(view.ruleset, view.result.totals)


@register.filter
def plain_input(field: forms.BoundField) -> SafeString:
    """A field whose widget is a plain ``<input>`` (the form's keys, a checkbox), as
    ``{{ field }}`` draws it, written here rather than through the form renderer's
    templates: the same type, name, value and attributes in the same order, in a
    fraction of the time (the table screen has six of them)."""
    widget = field.field.widget
    if widget.template_name not in PLAIN_INPUTS:
        return field.as_widget()
    if field.field.localize:
        widget.is_localized = True
    attrs = field.build_widget_attrs({}, widget)
    if field.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", field.auto_id)
    drawn = widget.get_context(field.html_name, field.value(), attrs)["widget"]
    value = format_html(' value="{}"', drawn["value"]) if drawn["value"] is not None else ""
    shown = [(name, v) for name, v in drawn["attrs"].items() if v is not False]
    return format_html(
        '<input type="{}" name="{}"{}{}>',
        drawn["type"],
        drawn["name"],
        value,
        format_html_join("", " {}{}", ((name, _value(v)) for name, v in shown)),
    )


def _value(value: object) -> str:
    return "" if value is True else format_html('="{}"', value)
