#!/usr/bin/env bash
# What `make run` and `make test` need beyond Python, installed when it is missing:
#   pango     WeasyPrint's text layout (the PDFs)                 run, test
#   poppler   pdftotext, with which the tests read the PDFs       test
#   chromium  the browser of the browser tests                    test
# Debian's packages through apt-get when running as root or with sudo; otherwise the
# browser comes from Playwright's own download, and what cannot be installed is said.
# Usage: scripts/system_deps.sh pango [poppler] [chromium]
set -uo pipefail

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo -n "$@"; else return 1; fi
}
can_apt() { command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; }; }

updated=""
apt_install() {
  echo "installing $* (apt-get)"
  if [ -z "$updated" ]; then as_root apt-get update -qq >/dev/null || return 1; updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

has_pango() { ldconfig -p 2>/dev/null | grep -q 'libpangoft2-1.0.so.0'; }
has_browser() { .venv/bin/python scripts/find_browser.py >/dev/null 2>&1; }

status=0
for need in "$@"; do
  case "$need" in
    pango)
      has_pango && continue
      if can_apt; then apt_install libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core || status=1
      else echo "Pango is missing and apt-get needs root or sudo: the PDFs will not render (install libpango-1.0-0 and libpangoft2-1.0-0)" >&2; status=1; fi
      ;;
    poppler)
      command -v pdftotext >/dev/null && continue
      if can_apt; then apt_install poppler-utils || status=1
      else echo "pdftotext is missing and apt-get needs root or sudo: the tests that read PDFs are skipped (install poppler-utils)" >&2; fi
      ;;
    chromium)
      has_browser && continue
      if can_apt && apt_install chromium && has_browser; then continue; fi
      echo "installing Chromium for the browser tests (playwright install chromium)"
      .venv/bin/playwright install chromium || status=1
      ;;
    *) echo "unknown need: $need" >&2; status=1 ;;
  esac
done
exit $status
