"""`make messages`: every catalogue made again from the code with ``makemessages``,
keeping the translations the catalogues had, wherever a string moves (a string goes to
the catalogue of the app whose code uses it: a rule's message used by another kind, a
string that leaves the core for a kind), then the French typography and the compiled
files (scripts/catalogues.py, french_typography.py, compile_messages.py)."""

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.catalogues import ROOT, fill, remember

IGNORED = [".venv", ".tools", "tests", "test-artifacts"]
LANGUAGES = ["-l", "fr", "-l", "de", "-l", "it"]

memory = remember()
subprocess.run(
    [
        sys.executable,
        "manage.py",
        "makemessages",
        *LANGUAGES,
        "--no-obsolete",
        *(f"--ignore={folder}" for folder in IGNORED),
    ],
    cwd=ROOT,
    check=True,
)
print(f"{fill(memory)} messages kept their translation where makemessages moved them")
for script in ("french_typography.py", "compile_messages.py"):
    subprocess.run([sys.executable, str(ROOT / "scripts" / script)], cwd=ROOT, check=True)
