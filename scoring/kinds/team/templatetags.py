"""Template helpers for the hand form of the team game's table screen: the ``hand_form``
library of ``{% load %}`` (named in ``settings.TEMPLATES``, its kind's package being
no app)."""

from __future__ import annotations

from django import forms, template
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from scoring.kinds.team.hand_buttons import Radio
from scoring.kinds.team.hand_form import HandForm
from scoring.kinds.team.presenter import GameView
from scoring.kinds.team.weis_entry import MAX_WEIS_OF_A_VALUE
from scoring.rules.ruleset import END_FIRST_OUT

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
    """Whether the next hand's form carries the questions of going out ("who went out
    first?" and the count at going out), hidden, for the page's script to show when
    the hand typed takes a team out: in every first-out game, since hands saved
    offline move the totals on from those the page was drawn with."""
    return not view.over and view.ruleset.end == END_FIRST_OUT


@register.filter
def carries_berg_first(view: GameView) -> bool:
    """Whether the next hand's form carries "who reached the Berg first?" (RULES.md
    §12), hidden, for the page's script to show when the hand typed makes both teams
    reach the Berg on trick points: in a game counted in Striche with the Berg, while
    nobody has it (hands saved offline may still bring both teams to it)."""
    table = view.ruleset.striche
    return (
        not view.over
        and table is not None
        and table.with_berg
        and (view.striche is None or view.striche.berg is None)
    )


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


@register.simple_tag
def weis_counts(form: HandForm) -> SafeString:
    """The count field of each Weis kind of the game's table, as the template would
    write them one by one (thirteen inputs with their data for the page's script): a
    label and a number input per kind, every value escaped, at a fraction of the cost."""
    inputs = []
    for weis in form.weis_kinds:
        id_, name = escape(weis.id), escape(weis.html_name)
        invalid = " is-invalid" if weis.errors else ""
        rare = " data-rare" if weis.rare else ""
        value = 0 if weis.value is None else escape(weis.value)
        inputs.append(
            f'<div class="weis-value"><label for="{id_}">{escape(weis.label)}</label>'
            f'<input type="number" name="{name}" id="{id_}" class="form-control weis-count'
            f'{invalid}" data-kind="{escape(weis.kind)}" data-name="{escape(weis.name)}"'
            f' data-points="{weis.points}" data-most="{weis.most}"{rare} inputmode="numeric"'
            f' min="0" max="{MAX_WEIS_OF_A_VALUE}" value="{value}"></div>'
        )
    return mark_safe("".join(inputs))  # every value escaped above


@register.simple_tag
def trump_buttons(form: HandForm) -> SafeString:
    """The trump buttons (a radio and its label each: symbol, name and multiplier in
    this game), every value escaped; as a loop in the template they cost more than
    the rest of the form."""
    buttons = []
    for radio in form.trumps:
        id_, trump = escape(radio.id or ""), radio.trump
        checked = " checked" if radio.checked else ""
        suit = "yes" if radio.suit else "no"
        symbol = (
            f'<span class="trump-symbol{" red" if trump.red else ""}" aria-hidden="true">'
            f"{escape(trump.symbol)}</span>\n"
            if trump.symbol
            else ""
        )
        multiplier = (
            f'\n<span class="badge text-bg-warning trump-multiplier">×{radio.multiplier}</span>'
            if radio.multiplier > 1
            else ""
        )
        buttons.append(
            f'<input type="radio" class="btn-check" name="{escape(radio.name)}" id="{id_}"'
            f' value="{escape(radio.value)}"{checked} data-suit="{suit}">\n'
            f'<label class="btn btn-choice trump-button" for="{id_}">\n{symbol}'
            f'<span class="trump-name">{escape(trump.name)}</span>{multiplier}\n</label>\n'
        )
    return mark_safe("".join(buttons))  # every value escaped above


@register.simple_tag
def radio_buttons(buttons: list[Radio], css_class: str) -> SafeString:
    """A radio group of the hand form as buttons (a radio and its label each, with
    ``css_class``), every value escaped."""
    drawn = []
    for radio in buttons:
        id_ = escape(radio.id or "")
        checked = " checked" if radio.checked else ""
        drawn.append(
            f'<input type="radio" class="btn-check" name="{escape(radio.name)}" id="{id_}"'
            f' value="{escape(radio.value)}"{checked}>\n'
            f'<label class="{escape(css_class)}" for="{id_}">{escape(radio.label)}</label>\n'
        )
    return mark_safe("".join(drawn))  # every value escaped above
