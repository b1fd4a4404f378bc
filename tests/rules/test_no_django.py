"""The rules engine is plain Python: nothing in scoring/rules imports Django."""

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "scoring" / "rules"


def test_rules_engine_imports_nothing_from_django():
    imported = set()
    for path in RULES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {(path.name, alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add((path.name, node.module))

    assert [pair for pair in imported if pair[1].split(".")[0] == "django"] == []
    assert len(list(RULES.glob("*.py"))) >= 7
