"""What a phone fetches from the table screen (`make bench`, sections 3 and 4): the
page and every file it loads, and the live poll of an idle game. Measured in the
bench's child process, once Django is set up (``scripts/bench.py --worker``), and
reported against their budgets in the parent."""

from __future__ import annotations

import gzip
import json
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from scripts.bench_parts.common import (
    BROWSER_HEADERS,
    GZIP_LEVEL,
    HTMX_HEADERS,
    KB,
    TRANSFER_HANDS,
    new_game,
    record_hand,
    scorer_client,
)
from scripts.bench_parts.kinds import KINDS
from scripts.bench_parts.printing import kb, table, verdict

TRANSFER_BUDGET_KB = 45  # issue 37: each kind's table screen's first visit, gzipped, built
POLL_BUDGET_BYTES = 1024  # an idle game's poll: status line and headers, no body


class _Assets(HTMLParser):
    """The stylesheets and scripts a page loads."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.served: list[str] = []  # not static files: the manifest, the service worker

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        rels = (found.get("rel") or "").lower().split()
        if tag == "link" and "stylesheet" in rels and found.get("href"):
            self.urls.append(found["href"])  # type: ignore[arg-type]
        elif tag == "script" and found.get("src"):
            self.urls.append(found["src"])  # type: ignore[arg-type]
        elif tag == "link" and "manifest" in rels and found.get("href"):
            self.served.append(found["href"])  # type: ignore[arg-type]


CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")


@contextmanager
def built_static() -> Iterator[None]:
    """The static files as a deployed site serves them: `collectstatic` into a
    temporary STATIC_ROOT, minified and hashed (``jassclub.storage``)."""
    from django.core.management import call_command
    from django.test.utils import override_settings

    storage = "jassclub.storage.MinifiedManifestStaticFilesStorage"
    with (
        tempfile.TemporaryDirectory() as root,
        override_settings(
            STATIC_ROOT=root,
            STORAGES={
                "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                "staticfiles": {"BACKEND": storage},
            },
        ),
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield


def _static_file(url: str, built: bool) -> bytes:
    from django.conf import settings
    from django.contrib.staticfiles import finders

    path = urlsplit(url).path
    prefix = "/" + settings.STATIC_URL.lstrip("/")
    if not path.startswith(prefix):
        raise RuntimeError(f"{url} is not a static file")
    name = path[len(prefix) :]
    found = Path(settings.STATIC_ROOT, name) if built else finders.find(name)
    if not found or not Path(found).is_file():
        raise RuntimeError(f"{url}: no such static file")
    return Path(found).read_bytes()


def _first_visit(client: Any, page: str, built: bool) -> list[dict[str, Any]]:
    """The table screen at ``page`` and every file its first visit fetches: gzipped."""
    response = client.get(page, headers=BROWSER_HEADERS)
    if response.status_code != 200:
        raise RuntimeError(f"{page}: HTTP {response.status_code}")
    html = response.content
    files = [{"name": f"{page} (HTML)", "kind": "html", "data": html}]
    parser = _Assets()
    parser.feed(html.decode())
    seen: set[str] = set()
    for url in parser.urls:
        queue = [urljoin(page, url)]
        while queue:
            url = queue.pop(0)
            if url in seen:
                continue
            seen.add(url)
            data = _static_file(url, built)
            files.append({"name": urlsplit(url).path, "kind": Path(url).suffix[1:], "data": data})
            if url.endswith(".css"):
                for _quote, ref in CSS_URL.findall(data.decode("utf-8", "replace")):
                    if not ref.startswith(("data:", "#")):  # inline data is in the CSS already
                        queue.append(urljoin(url, ref))
    # The table screen registers its service worker (its state names it).
    state = re.search(
        r'<script id="table-state" type="application/json">(.*?)</script>', html.decode()
    )
    worker = json.loads(state.group(1))["worker"] if state else None
    for url in [*parser.served, *([worker] if worker else [])]:
        data = client.get(url, headers=BROWSER_HEADERS).content
        files.append({"name": url, "kind": Path(url).suffix[1:] or "json", "data": data})
    return [
        {
            "name": f["name"],
            "kind": f["kind"],
            "raw": len(f["data"]),
            "gzip": len(gzip.compress(f["data"], compresslevel=GZIP_LEVEL, mtime=0)),
        }
        for f in files
    ]


def transfer_sizes() -> dict[str, Any]:
    """Every kind's table screen and everything it loads, raw and gzipped: from the
    readable sources (as DEBUG serves them) and from the built files (as a deployed
    site does)."""
    screens = []
    for label, make in KINDS.items():
        client, page, hands = make()
        sources = _first_visit(client, page, built=False)
        with built_static():
            built = _first_visit(client, page, built=True)
        screens.append({"kind": label, "hands": hands, "sources": sources, "built": built})
    return {"screens": screens}


def poll() -> dict[str, Any]:
    """The live poll of an idle game (issue 13): a phone asks again with the ETag it
    has; the answer is a 304 with no body, and no replay of the game."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    client, game = scorer_client(), new_game("Bench: poll")
    for number in range(1, TRANSFER_HANDS + 1):
        record_hand(client, game.pk, number)
    page = client.get(reverse("scoring:table", args=[game.pk])).content.decode()
    found = re.search(r'id="live" class="live" hx-get="([^"]+)"', page)
    if not found:
        raise RuntimeError("the table screen has no live poll")
    url = found.group(1).replace("&amp;", "&")
    first = client.get(url, headers={**HTMX_HEADERS, **BROWSER_HEADERS})
    with CaptureQueriesContext(connection) as captured:
        again = client.get(
            url, headers={**HTMX_HEADERS, **BROWSER_HEADERS, "If-None-Match": first["ETag"]}
        )
    headers = sum(len(k) + len(v) + 4 for k, v in again.items()) + len("HTTP/1.1 304 \r\n\r\n")
    return {
        "status": again.status_code,
        "body": len(again.content),
        "bytes": headers + len(again.content),
        "queries": len(captured.captured_queries),
        "statements": [query["sql"] for query in captured.captured_queries],
    }


