"""Every screen ships in French, German, Italian and English: no string left untranslated,
none that loses a placeholder, none that uses a word its glossary refuses, in every
catalogue: the core's (locale/) and each app's (a game kind's, scoring/kinds/*/locale/)."""

import re
from pathlib import Path

import polib
import pytest

from scripts.catalogues import ROOT, catalogues
from scripts.french_typography import typeset

LOCALE = Path(__file__).resolve().parent.parent / "locale"


LANGUAGES = ["fr", "de", "it"]
# every catalogue of the project, named by its path (the core's and each app's)
CATALOGUES = [pytest.param(path, id=str(path.relative_to(ROOT))) for path in catalogues()]


def test_every_app_of_the_project_has_its_catalogues():
    from django.apps import apps

    found = {path.relative_to(ROOT) for path in catalogues()}
    kinds = [app for app in apps.get_app_configs() if app.name.startswith("scoring.kinds.")]

    assert len(kinds) >= 3
    for app in kinds:
        for language in LANGUAGES:
            po = Path(app.path, "locale", language, "LC_MESSAGES", "django.po")
            assert po.relative_to(ROOT) in found


@pytest.mark.parametrize("po_path", CATALOGUES)
def test_every_message_is_translated_and_compiled(po_path):
    po = polib.pofile(str(po_path))
    mo = polib.mofile(str(po_path.with_suffix(".mo")))

    assert [e.msgid for e in po.untranslated_entries()] == []
    assert [e.msgid for e in po.fuzzy_entries()] == []
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in mo}
    written = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in po if not e.obsolete}
    assert compiled == written, "run `make messages` to compile the .mo files"


@pytest.mark.parametrize("po_path", [p for p in CATALOGUES if LOCALE not in p.values[0].parents])
def test_a_pages_words_come_from_its_apps_catalogue(po_path):
    """An app's catalogue is loaded: what a page of the kind says in the language is its
    catalogue's translation, not the English, nor another catalogue's word."""
    from django.utils import translation

    language = po_path.parents[1].name
    po = polib.pofile(str(po_path))
    own = [entry for entry in po if not entry.obsolete and not entry.msgid_plural]

    with translation.override(language):
        said = {
            (e.msgctxt, e.msgid): translation.pgettext(e.msgctxt, e.msgid)
            if e.msgctxt
            else translation.gettext(e.msgid)
            for e in own
        }

    assert len(own) > 20
    assert said == {(e.msgctxt, e.msgid): e.msgstr for e in own}


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
    """Every msgstr of ``language``, in all its catalogues."""
    return [
        text
        for path in catalogues(language)
        for entry in polib.pofile(str(path))
        for text in (entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr])
    ]


@pytest.mark.parametrize("language", LANGUAGES)
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


# What a msgstr must keep of its msgid: the named and positional placeholders of Python
# and JavaScript (%(name)s, %s, %%), the fields of str.format ({name!r}), HTML tags and
# entities. A lost or misspelt one is an error or a blank on the screen.
PLACEHOLDER = re.compile(r"%\([^)]*\)[sdr]|%%|%[sd]|\{[^{}]*\}|</?[a-zA-Z][^>]*>|&\w+;")


def lost_placeholders(language: str) -> list[tuple[str, list[str], list[str]]]:
    """Each msgstr whose placeholders are not its msgid's: the singular form of a plural
    may leave out the count ("un problème"), the other forms keep msgid_plural's."""
    lost = []
    for entry in (e for path in catalogues(language) for e in polib.pofile(str(path))):
        if entry.obsolete:
            continue
        if entry.msgid_plural:
            both = set(PLACEHOLDER.findall(entry.msgid + entry.msgid_plural))
            plural = sorted(PLACEHOLDER.findall(entry.msgid_plural))
            for index, text in entry.msgstr_plural.items():
                found = sorted(PLACEHOLDER.findall(text))
                if text and (not set(found) <= both or (index > 0 and found != plural)):
                    lost.append((entry.msgid_plural, plural, found))
        elif entry.msgstr:
            expected = sorted(PLACEHOLDER.findall(entry.msgid))
            found = sorted(PLACEHOLDER.findall(entry.msgstr))
            if found != expected:
                lost.append((entry.msgid, expected, found))
    return lost


def test_a_placeholder_is_found_where_a_translation_drops_it():
    assert PLACEHOLDER.findall("<b>%(name)s</b> {value!r} 100%% &amp; %s") == [
        "<b>",
        "%(name)s",
        "</b>",
        "{value!r}",
        "%%",
        "&amp;",
        "%s",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders_of_its_message(language):
    assert lost_placeholders(language) == []


def test_french_strings_keep_the_french_spaces_and_apostrophe():
    assert typeset("Qui a le 7 de carreau ? « %(name)s » : l'atout ; {value!r}") == (
        "Qui a le 7 de carreau\u202f? «\u00a0%(name)s\u00a0»\u00a0: l’atout\u202f; {value!r}"
    )
    untypeset = [text for text in written("fr") if typeset(text) != text]

    assert untypeset == [], "run `make messages` (scripts/french_typography.py)"


def test_italian_dates_are_written_as_in_ticino():
    import datetime as dt

    from django.utils import formats, translation

    with translation.override("it"):
        day = formats.date_format(dt.date(2026, 11, 28), "DATE_FORMAT")
        moment = formats.date_format(dt.datetime(2026, 3, 1, 14, 5), "SHORT_DATETIME_FORMAT")
        typed = formats.get_format("DATE_INPUT_FORMATS")

    assert (day, moment) == ("28 novembre 2026", "01.03.2026 14:05")
    assert typed[0] == "%d.%m.%Y"
