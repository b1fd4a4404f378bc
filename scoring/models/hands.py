"""Hands as the game file holds them, and the history of every change to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring import rules
from scoring.models.choices import TEAM_CHOICES, TRUMP_CHOICES
from scoring.models.games import Game
from scoring.rules import gamefile
from scoring.rules.differenzler import DiffHand


def empty_weis() -> list[list[object]]:
    return [[], []]


class Hand(models.Model):
    """One hand exactly as the game file holds it (game-format.md "hands")."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("hand"))
    trump = models.CharField(_("trump"), max_length=10, choices=TRUMP_CHOICES)
    cards_0 = models.PositiveSmallIntegerField(_("card points, team 1"), null=True, blank=True)
    cards_1 = models.PositiveSmallIntegerField(_("card points, team 2"), null=True, blank=True)
    # Différenzler (RULES.md §10): each player's card points (``cards_0`` … ``cards_3`` in
    # seat order) and the estimates revealed with them
    cards_2 = models.PositiveSmallIntegerField(_("card points, seat 3"), null=True, blank=True)
    cards_3 = models.PositiveSmallIntegerField(_("card points, seat 4"), null=True, blank=True)
    estimate_0 = models.PositiveSmallIntegerField(_("estimate, seat 1"), null=True, blank=True)
    estimate_1 = models.PositiveSmallIntegerField(_("estimate, seat 2"), null=True, blank=True)
    estimate_2 = models.PositiveSmallIntegerField(_("estimate, seat 3"), null=True, blank=True)
    estimate_3 = models.PositiveSmallIntegerField(_("estimate, seat 4"), null=True, blank=True)
    match = models.PositiveSmallIntegerField(
        _("match"), choices=TEAM_CHOICES, null=True, blank=True
    )
    weis = models.JSONField(_("Weis"), default=empty_weis, blank=True)
    stoeck = models.PositiveSmallIntegerField(
        _("Stöck"), choices=TEAM_CHOICES, null=True, blank=True
    )
    out_first = models.PositiveSmallIntegerField(
        _("went out first"), choices=TEAM_CHOICES, null=True, blank=True
    )
    chooser = models.CharField(_("chose trump"), max_length=gamefile.MAX_PLAYER_NAME, blank=True)
    chibre = models.BooleanField(_("chibré"), default=False)
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_once_per_game"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_1"),
            models.CheckConstraint(
                condition=Q(cards_0__isnull=True, cards_1__isnull=True)
                | Q(cards_0__isnull=False, cards_1__isnull=False),
                name="hand_cards_both_or_neither",
            ),
            models.CheckConstraint(  # a Différenzler hand is stored whole
                condition=Q(
                    cards_2__isnull=True,
                    cards_3__isnull=True,
                    estimate_0__isnull=True,
                    estimate_1__isnull=True,
                    estimate_2__isnull=True,
                    estimate_3__isnull=True,
                )
                | Q(
                    cards_0__isnull=False,
                    cards_1__isnull=False,
                    cards_2__isnull=False,
                    cards_3__isnull=False,
                    estimate_0__isnull=False,
                    estimate_1__isnull=False,
                    estimate_2__isnull=False,
                    estimate_3__isnull=False,
                ),
                name="hand_differenzler_whole",
            ),
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}

    def to_rules(self) -> rules.Hand:
        cards = None if self.cards_0 is None else (self.cards_0, self.cards_1)
        return rules.Hand(
            trump=self.trump,
            cards=cards,  # type: ignore[arg-type]
            match=self.match,
            weis=(tuple(self.weis[0]), tuple(self.weis[1])),
            stoeck=self.stoeck,
            out_first=self.out_first,
            chooser=self.chooser or None,
            chibre=self.chibre,
        )

    def to_diff(self) -> DiffHand:
        """A Différenzler hand: the trump, the four estimates and card points."""
        return DiffHand(
            trump=self.trump,
            estimates=(self.estimate_0, self.estimate_1, self.estimate_2, self.estimate_3),  # type: ignore[arg-type]
            cards=(self.cards_0, self.cards_1, self.cards_2, self.cards_3),  # type: ignore[arg-type]
        )

    @classmethod
    def from_diff(cls, game: Game, number: int, hand: DiffHand) -> Hand:
        e, c = hand.estimates, hand.cards
        return cls(
            game=game,
            number=number,
            trump=hand.trump,
            **{f"estimate_{seat}": e[seat] for seat in range(4)},
            **{f"cards_{seat}": c[seat] for seat in range(4)},
        )

    @classmethod
    def from_rules(cls, game: Game, number: int, hand: rules.Hand) -> Hand:
        cards = hand.cards or (None, None)
        return cls(
            game=game,
            number=number,
            trump=hand.trump,
            cards_0=cards[0],
            cards_1=cards[1],
            match=hand.match,
            weis=[list(hand.weis[0]), list(hand.weis[1])],
            stoeck=hand.stoeck,
            out_first=hand.out_first,
            chooser=hand.chooser or "",
            chibre=hand.chibre,
        )


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
