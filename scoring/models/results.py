"""The statistics' copy of what each game came to for each of its players."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.models.choices import TEAM_CHOICES
from scoring.models.games import Game, Player


class PlayerResult(models.Model):
    """What one game came to for one of its players, as the club's statistics add it up
    (``scoring.rules.lines.TeamFigures`` of the player's team). Written by
    ``scoring.statistics`` in the transaction that changes the game's hands; the
    club, the date, the member and the team are the game's and the player's, copied
    so that a season's figures are summed from this table alone (a member's records
    moved to another member move these too: ``clubs.services._move_records``)."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="result"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="player_results")
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    played_on = models.DateField(_("played on"), null=True, blank=True)
    member = models.ForeignKey(
        "clubs.Member", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    team = models.PositiveSmallIntegerField(_("team"), choices=TEAM_CHOICES)
    hands = models.PositiveIntegerField(_("hands"), default=0)
    # big numbers: a game stored before the bounds of rulesets (issue 11) may count
    # its points in the thousands of billions; signed: a kind may count below zero (a
    # Coiffeur sheet with a counter-match penalty)
    points = models.BigIntegerField(_("points"), default=0)
    matches_made = models.PositiveIntegerField(_("matches made"), default=0)
    matches_suffered = models.PositiveIntegerField(_("matches suffered"), default=0)
    weis = models.PositiveBigIntegerField(_("Weis"), default=0)
    stoeck = models.PositiveBigIntegerField(_("Stöck"), default=0)
    finished = models.BooleanField(_("finished"), default=False)
    won = models.BooleanField(_("won"), default=False)
    rubicon_given = models.BooleanField(_("Rubicon given"), default=False)
    rubicon_suffered = models.BooleanField(_("Rubicon suffered"), default=False)
    out_on = models.CharField(_("went out on"), max_length=10, blank=True)
    # the game's kind (``GameKind.name``): each kind's lines add up its own rows. A
    # Différenzler game (RULES.md §10) keeps the player's own total difference and exact
    # estimates; its team figures stay 0
    kind = models.CharField(_("kind of game"), max_length=20)
    differences = models.PositiveBigIntegerField(_("total difference"), default=0)
    exact = models.PositiveIntegerField(_("exact estimates"), default=0)
    # a team game counted in Striche (RULES.md §12): the Striche the player's team made
    # and those the other team made; null in a game without Striche
    striche_made = models.PositiveIntegerField(_("Striche made"), null=True, blank=True)
    striche_received = models.PositiveIntegerField(_("Striche received"), null=True, blank=True)
    # the kind's own figures, by name (``KindLines.figures``, ``scoring.rules.figures``):
    # whole numbers a kind keeps besides the columns above, with no column of its own
    figures = models.JSONField(_("figures of its kind"), default=dict, blank=True)

    class Meta:
        verbose_name = _("player's result")
        verbose_name_plural = _("players' results")
        indexes = [
            models.Index(fields=["club", "played_on"], name="result_club_date"),
            # a club's sums by member and kind of game (``statistics.both_lines``) read
            # from this index alone, in the order they are grouped: every column they
            # filter on or add up is in it (SQLite has no INCLUDE)
            models.Index(
                fields=[
                    "club",
                    "member",
                    "kind",
                    "played_on",
                    "game",
                    "finished",
                    "won",
                    "hands",
                    "points",
                    "differences",
                    "exact",
                    "striche_made",
                    "striche_received",
                ],
                name="result_sums",
            ),
            # the club's evenings in Striche, latest first (``evenings.recent_evenings``):
            # a few rows of many, found without reading the club's every row
            models.Index(
                fields=["club", "-played_on"],
                condition=models.Q(striche_made__isnull=False),
                name="result_club_striche",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.game_id})"


class Totals(models.Model):
    """What a club's listed rows of a period add up to for one member and kind of game
    (``scoring.totals``): every figure of the leaderboard, and the kinds' own."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(
        "clubs.Member", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(_("kind of game"), max_length=20)
    games = models.PositiveIntegerField(_("games"), default=0)
    finished = models.PositiveIntegerField(_("finished"), default=0)
    wins = models.PositiveIntegerField(_("won"), default=0)
    hands = models.PositiveBigIntegerField(_("hands"), default=0)
    points = models.BigIntegerField(_("points"), default=0)  # signed, as the rows'
    differences = models.PositiveBigIntegerField(_("total difference"), default=0)
    exact = models.PositiveBigIntegerField(_("exact estimates"), default=0)
    # the games counted in Striche and their Striche (RULES.md §12)
    striche_games = models.PositiveIntegerField(_("games in Striche"), default=0)
    striche_made = models.PositiveBigIntegerField(_("Striche made"), default=0)
    striche_received = models.PositiveBigIntegerField(_("Striche received"), default=0)
    # the sums of the rows' own figures of their kind, by name (those not 0)
    figures = models.JSONField(_("figures of its kind"), default=dict, blank=True)

    class Meta:
        abstract = True


class MonthTotal(Totals):
    """A closed month of a club's listed games summed per member and kind of game: what
    the club's leaderboard adds up instead of every ``PlayerResult`` row of the month
    (``scoring.totals``). Made from the rows when first needed, dropped from a month on
    when a game of that month or later changes; each build ends with a row of no
    member for its last month, so that the latest month summed is known even when it
    had no games. A member's records moved to another member move these too (rows of
    one member, month and kind may then be two, and add up)."""

    month = models.DateField(_("month"))  # its first day

    class Meta:
        verbose_name = _("month's total")
        verbose_name_plural = _("months' totals")
        indexes = [models.Index(fields=["club", "month"], name="total_club_month")]

    def __str__(self) -> str:
        return f"{self.club_id} {self.month:%Y-%m} {self.member_id} {self.kind}"


class DayTotal(Totals):
    """A closed day of the month not yet summed in ``MonthTotal``, summed per member and
    kind of game as a month is (``scoring.totals``): so that a busy month costs the
    club's page its days, not its games. Made from the rows when first needed, dropped
    from a day on when a game of that day or later changes, and once its month is summed;
    each build ends with a row of no member for its last day."""

    day = models.DateField(_("day"))

    class Meta:
        verbose_name = _("day's total")
        verbose_name_plural = _("days' totals")
        indexes = [models.Index(fields=["club", "day"], name="total_club_day")]

    def __str__(self) -> str:
        return f"{self.club_id} {self.day:%Y-%m-%d} {self.member_id} {self.kind}"
