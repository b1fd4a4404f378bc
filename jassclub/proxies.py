"""The client's address behind the proxies in front of the site.

Each proxy appends the address it was connected from to ``X-Forwarded-For``; the
entries to the left of those were sent by the client and may be forged. With
``DJANGO_PROXY_COUNT`` proxies in front (``settings.PROXY_COUNT``), the client is the
entry that many places from the right. Without proxies, or for a request that did not
come through all of them, it is the connection's own address.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """The address the sign-in limit (django-axes) counts attempts for."""
    remote = request.META.get("REMOTE_ADDR")
    hops = settings.PROXY_COUNT
    if hops <= 0:
        return remote
    chain = [
        entry.strip()
        for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if entry.strip()
    ]
    if len(chain) < hops:
        return remote
    try:
        return str(ipaddress.ip_address(chain[-hops]))
    except ValueError:  # not an address: the proxy is not what settings say
        return remote
