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
