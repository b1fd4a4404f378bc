"""QR codes of the site's links (segno), drawn here and never fetched from anywhere:
inline in a page or a PDF, or as an image of their own."""

from __future__ import annotations

import io

import segno
from django.http import HttpResponse
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, scale: int = 3) -> SafeString:
    """The QR code of ``url`` as an inline SVG (segno's own markup: safe to embed)."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=scale))


def qr_response(url: str) -> HttpResponse:
    """The QR code of ``url`` as an SVG image, never kept by a cache: a link that is
    replaced must not linger."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2)
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response
