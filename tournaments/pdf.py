"""PDFs with WeasyPrint: pictures are read from the site's own files, never fetched."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

LOCAL = "http://jassclub.invalid/"  # never fetched: every URL goes through _own_files


def _own_files() -> Any:
    """A WeasyPrint URL fetcher of the site's media files alone (a club's logo), and of
    ``data:`` URLs (the QR codes drawn here); anything else is refused: never fetched."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class OwnFiles(URLFetcher):
        def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
            if url.startswith("data:"):
                return super().fetch(url, headers)
            path = unquote(urlsplit(url).path)
            media = "/" + settings.MEDIA_URL.strip("/") + "/"
            if path.startswith(media):
                root = Path(settings.MEDIA_ROOT).resolve()
                file = (root / path[len(media) :]).resolve()
                if file.is_file() and root in file.parents:
                    return URLFetcherResponse(url, body=file.read_bytes())
            raise ValueError(f"not fetched: {url}")

    return OwnFiles(allowed_protocols=("data",))


def pdf_bytes(
    template: str, context: dict[str, Any], request: HttpRequest | None = None
) -> tuple[bytes, int]:
    """The PDF of a template, and its number of pages."""
    return html_pdf(render_to_string(template, context, request=request))


def html_pdf(html: str) -> tuple[bytes, int]:
    """WeasyPrint's PDF of an HTML document, and its number of pages."""
    from weasyprint import HTML  # loaded when a PDF is asked for: it needs Pango

    document = HTML(string=html, base_url=LOCAL, url_fetcher=_own_files()).render()
    return document.write_pdf(), len(document.pages)


def inline_pdf(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def kept_pdf(name: str, shown: Any, draw: Callable[[], bytes], timeout: int) -> bytes:
    """A PDF kept in the cache (``CACHES``) for ``timeout`` seconds, under ``name`` and
    a digest of ``shown`` (everything it shows, as plain values): ``draw`` makes it
    only when none is kept for what it shows now, so that anything shown changing
    (a new link, a name put right) draws it anew and the old one is never served."""
    digest = hashlib.sha256(json.dumps(shown, default=str).encode()).hexdigest()
    key = f"pdf:{name}:{digest}"
    pdf = cache.get(key)
    if pdf is None:
        pdf = draw()
        cache.set(key, pdf, timeout)
    return pdf
