#!/usr/bin/env bash
# Bootstrap without the rules no page uses, in two files:
# - bootstrap.used.css, every page's (the rules any template, Python file or script of
#   the project names);
# - bootstrap.table.css, the table screens' (issue 37: each kind's table screen's first
#   visit at most 45 KB gzipped): the rules named by the table screens' templates (the
#   kinds', the shared includes, the tournament's parts of a table), their scripts and
#   the Python that draws them; and only the custom properties those rules read.
# Run by hand after adding Bootstrap classes that no template, Python file or script of
# the project used before; needs Node.js and npm. The results are committed: the site
# needs no Node.
set -euo pipefail
cd "$(dirname "$0")/.."
BOOTSTRAP_CSS=static/vendor/bootstrap/bootstrap.min.css
CRISPY=$(.venv/bin/python -c 'import crispy_bootstrap5, os; print(os.path.dirname(crispy_bootstrap5.__file__))')
DJANGO_FORMS=$(.venv/bin/python -c 'import django, os; print(os.path.dirname(django.__file__))')/forms/templates
TOOLS=.tools/node
[ -x "$TOOLS/node_modules/.bin/purgecss" ] || npm install --prefix "$TOOLS" --no-save purgecss@7.0.2 >/dev/null
SAFELIST=(--safelist 'show' 'active' 'disabled'
  --safelist greedy:'/data-bs-theme/' standard:'/^(alert|text-bg|btn|bg|text|border|badge)-/')

purge() { # OUT, then purgecss's options
  local out=$1 notice=$2
  shift 2
  rm -rf "$TOOLS/out" && mkdir -p "$TOOLS/out"
  "$TOOLS/node_modules/.bin/purgecss" --css "$BOOTSTRAP_CSS" "${SAFELIST[@]}" --output "$TOOLS/out" "$@"
  { printf '/*! Bootstrap v5 (MIT, see LICENSE), %s: scripts/build_css.sh */\n' "$notice"; cat "$TOOLS/out/bootstrap.min.css"; } > "$out"
  echo "$out: $(wc -c < "$out") bytes, $(gzip -9c "$out" | wc -c) with gzip"
}

purge static/vendor/bootstrap/bootstrap.used.css "only the rules this site uses" \
  --content 'templates/**/*.html' '*/templates/**/*.html' 'scoring/kinds/*/templates/**/*.html' "$CRISPY/templates/**/*.html" \
            "$DJANGO_FORMS/**/*.html" 'static/js/*.js' 'clubs/**/*.py' 'scoring/**/*.py' \
            'tournaments/**/*.py' 'jassclub/**/*.py'

purge static/vendor/bootstrap/bootstrap.table.css "only the rules the table screens use" --variables \
  --content 'templates/base.html' 'templates/includes/*.html' 'templates/scoring/includes/*.html' \
            'templates/scoring/table_base.html' 'scoring/kinds/*/templates/**/*.html' \
            'templates/tournaments/includes/*.html' 'templates/tournaments/table_closed.html' \
            'templates/tournaments/link_replaced.html' 'templates/tournaments/no_such_table.html' \
            static/js/{theme,requests,waiting,rules,table,team_offline,offline,coiffeur,coiffeur_form,coiffeur_offline}.js \
            'scoring/kinds/*/static/js/*.js' 'scoring/**/*.py' 'tournaments/table_extra.py' 'jassclub/**/*.py'
