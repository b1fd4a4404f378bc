"""The parent process's databases: a child process (``--worker``) run on a temporary
SQLite file and on a PostgreSQL database dropped and made again, or on a database of
one's own. Used by ``scripts/bench.py``, ``bench_tournament.py`` and ``bench_club.py``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from scripts.bench_parts.common import BASE_DIR

POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")
POSTGRES_DB = "jassclub_bench"
BENCH_SCRIPT = BASE_DIR / "scripts" / "bench.py"  # the table screen's bench, its own worker
WORKER_TIMEOUT = 300


def _run_worker(database_url: str, transfer: bool, screens_only: bool = False) -> dict[str, Any]:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "jassclub.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECURE_SSL_REDIRECT": "false",  # the test client speaks plain HTTP
        "DJANGO_ALLOWED_HOSTS": "testserver",
    }
    command = [sys.executable, str(BENCH_SCRIPT), "--worker"]
    if transfer:
        command.append("--transfer")
    if screens_only:
        command.append("--screens")
    done = subprocess.run(
        command,
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=WORKER_TIMEOUT,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the worker failed:\n{done.stderr.strip()}")
    if done.stderr.strip():
        print(done.stderr.strip(), file=sys.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def bench_sqlite(screens_only: bool = False) -> dict[str, Any]:
    """Every section on SQLite; with ``screens_only``, the table screens' transfer only."""
    directory = tempfile.mkdtemp(prefix="jassclub-bench-")
    try:
        url = f"sqlite:///{directory}/bench.sqlite3"
        return _run_worker(url, transfer=True, screens_only=screens_only)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _postgres_admin() -> Any:
    import psycopg

    return psycopg.connect(POSTGRES_URL, autocommit=True, connect_timeout=5)


def postgres_unavailable() -> str | None:
    """Why PostgreSQL cannot be measured, or None when it answers."""
    try:
        with _postgres_admin() as admin:
            admin.execute("SELECT 1")
    except Exception as error:  # no driver, no server, no rights: say so and go on
        reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        return f"{POSTGRES_URL} does not answer: {type(error).__name__}: {reason}"
    return None


def bench_postgres() -> dict[str, Any]:
    from psycopg import sql

    name = sql.Identifier(POSTGRES_DB)
    with _postgres_admin() as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))
    try:
        url = urlsplit(POSTGRES_URL)._replace(path=f"/{POSTGRES_DB}").geturl()
        return _run_worker(url, transfer=False)
    finally:
        with _postgres_admin() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


def on_throwaway_databases(script: str, postgres_db: str, label: str, timeout: int) -> None:
    """Run ``script --worker`` (it prints its figures) on a temporary SQLite file, then on
    a PostgreSQL database ``postgres_db`` dropped and made again, or say why not."""
    with tempfile.TemporaryDirectory() as folder:
        _worker(script, f"sqlite:///{Path(folder) / 'bench.sqlite3'}", label, timeout)
    why = postgres_unavailable()
    if why:
        print(f"\n{label} on PostgreSQL: not measured, {why}")
        return
    from psycopg import sql

    name = sql.Identifier(postgres_db)
    with _postgres_admin() as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))
    try:
        url = urlsplit(POSTGRES_URL)._replace(path=f"/{postgres_db}").geturl()
        _worker(script, url, label, timeout)
    finally:
        with _postgres_admin() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


def _worker(script: str, database_url: str, label: str, timeout: int) -> None:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "false"}
    command = [sys.executable, str(Path(script).resolve()), "--worker"]
    done = subprocess.run(command, env=env, cwd=BASE_DIR, timeout=timeout, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the {label} bench failed on {urlsplit(database_url).scheme}")


def on_database(script: str, database_url: str, label: str, timeout: int) -> None:
    """Run ``script --worker`` on the one database of ``database_url``, made empty first:
    a PostgreSQL database on this machine is dropped and made again, an SQLite file
    removed. For a database of one's own (``bench_club.py --database-url``)."""
    url = urlsplit(database_url)
    if url.scheme == "sqlite":
        Path(url.path).unlink(missing_ok=True)
    elif url.scheme in ("postgres", "postgresql"):
        if url.hostname not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit(f"{label}: {database_url} is not on this machine; it would be dropped")
        import psycopg
        from psycopg import sql

        name = sql.Identifier(url.path.lstrip("/"))
        admin_url = url._replace(path="/postgres").geturl()
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
            admin.execute(sql.SQL("CREATE DATABASE {}").format(name))
    else:
        raise SystemExit(f"{label}: {database_url}: an sqlite:/// or postgres:// URL")
    _worker(script, database_url, label, timeout)
