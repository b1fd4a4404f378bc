"""The client's address behind the proxies in front of the site.

Each proxy appends the address it was connected from to ``X-Forwarded-For``; the
entries to the left of those were sent by the client and may be forged, and so may the
whole header of a client that reaches the app server directly. So the header is read
only when the connection comes from a trusted proxy (``DJANGO_TRUSTED_PROXIES``,
``settings.TRUSTED_PROXIES``: addresses and networks, loopback by default; a unix
socket counts as one, since only processes of this machine reach it), and only as far
as there are proxies in front (``DJANGO_PROXY_COUNT``, ``settings.PROXY_COUNT``; 0, the
default, never reads it). From the right, each entry is believed while the hop that
wrote it is a trusted proxy: the first address that is not one, or the one
``PROXY_COUNT`` places from the right, is the client. An entry that is not an address
stops the walk at the proxy that wrote it.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
IPV6_PREFIX = 64  # one phone or home gets a whole /64: its addresses count together


def client_ip(request: HttpRequest) -> str | None:
    """The address of the client that sent ``request``: a normalised IPv4 or IPv6
    address, or None for a connection over a unix socket without a forwarded address.
    The limits count it by :func:`address_bucket`."""
    remote = request.META.get("REMOTE_ADDR") or ""  # empty: a unix socket
    current = _address(remote)
    hops = settings.PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if hops > 0 and forwarded and (not remote or _trusted(current)):
        for n, entry in enumerate(reversed(forwarded.rsplit(",", hops)[-hops:])):
            if n and not _trusted(current):
                break  # written by the client: the hop before was not one of our proxies
            written = _address(entry)
            if written is None:  # not an address: the proxy is not what settings say
                break
            current = written
    return str(current) if current else None


def address_bucket(address: str | None) -> str | None:
    """An address as the limits count it (the sign-in limit, the tournaments' signing
    codes): an IPv4 address itself, an IPv6 address its /64 (written as the network's
    first address), since one phone or home gets a whole /64 and picks a new address in
    it at will; None when it is not an address."""
    parsed = _address(address)
    if parsed is None:
        return None
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_PREFIX}", strict=False).network_address)
    return str(parsed)


def client_bucket(request: HttpRequest) -> str | None:
    """The client of ``request`` as the sign-in limit (django-axes) counts it: its
    address's bucket (:func:`address_bucket`)."""
    return address_bucket(client_ip(request))


def _address(text: str | None) -> Address | None:
    """``text`` as an address (an IPv4 address written as IPv6 as itself, an IPv6
    address without its zone), or None."""
    try:
        address = ipaddress.ip_address((text or "").strip().partition("%")[0])
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped or address


def _trusted(address: Address | None) -> bool:
    """Whether the hop at ``address`` is one of our proxies."""
    return address is not None and any(address in net for net in settings.TRUSTED_PROXIES)
