"""Rulesets (RULES.md §1–§6, game-format.md "ruleset") and their presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .problems import Problem, RulesError, gettext_noop, is_int
from .strichtable import StrichTable, parse_strich_table

SUITS: tuple[str, ...] = ("hearts", "diamonds", "clubs", "spades")
NO_TRUMP: tuple[str, ...] = ("obe-abe", "unde-ufe")
TRUMPS: tuple[str, ...] = SUITS + NO_TRUMP

END_FIRST_OUT = "first-out"
END_WHOLE_HAND = "whole-hand"
END_FIXED_HANDS = "fixed-hands"
ENDS: tuple[str, ...] = (END_FIRST_OUT, END_WHOLE_HAND, END_FIXED_HANDS)

WEIS_STYLES: tuple[str, ...] = ("small", "large", "none")

CARD_POINTS = 157  # every hand, last trick included (RULES.md §1)
MATCH_CARD_POINTS = 257  # with the default match bonus of 100
STOECK_POINTS = 20  # RULES.md §3

DIFFERENZLER = "differenzler"  # RULES.md §10: the individual estimation game

# What a ruleset may ask for. Jass is played to 1000–2500 (RULES.md §6), tournaments
# over 16 hands or so (§9), with a match bonus of 100 and multipliers up to ×3 or
# ×4 (§4); the bounds leave room for club variants and keep every game's points,
# slate and pages small (issue 11: a match bonus of 10**12 drew 10**10 strokes).
MAX_TARGET = 10_000
MAX_FIXED_HANDS = 100  # ``hands`` of a fixed-hands game
MAX_MATCH_BONUS = 500
MAX_MULTIPLIER = 10

End = Literal["first-out", "whole-hand", "fixed-hands"]
WeisStyle = Literal["small", "large", "none"]

ONE_OF = gettext_noop("must be one of {expected}, not {value!r}")
ABOVE_0_OR_NULL = gettext_noop("must be a whole number above 0, or null, not {value!r}")
AT_MOST = gettext_noop("must be at most {most}, not {value!r}")

FIELDS: tuple[str, ...] = (
    "preset",
    "target",
    "end",
    "hands",
    "weis",
    "stoeck",
    "match_bonus",
    "multipliers",
    "trumps",
    "striche",
)


@dataclass(frozen=True)
class Ruleset:
    """Everything that decides how a game is counted. All fields are explicit."""

    preset: str | None = "chibre"
    target: int | None = 1000
    end: End = "first-out"
    hands: int | None = None
    weis: WeisStyle = "small"
    stoeck: bool = True
    match_bonus: int = 100
    multipliers: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(TRUMPS, 1))
    trumps: tuple[str, ...] = TRUMPS
    # counted in Striche (RULES.md §12): the Strich table, or ``None``
    striche: StrichTable | None = None

    def multiplier(self, trump: str) -> int:
        return self.multipliers.get(trump, 1)

    @property
    def match_card_points(self) -> int:
        """The card points of a match: all 157 and the match bonus (257, or 157 in
        a tournament without the bonus), before the trump's multiplier."""
        return CARD_POINTS + self.match_bonus

    @property
    def individual(self) -> bool:
        """Four players each for themselves (Différenzler, RULES.md §10), not two teams."""
        return self.preset == DIFFERENZLER

    @property
    def half_target(self) -> float | None:
        """Half the target: a loser below it is Rubicon (RULES.md §6)."""
        return None if self.target is None else self.target / 2

    def to_dict(self) -> dict[str, Any]:
        """The game file's ``ruleset`` object, every field written out."""
        return {
            "preset": self.preset,
            "target": self.target,
            "end": self.end,
            "hands": self.hands,
            "weis": self.weis,
            "stoeck": self.stoeck,
            "match_bonus": self.match_bonus,
            "multipliers": {mode: self.multiplier(mode) for mode in TRUMPS},
            "trumps": list(self.trumps),
            **({} if self.striche is None else {"striche": self.striche.to_dict()}),
        }

    @classmethod
    def from_dict(cls, data: object) -> Ruleset:
        """Read a game file's ``ruleset``: a preset filled in, then overridden field by field.

        Raises :class:`RulesError` naming every field that is wrong.
        """
        return parse_ruleset(data)


_ALL_ONE = dict.fromkeys(TRUMPS, 1)

