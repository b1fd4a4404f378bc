"""Tournaments (matches aux cartes, Preisjass): entries, passes, tables (RULES.md §9)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.text import Truncator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from jassclub.links import RevocableLink
from scoring import registry, rules
from scoring.rules import SUITS


def format_choices() -> list[tuple[str, Any]]:
    """The tournament formats the site's kinds are played in (``GameKind.tournament_formats``)."""
    return [(played.name, played.label) for played in registry.tournament_formats()]


def first_format() -> str:
    """A new tournament's format: the first kind's first."""
    return registry.tournament_formats()[0].name


def equal_blocks(hands: int) -> list[str]:
    """The default imposed trump order: blocks of the four suits, as equal as the
    number of hands allows (the first suits one hand longer: 6 hands are ♥♥♦♦♣♠)."""
    block, longer = divmod(hands, len(SUITS))
    return [
        suit
        for index, suit in enumerate(SUITS)
        for _ in range(block + (1 if index < longer else 0))
    ]


# A side's code is one of 10**6 (six digits on its own slip). Wrong codes are counted per
# side, that is per code: after CODE_BUDGET the side is locked; the director may unlock it
# CODE_UNLOCKS times, then only signs for it. So no code is ever guessed more than
# CODE_BUDGET * (1 + CODE_UNLOCKS) = 6 times (the arithmetic: tests/tournaments/test_codes.py).
CODE_BUDGET = 3
CODE_UNLOCKS = 1


def new_seed() -> int:
    return secrets.randbelow(2**31)


def default_tie_breaks() -> list[str]:
    """A new tournament's tie-breaks: its format's (``TournamentFormat.default_tie_breaks``)."""
    return list(registry.tournament_formats()[0].default_tie_breaks)


