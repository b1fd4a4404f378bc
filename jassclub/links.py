"""Links that grant access (invitations, spectator links, later table links): an
unguessable token, who made it, and a revocation that closes it for good."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from jassclub.tokens import new_token


class RevocableLink(models.Model):
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        abstract = True

    def revoke(self) -> None:
        if self.revoked_at is None:
            self.revoked_at = timezone.now()
            self.save(update_fields=["revoked_at"])
