# Two commands for a fresh machine with Python 3.11 and make: `make run`, `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
UV := .tools/bin/uv
UV_VERSION := 0.13.9
# make run PORT=8080 serves on another port
PORT ?= 8000
export UV_PROJECT_ENVIRONMENT := $(VENV)
export UV_PYTHON_DOWNLOADS := never

.PHONY: run test suite install lint format e2e fast bench static messages clean

install: $(VENV)/.installed

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

$(VENV)/.installed: pyproject.toml uv.lock | $(UV)
	$(UV) sync --frozen --python $(PYTHON)
	@touch $@

run: export DJANGO_DEBUG = 1
run: install
	@bash scripts/system_deps.sh pango || echo "(the site runs; its PDFs need Pango)"
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	@echo "Starting a task worker (manage.py db_worker: it builds big results sheets) beside the server."
	$(PY) manage.py db_worker --queue-name default & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The whole suite: lint, then the tests and the browser tests (marked e2e), on as many
# workers as the machine has cores (pytest-xdist; each worker has its own database).
# `make suite` is the tests alone. TEST_SELECT, a pytest mark expression, runs a part:
# .ci/run passes "not e2e" on SQLite and "e2e or not nodb" on PostgreSQL, so that the
# browser tests and the tests that reach no database (marked nodb by tests/conftest.py)
# run once.
TEST_WORKERS ?= auto
TEST_SELECT ?=
test: lint suite

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

suite: install
	bash scripts/system_deps.sh pango poppler chromium
	$(VENV)/bin/pytest -n $(TEST_WORKERS) $(if $(TEST_SELECT),-m "$(TEST_SELECT)")

fast: install
	$(VENV)/bin/pytest -n $(TEST_WORKERS) -m "not e2e"

e2e: install
	$(VENV)/bin/pytest -m e2e

# The static files a deployed site serves, in staticfiles/ (STATIC_ROOT): the scripts
# and stylesheets of static/ minified, each with its source map, then hashed and
# compressed (jassclub/storage.py). `make run` (DEBUG) serves the readable sources.
static: install
	DJANGO_DEBUG=0 $(PY) manage.py collectstatic --noinput --clear --verbosity 1

# The table screens are measured on the built files (built afresh in a temporary
# directory); `scripts/bench.py --screens` measures them alone.
bench: install
	$(PY) scripts/bench.py
	$(PY) scripts/bench_tournament.py
	$(PY) scripts/bench_club.py

# The fault drill (about a minute, 127.0.0.1 only; not part of `make test`,
# CI runs it after the suite on PostgreSQL): gunicorn on PostgreSQL (SOAK_DATABASE_URL,
# by default the database `soak`, dropped and made again), 12 games x 4 phones, every
# server process killed twice mid-run; no hand may be lost. Then two phones race
# corrections, undos and records at every game: each game's history, hands and
# statistics are checked.
.PHONY: soak
soak: install
	$(PY) scripts/soak.py

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Translations: makemessages needs GNU gettext (apt-get install gettext);
# the compiled .mo files are committed so that `make run` needs none. Every catalogue is
# made: the core's (locale/) and each app's (a game kind's scoring/kinds/<kind>/locale/,
# holding the strings only its code and templates use; compile_messages.py leaves a
# string shared with the core to the core's). A string that moves between catalogues
# keeps its translation (scripts/make_messages.py). The words
# follow locale/fr/GLOSSARY.md, locale/de/GLOSSARY.md and locale/it/GLOSSARY.md; French spaces and
# apostrophes are set by scripts/french_typography.py.
messages: install
	$(PY) scripts/make_messages.py

clean:
	rm -rf $(VENV) .tools .pytest_cache .ruff_cache