class Tournament(models.Model):
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    place = models.CharField(_("place"), max_length=100, blank=True)
    format = models.CharField(
        _("format"), max_length=12, choices=format_choices, default=first_format
    )
    passes = models.PositiveSmallIntegerField(
        _("passes"), default=4, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    hands = models.PositiveSmallIntegerField(
        _("hands per game"),
        default=16,
        validators=[MinValueValidator(1), MaxValueValidator(64)],  # within the engine's 100
    )
    trump_order = models.JSONField(_("imposed trump order"), default=list, blank=True)
    weis = models.BooleanField(_("count Weis"), default=False)
    stoeck = models.BooleanField(_("count Stöck"), default=False)
    match_bonus = models.BooleanField(_("match bonus"), default=False)
    best_of = models.PositiveSmallIntegerField(
        _("best passes counted"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
    )
    drop_worst = models.BooleanField(
        _("worst pass dropped"),
        default=False,
        help_text=_(
            "Each entry's worst pass does not count in its total, once it has played two "
            "passes (the fewest points; in a Différenzler tournament, the highest difference)."
        ),
    )
    tie_breaks = models.JSONField(_("tie-breaks"), default=default_tie_breaks)
    seed = models.BigIntegerField(_("seed of the draws"), default=new_seed)
    published = models.BooleanField(_("standings public"), default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # counts every change to what the standings, the projector and the entries' pages
    # show (services.common.mark_changed): their ETag, known before anything is drawn
    revision = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(passes__gte=1), name="tournament_has_passes"),
            models.CheckConstraint(condition=Q(hands__gte=1), name="tournament_game_has_hands"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """``revision`` is counted in the database alone (``services.common.mark_changed``):
        saving a tournament read earlier never writes back the number it read, which
        would give an older ETag to a newer board."""
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name for f in self._meta.concrete_fields if f.name not in ("id", "revision")
            ]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:tournament", args=[self.pk])

    def ranking_rule(self) -> dict:
        """How the standings rank, as a change to it is kept (:class:`RankingChange`)."""
        return {
            "tie_breaks": list(self.tie_breaks),
            "best_of": self.best_of,
            "drop_worst": self.drop_worst,
        }

    @property
    def played_as(self) -> registry.TournamentFormat:
        """Its format, as its kind declares it (``GameKind.tournament_formats``): how a
        pass seats the entries, how the standings rank, which settings it has."""
        return registry.tournament_format(self.format)

    @property
    def of_players(self) -> bool:
        """Whether an entry is one player (a format of partners or tablemates), not a team."""
        return self.played_as.of_players

    @property
    def each_for_themselves(self) -> bool:
        """Four sides at a table, each a player with a seat of their own (Différenzler)."""
        return self.played_as.each_for_themselves

    @property
    def lowest_wins(self) -> bool:
        """Ranked by the lowest total difference (Différenzler, RULES.md §10)."""
        return self.played_as.lowest_wins

    @property
    def draws_trumps(self) -> bool:
        """Its tables draw each hand's trump, or turn it up: no imposed trump order."""
        return "trump_order" in self.played_as.refused

    @property
    def ruleset(self) -> rules.Ruleset:
        """Each table's game, by its format's kind (``TournamentFormat.ruleset``): the
        team game's of a fixed number of hands, 157 a hand unless the club switched
        Weis, Stöck or the match bonus on (RULES.md §9); a Différenzler game's trump is
        drawn or turned up at the table (§10)."""
        return self.played_as.ruleset(self)  # type: ignore[no-any-return]

    def trump_of_hand(self, number: int) -> str:
        order = self.trump_order or equal_blocks(self.hands)
        return order[(number - 1) % len(order)]


class Entry(models.Model):
    """A team of two (fixed partners) or, in an individual tournament, a player."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(_("name"), max_length=100)
    player_1 = models.CharField(_("player"), max_length=100)
    player_2 = models.CharField(_("partner"), max_length=100, blank=True)
    member_1 = models.ForeignKey(
        "clubs.Member", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    member_2 = models.ForeignKey(
        "clubs.Member", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn_after = models.PositiveSmallIntegerField(
        _("withdrawn after pass"), null=True, blank=True
    )
    created_at = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="entry_name_once"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after is not None


class Pass(models.Model):
    DRAFT, PUBLISHED, CLOSED = "draft", "published", "closed"
    STATES = [(DRAFT, _("draft")), (PUBLISHED, _("being played")), (CLOSED, _("closed"))]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="schedule")
    number = models.PositiveSmallIntegerField(_("pass"))
    state = models.CharField(_("state"), max_length=10, choices=STATES, default=DRAFT)
    byes = models.JSONField(_("byes"), default=list, blank=True)  # entry ids

    class Meta:
        verbose_name = _("pass")
        verbose_name_plural = _("passes")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="pass_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class Table(RevocableLink):
    """A table of a pass: its entries in seat order (two teams, or four players with
    seats 0 and 2 against 1 and 3), and its own scoring link."""

    MISSING, ENTERED, CONFIRMED, DISPUTED, DECIDED = (
        "missing",
        "entered",
        "confirmed",
        "disputed",
        "decided",
    )
    STATES = [
        (MISSING, _("not entered yet")),
        (ENTERED, _("entered, not confirmed")),
        (CONFIRMED, _("confirmed")),
        (DISPUTED, _("disputed")),
        (DECIDED, _("decided by the director")),
    ]

    round = models.ForeignKey(Pass, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    seats = models.JSONField(_("seats"))  # entry ids: [team, team] or [p, p, p, p]
    codes = models.JSONField(
        _("confirmation codes"), default=list, blank=True
    )  # one per side (two teams, or a Différenzler table's four players), on its own slip
    signatures = models.JSONField(
        _("signatures"), default=dict, blank=True
    )  # side ("0", "1", …) -> the totals that side confirmed
    result = models.JSONField(
        _("result when the pass closed"), null=True, blank=True, editable=False
    )  # {"totals", "matches", "change": the game's last HandChange counted}
    wrong_codes = models.JSONField(
        _("wrong codes per side"), default=list, blank=True, editable=False
    )  # [side 0, side 1]: wrong codes typed for that side since the director last unlocked it
    unlocks = models.JSONField(
        _("unlocks per side"), default=list, blank=True, editable=False
    )  # [side 0, side 1]: how often the director let that side type codes again
    dispute = models.TextField(_("dispute"), blank=True)
    disputed_by = models.PositiveSmallIntegerField(_("disputed by side"), null=True, blank=True)
    game = models.OneToOneField(
        "scoring.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="table"
    )
    state = models.CharField(_("state"), max_length=10, choices=STATES, default=MISSING)
    paper_totals = models.JSONField(
        _("totals from the paper sheet"),
        null=True,
        blank=True,
        help_text=_("Entered by the director for a table scored on paper; they replace the game."),
    )
    paper_matches = models.JSONField(
        _("matches on the paper sheet"), null=True, blank=True
    )  # [side 0, side 1], with the paper totals: for the "most matches" tie-break

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_once_per_pass"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"

    def game_title(self, limit: int | None = None) -> str:
        """The name of the table's game in the active language ("Preisjass · pass 1 ·
        table 3"): its screens compose it for each reader (``TournamentTable.title``);
        publishing keeps it in the club's language as the game's own name, with the
        tournament's name cut to ``limit`` characters to fit the game's record."""
        tournament = self.round.tournament.name
        return gettext("%(tournament)s · pass %(pass)s · table %(table)s") % {
            "tournament": tournament if limit is None else Truncator(tournament).chars(limit),
            "pass": self.round.number,
            "table": self.number,
        }

    @property
    def sides(self) -> int:
        """Who signs the result: two teams, or a Différenzler table's four players."""
        return max(2, len(self.codes))

    @property
    def settled(self) -> bool:
        """Confirmed by every side or decided by the director: from then on only the
        director changes it, with a reason."""
        return self.state in (self.CONFIRMED, self.DECIDED)

    def side_of_code(self, code: str) -> int | None:
        """The side whose slip carries this code, compared in constant time."""
        code = code.strip()
        found = None
        for side, own in enumerate(self.codes):
            if secrets.compare_digest(code.encode(), str(own).encode()):
                found = side
        return found

    def wrong_codes_of(self, side: int) -> int:
        """The wrong codes typed for a side since the director last unlocked it."""
        return self.wrong_codes[side] if side < len(self.wrong_codes) else 0

    def code_locked(self, side: int) -> bool:
        """Whether a side may no longer sign or dispute with a code: too many wrong
        codes were typed for it (on any phone); the director unlocks it."""
        return self.wrong_codes_of(side) >= CODE_BUDGET

    def unlockable(self, side: int) -> bool:
        """Whether the director may still let a locked side type codes again: once
        only (``CODE_UNLOCKS``), so that no code is guessed more than a few times;
        after that the director signs for it."""
        used = self.unlocks[side] if side < len(self.unlocks) else 0
        return used < CODE_UNLOCKS

    def signed_sides(self, totals: tuple[int, int] | list[int]) -> set[int]:
        """The sides whose signature still holds: they confirmed these very totals
        (a correction after a signature asks for it again)."""
        return {int(side) for side, signed in self.signatures.items() if signed == list(totals)}


class TableEvent(models.Model):
    """What happened to a table's result, kept for the director: each signature and
    dispute, each decision, paper totals and the director's changes to a settled
    result — who, when, before, after and why."""

    SIGNED, DISPUTED, DECIDED, PAPER, CHANGED = "signed", "disputed", "decided", "paper", "changed"
    WRONG_CODE, UNLOCKED, NEW_LINK, NEW_SEAT = "wrong-code", "unlocked", "new-link", "new-seat"
    KINDS = [
        (SIGNED, _("signed")),
        (DISPUTED, _("disputed")),
        (DECIDED, _("decided by the director")),
        (PAPER, _("totals from the paper sheet")),
        (CHANGED, _("changed by the director")),
        (WRONG_CODE, _("wrong code")),
        (UNLOCKED, _("unlocked by the director")),
        (NEW_LINK, _("new table link")),
        (NEW_SEAT, _("new seat link")),
    ]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(_("what"), max_length=10, choices=KINDS)
    side = models.PositiveSmallIntegerField(_("side"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)  # totals
    after = models.JSONField(_("after"), null=True, blank=True)  # totals
    reason = models.TextField(_("why"), blank=True)
    device = models.CharField(_("device"), max_length=60, blank=True)  # the phone that sent it
    attempt = models.UUIDField(null=True, blank=True, editable=False)  # a wrong code's form key
    code_digest = models.CharField(
        max_length=64, blank=True, editable=False
    )  # a wrong code, keyed (never the code itself): the same form and code sent again
    address = models.GenericIPAddressField(
        _("address"), null=True, blank=True, editable=False
    )  # the client's address: wrong codes from one address are slowed down
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("table event")
        verbose_name_plural = _("table events")
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(
                fields=["address", "created_at"],
                condition=Q(kind="wrong-code"),
                name="wrong_codes_by_address",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.get_kind_display()}"


class RankingChange(models.Model):
    """A change to how the standings rank (the tie-breaks, "best N of M", the worst pass
    dropped) made after they were public: what it was, what it became, who and why.
    Kept for the players to see that the ranking did not move silently."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="ranking_changes"
    )
    before = models.JSONField(_("before"))  # {"tie_breaks": [...], "best_of": n, "drop_worst": …}
    after = models.JSONField(_("after"))
    reason = models.CharField(_("why"), max_length=500)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("ranking change")
        verbose_name_plural = _("ranking changes")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.created_at:%Y-%m-%d %H:%M}"


class ResultsSheet(models.Model):
    """A tournament's results sheet (PDF) built off the request path, for standings
    as they were (``fingerprint``: what the sheet shows, in which language). Empty
    while the task builds it; a new one is built when the standings change."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="results_sheets"
    )
    fingerprint = models.CharField(max_length=64)
    task_id = models.CharField(max_length=64, blank=True)
    pdf = models.BinaryField(null=True, blank=True, editable=False)
    pages = models.PositiveIntegerField(null=True, blank=True)
    built_in = models.FloatField(null=True, blank=True)  # seconds
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "fingerprint"], name="one_sheet_per_state"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.fingerprint[:8]}"
