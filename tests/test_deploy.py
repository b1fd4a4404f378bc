"""`check --deploy` is clean with production settings, and flags the development key."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def check_deploy(**env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment |= env
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = check_deploy(
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="jass.example.ch"
    )

    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_flags_a_missing_secret_key():
    result = check_deploy(DJANGO_ALLOWED_HOSTS="jass.example.ch")

    assert result.returncode != 0
    assert "security.W009" in result.stderr
