"""Benchmark of the table screen (`make bench`): prints figures, asserts nothing.

1. SQL queries to record a hand through htmx and get the ``#table`` partial back,
   on hand 1 and hand 40 of a game (budget: at most 13, the same on both).
2. Server time to record a hand: median and 95th percentile over 200 hands,
   around the in-process test client's POST (no network), on SQLite and PostgreSQL.
3. The table screen's transfer size: its HTML and every stylesheet, script and
   ``url(...)`` they load, each gzipped at level 6, from the readable sources and from
   the files `collectstatic` builds (minified); then the same for every kind's table
   screen (team, tournament table, Coiffeur, Différenzler, Guggitaler, Sidi Barrani).
   Budget: at most 45 KB
   built, each. ``scripts/bench.py --screens`` runs this section alone.
4. The live poll of an idle game, asked again with its ETag: a 304 (budget: 1 KB).

Each database is measured in a child process (``--worker``) on a throwaway
database: a temporary SQLite file, and a PostgreSQL database ``jassclub_bench``
dropped and created again. The developer's ``db.sqlite3`` is never opened.

The parts are in ``scripts/bench_parts/``: ``common`` (Django set up, a game, a hand
recorded), ``queries`` (sections 1 and 1b), ``timing`` (2), ``screen`` (3 and 4),
``worker`` (the child process), ``databases`` (the parent's throwaway databases and
children) and ``printing`` (the report's tables).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.bench_parts.databases import (
    bench_postgres,
    bench_sqlite,
    postgres_unavailable,
)
from scripts.bench_parts.printing import print_environment
from scripts.bench_parts.queries import report_differenzler, report_team_hand
from scripts.bench_parts.screen import report_poll, report_transfer
from scripts.bench_parts.timing import report_timing
from scripts.bench_parts.worker import worker


def report(results: dict[str, dict[str, Any]], skipped: dict[str, str]) -> None:
    print_environment(results, skipped)
    report_team_hand(results)
    report_differenzler(results)
    report_timing(results)
    report_transfer(results)
    report_poll(results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--transfer", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--screens",
        action="store_true",
        help="section 3 only: every kind's table screen's transfer (SQLite, about 30 s)",
    )
    arguments = parser.parse_args()
    if arguments.worker:
        worker(arguments.transfer, screens_only=arguments.screens)
        return 0
    if arguments.screens:
        report_transfer({"SQLite": bench_sqlite(screens_only=True)})
        return 0

    started = time.perf_counter()
    results: dict[str, dict[str, Any]] = {"SQLite": bench_sqlite()}
    skipped: dict[str, str] = {}
    why = postgres_unavailable()
    if why:
        skipped["Postgres"] = why
    else:
        results["Postgres"] = bench_postgres()
    report(results, skipped)
    print(f"\n(ran in {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
