"""Hands as the game file holds them, and the history of every change to them."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.models.games import Game


def empty_weis() -> list[list[object]]:
    return [[], []]


class Hand(models.Model):
    """One hand exactly as the game file holds it (game-format.md "hands"): its record,
    a JSON object of the game's kind (``scoring.kinds``), checked by the kind's rules
    before it is stored. Every kind keeps its hands so; none adds columns."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("hand"))
    record = models.JSONField(_("hand"), help_text=_("The hand as the game file holds it."))
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_once_per_game"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_1"),
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}

    def read(self) -> Any:
        """The hand as its game's kind counts it (``GameKind.read_hand``)."""
        return registry.of(self.game.ruleset).read_hand(self.record)

    @classmethod
    def of(cls, game: Game, number: int, hand: Any) -> Hand:
        """Hand ``number`` of ``game``: ``hand`` as its kind's rules hold it."""
        return cls(game=game, number=number, record=registry.of(game.ruleset).write_hand(hand))


class HandChange(models.Model):
    """Every change to a game's hands, kept for the table to see: which hand, what it
    was before and after, when, from which device or user. ``form_key`` is the key
    of the form that asked for it, so that a form sent twice changes the game once."""

    RECORDED = "recorded"
    EDITED = "edited"
    UNDONE = "undone"
    ACTIONS = [(RECORDED, _("recorded")), (EDITED, _("corrected")), (UNDONE, _("undone"))]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    hand_number = models.PositiveIntegerField(_("hand"))
    action = models.CharField(_("change"), max_length=10, choices=ACTIONS)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    form_key = models.UUIDField(_("form key"), unique=True, null=True, blank=True)
    device = models.CharField(_("device"), max_length=200, blank=True)
    reason = models.CharField(_("why"), max_length=200, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.hand_number}"
