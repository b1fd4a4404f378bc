"""A Différenzler table read with the game's row locked: what recording a hand's
points checks and what the scorer's screen is drawn from after it.

The game's row is locked first, in a statement of its own (``services.lock_game``:
on PostgreSQL a ``SELECT … FOR UPDATE`` that waited returns the rows of the snapshot
taken before the wait, so a change committed meanwhile by another phone would not be
seen); then the table is read in one statement, which sees every change committed
before the lock was granted. Every part but the hands is at most one row, each found
by a unique key: the hand being played (one-to-one), the two teams (game, index), the
four players (team, position), the seats' links in use (game, seat, not revoked) and
the sealed estimates of two hands (game, hand, seat). Each is a LEFT JOIN of its own
(a ``FilteredRelation`` on its key), or for an estimate a subquery, so the statement
has one row per hand stored (one for a game without a hand). Everything is read in
that one snapshot, so what is checked agrees with itself.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db.models import FilteredRelation, Model, OuterRef, Q, QuerySet, Subquery

from scoring import services
from scoring.kinds.differenzler import rules as differenzler
from scoring.kinds.differenzler.models import Estimate, OpenHand
from scoring.models import Game, Hand, Player, SeatLink, Team

SEATS = range(differenzler.PLAYERS)
HAND_PREFIX = "hands__"

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class LockedTable:
    """What was read: the hands in order, the hand being played, its sealed estimates
    by seat, the seats that sealed the hand after it (before a hand was taken back),
    and the seats' links in use. The game's teams and players are put on the game, as
    ``prefetch_related("teams__players")`` would."""

    hands: list[Hand]
    open_hand: OpenHand | None
    estimates: dict[int, int]
    next_estimated: frozenset[int]
    links: dict[int, SeatLink]


def _relations() -> dict[str, FilteredRelation]:
    """Each one-row part of the table but the estimates, by the alias of its join."""
    relations = {
        f"team_{index}": FilteredRelation("teams", condition=Q(teams__index=index))
        for index in (0, 1)
    }
    for seat in SEATS:
        team, position = f"team_{seat % 2}", seat // 2  # the seats 0 and 2 are team 0
        relations[f"player_{seat}"] = FilteredRelation(
            f"{team}__players", condition=Q(**{f"{team}__players__position": position})
        )
        relations[f"link_{seat}"] = FilteredRelation(
            "seat_links", condition=Q(seat_links__seat=seat, seat_links__revoked_at__isnull=True)
        )
    return relations


def _estimates() -> dict[str, Subquery]:
    """The sealed estimate of each seat for the hand being played and the next (points
    are refused for any other hand than the one being played). Subqueries rather than
    joins: PostgreSQL takes milliseconds to plan eight more joins."""
    estimates = {}
    for name, after in (("estimate", 0), ("next", 1)):
        for seat in SEATS:
            sealed = Estimate.objects.filter(
                game=OuterRef("pk"), number=OuterRef("open_hand__number") + after, seat=seat
            )
            estimates[f"{name}_{seat}"] = Subquery(sealed.values("value"))
    return estimates


def _parts() -> dict[str, type[Model]]:
    """The model of each one-row part, by its alias: every column of it is read."""
    parts: dict[str, type[Model]] = {"open_hand": OpenHand, "team_0": Team, "team_1": Team}
    for seat in SEATS:
        parts[f"player_{seat}"] = Player
        parts[f"link_{seat}"] = SeatLink
    return parts


PARTS = _parts()


def _columns(alias: str, model: type[Model]) -> list[str]:
    return [f"{alias}__{field.name}" for field in model._meta.concrete_fields]


def _instance(game: Game, model: type[M], values: tuple[Any, ...]) -> M | None:
    """The model's row as read (None when the join found none: its pk is NULL)."""
    if values[0] is None:
        return None
    names = [field.attname for field in model._meta.concrete_fields]
    return model.from_db(game._state.db, names, values)


def _prefetched(instance: Model, name: str, objects: list[Any]) -> None:
    """``instance.<name>.all()`` gives ``objects`` without a query, as after a
    ``prefetch_related(name)`` (the cache Django's prefetch leaves on an instance)."""
    queryset = getattr(instance, name).all()
    queryset._result_cache = objects
    queryset._prefetch_done = True
    cache = getattr(instance, "_prefetched_objects_cache", {})
    instance._prefetched_objects_cache = {**cache, name: queryset}  # type: ignore[attr-defined]


ESTIMATES = [f"{name}_{seat}" for name in ("estimate", "next") for seat in SEATS]
HANDS = [f"{HAND_PREFIX}{name}" for name in services.HAND_COLUMNS]


@functools.cache
def _statement() -> QuerySet[Game, tuple[Any, ...]]:
    """The statement for any game, built once (the ORM took longer to build its joins
    than the database to run them); each read filters a copy by the game's pk, so the
    one built here is never run or changed."""
    columns = [column for alias, model in PARTS.items() for column in _columns(alias, model)]
    return (
        Game.objects.annotate(**_relations(), **_estimates())
        .order_by(f"{HAND_PREFIX}number")
        .values_list("pk", *columns, *ESTIMATES, *HANDS)
    )


def read_locked(game: Game) -> LockedTable:
    """Lock ``game``'s row, then read its table as it is now; raises
    ``Game.DoesNotExist`` when the game is gone."""
    services.lock_game(game)
    rows = list(_statement().filter(pk=game.pk))
    if not rows:
        raise Game.DoesNotExist
    first = rows[0][1:]
    parts: dict[str, Any] = {}
    for alias, model in PARTS.items():
        width = len(model._meta.concrete_fields)
        parts[alias], first = _instance(game, model, first[:width]), first[width:]
    sealed, following = first[: len(SEATS)], first[len(SEATS) : 2 * len(SEATS)]

    teams = [team for team in (parts["team_0"], parts["team_1"]) if team is not None]
    for team in teams:  # its players by position: the seats 0 and 2 of team 0, 1 and 3 of 1
        players = (parts[f"player_{seat}"] for seat in SEATS[team.index :: 2])
        _prefetched(team, "players", [player for player in players if player is not None])
    _prefetched(game, "teams", teams)
    stored = []
    for row in rows:
        hand = _instance(game, Hand, row[-len(HANDS) :])
        if hand is not None:
            hand.game = game
            stored.append(hand)
    return LockedTable(
        hands=stored,
        open_hand=parts["open_hand"],
        estimates={
            seat: value for seat, value in zip(SEATS, sealed, strict=True) if value is not None
        },
        next_estimated=frozenset(
            seat for seat, value in zip(SEATS, following, strict=True) if value is not None
        ),
        links={seat: link for seat in SEATS if (link := parts[f"link_{seat}"]) is not None},
    )
