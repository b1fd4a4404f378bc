"""``{% typist %}``: the mark of who uses this browser now (``jassclub.accounts.typist``),
for the hand form of the table screen and the sign-out button."""

from django import template

from jassclub import accounts

register = template.Library()


@register.simple_tag(takes_context=True)
def typist(context) -> str:
    return accounts.typist(context["request"])
