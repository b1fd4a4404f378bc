"""Compile every catalogue of the project, the core's (locale/) and each app's (a game
kind's: scoring/kinds/<kind>/locale/), to .mo without GNU gettext (uses polib); first, a
string that both the core and an app use is kept in the core's catalogue alone
(scripts/catalogues.py).

The .mo files are committed so that a fresh checkout needs no gettext to run.
"""

import sys
from pathlib import Path

import polib

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.catalogues import ROOT, catalogues, keep_shared_in_core

for line in keep_shared_in_core():
    print(line)
for po_path in catalogues():
    po = polib.pofile(str(po_path))
    po.save_as_mofile(str(po_path.with_suffix(".mo")))
    print(f"{po_path.relative_to(ROOT)}: {po.percent_translated()}% translated")
