"""What happened to a Différenzler table's estimates (``EstimateChange``): how each was
sealed, changed or refused, kept for the seat's player to see and for the game's record,
with an estimate shown only once its hand has been scored."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from scoring.kinds.differenzler.models import EstimateChange
from scoring.models import Game, HandChange, SeatLink

REFUSALS_KEPT_EVERY = dt.timedelta(minutes=1)


def sealed_elsewhere(game: Game, number: int, link: SeatLink) -> EstimateChange | None:
    """How the seat's estimate of hand ``number`` was last sealed, when it was not by
    the seat's phone (``link``) but on the phone passed round: that phone tells its
    player, who may type their own over it."""
    last = (
        EstimateChange.objects.filter(
            game=game,
            number=number,
            seat=link.seat,
            action__in=(EstimateChange.SEALED, EstimateChange.CHANGED),
        )
        .order_by("-created_at", "-id")
        .first()
    )
    return last if last is not None and last.way == EstimateChange.PASSED_ROUND else None


def estimate_record(game: Game) -> list[tuple[EstimateChange, int | None]]:
    """A Différenzler game's estimates sealed, changed and refused, newest first, each
    with its estimate once its hand has been scored (recorded at least once: a hand
    taken back shows its estimates in its changes already), never before."""
    scored = (
        HandChange.objects.filter(game=game, action=HandChange.RECORDED)
        .order_by("-hand_number")
        .values_list("hand_number", flat=True)
        .first()
    ) or 0
    return [
        (change, change.value if change.number <= scored else None)
        for change in game.estimate_changes.all()
    ]


def refusals_seen_by(link: SeatLink) -> list[EstimateChange]:
    """The attempts on the link's seat in its game that were refused, newest first:
    the seat's phone tells its player."""
    return list(
        EstimateChange.objects.filter(
            game=link.game_id, seat=link.seat, action=EstimateChange.REFUSED
        )[:5]
    )


def refused(game: Game, seat: int, way: str, device: str, *, number: int | None = None) -> None:
    """Keep an attempt to reach ``seat`` that was refused, for its player to see (once
    a minute at most: a phone reloading the refusal is one attempt). It is stored
    even though the action that tried is refused."""
    if number is None:
        number = game.hands.count() + 1
    recent = timezone.now() - REFUSALS_KEPT_EVERY
    kept = EstimateChange.objects.filter(
        game=game, seat=seat, action=EstimateChange.REFUSED, way=way, created_at__gte=recent
    )
    if not kept.exists():
        EstimateChange.objects.create(
            game=game,
            number=number,
            seat=seat,
            action=EstimateChange.REFUSED,
            way=way,
            device=device,
        )
