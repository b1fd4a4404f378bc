"""What the pages show of a team game (RULES.md §1–§9), counted once per game by the
rules engine: the teams with their slates, the hands, whose turn it is, the trumps."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import extras
from scoring.kinds.team import rules
from scoring.kinds.team.rules.hand import Pair
from scoring.models import Game, Hand, Team
from scoring.presenters import game_version
from scoring.suits import TrumpLabel, trump_label

from . import storage


@dataclass(frozen=True)
class TeamView:
    index: int
    name: str
    players: tuple[str, str]
    total: int
    marks: rules.Marks
    needed: int | None  # points still needed to go out
    needed_by_multiplier: dict[int, int]
    matches: int
    weis_points: int
    weis_hands: int
    stoeck: int
    won: bool
    rubicon: bool


@dataclass(frozen=True)
class HandRow:
    number: int
    trump: TrumpLabel
    multiplier: int
    points: Pair
    totals: Pair
    match: int | None
    stoeck: int | None
    weis: Pair
    chooser: str
    chibre: bool
    cards_missing: bool


@dataclass(frozen=True)
class TrumpOption:
    label: TrumpLabel
    multiplier: int


@dataclass(frozen=True)
class GameView:
    game: Game
    ruleset: rules.Ruleset
    result: rules.GameResult
    teams: list[TeamView]
    rows: list[HandRow]
    seats: list[str]  # the four names in seat order
    trumps: list[TrumpOption] = field(default_factory=list)
    played: list[rules.Hand] = field(default_factory=list)
    names_winner: bool = True  # not a tournament's game: its pages say who won
    # counted in Striche (RULES.md §12): each team's, with how they came
    striche: rules.StricheCount | None = None
    card_template = "scoring/kinds/team/card.html"  # in the lists of games
    chart_floor = 100  # the chart's scale reaches at least this far

    @property
    def chart_label(self) -> str:
        return _("Totals of both teams, hand by hand")

    @property
    def version(self) -> str:
        """What the screen shows, for the live poll (``game_version``); asked only by
        the pages that poll, so that lists of games cost no query for it."""
        return game_version(self.game, self.played)

    @property
    def hands_played(self) -> int:
        return len(self.rows)

    @property
    def next_number(self) -> int:
        return len(self.rows) + 1

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def winner(self) -> TeamView | None:
        if self.result.winner is None or not self.names_winner:
            return None
        return self.teams[self.result.winner]

    @property
    def loser(self) -> TeamView | None:
        if self.result.loser is None or not self.names_winner:
            return None
        return self.teams[self.result.loser]

    @property
    def team_names(self) -> tuple[str, str]:
        return (self.teams[0].name, self.teams[1].name)

    @property
    def chooser(self) -> str:
        """Who chooses trump (and leads) in the next hand (RULES.md §7)."""
        return self.seats[rules.chooser(self.game.first_chooser, self.next_number)]

    @property
    def imposed_trump(self) -> str | None:
        """In a tournament game, the trump imposed on the next hand (RULES.md §9):
        nobody chooses it."""
        return self.game.imposed_trump(self.next_number)

    @property
    def imposed_trump_label(self) -> TrumpLabel | None:
        trump = self.imposed_trump
        return None if trump is None else trump_label(trump, self.game.suit_style)

    @property
    def dealer(self) -> str:
        return self.seats[rules.dealer(self.game.first_chooser, self.next_number)]

    @property
    def half_target(self) -> float | None:
        return self.ruleset.half_target

    @property
    def hands_left(self) -> int | None:
        if self.ruleset.hands is None:
            return None
        return max(0, self.ruleset.hands - len(self.rows))

    @property
    def recent_rows(self) -> list[HandRow]:
        """The last hands, the latest first, as the table screen lists them."""
        return self.rows[: -RECENT_HANDS - 1 : -1]

    @property
    def last_number(self) -> int | None:
        return self.rows[-1].number if self.rows else None

    @property
    def totals_by_hand(self) -> list[Pair]:
        return [row.totals for row in self.rows]

    @property
    def screen_state(self) -> dict[str, Any]:
        """What the table screen's script needs to count hands on the phone (while
        offline, a provisional score; who went out first): the ruleset as the game
        file writes it, the totals, the next hand, the teams' names, when the page was
        drawn (milliseconds; the newer of two copies wins) and the next hands' turns."""
        return {
            "ruleset": self.ruleset.to_dict(),
            "totals": list(self.result.totals),
            "over": self.result.over,
            "next": self.next_number,
            "teams": list(self.team_names),
            "drawn": int(time.time() * 1000),
            "turns": self.turns(TURNS_AHEAD),
            "record": reverse("scoring:record_hand", args=[self.game.pk]),
            "worker": reverse("scoring:service_worker"),
            **self._striche_state(),
        }

    def _striche_state(self) -> dict[str, Any]:
        """For the phone's provisional Striche (rules.js ``stricheStep``): each team's
        Striche as the server counts them and who holds the 7 of diamonds (whose team
        chose trump in a hand follows from its number)."""
        if self.striche is None:
            return {}
        return {
            "striche": self.striche.to_list(),
            "first_chooser": self.game.first_chooser,
        }

    @property
    def striche_rows(self) -> list[tuple[str, str, tuple[int, int]]]:
        """The Striche table's rows: (award, its name, each team's Striche); the Berg and
        the Schneider only when the Strich table counts them."""
        count = self.striche
        if count is None:
            return []
        table = count.table
        names = {
            "sieg": _("Sieg"),
            "berg": _("Berg"),
            "matsch": _("Matsch"),
            "kontermatsch": _("Kontermatsch"),
            "schneider": _("Schneider"),
        }
        shown = [
            award
            for award in names
            if (award != "berg" or table.with_berg)
            and (award != "schneider" or table.with_schneider)
        ]
        return [
            (
                award,
                str(names[award]),
                (getattr(count.teams[0], award), getattr(count.teams[1], award)),
            )
            for award in shown
        ]

    def turns(self, count: int) -> list[dict[str, Any]]:
        """Who deals and chooses in the next ``count`` hands (not past a fixed number
        of hands), and the imposed trump when there is one."""
        first = self.next_number
        last = first + count - 1
        if self.ruleset.hands is not None:
            last = min(last, self.ruleset.hands)
        turns = []
        for number in range(first, last + 1):
            seats = self.game.first_chooser
            dealer = self.seats[rules.dealer(seats, number)]
            imposed = self.game.imposed_trump(number)
            if imposed is None:
                chooser = self.seats[rules.chooser(seats, number)]
                text = _("Hand %(number)s: %(dealer)s deals, %(chooser)s chooses trump.")
                said = text % {"number": number, "dealer": dealer, "chooser": chooser}
                turns.append({"number": number, "text": said, "imposed": None})
            else:
                said = _("Hand %(number)s: %(dealer)s deals.") % {
                    "number": number,
                    "dealer": dealer,
                }
                label = trump_label(imposed, self.game.suit_style)
                turns.append(
                    {
                        "number": number,
                        "text": said,
                        "imposed": imposed,
                        "label": _("Imposed trump: %(trump)s") % {"trump": label},
                        "symbol": label.symbol,
                        "name": label.name,
                        "red": label.red,
                    }
                )
        return turns


