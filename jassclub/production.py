"""What a server checks before it serves the site (WSGI, ASGI, runserver): with debug
off it refuses to start on the public development key or on a weak one. Management
commands (migrate, import_game, makemigrations…) run without a key, as on a developer's
machine."""

from __future__ import annotations

from django.conf import settings
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured

DEVELOPMENT_KEY = "django-insecure-development-key-set-DJANGO_SECRET_KEY-in-production"
MAKE_A_KEY = (
    "In production set it to a long random value, for instance the output of: "
    "python -c 'import secrets; print(secrets.token_urlsafe(50))'. "
    "For development on your own machine set DJANGO_DEBUG=1 instead."
)


def refuse_unsafe_settings() -> None:
    """Raise, with what to do, when the site would serve with debug off and the
    development key, which is public, or a key that ``check --deploy`` calls weak
    (security.W009): anyone could sign sessions and reset links."""
    if settings.DEBUG:
        return
    if settings.SECRET_KEY == DEVELOPMENT_KEY:
        raise ImproperlyConfigured(f"DJANGO_SECRET_KEY is not set. {MAKE_A_KEY}")
    weakness = key_weakness(settings.SECRET_KEY)
    if weakness:
        raise ImproperlyConfigured(f"DJANGO_SECRET_KEY is too weak: {weakness}. {MAKE_A_KEY}")


def key_weakness(key: str) -> str:
    """What makes ``key`` weak by the measure of Django's deployment check (fewer than
    50 characters, fewer than 5 different ones, or Django's 'django-insecure-' prefix),
    or "" for a good key."""
    if len(key) < SECRET_KEY_MIN_LENGTH:
        return f"it has {len(key)} characters, and needs at least {SECRET_KEY_MIN_LENGTH}"
    if len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS:
        return (
            f"it has {len(set(key))} different characters, and needs at least "
            f"{SECRET_KEY_MIN_UNIQUE_CHARACTERS}"
        )
    if key.startswith(SECRET_KEY_INSECURE_PREFIX):
        return (
            f"it starts with '{SECRET_KEY_INSECURE_PREFIX}', the mark of a key Django made "
            "for development"
        )
    return ""
