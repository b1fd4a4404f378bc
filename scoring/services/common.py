"""What every action on games shares: who asked, what it did, and why it was refused."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from scoring.models import Hand, HandChange


class StaleScreen(Exception):
    """The form was made from a game that has changed since; nothing was stored."""


class ReasonNeeded(Exception):
    """A settled tournament result changes only with a reason; nothing was stored."""


@dataclass(frozen=True)
class Author:
    """Who asked for a change: the signed-in user if any, the device, and why."""

    device: str = ""
    user: AbstractBaseUser | AnonymousUser | None = None
    reason: str = ""
    director: bool = False  # a club admin: may change a settled tournament result

    @property
    def user_or_none(self) -> AbstractBaseUser | None:
        user = self.user
        return user if user is not None and user.is_authenticated else None  # type: ignore[return-value]


@dataclass(frozen=True)
class Done:
    """What a change did, and the game's hands after it. ``repeated``: the form had
    been sent before and nothing new was stored (``hands`` is then ``None``).
    ``result``: the game counted with ``hands``, when the change counted it (a page
    drawn from ``hands`` need not count them again)."""

    change: HandChange
    hands: list[Hand] | None = None
    repeated: bool = False
    result: Any = None  # what the game comes to, counted by its kind
