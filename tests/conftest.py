import os

import pytest
from django.test import override_settings
from hypothesis import settings as hypothesis_settings

# CI runs the property tests on a fixed set of examples so that a run is repeatable;
# on a developer's machine they explore new examples every time.
# No deadline: how long an example takes is a budget for `make bench`, not a test (on a
# busy 2-core machine a slate drawn in 276 ms failed a 200 ms deadline).
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The fixtures through which a test reaches the database: pytest-django's, and the live
# server's, which needs the database too.
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "django_db_setup",
        "live_server",
    }
)


def reaches_database(item: pytest.Item) -> bool:
    """Whether ``item`` may reach a database. pytest-django blocks the database for a
    test unless it has a ``django_db`` mark, is a Django ``TestCase`` (or a
    ``TransactionTestCase``), uses one of DATABASE_FIXTURES or unblocks it with
    ``django_db_blocker``, so a test with none of them gives the same result on any
    database (it fails on both if it tries)."""
    from django.test import TransactionTestCase

    if item.get_closest_marker("django_db") is not None:
        return True
    cls = getattr(item, "cls", None)
    if cls is not None and issubclass(cls, TransactionTestCase):
        return True
    if set(getattr(item, "fixturenames", ())) & DATABASE_FIXTURES:
        return True
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return True  # not a plain test function: keep it on both databases
    # pytest-django's own autouse fixtures ask for django_db_blocker in every test;
    # ours (or the test itself) asking for it can unblock the database.
    if "django_db_blocker" in info.argnames:
        return True
    return any(
        "django_db_blocker" in fixturedef.argnames
        and not getattr(fixturedef.func, "__module__", "").startswith("pytest_django")
        for fixturedefs in info.name2fixturedefs.values()
        for fixturedef in fixturedefs
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Mark ``nodb`` the tests that reach no database, so that CI runs them once: on
    SQLite, with ``-m "e2e or not nodb"`` in its PostgreSQL phase (the browser tests
    run there alone). tryfirst: the marks are set before ``-m`` selects."""
    for item in items:
        if not reaches_database(item):
            item.add_marker(pytest.mark.nodb)


@pytest.fixture(scope="session", autouse=True)
def _plain_http():
    """The test client and the live server speak plain HTTP: no redirect to HTTPS.

    Session-wide and autouse so that it is in force before the live server loads
    its middleware.
    """
    with override_settings(
        SECURE_SSL_REDIRECT=False,
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
    ):
        yield


@pytest.fixture(scope="session", autouse=True)
def _flush_by_delete_on_postgresql():
    """The tests that commit (the browser tests, ``transaction=True``) end with Django's
    flush of every table. On PostgreSQL that is one TRUNCATE of them all, which makes new
    files for each table and index: about 1 s on this machine, each time, where a DELETE
    of the few rows a test leaves takes 10 ms. Django's foreign keys on PostgreSQL are
    checked at the commit (deferred), so the order of the DELETEs does not matter.
    Sequences go on, as with Django's TRUNCATE; ``reset_sequences`` keeps the TRUNCATE."""
    from django.db import connection

    if connection.vendor != "postgresql":
        yield
        return
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        delete = style.SQL_KEYWORD("DELETE FROM")
        return ["SET CONSTRAINTS ALL DEFERRED;"] + [
            f"{delete} {style.SQL_FIELD(self.quote_name(table))};" for table in tables
        ]

    DatabaseOperations.sql_flush = sql_flush
    yield
    DatabaseOperations.sql_flush = truncate


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def club(db):
    """The club the tests' games belong to."""
    from clubs.models import Club

    return Club.objects.create(name="Jass-Club Test", slug="test-club", place="Bern")


@pytest.fixture
def make_user(db):
    """A user with a role in a club: ``make_user("scorer", club)``."""
    from django.contrib.auth import get_user_model

    from clubs.models import Member

    def make(role: str | None = None, club=None, name: str | None = None, **extra):
        username = name or f"{role or 'nobody'}-{get_user_model().objects.count() + 1}"
        user = get_user_model().objects.create_user(username, password="jass-test-pw", **extra)
        if role and club:
            Member.objects.create(club=club, name=username, user=user, role=role)
        return user

    return make


@pytest.fixture
def client(client, club, make_user):
    """The test client, signed in as a scorer of ``club``."""
    client.force_login(make_user("scorer", club, name="scorer"))
    return client


def pytest_terminal_summary(terminalreporter):
    """Why each test that ran again (a browser test's one rerun) failed the first time:
    its error lines, so that CI's log says what to look at (the plugin names it only)."""
    reruns = terminalreporter.stats.get("rerun", [])
    if not reruns:
        return
    terminalreporter.section("why the reruns failed first")
    for report in reruns:
        lines = [line for line in report.longreprtext.splitlines() if line.startswith("E ")]
        where = [line for line in report.longreprtext.splitlines() if ".py:" in line]
        terminalreporter.write_line(report.nodeid)
        for line in (*lines[:12], *where[-1:]):
            terminalreporter.write_line(f"  {line[:200]}")
