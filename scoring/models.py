"""Games as the game file holds them. The hands are the one source of truth: totals,
winner and Rubicon are computed by the rules engine from them. Only the statistics
keep a copy of what each game came to (``PlayerResult``), written in the transaction
that changes the hands and rebuilt from them by ``manage.py rebuild_statistics``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import SUIT_STYLES
from jassclub.links import RevocableLink
from scoring import extras, rules
from scoring.rules import gamefile
from scoring.rules.differenzler import DiffHand, DiffResult

TEAM_CHOICES = [(0, _("Team 1")), (1, _("Team 2"))]
TRUMP_CHOICES = [
    ("hearts", pgettext_lazy("trump", "Hearts")),
    ("diamonds", pgettext_lazy("trump", "Diamonds")),
    ("clubs", pgettext_lazy("trump", "Clubs")),
    ("spades", pgettext_lazy("trump", "Spades")),
    ("obe-abe", pgettext_lazy("trump", "Obe-abe")),
    ("unde-ufe", pgettext_lazy("trump", "Unde-ufe")),
]

SEAT_CHOICES = [(0, _("Seat 1")), (1, _("Seat 2")), (2, _("Seat 3")), (3, _("Seat 4"))]


def empty_weis() -> list[list[object]]:
    return [[], []]


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
        """Four players each for themselves (Différenzler, RULES.md §10): its players are
        kept as two "teams" of the seats 0 and 2, 1 and 3, without names."""
        return self.ruleset.get("preset") == rules.DIFFERENZLER

    def seat_names(self) -> tuple[str, str, str, str]:
        """The four players' names in seat order (teams and players prefetched)."""
        teams = sorted(self.teams.all(), key=lambda team: team.index)
        players = [team.ordered_players() for team in teams]
        names = [players[seat % 2][seat // 2].name for seat in range(4)]
        return (names[0], names[1], names[2], names[3])

    def individual_record(self) -> gamefile.IndividualRecord:
        """A Différenzler game as the rules engine sees it (teams, players and hands
        prefetched)."""
        return gamefile.IndividualRecord(
            name=self.name,
            played_on=self.played_on,
            ruleset=self.rules,
            players=self.seat_names(),
            hands=tuple(hand.to_diff() for hand in sorted(self.hands.all(), key=_number)),
        )

    def record(self) -> gamefile.GameRecord:
        """The game as the rules engine sees it (uses prefetched teams and hands)."""
        teams = sorted(self.teams.all(), key=lambda team: team.index)
        return gamefile.GameRecord(
            name=self.name,
            played_on=self.played_on,
            ruleset=self.rules,
            teams=tuple(  # type: ignore[arg-type]
                gamefile.Team(team.name, tuple(p.name for p in team.ordered_players()))
                for team in teams
            ),
            hands=tuple(hand.to_rules() for hand in sorted(self.hands.all(), key=_number)),
        )

    def result(self) -> rules.GameResult:
        return self.record().result()

    def outcome(self) -> rules.GameResult | DiffResult:
        """The game counted from its hands, whichever kind it is (teams and players
        prefetched): totals, ``over`` and the hands counted."""
        return self.individual_record().result() if self.individual else self.result()

    def imposed_trump(self, number: int) -> str | None:
        """The trump imposed on hand ``number`` (a tournament's, through the game's
        extra: ``scoring.extras``); ``None`` for an ordinary game, whose trump the
        chooser picks. (Select ``extras.related()`` with the game to spare queries.)"""
        return extras.extra_for(self).imposed_trump(self, number)


def _number(hand: Hand) -> int:
    return hand.number


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
            models.CheckConstraint(condition=Q(index__in=(0, 1)), name="team_index_0_or_1"),
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


class PlayerResult(models.Model):
    """What one game came to for one of its players, as the club's statistics add it up
    (``rules.stats.TeamFigures`` of the player's team). Written by
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
    # its points in the thousands of billions
    points = models.PositiveBigIntegerField(_("points"), default=0)
    matches_made = models.PositiveIntegerField(_("matches made"), default=0)
    matches_suffered = models.PositiveIntegerField(_("matches suffered"), default=0)
    weis = models.PositiveBigIntegerField(_("Weis"), default=0)
    stoeck = models.PositiveBigIntegerField(_("Stöck"), default=0)
    finished = models.BooleanField(_("finished"), default=False)
    won = models.BooleanField(_("won"), default=False)
    rubicon_given = models.BooleanField(_("Rubicon given"), default=False)
    rubicon_suffered = models.BooleanField(_("Rubicon suffered"), default=False)
    out_on = models.CharField(_("went out on"), max_length=10, blank=True)
    # a Différenzler game (RULES.md §10): the player's own total difference and exact
    # estimates; its team figures stay 0, and the team statistics leave these rows out
    individual = models.BooleanField(_("Différenzler"), default=False)
    differences = models.PositiveBigIntegerField(_("total difference"), default=0)
    exact = models.PositiveIntegerField(_("exact estimates"), default=0)

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
                    "individual",
                    "played_on",
                    "game",
                    "finished",
                    "won",
                    "hands",
                    "points",
                    "differences",
                    "exact",
                ],
                name="result_sums",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.game_id})"


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


# -- Différenzler at the table (RULES.md §10) ----------------------------------------------


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
        verbose_name = _("estimate change")
        verbose_name_plural = _("estimate changes")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.game} #{self.number} {self.get_seat_display()}: {self.action}"
