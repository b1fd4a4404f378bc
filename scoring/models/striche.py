"""A club's Strich table (RULES.md §12, "Club options"): what each award of a Schieber
game is worth in Striche, whether the Berg and the Schneider count, how a tie at the
Berg line is decided, and how the club ranks an evening. A club without a row has §12's
defaults. Kept here, beside the games, because the clubs app may not know of games
(issue 12); the team game writes the table into each new game's ruleset
(``scoring.kinds.team.striche_setting.strich_table_for``), and the evenings read how
they are ranked (``scoring.evenings``)."""

from __future__ import annotations

from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.rules.strichtable import (
    AWARDS,
    LEAST_SIEG,
    MOST_STRICHE,
    StrichTable,
    strich_table,
)

# an award is worth 0–10 Striche, a Sieg at least 1 (RULES.md §12): the engine's bounds
LEAST = {name: LEAST_SIEG if name == "sieg" else 0 for name in AWARDS}
DEFAULTS: dict[str, Any] = StrichTable().to_dict()  # §12's (jassguru's) table


class BergTie(models.TextChoices):
    TABLE = "table", _("the table says which team was first")
    HIGHER = "higher", _("the team with the higher total after that hand")


class RankBy(models.TextChoices):
    DIFFERENCE = "difference", _("the difference of Striche made and received")
    MADE = "made", _("the Striche made")


def _award(name: str, label: Any) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        label,
        default=DEFAULTS[name],
        validators=[MinValueValidator(LEAST[name]), MaxValueValidator(MOST_STRICHE)],
    )


class ClubStriche(models.Model):
    """A club's Strich table and how its evenings are ranked (one row per club, made
    when an admin first saves the club's Striche)."""

    club = models.OneToOneField(
        "clubs.Club", on_delete=models.CASCADE, primary_key=True, related_name="strich_table"
    )
    sieg = _award("sieg", _("Sieg"))
    berg = _award("berg", _("Berg"))
    matsch = _award("matsch", _("Matsch"))
    kontermatsch = _award("kontermatsch", _("Kontermatsch"))
    schneider = _award("schneider", _("Schneider"))
    with_berg = models.BooleanField(_("the Berg counts"), default=True)
    with_schneider = models.BooleanField(_("the Schneider counts"), default=True)
    berg_tie = models.CharField(
        _("both teams reach the Berg line on trick points in one hand"),
        max_length=10,
        choices=BergTie.choices,
        default=BergTie.TABLE,
    )
    rank_by = models.CharField(
        _("an evening is ranked by"),
        max_length=10,
        choices=RankBy.choices,
        default=RankBy.DIFFERENCE,
    )
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("club's Strich table")
        verbose_name_plural = _("clubs' Strich tables")
        constraints = [
            models.CheckConstraint(
                condition=Q(sieg__gte=1, sieg__lte=MOST_STRICHE)
                & Q(berg__lte=MOST_STRICHE)
                & Q(matsch__lte=MOST_STRICHE)
                & Q(kontermatsch__lte=MOST_STRICHE)
                & Q(schneider__lte=MOST_STRICHE),
                name="strich_table_within_bounds",
            ),
            models.CheckConstraint(
                condition=Q(berg_tie__in=("table", "higher")), name="strich_table_berg_tie"
            ),
            models.CheckConstraint(
                condition=Q(rank_by__in=("difference", "made")), name="strich_table_rank_by"
            ),
        ]

    def __str__(self) -> str:
        return str(self.club)

    def table(self) -> dict[str, Any]:
        """The table as a game file's ``ruleset.striche`` writes it (game-format.md
        "Striche"), every field written out."""
        return {name: getattr(self, name) for name in DEFAULTS}

    def strich_table(self) -> StrichTable:
        """The table as the engine counts with it (checked by the engine's own rules)."""
        table = strich_table(self.table())
        assert table is not None
        return table


def club_striche(club_id: int | None) -> ClubStriche:
    """The club's Strich table: its row, or an unsaved one with §12's defaults."""
    found = ClubStriche.objects.filter(club_id=club_id).first() if club_id else None
    return found or ClubStriche(club_id=club_id)
