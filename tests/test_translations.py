"""Every screen ships in French, German and English: no string left untranslated."""

import re
from pathlib import Path

import polib
import pytest

from scripts.french_typography import typeset

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


def glossary_avoided(language: str) -> list[str]:
    """The words the language's glossary says never to write: `quoted` in the last
    column of its tables (locale/<language>/GLOSSARY.md)."""
    avoided = []
    for line in (LOCALE / language / "GLOSSARY.md").read_text().splitlines():
        cells = line.strip().strip("|").split("|")
        if line.startswith("|") and len(cells) > 2:
            avoided += re.findall(r"`([^`]+)`", cells[-1])
    return avoided


def written(language: str) -> list[str]:
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    return [
        text
        for entry in po
        for text in (entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr])
    ]


@pytest.mark.parametrize("language", ["fr", "de"])
def test_every_string_keeps_to_the_glossary(language):
    avoided = glossary_avoided(language)
    found = {
        word: text
        for word in avoided
        for text in written(language)
        if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
    }

    assert len(avoided) > 10
    assert found == {}, f"locale/{language}/GLOSSARY.md says what to write instead"


def test_french_strings_keep_the_french_spaces_and_apostrophe():
    assert typeset("Qui a le 7 de carreau ? « %(name)s » : l'atout ; {value!r}") == (
        "Qui a le 7 de carreau\u202f? «\u00a0%(name)s\u00a0»\u00a0: l’atout\u202f; {value!r}"
    )
    untypeset = [text for text in written("fr") if typeset(text) != text]

    assert untypeset == [], "run `make messages` (scripts/french_typography.py)"