PRESETS: dict[str, dict[str, Any]] = {
    "chibre": {
        "target": 1000,
        "end": END_FIRST_OUT,
        "hands": None,
        "weis": "small",
        "stoeck": True,
        "match_bonus": 100,
        "multipliers": _ALL_ONE,
        "trumps": list(TRUMPS),
    },
    "pique-double": {
        "target": 1500,
        "end": END_FIRST_OUT,
        "hands": None,
        "weis": "small",
        "stoeck": True,
        "match_bonus": 100,
        "multipliers": {**_ALL_ONE, "spades": 2},
        "trumps": list(TRUMPS),
    },
    "schieber-2500": {
        "target": 2500,
        "end": END_FIRST_OUT,
        "hands": None,
        "weis": "small",
        "stoeck": True,
        "match_bonus": 100,
        "multipliers": {
            "clubs": 1,
            "spades": 1,
            "hearts": 2,
            "diamonds": 2,
            "obe-abe": 3,
            "unde-ufe": 3,
        },
        "trumps": list(TRUMPS),
    },
    "tournament": {
        "target": None,
        "end": END_FIXED_HANDS,
        "hands": 16,
        "weis": "none",
        "stoeck": False,
        "match_bonus": 0,
        "multipliers": _ALL_ONE,
        "trumps": list(TRUMPS),
    },
    # RULES.md §10: four players each for themselves, a fixed number of hands, no Weis,
    # Stöck, match bonus or multiplier; a suit is trump (obe-abe and unde-ufe only if
    # the club allows them: ``trumps`` may say so).
    DIFFERENZLER: {
        "target": None,
        "end": END_FIXED_HANDS,
        "hands": 12,
        "weis": "none",
        "stoeck": False,
        "match_bonus": 0,
        "multipliers": _ALL_ONE,
        "trumps": list(SUITS),
    },
}

# The presets of a game of two teams (every one but Différenzler's).
TEAM_PRESETS: tuple[str, ...] = tuple(name for name in PRESETS if name != DIFFERENZLER)

# The fields a preset fixes: given in a file, they must say what the preset says.
FIXED_FIELDS: dict[str, tuple[str, ...]] = {
    DIFFERENZLER: ("target", "end", "weis", "stoeck", "match_bonus", "multipliers"),
}
FIXED_BY_PRESET = gettext_noop("is fixed by the {preset} preset: {expected!r}, not {value!r}")


def _says(key: str, given: object, fixed: object) -> bool:
    """Whether a field given next to a preset says what the preset fixes (multipliers
    left out are ×1, so ``{"spades": 1}`` says what all ×1 says)."""
    if key == "multipliers" and isinstance(given, Mapping) and isinstance(fixed, Mapping):
        return all(
            is_int(given.get(mode, 1)) and given.get(mode, 1) == fixed.get(mode, 1)
            for mode in set(given) | set(fixed)
        )
    return given == fixed and type(given) is type(fixed)


def preset(name: str) -> Ruleset:
    """The ruleset of a named preset."""
    return parse_ruleset({"preset": name})


