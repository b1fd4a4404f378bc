"""A seat's own link: whoever holds it plays that seat of a game from their own phone
(a game whose players are each for themselves: Différenzler, RULES.md §10). Access, as
the spectator links: the core checks it, a kind and a tournament's table hand it out."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from jassclub.links import RevocableLink
from scoring.models.choices import SEAT_CHOICES
from scoring.models.games import Game


class SeatLink(RevocableLink):
    """A Différenzler player's own phone: whoever holds the link types that seat's
    estimates, and sees the game once the hands are scored; nothing else."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_links")
    seat = models.PositiveSmallIntegerField(_("seat"), choices=SEAT_CHOICES)
    # the one phone that holds the seat: the first to open the link (a digest of the
    # key in that phone's cookie); only a new link, made by the scorer or the
    # tournament director, lets another phone in
    holder = models.CharField(max_length=64, blank=True, editable=False)
    held_at = models.DateTimeField(_("opened"), null=True, blank=True, editable=False)
    held_on = models.CharField(_("phone"), max_length=200, blank=True, editable=False)

    class Meta:
        verbose_name = _("seat link")
        verbose_name_plural = _("seat links")
        ordering = ["seat", "-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(seat__lte=3), name="seat_link_seat"),
            models.UniqueConstraint(
                fields=["game", "seat"],
                condition=Q(revoked_at__isnull=True),
                name="seat_link_once_per_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} ({self.get_seat_display()})"

    def get_absolute_url(self) -> str:
        return reverse("scoring:seat", args=[self.token])
