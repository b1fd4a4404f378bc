import pytest
from django.test import override_settings


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
