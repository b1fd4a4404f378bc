"""Every page says what the browser may load and use: scripts, styles and images from
this site only and never inline, and none of the phone's sensors."""

from __future__ import annotations

import pytest
from django.urls import reverse


@pytest.mark.parametrize("name", ["scoring:home", "login", "password_reset"])
def test_pages_send_a_content_security_policy_without_inline_code(client, name):
    response = client.get(reverse(name))

    policy = response["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy


def test_pages_send_a_permissions_policy(client):
    response = client.get(reverse("scoring:home"))

    policy = response["Permissions-Policy"]
    assert "camera=()" in policy
    assert "geolocation=()" in policy
    assert "microphone=()" in policy


def test_no_template_holds_inline_script_or_style():
    """A policy without 'unsafe-inline' blocks them: the pages must not need them
    (the PDFs' stylesheets are read by WeasyPrint, not by a browser)."""
    from pathlib import Path

    from jassclub.startup import site_template_folders

    roots = site_template_folders()  # templates/ and each of its apps' (a game kind's)
    assert Path(__file__).resolve().parent.parent / "scoring/kinds/coiffeur/templates" in roots
    offending = []
    for root, template in ((folder, t) for folder in roots for t in folder.rglob("*.html")):
        if template.name.endswith("_pdf.html"):
            continue
        text = template.read_text()
        for needle in ("<style", "style=", " onclick=", " onload=", " onchange=", "hx-on"):
            if needle in text:
                offending.append(f"{template.relative_to(root)}: {needle}")
        for line in text.splitlines():
            if "<script" in line and "src=" not in line:
                offending.append(f"{template.relative_to(root)}: inline <script>")
    assert offending == []
