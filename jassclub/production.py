"""What a server checks before it serves the site (WSGI, ASGI, runserver): with debug
off it refuses to start on the public development key. Management commands (migrate,
import_game, makemigrations…) run without a key, as on a developer's machine."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

DEVELOPMENT_KEY = "django-insecure-development-key-set-DJANGO_SECRET_KEY-in-production"


def refuse_unsafe_settings() -> None:
    """Raise, with what to do, when the site would serve with debug off and the
    development key, which is public: anyone could sign sessions and reset links."""
    if not settings.DEBUG and settings.SECRET_KEY == DEVELOPMENT_KEY:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set. In production set it to a long random value, for "
            "instance the output of: "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'. "
            "For development on your own machine set DJANGO_DEBUG=1 instead."
        )
