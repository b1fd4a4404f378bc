#!/usr/bin/env bash
# Bootstrap without the rules no page uses (issue 13: the table screen's first visit is
# at most 60 KB with gzip). Run by hand after adding Bootstrap classes that no template,
# Python file or script of the project used before; needs Node.js and npm. The result,
# static/vendor/bootstrap/bootstrap.used.css, is committed: the site needs no Node.
set -euo pipefail
cd "$(dirname "$0")/.."
BOOTSTRAP_CSS=static/vendor/bootstrap/bootstrap.min.css
OUT=static/vendor/bootstrap/bootstrap.used.css
CRISPY=$(.venv/bin/python -c 'import crispy_bootstrap5, os; print(os.path.dirname(crispy_bootstrap5.__file__))')
DJANGO_FORMS=$(.venv/bin/python -c 'import django, os; print(os.path.dirname(django.__file__))')/forms/templates
TOOLS=.tools/node
mkdir -p "$TOOLS/out"
[ -x "$TOOLS/node_modules/.bin/purgecss" ] || npm install --prefix "$TOOLS" --no-save purgecss@7.0.2 >/dev/null
"$TOOLS/node_modules/.bin/purgecss" \
  --css "$BOOTSTRAP_CSS" \
  --content 'templates/**/*.html' '*/templates/**/*.html' 'scoring/kinds/*/templates/**/*.html' "$CRISPY/templates/**/*.html" \
            "$DJANGO_FORMS/**/*.html" 'static/js/*.js' 'clubs/**/*.py' 'scoring/**/*.py' \
            'tournaments/**/*.py' 'jassclub/**/*.py' \
  --safelist 'show' 'active' 'disabled' \
  --safelist greedy:'/data-bs-theme/' standard:'/^(alert|text-bg|btn|bg|text|border|badge)-/' \
  --output "$TOOLS/out"
{ printf '/*! Bootstrap v5 (MIT, see LICENSE), only the rules this site uses: scripts/build_css.sh */\n'; cat "$TOOLS/out/bootstrap.min.css"; } > "$OUT"
echo "$OUT: $(wc -c < "$OUT") bytes, $(gzip -9c "$OUT" | wc -c) with gzip"