def parse_ruleset(data: object, prefix: str = "ruleset", *, bounded: bool = True) -> Ruleset:
    """A ruleset from its game-file object: a preset filled in, then overridden field
    by field, each value checked, and with ``bounded`` kept within what Jass allows
    (``MAX_TARGET``…). Raises :class:`RulesError` naming every field that is wrong.

    ``bounded=False`` is only for reading back a game stored before the bounds
    existed: it keeps counting as it did when it was stored.
    """
    problems: list[Problem] = []

    def bad(name: str, template: str, **params: object) -> None:
        where = f"{prefix}.{name}" if prefix else name
        problems.append(Problem(where, template, params=params))

    if not isinstance(data, Mapping):
        raise RulesError([Problem(prefix or "ruleset", gettext_noop("must be an object"))])
    for key in data:
        if key not in FIELDS and not str(key).startswith("x-"):
            bad(
                str(key),
                gettext_noop("unknown field (expected one of {known})"),
                known=", ".join(FIELDS),
            )

    name = data.get("preset")
    if name is None:
        values: dict[str, Any] = dict(PRESETS["chibre"])
    elif isinstance(name, str) and name in PRESETS:
        values = dict(PRESETS[name])
    else:
        bad(
            "preset",
            gettext_noop("unknown preset {preset!r} (expected one of {presets})"),
            preset=name,
            presets=", ".join(PRESETS),
        )
        values = dict(PRESETS["chibre"])
    for key in FIELDS[1:-1]:
        if key in data:
            values[key] = data[key]
    fixed_keys = FIXED_FIELDS.get(name, ()) if isinstance(name, str) else ()
    fixed = PRESETS[str(name)] if fixed_keys else {}
    for key in fixed_keys:
        if key in data and not _says(key, data[key], fixed[key]):
            bad(key, FIXED_BY_PRESET, preset=name, expected=fixed[key], value=data[key])

    target, end, hands = values["target"], values["end"], values["hands"]
    if end not in ENDS:
        bad("end", ONE_OF, expected=", ".join(ENDS), value=end)
    if target is not None and not (is_int(target) and target > 0):
        bad("target", ABOVE_0_OR_NULL, value=target)
    elif bounded and target is not None and target > MAX_TARGET:
        bad("target", AT_MOST, most=MAX_TARGET, value=target)
    elif end == END_FIXED_HANDS and target is not None:
        bad("target", gettext_noop("must be null when end is fixed-hands"))
    elif end in (END_FIRST_OUT, END_WHOLE_HAND) and target is None:
        bad("target", gettext_noop("is needed when end is {end}"), end=end)
    if hands is not None and not (is_int(hands) and hands > 0):
        bad("hands", ABOVE_0_OR_NULL, value=hands)
    elif bounded and hands is not None and hands > MAX_FIXED_HANDS:
        bad("hands", AT_MOST, most=MAX_FIXED_HANDS, value=hands)
    elif end == END_FIXED_HANDS and hands is None:
        bad("hands", gettext_noop("is needed when end is fixed-hands"))
    elif end in (END_FIRST_OUT, END_WHOLE_HAND) and hands is not None:
        bad("hands", gettext_noop("must be null when end is {end}"), end=end)

    if values["weis"] not in WEIS_STYLES:
        bad("weis", ONE_OF, expected=", ".join(WEIS_STYLES), value=values["weis"])
    if not isinstance(values["stoeck"], bool):
        bad("stoeck", gettext_noop("must be true or false, not {value!r}"), value=values["stoeck"])
    bonus = values["match_bonus"]
    if not (is_int(bonus) and bonus >= 0):
        bad(
            "match_bonus",
            gettext_noop("must be a whole number, 0 or more, not {value!r}"),
            value=bonus,
        )
    elif bounded and bonus > MAX_MATCH_BONUS:
        bad("match_bonus", AT_MOST, most=MAX_MATCH_BONUS, value=bonus)

    multipliers = dict(_ALL_ONE)
    given = values["multipliers"]
    if not isinstance(given, Mapping):
        bad("multipliers", gettext_noop("must be an object mapping a trump mode to a whole number"))
    else:
        for mode, factor in given.items():
            if mode not in TRUMPS:
                bad(
                    f"multipliers.{mode}",
                    gettext_noop("unknown trump mode (expected one of {trumps})"),
                    trumps=", ".join(TRUMPS),
                )
            elif not (is_int(factor) and factor >= 1):
                bad(
                    f"multipliers.{mode}",
                    gettext_noop("must be a whole number, 1 or more, not {value!r}"),
                    value=factor,
                )
            elif bounded and factor > MAX_MULTIPLIER:
                bad(f"multipliers.{mode}", AT_MOST, most=MAX_MULTIPLIER, value=factor)
            else:
                multipliers[mode] = factor

    trumps = values["trumps"]
    if not isinstance(trumps, list | tuple) or not trumps:
        bad("trumps", gettext_noop("must be a non-empty list of trump modes"))
        trumps = list(TRUMPS)
    else:
        unknown = [mode for mode in trumps if mode not in TRUMPS]
        if unknown:
            bad(
                "trumps",
                gettext_noop("unknown trump mode {mode!r} (expected {trumps})"),
                mode=unknown[0],
                trumps=", ".join(TRUMPS),
            )
        elif len(set(trumps)) != len(trumps):
            bad("trumps", gettext_noop("names a trump mode twice"))
        trumps = [mode for mode in TRUMPS if mode in trumps]

    # after the ruleset's own fields (game-format.md "Striche": the order of refusals)
    striche, broken = parse_strich_table(
        data.get("striche"),
        target if end in (END_FIRST_OUT, END_WHOLE_HAND) else None,
        f"{prefix}.striche" if prefix else "striche",
    )
    problems += broken

    if problems:
        raise RulesError(problems)
    return Ruleset(
        preset=name,
        target=target,
        end=end,
        hands=hands,
        weis=values["weis"],
        stoeck=values["stoeck"],
        match_bonus=bonus,
        multipliers=multipliers,
        trumps=tuple(trumps),
        striche=striche,
    )
