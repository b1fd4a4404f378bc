"""Différenzler at the table (RULES.md §10): the hand being played, its sealed estimates
and their history. Models of the ``scoring`` app, loaded with it from the kind's package
(``ScoringConfig.import_models``)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models import SEAT_CHOICES, TRUMP_CHOICES, Game, SeatLink


class OpenHand(models.Model):
    """The Différenzler hand being played, before its points are in: its trump (drawn or
    tapped) and, once the scorer starts it, when. Its estimates are sealed in
    ``Estimate`` rows; recording the points stores the ``Hand`` and removes both."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="open_hand")
    number = models.PositiveIntegerField(_("hand"))
    trump = models.CharField(_("trump"), max_length=10, choices=TRUMP_CHOICES, blank=True)
    trump_drawn = models.BooleanField(_("drawn at random"), default=False)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)

    class Meta:
        app_label = "scoring"  # the core app's tables and migrations (a kind adds none)
        verbose_name = _("hand being played")
        verbose_name_plural = _("hands being played")

    def __str__(self) -> str:
        return f"{self.game} #{self.number}"


class Estimate(models.Model):
    """One player's sealed estimate of the card points they will make in a hand: shown to
    nobody (the scorer included) until that hand's points are recorded."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="estimates")
    number = models.PositiveIntegerField(_("hand"))
    seat = models.PositiveSmallIntegerField(_("seat"), choices=SEAT_CHOICES)
    value = models.PositiveSmallIntegerField(_("estimate"))
    own_phone = models.BooleanField(_("typed on the player's own phone"), default=False)
    link = models.ForeignKey(
        SeatLink, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )  # the seat's phone that sealed it (None: the phone passed round), which may show it
    updated_at = models.DateTimeField(_("when"), auto_now=True)

    class Meta:
        app_label = "scoring"  # the core app's tables and migrations (a kind adds none)
        verbose_name = _("estimate")
        verbose_name_plural = _("estimates")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number", "seat"], name="estimate_once_per_seat"
            ),
            models.CheckConstraint(condition=Q(seat__lte=3), name="estimate_seat"),
            models.CheckConstraint(condition=Q(value__lte=157), name="estimate_at_most_157"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.number} {self.get_seat_display()}"


class EstimateChange(models.Model):
    """Each time a Différenzler estimate was sealed or changed, and each attempt to
    reach a seat that was refused (another phone opening a seat held by its player's
    phone, the phone passed round changing what only the player's phone may): the
    game's changes keep who, when and how. ``value`` is shown once the hand is scored,
    never before."""

    SEALED, CHANGED, REFUSED = "sealed", "changed", "refused"
    ACTIONS = [(SEALED, _("sealed")), (CHANGED, _("changed")), (REFUSED, _("refused"))]
    OWN_PHONE, PASSED_ROUND, OTHER_PHONE = "own", "shared", "other"
    WAYS = [
        (OWN_PHONE, _("on the player's own phone")),
        (PASSED_ROUND, _("on the phone passed round")),
        (OTHER_PHONE, _("on another phone")),
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="estimate_changes")
    number = models.PositiveIntegerField(_("hand"))
    seat = models.PositiveSmallIntegerField(_("seat"), choices=SEAT_CHOICES)
    action = models.CharField(_("change"), max_length=10, choices=ACTIONS)
    way = models.CharField(_("where"), max_length=10, choices=WAYS)
    value = models.PositiveSmallIntegerField(_("estimate"), null=True, blank=True)
    device = models.CharField(_("device"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        app_label = "scoring"  # the core app's tables and migrations (a kind adds none)
        verbose_name = _("estimate change")
        verbose_name_plural = _("estimate changes")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.game} #{self.number} {self.get_seat_display()}: {self.action}"
