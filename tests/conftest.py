import os

import pytest
from django.test import override_settings
from hypothesis import settings as hypothesis_settings

# CI runs the property tests on a fixed set of examples so that a run is repeatable;
# on a developer's machine they explore new examples every time.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


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
