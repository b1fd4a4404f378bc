# Two commands for a fresh machine with Python 3.11 and make: `make run`, `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
UV := .tools/bin/uv
UV_VERSION := 0.13.9
export UV_PROJECT_ENVIRONMENT := $(VENV)
export UV_PYTHON_DOWNLOADS := never

.PHONY: run test install lint format e2e fast bench messages clean

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
	$(PY) manage.py runserver 127.0.0.1:8000

# The whole suite: lint, then the tests and the browser tests (marked e2e), on as many
# workers as the machine has cores (pytest-xdist; each worker has its own database).
TEST_WORKERS ?= auto
test: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	bash scripts/system_deps.sh pango poppler chromium
	$(VENV)/bin/pytest -n $(TEST_WORKERS)

fast: install
	$(VENV)/bin/pytest -n $(TEST_WORKERS) -m "not e2e"

e2e: install
	$(VENV)/bin/pytest -m e2e

bench: install
	$(PY) scripts/bench.py
	$(PY) scripts/bench_tournament.py
	$(PY) scripts/bench_club.py

# The fault drill (about a minute, 127.0.0.1 only; not part of `make test`,
# CI runs it after the suite on PostgreSQL): gunicorn on PostgreSQL (SOAK_DATABASE_URL,
# by default the database `soak`, dropped and made again), 12 games x 4 phones, every
# server process killed twice mid-run; no hand may be lost.
.PHONY: soak
soak: install
	$(PY) scripts/soak.py

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Translations: makemessages needs GNU gettext (apt-get install gettext);
# the compiled .mo files are committed so that `make run` needs none. The words
# follow locale/fr/GLOSSARY.md and locale/de/GLOSSARY.md; French spaces and
# apostrophes are set by scripts/french_typography.py.
messages: install
	$(PY) manage.py makemessages -l fr -l de --no-obsolete --ignore=.venv --ignore=.tools --ignore=tests --ignore=test-artifacts
	$(PY) scripts/french_typography.py
	$(PY) scripts/compile_messages.py

clean:
	rm -rf $(VENV) .tools .pytest_cache .ruff_cache
