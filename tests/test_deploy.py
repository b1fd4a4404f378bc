"""`check --deploy` is clean with production settings, and production refuses to start
without a secret key or with a weak one."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from jassclub.production import refuse_unsafe_settings
from jassclub.settings import envnetworks

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
        timeout=180,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = check_deploy(
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="jass.example.ch"
    )

    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_does_not_start_without_a_secret_key():
    """Without DJANGO_DEBUG and without a key the site refuses to start, where it used
    to serve with the public development key."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", "import jassclub.wsgi"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=180,
    )

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_production_does_not_start_with_a_short_secret_key():
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", "import jassclub.wsgi"],
        cwd=ROOT,
        env=environment | {"DJANGO_SECRET_KEY": "short"},
        capture_output=True,
        text=True,
        timeout=180,
    )

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is too weak: it has 5 characters" in result.stderr
    assert "secrets.token_urlsafe(50)" in result.stderr


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("k" * 49, "it has 49 characters, and needs at least 50"),
        ("abcd" * 20, "it has 4 different characters, and needs at least 5"),
        ("django-insecure-" + secrets.token_urlsafe(50), "it starts with 'django-insecure-'"),
    ],
    ids=["short", "few-characters", "django-insecure"],
)
def test_a_key_that_check_deploy_calls_weak_is_refused_saying_why(settings, key, why):
    settings.DEBUG = False
    settings.SECRET_KEY = key

    with pytest.raises(ImproperlyConfigured) as refused:
        refuse_unsafe_settings()

    assert f"DJANGO_SECRET_KEY is too weak: {why}" in str(refused.value)
    assert "python -c 'import secrets; print(secrets.token_urlsafe(50))'" in str(refused.value)


def test_a_long_random_key_or_debug_is_served(settings):
    settings.DEBUG = False
    settings.SECRET_KEY = secrets.token_urlsafe(50)
    refuse_unsafe_settings()  # no error

    settings.DEBUG = True
    settings.SECRET_KEY = "short"
    refuse_unsafe_settings()  # a developer's machine


def test_runserver_does_not_start_without_a_secret_key():
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "manage.py", "runserver", "127.0.0.1:0", "--noreload"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=180,
    )

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_management_commands_run_without_a_key():
    """A developer's `makemigrations --check` or `import_game` needs no key: only a
    server refuses to serve with the development key."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=180,
    )

    assert result.returncode == 0, result.stderr
    assert "No changes detected" in result.stdout


def test_a_trusted_proxy_that_is_no_address_stops_the_site_saying_which(monkeypatch):
    monkeypatch.setenv("DJANGO_TRUSTED_PROXIES", "10.0.0.0/24, ::1, proxy.internal")

    with pytest.raises(ImproperlyConfigured) as refused:
        envnetworks("DJANGO_TRUSTED_PROXIES", "127.0.0.0/8")

    assert "DJANGO_TRUSTED_PROXIES lists addresses or networks" in str(refused.value)
    assert "'proxy.internal' is neither" in str(refused.value)
