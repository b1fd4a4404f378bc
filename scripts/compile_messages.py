"""Compile locale/*/LC_MESSAGES/django.po to .mo without GNU gettext (uses polib).

The .mo files are committed so that a fresh checkout needs no gettext to run.
"""

from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent

for po_path in sorted(ROOT.glob("locale/*/LC_MESSAGES/*.po")):
    po = polib.pofile(str(po_path))
    po.save_as_mofile(str(po_path.with_suffix(".mo")))
    print(f"{po_path.relative_to(ROOT)}: {po.percent_translated()}% translated")
