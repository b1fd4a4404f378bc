"""Games, their teams and players, and the links that let others watch a game."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import SUIT_STYLES
from jassclub.links import RevocableLink
from scoring import extras, registry, rules
from scoring.models.choices import SEAT_CHOICES, TEAM_CHOICES
from scoring.rules import gamefile


class GameQuerySet(models.QuerySet):
    def with_everything(self) -> GameQuerySet:
        """Teams, players and hands in three more queries, whatever the number of games,
        and what the games' extras read with them (``extras.related()``)."""
        return self.prefetch_related("teams__players", "hands").select_related(*extras.related())


class Game(models.Model):
    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.CASCADE,
        related_name="games",
        null=True,
        blank=True,
        verbose_name=_("club"),
        help_text=_("Games without a club are seen by superusers only."),
    )
    name = models.CharField(_("name"), max_length=gamefile.MAX_NAME, blank=True)
    played_on = models.DateField(_("played on"), null=True, blank=True)
    ruleset = models.JSONField(
        _("ruleset"), help_text=_("The game file's ruleset, every field written out.")
    )
    suit_style = models.CharField(
        _("suit names"), max_length=10, choices=SUIT_STYLES, default="french"
    )
    first_chooser = models.PositiveSmallIntegerField(
        _("holds the 7 of diamonds"),
        choices=SEAT_CHOICES,
        default=0,
        help_text=_("The player who chooses trump in the first hand."),
    )
    form_key = models.UUIDField(_("form key"), unique=True, null=True, blank=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-played_on", "-created_at", "-id"]
        # a club's latest games in this order, read without sorting all of them
        indexes = [
            models.Index(fields=["club", "-played_on", "-created_at", "-id"], name="game_latest")
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_chooser__lte=3), name="game_first_chooser_is_a_seat"
            ),
        ]

    def __str__(self) -> str:
        return self.title()

    def get_absolute_url(self) -> str:
        return reverse("scoring:game", args=[self.pk])

    def title(self) -> str:
        """The game's name on the screen: composed by the game's extra in the active
        language when it makes one (a tournament table's game, from its tournament,
        pass and table), else the name the game keeps. The game file and the exports
        carry ``name`` itself. (Select ``extras.related()`` with the game to spare
        queries.)"""
        composed = extras.extra_for(self).title(self)
        return composed or self.name or _("Game %(id)s") % {"id": self.pk}

    @property
    def rules(self) -> rules.Ruleset:
        # Read as stored: a game started before the ruleset's bounds (issue 11) still
        # counts and shows as it did; every new ruleset is checked with them.
        return rules.parse_ruleset(self.ruleset, bounded=False)

    @property
    def individual(self) -> bool:
        """Four players each for themselves (``GameKind.each_for_themselves``: Différenzler,
        RULES.md §10): its players are kept as two "teams" of the seats 0 and 2, 1 and 3,
        without names."""
        return registry.of(self.ruleset).each_for_themselves

    def seat_names(self) -> tuple[str, str, str, str]:
        """The four players' names in seat order (teams and players prefetched)."""
        teams = sorted(self.teams.all(), key=lambda team: team.index)
        players = [team.ordered_players() for team in teams]
        names = [players[seat % 2][seat // 2].name for seat in range(4)]
        return (names[0], names[1], names[2], names[3])

    def record(self) -> Any:
        """The game as its game file holds it, whichever kind it is (``GameKind.record``;
        teams, players and hands prefetched)."""
        return registry.of(self.ruleset).asks("record")(self)

    def result(self) -> Any:
        """The game counted from its hands, whichever kind it is (teams and players
        prefetched): totals, ``over`` and the hands counted."""
        return self.record().result()

    def imposed_trump(self, number: int) -> str | None:
        """The trump imposed on hand ``number`` (a tournament's, through the game's
        extra: ``scoring.extras``); ``None`` for an ordinary game, whose trump the
        chooser picks. (Select ``extras.related()`` with the game to spare queries.)"""
        return extras.extra_for(self).imposed_trump(self, number)


class Team(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="teams")
    index = models.PositiveSmallIntegerField(_("team"), choices=TEAM_CHOICES)
    name = models.CharField(_("name"), max_length=gamefile.MAX_TEAM_NAME)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="team_once_per_game"),
            models.CheckConstraint(condition=Q(index__in=(0, 1, 2)), name="team_index_0_to_2"),
        ]

    def __str__(self) -> str:
        return self.name

    def ordered_players(self) -> list[Player]:
        return sorted(self.players.all(), key=lambda player: player.position)


class Player(models.Model):
    """A player of a game, by name (partners sit opposite; position 0 or 1 in the team)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    position = models.PositiveSmallIntegerField(_("position"), choices=[(0, "1"), (1, "2")])
    name = models.CharField(_("name"), max_length=gamefile.MAX_PLAYER_NAME)
    member = models.ForeignKey(
        "clubs.Member",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("member"),
        help_text=_("Empty for a guest."),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="player_once_per_seat"),
            models.CheckConstraint(condition=Q(position__in=(0, 1)), name="player_position_0_or_1"),
        ]

    def __str__(self) -> str:
        return self.name


class SpectatorLink(RevocableLink):
    """A read-only view of one game for whoever holds the link, until revoked."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="spectator_links")

    class Meta:
        verbose_name = _("spectator link")
        verbose_name_plural = _("spectator links")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} ({self.created_at:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("scoring:spectate", args=[self.token])
