"""PDFs with WeasyPrint: pictures are read from the site's own files, never fetched."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

LOCAL = "http://jassclub.invalid/"  # never fetched: every URL goes through _own_files


def _own_files(url: str) -> Any:
    """Only the site's media files (a club's logo); anything else is refused."""
    from weasyprint.urls import URLFetcherResponse

    path = unquote(urlsplit(url).path)
    media = "/" + settings.MEDIA_URL.strip("/") + "/"
    if path.startswith(media):
        root = Path(settings.MEDIA_ROOT).resolve()
        file = (root / path[len(media) :]).resolve()
        if file.is_file() and root in file.parents:
            return URLFetcherResponse(url, body=file.read_bytes())
    raise ValueError(f"not fetched: {url}")


def pdf_bytes(
    template: str, context: dict[str, Any], request: HttpRequest | None = None
) -> tuple[bytes, int]:
    """The PDF of a template, and its number of pages."""
    from weasyprint import HTML  # loaded when a PDF is asked for: it needs Pango

    html = render_to_string(template, context, request=request)
    document = HTML(string=html, base_url=LOCAL, url_fetcher=_own_files).render()
    return document.write_pdf(), len(document.pages)


def inline_pdf(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def pdf_response(
    request: HttpRequest, template: str, context: dict[str, Any], filename: str
) -> HttpResponse:
    return inline_pdf(pdf_bytes(template, context, request)[0], filename)
