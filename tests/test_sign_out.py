"""Signing out on a phone that several people use (issue 23): the answer tells the
phone to forget what it kept for the one leaving; the sign-out button comes with the
question asked when hands still wait on the phone."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.test_table import new_game
from tests.test_table_refusals import table_screen, typist_of

pytestmark = pytest.mark.django_db


def sign_out(client, language: str = "en"):
    return client.post(reverse("logout"), HTTP_ACCEPT_LANGUAGE=language)


def test_sign_out_tells_the_phone_to_forget_its_pages_hands_and_worker(client):
    response = sign_out(client)

    assert response.status_code == 200  # not a redirect: Firefox honours the header on a 2xx only
    directives = {d.strip() for d in response["Clear-Site-Data"].split(",")}
    assert directives == {'"cache"', '"storage"'}
    html = response.content.decode()
    assert "You are signed out." in html
    assert "This phone no longer keeps your table screens or your hands" in html
    assert "data-forget" in html  # the page's script clears the same again
    assert client.get(reverse("clubs:account")).status_code == 302  # signed out


def test_sign_out_leaves_the_phones_own_cookies(client):
    client.cookies["django_language"] = "de"
    client.cookies["jass_device"] = "a1b2c3d4"

    response = sign_out(client)

    assert '"cookies"' not in response["Clear-Site-Data"]
    assert '"*"' not in response["Clear-Site-Data"]
    assert "django_language" not in response.cookies  # neither set nor deleted
    assert "jass_device" not in response.cookies
    assert response.cookies["sessionid"]["max-age"] == 0  # the session's own is gone


def test_the_signed_out_page_speaks_the_phones_language(client):
    html = sign_out(client, "de").content.decode()

    assert "Abgemeldet" in html or "abgemeldet" in html
    assert "Clear-Site-Data" not in html


def test_the_account_page_asks_before_dropping_hands_still_waiting(client):
    game = new_game()
    mark = typist_of(table_screen(client, game))

    html = client.get(reverse("clubs:account"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    form = re.search(r'<form method="post" action="/accounts/logout/"[^>]*>', html).group(0)
    assert f'data-typist="{mark}"' in form  # the hands of this person can be sent
    assert 'role="alertdialog"' in html
    assert 'aria-labelledby="sign-out-title"' in html
    assert "Hands are waiting on this phone" in html
    assert "Send my hands, then sign out" in html
    assert "Delete them and sign out" in html
    assert "/static/js/sign_out.js" in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ("Des donnes attendent sur ce téléphone", "Annuler")),
        ("de", ("Auf diesem Handy warten Spiele", "Abbrechen")),
        ("it", ("Ci sono smazzate in attesa su questo telefono", "Annullare")),
    ],
)
def test_the_sign_out_question_is_translated(client, language, words):
    html = client.get(reverse("clubs:account"), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    for word in words:
        assert word in html
