"""The sign-in limit behind the TLS proxy of the README: attempts are counted for the
client's address read from X-Forwarded-For, never for the proxy's, so wrong passwords
typed by one client do not lock everybody out."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

PROXY = "10.0.0.2"  # what every request seems to come from behind the proxy


def attempt(client_address: str, password: str, forwarded: str | None = None):
    browser = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded or client_address)
    response = browser.post(reverse("login"), {"username": "admin", "password": password})
    return response, browser


@pytest.fixture
def admin(db):
    return get_user_model().objects.create_user(
        "admin", email="admin@example.ch", password="the-right-password"
    )


@pytest.fixture
def one_proxy(settings):
    settings.PROXY_COUNT = 1


def test_wrong_passwords_from_one_client_do_not_lock_another(admin, one_proxy):
    for _ in range(5):
        locked, _browser = attempt("203.0.113.7", "wrong")

    own, browser = attempt("198.51.100.9", "the-right-password")

    assert locked.status_code == 429
    assert own.status_code == 302
    assert "_auth_user_id" in browser.session


def test_a_forged_forwarded_address_does_not_escape_the_limit(admin, one_proxy):
    """The proxy appends the address it saw: what the client put before it is not
    believed, so changing it at every try does not reset the count."""
    for n in range(5):
        locked, _browser = attempt("203.0.113.7", "wrong", f"192.0.2.{n}, 203.0.113.7")

    again, _browser = attempt("203.0.113.7", "the-right-password", "192.0.2.99, 203.0.113.7")

    assert locked.status_code == 429
    assert again.status_code == 429


def test_without_proxies_the_connections_address_counts(admin, settings):
    settings.PROXY_COUNT = 0
    for n in range(5):
        locked, _browser = attempt("203.0.113.7", "wrong", f"192.0.2.{n}")

    assert locked.status_code == 429  # X-Forwarded-For is not read: the proxy's address


def test_a_locked_person_chooses_a_new_password_by_email_and_signs_in(admin, one_proxy):
    for _ in range(5):
        attempt("203.0.113.7", "wrong")
    browser = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7")

    browser.post(reverse("password_reset"), {"email": "admin@example.ch"})
    link = next(line for line in mail.outbox[0].body.splitlines() if "/accounts/reset/" in line)
    path = link[link.index("/accounts/reset/") :].strip()
    form = browser.get(path, follow=True)
    browser.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-new-long-password-42", "new_password2": "a-new-long-password-42"},
    )
    signed_in, browser = attempt("203.0.113.7", "a-new-long-password-42")

    assert signed_in.status_code == 302
    assert "_auth_user_id" in browser.session
