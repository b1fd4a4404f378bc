"""Exit 0 when a Chromium for the browser tests is found (prints its path), else 1.

The browser tests use the system Chromium (Debian: `apt-get install chromium`),
or the one `playwright install chromium` downloads where that is possible.
"""

import os
import shutil
import sys
from pathlib import Path

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_browser() -> str | None:
    given = os.environ.get("JASSCLUB_CHROMIUM")
    if given:
        return given if Path(given).exists() else None
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    cache = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH", Path.home() / ".cache/ms-playwright"))
    for path in sorted(cache.glob("chromium*/chrome-linux*/chrome")):
        return str(path)
    return None


if __name__ == "__main__":
    browser = find_browser()
    if browser:
        print(f"browser tests use {browser}")
        sys.exit(0)
    print("no Chromium found: trying `playwright install chromium`", file=sys.stderr)
    sys.exit(1)
