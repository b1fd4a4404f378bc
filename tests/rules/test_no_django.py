"""The rules engine is plain Python: nothing in scoring/rules (what every kind shares)
or in a kind's rules imports Django."""

import ast
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"
RULES = [SCORING / "rules", SCORING / "kinds" / "team" / "rules"]


def test_rules_engine_imports_nothing_from_django():
    imported = set()
    paths = [path for folder in RULES for path in folder.glob("*.py")]
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {(path.name, alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add((path.name, node.module))

    assert [pair for pair in imported if pair[1].split(".")[0] == "django"] == []
    assert len(paths) >= 14
