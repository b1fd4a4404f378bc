"""A game kind's own figures: what its statistics rows keep of each game for each player
besides the core's columns (``PlayerResult``: games, wins, hands, points…), so that a
kind with a figure of its own needs no column and no migration of the core.

A kind declares them (``KindLines.figures``: a tuple of :class:`Figure`), writes them
into each of its rows (:func:`row_figures`, the row's ``figures``, a JSON object), and
finds their sums in the mapping its ``line`` is made from, under their names; the
core sums them with its own (a member's rows, a closed month's totals), and its pages
show them as the kind's line template says (:func:`shown`: each figure's label and
sum, in the declared order). Plain values, no Django."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

# the names of what the core sums itself (its columns and its lines' figures): a kind's
# own figure takes another name
CORE_NAMES = frozenset(
    {
        "games",
        "finished",
        "wins",
        "won",
        "hands",
        "points",
        "matches_made",
        "matches_suffered",
        "weis",
        "stoeck",
        "rubicons_given",
        "rubicons_suffered",
        "differences",
        "exact",
        "striche_games",
        "striche_made",
        "striche_received",
        "partners",
        "figures",
        "kind",
    }
)


@dataclass(frozen=True)
class Figure:
    """One figure of a kind's rows: its ``name`` (a key of the rows' ``figures``, a
    Python name), its ``label`` on the pages (a lazy translation), and how a member's
    rows add up: ``"sum"``, the values summed (a whole number per game, 0 or more); or
    ``"count"``, the number of games where it holds (a yes or no per game, kept as 1
    or 0)."""

    name: str
    label: Any
    summed: Literal["sum", "count"] = "sum"

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name in CORE_NAMES:
            raise ValueError(f"{self.name!r} cannot name a kind's own figure")


def row_figures(declared: Iterable[Figure], **values: int | bool) -> dict[str, int]:
    """A row's ``figures``: a value for each declared figure, none other (a count's
    value is whether it holds in the game)."""
    figures = {figure.name: figure for figure in declared}
    if set(values) != set(figures):
        raise ValueError(f"figures {sorted(values)}, declared {sorted(figures)}")
    found = {}
    for name, value in values.items():
        if figures[name].summed == "count" and not isinstance(value, bool):
            raise ValueError(f"{name} is counted: a yes or no, not {value!r}")
        if int(value) < 0:
            raise ValueError(f"{name} is {value}: a figure is 0 or more")
        found[name] = int(value)
    return found


def declared_once(kinds_figures: Iterable[Iterable[Figure]]) -> dict[str, Figure]:
    """Every kind's own figures by name. Two kinds may keep a figure of the same name
    only if it adds up the same way (the core sums a name once for every kind)."""
    found: dict[str, Figure] = {}
    for figures in kinds_figures:
        for figure in figures:
            if found.setdefault(figure.name, figure).summed != figure.summed:
                raise ValueError(f"{figure.name} is summed two ways by two kinds")
    return found


@dataclass(frozen=True)
class Shown:
    """A figure as a page shows it: its label and its sum."""

    label: Any
    value: int


def shown(declared: Iterable[Figure], sums: Mapping[str, Any]) -> tuple[Shown, ...]:
    """The declared figures with their sums (0 where none was summed), in order."""
    return tuple(Shown(figure.label, sums.get(figure.name) or 0) for figure in declared)