TURNS_AHEAD = 12  # hands a phone may record offline, one after the other
RECENT_HANDS = 5  # listed on the table screen


def seat_names(teams: list[Team]) -> list[str]:
    """The four players' names in seat order (partners opposite: seats 0 and 2 are
    team 0, seats 1 and 3 team 1), from teams with their players prefetched."""
    players = [team.ordered_players() for team in sorted(teams, key=lambda team: team.index)]
    return [players[seat % 2][seat // 2].name for seat in range(4)]


def game_view(
    game: Game, hands: list[Hand] | None = None, result: rules.GameResult | None = None
) -> GameView:
    """Everything a page shows about a game: teams and players prefetched; the hands
    prefetched too, or given (as a service returns them after a change, with the
    game counted: ``result``)."""
    ruleset = game.rules
    names_winner = extras.extra_for(game).names_winner(game)
    teams: list[Team] = sorted(game.teams.all(), key=lambda team: team.index)
    if hands is None:
        hands = list(game.hands.all())
    hands = sorted(hands, key=lambda hand: hand.number)
    played = [storage.read_hand(hand.record) for hand in hands]
    if result is None:
        result = rules.play(ruleset, played, check=False)
    players = [tuple(p.name for p in team.ordered_players()) for team in teams]
    seats = seat_names(teams)

    rows = []
    for hand, stored, counted in zip(played, hands, result.hands, strict=True):
        parts = rules.hand_parts(ruleset, hand)
        rows.append(
            HandRow(
                number=stored.number,
                trump=trump_label(hand.trump, game.suit_style),
                multiplier=parts.multiplier,
                points=counted.points,
                totals=counted.totals,
                match=hand.match,
                stoeck=hand.stoeck,
                weis=(
                    parts.weis[0] - parts.weis_cancelled[0],
                    parts.weis[1] - parts.weis_cancelled[1],
                ),
                chooser=hand.chooser or "",
                chibre=hand.chibre,
                cards_missing=hand.cards is None,
            )
        )

    team_views = []
    for index, team in enumerate(teams):
        points = [hand.points[index] for hand in result.hands]
        needed = rules.points_to_go_out(ruleset, result.totals)
        team_needed = None if needed is None else needed[index]
        team_views.append(
            TeamView(
                index=index,
                name=team.name,
                players=players[index],  # type: ignore[arg-type]
                total=result.totals[index],
                marks=(rules.slate(points) or [rules.Marks()])[-1],
                needed=team_needed,
                needed_by_multiplier=(
                    {} if team_needed is None else rules.needed_by_multiplier(ruleset, team_needed)
                ),
                matches=sum(1 for row in rows if row.match == index),
                weis_points=sum(row.weis[index] for row in rows),
                weis_hands=sum(1 for row in rows if row.weis[index]),
                stoeck=sum(1 for row in rows if row.stoeck == index),
                won=names_winner and result.winner == index,
                rubicon=names_winner and result.rubicon and result.loser == index,
            )
        )
    trumps = [
        TrumpOption(trump_label(trump, game.suit_style), ruleset.multiplier(trump))
        for trump in ruleset.trumps
    ]
    striche = (
        rules.count_striche(ruleset, played, players, result)
        if ruleset.striche is not None
        else None
    )
    return GameView(
        game, ruleset, result, team_views, rows, seats, trumps, played, names_winner, striche
    )
