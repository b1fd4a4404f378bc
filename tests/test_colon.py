"""``{% colon %}`` (jassclub/templatetags/words.py): a name and what is said of it are
joined as the reader's language writes it; French puts a no-break space before ":"."""

from __future__ import annotations

import pytest
from django.template import engines
from django.utils import translation

from scoring.kinds.coiffeur.views import _


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Club championship: rank 3"),
        ("fr", "Club championship\xa0: rank 3"),
        ("de", "Club championship: rank 3"),
        ("it", "Club championship: rank 3"),
    ],
)
def test_a_name_and_its_value_are_joined_as_the_language_writes_them(language, said):
    template = engines["django"].from_string("{% load words %}Club championship{% colon %}rank 3")
    with translation.override(language):
        assert template.render({}) == said
        # the Coiffeur hand line and its notice join the same way (scoring/kinds/coiffeur/views.py)
        assert _("%(label)s: %(value)s") % {"label": "Club championship", "value": "rank 3"} == said
