"""The table screen on the static files a deployed site serves (issue 37, item 2): the
scripts and stylesheets `collectstatic` minified and hashed, which the service worker
keeps for the cellar. The other browser tests run on the readable sources (as DEBUG
serves them; ``JASSCLUB_E2E_BUILT=1`` runs them all on the built files); this one runs
the cellar's test on the built files (the fixture ``built``, tests/e2e/conftest.py)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.test_offline import phone  # noqa: F401 (a fixture)
from tests.e2e.test_offline import (
    test_five_hands_saved_in_a_cellar_reach_the_server_once_in_order as cellar,
)


def test_the_cellar_on_the_built_files_keeps_and_sends_every_hand(
    built,
    phone,  # noqa: F811
    live_server,
):
    page = phone
    loaded: list[str] = []
    page.on("response", lambda r: loaded.append(r.url) if "/static/js/" in r.url else None)

    cellar(page, live_server)

    scripts = page.eval_on_selector_all("script[src]", "all => all.map(s => s.src)")
    table_js = next(url for url in scripts if "/static/js/table." in url)
    assert re.search(r"/static/js/table\.[0-9a-f]{12}\.js$", table_js)
    assert any("/static/js/table." in url for url in loaded)  # fetched, then kept
    page.context.set_offline(False)
    body = page.evaluate("url => fetch(url).then(r => r.text())", table_js)
    assert "\n  " not in body  # minified
    found = re.search(r"//# sourceMappingURL=(table\.js\.[0-9a-f]{12}\.map)\n$", body)
    assert found, body[-200:]
    source_map = page.evaluate(
        "url => fetch(url).then(r => r.json())", table_js.rsplit("/", 1)[0] + "/" + found[1]
    )
    assert source_map["sources"] == ["table.js"]
    assert "function" in source_map["sourcesContent"][0]
    expect(page.locator("#hand-form")).to_be_visible()
