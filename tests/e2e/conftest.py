"""Browser tests: Playwright driving the system Chromium at a phone's viewport.

Every test here is marked ``e2e``; ``make test`` runs them with the rest.
Screenshots go to ``test-artifacts/`` for a person to look at.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scripts.find_browser import find_browser

# Playwright's sync API runs an event loop in this thread; the ORM calls that the
# tests make around it are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


BUILT_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "jassclub.storage.MinifiedManifestStaticFilesStorage"},
}


@pytest.fixture(scope="session")
def built_root(tmp_path_factory):
    """The static files as `collectstatic` builds them for a deploy: minified, hashed."""
    from django.core.management import call_command
    from django.test import override_settings

    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root, STORAGES=BUILT_STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root


@pytest.fixture
def built(built_root, settings):
    """The pages name the built files (hashed), and the live server serves them from
    the build: its static files handler finds them in STATIC_ROOT alone."""
    settings.STATIC_ROOT = built_root
    settings.STORAGES = BUILT_STORAGES
    settings.STATICFILES_DIRS = [built_root]
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    settings.JASSCLUB_STATIC_VERSION = "built-1"


@pytest.fixture(autouse=True)
def _built_when_asked(request):
    """``JASSCLUB_E2E_BUILT=1``: every browser test on the built static files."""
    if os.environ.get("JASSCLUB_E2E_BUILT") and "/e2e/" in str(request.node.path):
        request.getfixturevalue("built")


def pytest_collection_modifyitems(items):
    """Mark the browser tests ``e2e``; each may run a second time after a failure
    (pytest-rerunfailures), said in the summary ("1 rerun", and its R line with why).
    A phone's timing in a browser on a busy machine can lose a race that a scorer's
    thumb never would; a defect fails both runs. Every rerun is looked at: those CI
    showed so far were races in the table screen's own script, and fixed."""
    for item in items:
        if "/e2e/" in str(item.path):
            item.add_marker(pytest.mark.e2e)
            if item.config.pluginmanager.hasplugin("rerunfailures"):  # (-p no:rerunfailures)
                item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    path = find_browser()
    if path is None:
        pytest.fail(
            "No Chromium for the browser tests: `apt-get install chromium` "
            "(or `.venv/bin/playwright install chromium`), or set JASSCLUB_CHROMIUM."
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def other_hosts() -> list[str]:
    """Requests the page tried to send to any host but the live server (blocked)."""
    return []


class InFlight:
    """The live server's application, counting the requests it is answering."""

    def __init__(self, app):
        self.app, self.count, self.lock = app, 0, threading.Lock()

    def __call__(self, environ, start_response):
        with self.lock:
            self.count += 1
        try:
            return self.app(environ, start_response)  # answered: its transaction is over
        finally:
            with self.lock:
                self.count -= 1


def counted(live_server) -> InFlight:
    httpd = live_server.thread.httpd
    if not isinstance(httpd.get_app(), InFlight):
        httpd.set_app(InFlight(httpd.get_app()))
    return httpd.get_app()


def quiet(live_server) -> None:
    """Wait (at most 15 s) until the live server has answered every request a closed
    browser context left in flight: a phone sending its waiting hands as a test ends
    would write into the tables the test database's flush is emptying."""
    app = counted(live_server)
    deadline = time.monotonic() + 15
    while app.count and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.fixture
def page(transactional_db, browser, live_server, other_hosts):
    """A phone-sized page (the database set up first, so that it is emptied after the
    page's context is closed and its requests answered)."""
    counted(live_server)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="en-GB"
    )
    own_host = urlsplit(live_server.url).netloc

    def only_the_site(route):
        if urlsplit(route.request.url).netloc == own_host:
            route.continue_()
        else:
            other_hosts.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.set_default_timeout(10_000)
    refused = []  # what the Content-Security-Policy blocked: the pages must need none of it
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    yield page
    context.unroute_all(behavior="ignoreErrors")  # a live poll may still be in flight
    context.close()
    quiet(live_server)
    assert refused == [], "the page broke its own Content-Security-Policy"


def own_host_only(context, live_server) -> list[str]:
    """Let ``context`` reach the live server alone: the requests its pages tried to
    send to any other host are blocked and listed (the list is returned)."""
    own_host = urlsplit(live_server.url).netloc
    elsewhere: list[str] = []

    def only_the_site(route):
        if urlsplit(route.request.url).netloc == own_host:
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    return elsewhere


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, caret="initial")  # no style injected
    return path


def has_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def sign_in(page, live_server, username: str, password: str) -> None:
    """Sign in through the sign-in page, as a person would."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/")


@pytest.fixture
def scorer(page, live_server, transactional_db):
    """A scorer of a club, signed in on ``page``."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role

    club = Club.objects.create(name="Jass-Club Test", slug="test-club")
    user = get_user_model().objects.create_user("scorer", password="jass-test-pw")
    Member.objects.create(club=club, name="Scorer", user=user, role=Role.SCORER)
    sign_in(page, live_server, "scorer", "jass-test-pw")
    return user
