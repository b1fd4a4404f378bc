"""The Strich table of a Schieber game counted in Striche (RULES.md §12, game-format.md
"Striche"): how many Striche each award is worth, whether the Berg and the Schneider
count, and who has the Berg when both teams reach its line on trick points in one hand.

It is part of a ruleset (``Ruleset.striche``), so it lives beside it; the count itself
is the team game's (:mod:`scoring.kinds.team.rules.striche`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .problems import Problem, RulesError, gettext_noop, is_int

BergTie = Literal["table", "higher"]
BERG_TIES: tuple[str, ...] = ("table", "higher")

# The awards, in the order the file's refusals name them (game-format.md).
AWARDS: tuple[str, ...] = ("sieg", "berg", "matsch", "kontermatsch", "schneider")
STRICH_FIELDS: tuple[str, ...] = (*AWARDS, "with_berg", "with_schneider", "berg_tie")
MOST_STRICHE = 10  # Striche an award may be worth (RULES.md §12: each value 0–10)
LEAST_SIEG = 1  # a game's winner always gets something

STRICHE_NOT_AN_OBJECT = gettext_noop("must be an object (the Strich table), or null")
STRICHE_NO_TARGET = gettext_noop(
    "only a game played to a target (end first-out or whole-hand) is counted in Striche"
)
STRICHE_UNKNOWN = gettext_noop("unknown field (expected one of {known})")
STRICHE_VALUE = gettext_noop("must be a whole number from {least} to {most}, not {value!r}")
STRICHE_SWITCH = gettext_noop("must be true or false, not {value!r}")
STRICHE_TIE = gettext_noop("must be one of {expected}, not {value!r}")


@dataclass(frozen=True)
class StrichTable:
    """Striche per award (RULES.md §12; jassguru's defaults)."""

    sieg: int = 2
    berg: int = 1
    matsch: int = 1
    kontermatsch: int = 2
    schneider: int = 2
    with_berg: bool = True
    with_schneider: bool = True
    berg_tie: BergTie = "table"

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``ruleset.striche``, every field written out."""
        return {name: getattr(self, name) for name in STRICH_FIELDS}


def parse_strich_table(
    data: object, target: int | None, prefix: str = "ruleset.striche"
) -> tuple[StrichTable | None, list[Problem]]:
    """A Strich table from the game file's ``ruleset.striche`` (null or absent: none),
    for a game played to ``target``. Returns the table and the problems, in the order
    game-format.md names them: not an object; no target; an unknown field; then each
    field in turn."""
    if data is None:
        return None, []
    if not isinstance(data, Mapping):
        return None, [Problem(prefix, STRICHE_NOT_AN_OBJECT)]
    if target is None:
        return None, [Problem(prefix, STRICHE_NO_TARGET)]
    problems: list[Problem] = []
    for key in data:
        if key not in STRICH_FIELDS and not str(key).startswith("x-"):
            known = ", ".join(STRICH_FIELDS)
            problems.append(Problem(f"{prefix}.{key}", STRICHE_UNKNOWN, params={"known": known}))
    if problems:
        return None, problems
    values: dict[str, Any] = StrichTable().to_dict()
    for name in AWARDS:
        if name in data:
            value = data[name]
            least = LEAST_SIEG if name == "sieg" else 0
            if not (is_int(value) and least <= value <= MOST_STRICHE):
                params = {"least": least, "most": MOST_STRICHE, "value": value}
                problems.append(Problem(f"{prefix}.{name}", STRICHE_VALUE, params=params))
            else:
                values[name] = value
    for name in ("with_berg", "with_schneider"):
        if name in data:
            if not isinstance(data[name], bool):
                params = {"value": data[name]}
                problems.append(Problem(f"{prefix}.{name}", STRICHE_SWITCH, params=params))
            else:
                values[name] = data[name]
    if "berg_tie" in data:
        tie = data["berg_tie"]
        if not (isinstance(tie, str) and tie in BERG_TIES):
            params = {"expected": ", ".join(BERG_TIES), "value": tie}
            problems.append(Problem(f"{prefix}.berg_tie", STRICHE_TIE, params=params))
        else:
            values["berg_tie"] = tie
    if problems:
        return None, problems
    return StrichTable(**values), []


def strich_table(data: object, target: int | None = 1000) -> StrichTable | None:
    """:func:`parse_strich_table`, raising :class:`RulesError` on the first problems."""
    table, problems = parse_strich_table(data, target)
    if problems:
        raise RulesError(problems)
    return table
