"""A club's season championship (RULES.md §15): its settings and the events it counts."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from seasons import ranking, sources
from seasons.ranking import EVENING, MAX_BEST, MAX_MIN_EVENTS, MAX_WEIGHT, TOURNAMENT


def default_points() -> list[int]:
    return list(ranking.DEFAULT_POINTS)


def default_tie_breaks() -> list[str]:
    return list(ranking.DEFAULT_TIE_BREAKS)


class Season(models.Model):
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=200)
    points = models.JSONField(_("points per place"), default=default_points)
    beyond = models.PositiveSmallIntegerField(_("points of every place below the table"))
    best = models.PositiveSmallIntegerField(
        _("best results counted"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_BEST)],
    )
    min_events = models.PositiveSmallIntegerField(
        _("events played to be ranked"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_MIN_EVENTS)],
    )
    tie_breaks = models.JSONField(_("tie-breaks"), default=default_tie_breaks)
    # an imported season's players (its file's ``players``, some perhaps without an
    # event); a season of the club's events ranks whoever played them
    players = models.JSONField(_("players"), default=list, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("season championship")
        verbose_name_plural = _("season championships")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:season", args=[self.pk])

    @property
    def settings(self) -> ranking.Settings:
        return ranking.Settings(
            points=tuple(self.points),
            beyond=self.beyond,
            best=self.best,
            min_events=self.min_events,
            tie_breaks=tuple(self.tie_breaks),
        )


class SeasonEvent(models.Model):
    """An event the season counts: a tournament (``key``: its id) or a club evening
    (``key``: its date), whose ranking its source gives (``seasons.sources``); or, for
    an imported season, the ranking its file gave (``ranking``)."""

    KINDS = [(TOURNAMENT, _("tournament")), (EVENING, _("club evening"))]

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="events")
    position = models.PositiveSmallIntegerField(default=0)  # equal dates: this order
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    kind = models.CharField(_("kind"), max_length=12, choices=KINDS, default=TOURNAMENT)
    key = models.CharField(max_length=40, blank=True)  # the event for its source
    weight = models.PositiveSmallIntegerField(
        _("weight"), default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_WEIGHT)]
    )
    final = models.BooleanField(_("final"), default=False)
    # kept as given: [{"place": 1, "players": ["Anne"], "name": ""}, …]
    ranking = models.JSONField(_("ranking"), null=True, blank=True)

    class Meta:
        verbose_name = _("season event")
        verbose_name_plural = _("season events")
        ordering = ["date", "position", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(weight__gte=1) & Q(weight__lte=MAX_WEIGHT), name="season_event_weight"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def title(self) -> str:
        """Its name for the reader: a club evening's kind ("Différenzler evening") in
        the reader's language, whatever language it was added in; a tournament's own
        name, or an imported file's, as stored."""
        if self.kind == EVENING and not self.kept:
            source = sources.of(EVENING)
            shown = getattr(source, "shown_name", None)
            if shown is not None:
                return str(shown(self.name))
        return self.name

    @property
    def kept(self) -> bool:
        """Whether its ranking is the one it was imported with."""
        return self.ranking is not None
