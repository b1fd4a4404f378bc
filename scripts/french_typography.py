"""French typography in the French catalogue (locale/GLOSSARY.md): a no-break space
(U+00A0) before ":" and inside « », a narrow no-break space (U+202F) before ";", "?"
and "!", and one apostrophe, ’. Only msgstr changes; placeholders (%(name)s, {name!r},
%%), HTML tags and entities are left exactly as they are.

Run by `make messages`; tests/test_translations.py checks that it has nothing left to
change. Usage: python scripts/french_typography.py [path/to/django.po] (without a path:
every French catalogue, the core's and each app's: scripts/catalogues.py)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import polib

NBSP, NNBSP = "\u00a0", "\u202f"
SPACES = f"[ {NBSP}{NNBSP}]"
# what is never touched: placeholders, HTML tags and entities
_KEPT = re.compile(r"%%?\(\w+\)[sdr]|%%|%[sd]|\{[^{}]*\}|<[^<>]*>|&#?\w+;")
_MARK = "\ue000"  # a private-use character stands for each kept piece while typesetting


def typeset(text: str) -> str:
    """``text`` with the French spaces and apostrophe; what ``_KEPT`` matches stays."""
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group())
        return _MARK

    text = _KEPT.sub(keep, text)
    text = text.replace("'", "’")
    # before ":" (not in "12:30" or "a:b": only a colon ending a word before a space or the end)
    text = re.sub(rf"(?<=\S){SPACES}*:(?=\s|$)", f"{NBSP}:", text)
    text = re.sub(rf"(?<=\S){SPACES}*([;?!])(?=[\s»)’.,]|$)", rf"{NNBSP}\1", text)
    text = re.sub(rf"«{SPACES}*", f"«{NBSP}", text)
    text = re.sub(rf"(?<=\S){SPACES}*»", f"{NBSP}»", text)
    pieces = iter(kept)
    return re.sub(_MARK, lambda _: next(pieces), text)


def typeset_catalogue(po: polib.POFile) -> int:
    """Typeset every msgstr of ``po`` in place; how many entries changed."""
    changed = 0
    for entry in po:
        if entry.msgid_plural:
            new = {n: typeset(text) for n, text in entry.msgstr_plural.items()}
            if new != entry.msgstr_plural:
                entry.msgstr_plural, changed = new, changed + 1
        elif (new_text := typeset(entry.msgstr)) != entry.msgstr:
            entry.msgstr, changed = new_text, changed + 1
    return changed


def main(path: Path) -> None:
    po = polib.pofile(str(path))
    changed = typeset_catalogue(po)
    po.save(str(path))
    print(f"{path}: {changed} entries typeset")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from scripts.catalogues import catalogues

    for path in [Path(sys.argv[1])] if len(sys.argv) > 1 else catalogues("fr"):
        main(path)
