"""A Coiffeur sheet as clubs draw it (RULES.md §11): one line per row, one column per
side, each filled cell with its multiplied points, the open cells, the running totals,
the difference per row and in all, the rows each side still has to play, a mark once a
side can no longer be caught, and the winner once the sheet is full.

Everything is counted by the engine (:func:`rules.play`); this only arranges it for
``scoring/kinds/coiffeur/templates/scoring/kinds/coiffeur/sheet.html``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .labels import RowLabel, kind_name, row_label
from .rules import CoiffeurHand, CoiffeurResult, play
from .sheet import MISERE, CoiffeurRuleset

MINUS = "\u2212"  # a true minus sign: as wide as the plus, read as minus by a screen reader


def shown(value: int) -> str:
    """A number as the sheet writes it: −100 with a minus sign."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A difference: +120, −45, or 0."""
    return f"+{value}" if value > 0 else shown(value)


@dataclass(frozen=True)
class CellView:
    """One side's cell of one row: open (``points`` None), or its points and how they
    were made ("cards", "match", "counter" or "struck")."""

    points: int | None
    kind: str | None

    @property
    def open(self) -> bool:
        return self.points is None

    @property
    def text(self) -> str:
        return "" if self.points is None else shown(self.points)

    @property
    def kind_name(self) -> str:
        """ "Match", "Counter-match", "struck"; "" for plain card points."""
        return kind_name(self.kind)


@dataclass(frozen=True)
class RowView:
    name: str  # the row's name in the game file ("misere", "choice-2")
    label: RowLabel
    multiplier: int
    cells: tuple[CellView, ...]  # one per side
    difference: int | None  # first side minus second once both are filled (two sides)

    @property
    def misere(self) -> bool:
        return self.name == MISERE

    @property
    def difference_text(self) -> str:
        return "" if self.difference is None else signed(self.difference)


@dataclass(frozen=True)
class SideView:
    index: int
    name: str
    total: int
    bonus: int  # counter-match bonuses received (in the total, in no cell)
    played: int  # cells filled, struck ones included
    matches: int
    open_rows: tuple[RowLabel, ...]  # what the side still has to play, in the sheet's order
    open_keys: tuple[str, ...]  # the same rows as the game file names them
    safe: bool  # can no longer be caught (a mark, never the winner)
    won: bool

    @property
    def total_text(self) -> str:
        return shown(self.total)

    @property
    def open_names(self) -> str:
        return ", ".join(str(label) for label in self.open_rows)

    @property
    def open_pairs(self) -> list[tuple[str, RowLabel]]:
        """Each row still to play: its key (for the offline sheet) and its label."""
        return list(zip(self.open_keys, self.open_rows, strict=True))


@dataclass(frozen=True)
class SheetView:
    ruleset: CoiffeurRuleset
    result: CoiffeurResult
    rows: tuple[RowView, ...]
    sides: tuple[SideView, ...]

    @property
    def two_sides(self) -> bool:
        return self.ruleset.teams == 2

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def difference(self) -> int | None:
        return self.result.difference

    @property
    def difference_text(self) -> str:
        return "" if self.result.difference is None else signed(self.result.difference)

    @property
    def winner(self) -> SideView | None:
        won = self.result.winner
        return None if won is None else self.sides[won]

    @property
    def margin(self) -> int | None:
        """By how much the winner won: over the second side (two sides), over the
        next best (three)."""
        if self.result.winner is None:
            return None
        ranked = sorted(self.result.totals, reverse=True)
        return ranked[0] - ranked[1]

    @property
    def draw(self) -> bool:
        """Over, and the highest total shared: nobody wins."""
        return self.result.over and self.result.winner is None

    @property
    def safe(self) -> SideView | None:
        side = self.result.safe
        return None if side is None else self.sides[side]

    @property
    def bonuses(self) -> bool:
        """Whether any side received a counter-match bonus (the sheet shows a line)."""
        return any(side.bonus for side in self.sides)

    @property
    def cells_left(self) -> int:
        return sum(len(side.open_rows) for side in self.sides)

    @property
    def hands_played(self) -> int:
        return sum(side.played for side in self.sides)


def sheet_view(
    ruleset: CoiffeurRuleset,
    hands: Sequence[CoiffeurHand],
    side_names: Sequence[str],
    suit_style: str = "french",
) -> SheetView:
    """The sheet of a game with these (stored, valid) hands; ``side_names`` one per side
    of the ruleset, in order."""
    if len(side_names) != ruleset.teams:
        raise ValueError(f"{ruleset.teams} sides, {len(side_names)} names")
    result = play(ruleset, hands, check=False)
    labels = {row[0]: row_label(row, suit_style) for row in ruleset.rows}
    differences = result.row_differences or (None,) * len(ruleset.rows)
    rows = tuple(
        RowView(
            name=name,
            label=labels[name],
            multiplier=multiplier,
            cells=tuple(
                CellView(result.cells[side][index], result.kinds[side][index])
                for side in range(ruleset.teams)
            ),
            difference=differences[index],
        )
        for index, (name, multiplier, _label) in enumerate(ruleset.rows)
    )
    safe, matches, played = result.safe, result.matches, result.played
    sides = tuple(
        SideView(
            index=side,
            name=side_names[side],
            total=result.totals[side],
            bonus=result.totals[side] - sum(v for v in result.cells[side] if v is not None),
            played=played[side],
            matches=matches[side],
            open_rows=tuple(labels[name] for name in result.open_rows[side]),
            open_keys=result.open_rows[side],
            safe=safe == side,
            won=result.winner == side,
        )
        for side in range(ruleset.teams)
    )
    return SheetView(ruleset=ruleset, result=result, rows=rows, sides=sides)


__all__ = ["CellView", "RowView", "SheetView", "SideView", "sheet_view", "shown", "signed"]
