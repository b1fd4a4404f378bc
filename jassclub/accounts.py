"""Accounts: Django's own views, with one addition for the sign-in limit."""

from __future__ import annotations

from axes.utils import reset as reset_signin_attempts
from django.contrib.auth import views as auth_views


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Choosing a new password from the link sent by email also lifts the sign-in
    lock of that username (django-axes), so a locked person is never stuck."""

    def form_valid(self, form):
        response = super().form_valid(form)
        reset_signin_attempts(username=form.user.get_username())
        return response
