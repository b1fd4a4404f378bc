"""Where the translation catalogues are: the core's, ``locale/``, and each app's own
(a game kind's, ``scoring/kinds/<kind>/locale/``), each with a ``django.po`` per
language. ``manage.py makemessages`` (``make messages``) writes a string to the
catalogue of the app whose package holds the file that uses it; a string used by the
core and an app is kept in the core's alone (:func:`keep_shared_in_core`).

Used by scripts/compile_messages.py, scripts/french_typography.py and the tests of
the catalogues (tests/test_translations.py)."""

from __future__ import annotations

import os
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "locale"
# folders that hold no catalogue of the project (virtual environments, built files)
SKIPPED = {"node_modules", "staticfiles", "media", "test-artifacts", "__pycache__"}


def locale_folders(root: Path = ROOT) -> list[Path]:
    """Every ``locale`` folder of the project: the core's first, then the apps'."""
    found = []
    for folder, names, _files in os.walk(root):
        names[:] = sorted(n for n in names if not n.startswith(".") and n not in SKIPPED)
        if "locale" in names:
            found.append(Path(folder) / "locale")
            names.remove("locale")
    return sorted(found, key=lambda path: (path != root / "locale", str(path)))


def catalogues(language: str | None = None, root: Path = ROOT) -> list[Path]:
    """Every ``django.po`` of the project (of ``language`` only, when given), the
    core's first."""
    pattern = f"{language or '*'}/LC_MESSAGES/django.po"
    return [po for folder in locale_folders(root) for po in sorted(folder.glob(pattern))]


def _key(entry: polib.POEntry) -> tuple[str | None, str]:
    return (entry.msgctxt, entry.msgid)


def keep_shared_in_core(root: Path = ROOT) -> list[str]:
    """Drop from each app's catalogue the strings the core's catalogue of its language
    has too (a string shared by the core and a kind is the core's), keeping the app's
    translation where the core's has none yet; the changes made, as lines to print."""
    said = []
    for app_po in catalogues(root=root):
        language = app_po.parents[1].name
        core_path = root / "locale" / language / "LC_MESSAGES" / "django.po"
        if app_po.parents[2] == root / "locale" or not core_path.exists():
            continue
        core = polib.pofile(str(core_path), wrapwidth=79)
        app = polib.pofile(str(app_po), wrapwidth=79)
        in_core = {_key(entry): entry for entry in core if not entry.obsolete}
        shared = [entry for entry in app if _key(entry) in in_core]
        if not shared:
            continue
        for entry in shared:
            kept = in_core[_key(entry)]
            if not kept.translated() and entry.translated():
                kept.msgstr, kept.msgstr_plural = entry.msgstr, dict(entry.msgstr_plural)
                if "fuzzy" in kept.flags:
                    kept.flags.remove("fuzzy")
            app.remove(entry)
        core.save(str(core_path))
        app.save(str(app_po))
        said.append(f"{app_po.relative_to(root)}: {len(shared)} shared with the core's, kept there")
    return said


Memory = dict[tuple[str, str | None, str], tuple[str, dict[int, str]]]


def remember(root: Path = ROOT) -> Memory:
    """Every translation the catalogues hold, by language and message, from whichever
    catalogue holds it (``makemessages`` moves a string to the catalogue of the app whose
    code uses it, and starts it there untranslated)."""
    memory: Memory = {}
    for path in catalogues(root=root):
        language = path.parents[1].name
        for entry in polib.pofile(str(path)):
            if entry.obsolete or "fuzzy" in entry.flags or not entry.translated():
                continue
            memory[(language, entry.msgctxt, entry.msgid)] = (
                entry.msgstr,
                {int(n): text for n, text in entry.msgstr_plural.items()},
            )
    return memory


def fill(memory: Memory, root: Path = ROOT) -> int:
    """Give every untranslated or fuzzy message the translation ``memory`` has of it;
    how many were filled."""
    filled = 0
    for path in catalogues(root=root):
        language = path.parents[1].name
        catalogue = polib.pofile(str(path), wrapwidth=79)
        changed = False
        for entry in catalogue:
            if entry.obsolete or (entry.translated() and "fuzzy" not in entry.flags):
                continue
            known = memory.get((language, entry.msgctxt, entry.msgid))
            if known is None:
                continue
            text, plural = known
            if entry.msgid_plural:
                entry.msgstr_plural = plural or {0: text, 1: text}
            else:
                entry.msgstr = text
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
            entry.previous_msgid = entry.previous_msgctxt = None
            filled += 1
            changed = True
        if changed:
            catalogue.save(str(path))
    return filled
