"""``{% colon %}``: what joins a name to what is said of it, as the reader's language
writes it ("Club championship: rank 3"; French puts a no-break space before the colon,
"Championnat du club : rang 3")."""

from django import template
from django.utils.translation import gettext

register = template.Library()


@register.simple_tag
def colon() -> str:
    return gettext("%(label)s: %(value)s") % {"label": "", "value": ""}
