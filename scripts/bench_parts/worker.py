"""The child process (``scripts/bench.py --worker``): every section measured on the one
database of ``DATABASE_URL``, printed as a line of JSON for the parent."""

from __future__ import annotations

import json
import os
import platform

from scripts.bench_parts.common import scorer_client, setup_django
from scripts.bench_parts.queries import differenzler_hand_queries, team_hand_queries
from scripts.bench_parts.screen import poll, transfer_sizes
from scripts.bench_parts.timing import timing


def _database() -> dict[str, str]:
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            version = cursor.fetchone()[0]
        driver = f"psycopg {connection.Database.__version__}"
        return {"vendor": "PostgreSQL", "version": version.split()[0], "driver": driver}
    return {
        "vendor": connection.vendor,
        "version": connection.Database.sqlite_version,
        "driver": f"sqlite3 (Python {platform.python_version()})",
    }


def worker(transfer: bool, screens_only: bool = False) -> None:
    if not os.environ.get("DATABASE_URL"):  # never the developer's db.sqlite3
        raise SystemExit("bench --worker: set DATABASE_URL to a throwaway database")
    setup_django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)

    if screens_only:
        print(json.dumps({"database": _database(), "transfer": transfer_sizes()}))
        return
    result = {
        "database": _database(),
        "queries": team_hand_queries(),
        "differenzler": [len(q) for q in differenzler_hand_queries(scorer_client())],
        "timing": timing(),
        "poll": poll(),
    }
    if transfer:
        result["transfer"] = transfer_sizes()
    print(json.dumps(result))
