"""Accounts: Django's own views, with additions for the sign-in limit and for a phone
that several people use (issue 23): whose hands it keeps, and what it forgets when
someone signs out."""

from __future__ import annotations

from collections.abc import Callable

from axes.utils import reset as reset_signin_attempts
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import constant_time_compare, salted_hmac

# What signing out clears on the phone (honoured on https and on localhost): "storage"
# is the table screens kept for offline use (CacheStorage), the hands waiting and the
# last tables (IndexedDB), local and session storage and the service worker; "cache"
# is the HTTP cache, so that Back shows no page of the one who left. Not "cookies": it
# would clear every cookie of the whole domain, the phone's language among them, and
# the session cookie is already deleted by the sign-out itself.
CLEAR_SITE_DATA = '"cache", "storage"'

TYPIST_SALT = "jassclub.accounts.typist"


def typist(request: HttpRequest) -> str:
    """An opaque mark of who uses this browser now: the signed-in user, or nobody
    signed in (a tournament table's phone, opened from the table's link). The table
    screen puts it in its hand form; a hand kept on the phone carries it, and is sent,
    and recorded, only for the same one (``typed_by_someone_else``)."""
    user = getattr(request, "user", None)
    who = f"user {user.pk}" if user is not None and user.is_authenticated else "no account"
    return salted_hmac(TYPIST_SALT, who).hexdigest()[:20]


TYPIST_HEADER = "Jassclub-Typist"


class TypistHeaderMiddleware:
    """Every page says whom it was drawn for, in the header ``Jassclub-Typist``: the
    :func:`typist` mark (opaque, an HMAC: it names nobody and opens nothing; the table
    screen shows it too). The service worker (``templates/scoring/sw.js``) keeps a
    table screen for that mark and shows it offline to nobody else, and when a page
    names another mark (someone else signed in, or the session ended) it forgets the
    pages it kept for anyone else. Only on a page (a GET answered with HTML, not a 304):
    the mark reads the session, which such a page has read already."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        html = response.get("Content-Type", "").startswith("text/html")
        if request.method == "GET" and html and response.status_code != 304:
            response[TYPIST_HEADER] = typist(request)
        return response


def typed_by_someone_else(request: HttpRequest) -> bool:
    """Whether the form posted says it was drawn for someone else than who is signed
    in now (a hand kept on a shared phone, sent after another person signed in). A
    form without the mark (drawn before it existed) says nothing."""
    posted = request.POST.get("typist", "")
    return bool(posted) and not constant_time_compare(posted, typist(request))


class LogoutView(auth_views.LogoutView):
    """Signing out answers with the signed-out page, not a redirect, and tells the
    phone to forget what it kept (``CLEAR_SITE_DATA``; Firefox honours the header on a
    2xx answer only). The page's script clears the same again where the header is not
    supported; the hands still waiting were sent or deleted first, as the one signing
    out chose (``static/js/sign_out.js``)."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        logout(request)
        response = self.render_to_response(self.get_context_data())
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Choosing a new password from the link sent by email also lifts the sign-in
    lock of that username (django-axes), so a locked person is never stuck."""

    def form_valid(self, form):
        response = super().form_valid(form)
        reset_signin_attempts(username=form.user.get_username())
        return response