def report_transfer(results: dict[str, dict[str, Any]]) -> None:
    transfer = next((r["transfer"] for r in results.values() if "transfer" in r), None)
    if not transfer:
        return
    first = transfer["screens"][0]
    print(
        f"\n3. Table screen transfer, first visit ({first['kind']} game with "
        f"{first['hands']} hands; gzip level {GZIP_LEVEL}, 1 KB = {KB} bytes): the "
        "readable sources (DEBUG) and the files `collectstatic` builds (a deployed site)"
    )
    rows = [
        [
            source["name"],
            source["kind"],
            kb(source["raw"]),
            kb(source["gzip"]),
            kb(built["raw"]),
            kb(built["gzip"]),
        ]
        for source, built in zip(first["sources"], first["built"], strict=True)
    ]
    totals = [
        kb(sum(f[size] for f in first[which]))
        for which in ("sources", "built")
        for size in ("raw", "gzip")
    ]
    rows.append(["total", f"{len(first['built'])} files", *totals])
    print(table(["file", "kind", "raw KB", "gzip KB", "built raw KB", "built gzip KB"], rows))
    print(
        "\n3b. Every kind's table screen, first visit, gzipped "
        f"(budget <= {TRANSFER_BUDGET_KB} KB, built files)"
    )
    summary = []
    for screen in transfer["screens"]:
        sources = sum(f["gzip"] for f in screen["sources"])
        built = sum(f["gzip"] for f in screen["built"])
        ok = built <= TRANSFER_BUDGET_KB * KB
        summary.append(
            [
                screen["kind"],
                str(screen["hands"]),
                str(len(screen["built"])),
                kb(sources),
                kb(built),
                verdict(ok),
            ]
        )
    headers = ["table screen", "hands", "files", "sources gzip KB", "built gzip KB", "verdict"]
    print(table(headers, summary))


def report_poll(results: dict[str, dict[str, Any]]) -> None:
    print(
        "\n4. Live poll of an idle game, asked again with its ETag "
        f"(budget <= {POLL_BUDGET_BYTES} B)"
    )
    rows = []
    for label, result in results.items():
        poll = result["poll"]
        ok = poll["status"] == 304 and poll["bytes"] <= POLL_BUDGET_BYTES
        rows.append(
            [
                label,
                str(poll["status"]),
                str(poll["body"]),
                str(poll["bytes"]),
                str(poll["queries"]),
                verdict(ok),
            ]
        )
    print(table(["database", "status", "body B", "answer B", "queries", "verdict"], rows))
