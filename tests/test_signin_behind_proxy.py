"""The sign-in limit behind the TLS proxy of the README: attempts are counted for the
client's address read from X-Forwarded-For, never for the proxy's, so wrong passwords
typed by one client do not lock everybody out; and only X-Forwarded-For written by a
trusted proxy is believed, so a client cannot choose the address it is counted for."""

from __future__ import annotations

import ipaddress

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

PROXY = "10.0.0.2"  # what every request seems to come from behind the proxy


def attempt(client_address: str, password: str, forwarded: str | None = None, via=PROXY):
    browser = Client(
        REMOTE_ADDR=via,
        HTTP_X_FORWARDED_FOR=forwarded or client_address,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    response = browser.post(reverse("login"), {"username": "admin", "password": password})
    return response, browser


@pytest.fixture
def admin(db):
    return get_user_model().objects.create_user(
        "admin", email="admin@example.ch", password="the-right-password"
    )


def counted_for() -> list[str]:
    """The addresses the sign-in limit holds failed attempts for."""
    return sorted(set(AccessAttempt.objects.values_list("ip_address", flat=True)))


@pytest.fixture
def one_proxy(settings):
    settings.PROXY_COUNT = 1
    settings.TRUSTED_PROXIES = [ipaddress.ip_network(PROXY)]


@pytest.fixture
def two_proxies(settings):
    """The client, then a load balancer at 10.0.0.1, then the TLS proxy at 10.0.0.2."""
    settings.PROXY_COUNT = 2
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/24")]


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


def test_a_client_reaching_the_app_directly_cannot_forge_its_address(admin, one_proxy):
    """A client that connects to the app server itself, not through the proxy, writes
    the X-Forwarded-For it likes: it is not believed, so a new address at every try
    does not escape the limit."""
    for n in range(5):
        locked, _browser = attempt("", "wrong", f"192.0.2.{n}", via="203.0.113.7")

    assert locked.status_code == 429
    assert counted_for() == ["203.0.113.7"]


def test_behind_two_proxies_the_client_is_the_address_the_outer_one_saw(admin, two_proxies):
    for n in range(5):
        locked, _browser = attempt("", "wrong", f"192.0.2.{n}, 203.0.113.7, 10.0.0.1")

    assert locked.status_code == 429
    assert counted_for() == ["203.0.113.7"]


def test_a_client_that_skips_the_outer_proxy_is_counted_for_its_own_address(admin, two_proxies):
    """It reaches the inner proxy directly, which appends the client's own address: the
    entry before it was written by the client, not by the outer proxy."""
    for n in range(5):
        locked, _browser = attempt("", "wrong", f"192.0.2.{n}, 203.0.113.7")

    assert locked.status_code == 429
    assert counted_for() == ["203.0.113.7"]


@pytest.mark.parametrize(
    "forwarded",
    [",,,", "not-an-address", "999.1.1.1", "\x00", "é", "a" * 10_000, "203.0.113.7:5678"],
)
def test_a_forwarded_address_that_is_not_one_counts_for_the_proxy(admin, one_proxy, forwarded):
    """Only a proxy that is not what the settings say writes that: the sign-in page
    answers as always, and the attempt is counted for the proxy it came through."""
    page, _browser = attempt("", "wrong", forwarded)

    assert page.status_code == 200
    assert "Please enter a correct username and password" in page.content.decode()
    assert counted_for() == [PROXY]


def test_an_unreadable_address_forged_before_the_proxys_counts_for_the_client(admin, one_proxy):
    attempt("", "wrong", "not-an-address, 203.0.113.7")

    assert counted_for() == ["203.0.113.7"]


def test_behind_a_unix_socket_the_proxys_forwarded_address_counts(admin, one_proxy):
    """The app server listens on a unix socket that only the proxy of this machine
    reaches: the connection has no address, and the proxy is believed."""
    for _ in range(5):
        locked, _browser = attempt("203.0.113.7", "wrong", via="")

    assert locked.status_code == 429
    assert counted_for() == ["203.0.113.7"]


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


def test_wrong_passwords_from_one_ipv6_64_lock_all_of_it(admin, one_proxy):
    """A phone or a home gets a whole IPv6 /64 and may pick a new address in it for
    every try: the limit counts the /64, as the signing codes do; another /64 is
    another client."""
    answers = [attempt(f"2001:db8:7:1::{n:x}", "wrong")[0].status_code for n in range(1, 41)]

    right, browser = attempt("2001:db8:7:1:abcd:ef01:2345:6789", "the-right-password")
    elsewhere, other = attempt("2001:db8:7:2::1", "the-right-password")

    assert answers[:4] == [200] * 4  # the form again, with its message
    assert set(answers[5:]) == {429}
    assert right.status_code == 429
    assert "_auth_user_id" not in browser.session
    assert counted_for() == ["2001:db8:7:1::"]
    assert elsewhere.status_code == 302
    assert "_auth_user_id" in other.session
