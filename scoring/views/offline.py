"""The table screen as an installable web app that opens with no network: its manifest,
its service worker (served from the site root, so that it may control every page) and
the page shown for a page never opened on this phone.

The service worker's cache is named after the version of the static files: a deploy
that changes any of them changes the worker's script, so the phone installs the new
one, which fetches the new files and deletes the old cache (ARCHITECTURE.md, "Offline").
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from jassclub.staticbuild import BUILD_VERSION, minify_script
from scoring import registry

# What the table screen loads: kept by the service worker from its first visit on.
SHELL_ASSETS = (
    "vendor/bootstrap/bootstrap.table.css",
    "vendor/bootstrap/bootstrap.used.css",  # the page for a page never opened here
    "css/jassclub.css",
    "js/theme.js",
    "vendor/fixi/fixi.js",
    "js/requests.js",
    "django_htmx/htmx-2.min.js",  # the page for a page never opened here
    "vendor/idb-keyval/idb-keyval.min.js",
    "js/waiting.js",
    "js/table.js",
    "js/offline.js",
    "img/favicon.svg",
    "img/icon-192.png",
)
THEME_COLOUR = "#1f2a24"  # the slate


def kind_assets() -> list[str]:
    """What each kind's table screen loads besides (``GameKind.offline_assets``)."""
    return [asset for kind in registry.registered() for asset in kind.offline_assets]


@functools.cache
def _files_version() -> str:
    """A digest of every static file and of the tools that build them (a deploy's
    files are minified by `collectstatic`): it changes with any of them."""
    digest = hashlib.sha256(BUILD_VERSION.encode())
    for finder in finders.get_finders():
        for path, storage in sorted(finder.list([]), key=lambda found: found[0]):
            digest.update(path.encode())
            digest.update(Path(storage.path(path)).read_bytes())
    return digest.hexdigest()[:12]


def static_version() -> str:
    """The version the service worker's cache is named after. ``JASSCLUB_STATIC_VERSION``
    overrides it (a test stands in for a deploy with it)."""
    return getattr(settings, "JASSCLUB_STATIC_VERSION", None) or _files_version()


def _table_screen_pattern() -> str:
    """The paths of table screens as a JavaScript regular expression, from the URLconf."""
    some = 1234567
    path = re.escape(reverse("scoring:table", args=[some]))
    return "^" + path.replace(str(some), r"\d+") + "$"


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "version": static_version(),
        "assets": [static(asset) for asset in (*SHELL_ASSETS, *kind_assets())],
        "offline_url": reverse("scoring:offline"),
        "table_screen": _table_screen_pattern(),
        "static_url": settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/",
    }
    response = render(
        request, "scoring/sw.js", context, content_type="text/javascript; charset=utf-8"
    )
    if not settings.DEBUG:  # a template, not a static file: minified as it is sent
        response.content = minify_script(response.content.decode()).encode()
    patch_cache_control(response, no_cache=True, max_age=0)  # a deploy is seen at once
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    data = {
        "name": "Jassclub",
        "short_name": "Jassclub",
        "description": _("Jass scores checked against the rules, at the table."),
        "start_url": reverse("scoring:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    patch_cache_control(response, max_age=3600)
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """Shown offline in place of a page this phone never opened (kept by the worker)."""
    return render(request, "scoring/offline.html")
