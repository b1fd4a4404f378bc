"""Every screen ships in French, German and English: no string left untranslated."""

from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parent.parent / "locale"


@pytest.mark.parametrize("language", ["fr", "de"])
def test_every_message_is_translated_and_compiled(language):
    po_path = LOCALE / language / "LC_MESSAGES" / "django.po"
    po = polib.pofile(str(po_path))
    mo = polib.mofile(str(po_path.with_suffix(".mo")))

    assert [e.msgid for e in po.untranslated_entries()] == []
    assert [e.msgid for e in po.fuzzy_entries()] == []
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in mo}
    written = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in po if not e.obsolete}
    assert compiled == written, "run `make messages` to compile the .mo files"
