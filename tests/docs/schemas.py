"""The JSON Schemas in ``docs/`` and a validator for each, for the tests that hold the
site's files to them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def validator(name: str) -> Draft202012Validator:
    schema = json.loads((DOCS / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


GAME = validator("jass-game-1.schema.json")
SEASON = validator("jass-season-1.schema.json")


def problems(document: Any, schema: Draft202012Validator = GAME) -> list[str]:
    """Where and why ``document`` breaks the schema, one line each (empty: it passes)."""
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
        for error in sorted(schema.iter_errors(document), key=lambda e: str(list(e.absolute_path)))
    ]


def examples(page: str = "game-format.md") -> list[dict[str, Any]]:
    """Every ```json block of a page in ``docs/``, parsed (each is a whole document)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]
