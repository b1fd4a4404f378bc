"""Player panels: what apps above scoring add to a player's page.

The player's page (``club_pages.player``) is scoring's, and scoring imports no app
above it. An app that has something to say about a member (the seasons app: their
rank in the club's season championships) registers a panel in its
``AppConfig.ready``: a function of ``(club, member)`` returning a :class:`Panel`, or
None when it has nothing to show. The page draws each panel's template with its
context, in the order they were registered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Panel:
    template: str
    context: dict[str, Any] = field(default_factory=dict)


PanelMaker = Callable[[Any, Any], "Panel | None"]
_PANELS: list[PanelMaker] = []


def register(panel: PanelMaker) -> None:
    if panel not in _PANELS:
        _PANELS.append(panel)


def panels_for(club: Any, member: Any) -> list[Panel]:
    return [panel for make in _PANELS if (panel := make(club, member)) is not None]
