"""Clubs, their members and roles, invitations. A club's games are its members' only."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from jassclub.links import RevocableLink

# A club's usual suit names, and each game's (``scoring.models.Game.suit_style``).
SUIT_STYLES = [
    ("french", _("French suits (♥ ♦ ♣ ♠)")),
    ("german", _("German-Swiss suits (Rosen, Schellen, Schilten, Eicheln)")),
]
PRESET_CHOICES = [
    ("chibre", _("Chibre to 1000")),
    ("pique-double", _("Pique double to 1500")),
    ("schieber-2500", _("Schieber to 2500")),
    ("tournament", _("Tournament, 16 hands")),
]


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), max_length=50, unique=True)
    place = models.CharField(_("place"), max_length=100, blank=True)
    logo = models.ImageField(_("logo"), upload_to="logos/", blank=True)
    suit_style = models.CharField(
        _("suit names"), max_length=10, choices=SUIT_STYLES, default="french"
    )
    default_preset = models.CharField(
        _("usual game"), max_length=20, choices=PRESET_CHOICES, default="chibre"
    )
    language = models.CharField(
        _("language"), max_length=5, choices=settings.LANGUAGES, default="fr"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club", args=[self.slug])


class Role(models.TextChoices):
    ADMIN = "admin", _("admin")
    SCORER = "scorer", _("scorer")
    MEMBER = "member", _("member")


ROLE_RANK = {Role.MEMBER: 1, Role.SCORER: 2, Role.ADMIN: 3}


class Member(models.Model):
    """A person in a club: a player name, a role, and maybe a user account.

    One person (one account) can be a member of several clubs; a member without an
    account is a player the club's admin added by name. Someone who joins under the
    name of such a player becomes a member of their own whose ``claim`` on that
    player waits for an admin (``clubs.services.link_claim``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(_("player name"), max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="memberships",
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)
    claim = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="claims",
        verbose_name=_("says they are"),
        help_text=_("A player without an account; an admin links them or refuses."),
    )

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="member_name_once_per_club"),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(user__isnull=False),
                name="account_once_per_club",
            ),
            models.CheckConstraint(
                condition=Q(claim__isnull=True) | Q(user__isnull=False),
                name="member_claims_with_an_account",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def can(self, role: str) -> bool:
        """Whether this member's role is at least ``role``."""
        return ROLE_RANK[Role(self.role)] >= ROLE_RANK[Role(role)]


MAX_INVITATION_USES = 100


class InvitationQuerySet(models.QuerySet):
    def current(self) -> InvitationQuerySet:
        """Neither expired nor revoked (maybe used up)."""
        return self.filter(revoked_at__isnull=True, expires_at__gt=timezone.now())

    def usable(self) -> InvitationQuerySet:
        return self.current().filter(uses__lt=F("uses_allowed"))


class Invitation(RevocableLink):
    """A link that lets whoever holds it join a club, as many times as it allows,
    until it expires or is revoked."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    expires_at = models.DateTimeField(_("expires"))
    uses_allowed = models.PositiveSmallIntegerField(
        _("uses allowed"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_INVITATION_USES)],
    )
    uses = models.PositiveSmallIntegerField(_("uses"), default=0)

    objects = InvitationQuerySet.as_manager()

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(uses_allowed__gte=1) & Q(uses__lte=F("uses_allowed")),
                name="invitation_used_at_most_as_allowed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} ({self.get_role_display()})"

    def get_absolute_url(self) -> str:
        return reverse("clubs:join", args=[self.token])

    @property
    def uses_left(self) -> int:
        return max(self.uses_allowed - self.uses, 0)

    @property
    def used_up(self) -> bool:
        return self.uses_left == 0

    @property
    def usable(self) -> bool:
        return self.revoked_at is None and self.expires_at > timezone.now() and not self.used_up
