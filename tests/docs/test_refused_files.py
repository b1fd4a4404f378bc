"""The schemas refuse broken files: a required field missing, a value not in its list, a
key the format does not name, a wrong type. Each case breaks one thing in a good file and
is named by the path of what it broke."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tests.docs.schemas import SEASON, examples, problems
from tests.factories import demo_document


def by_name(name: str) -> dict[str, Any]:
    return next(d for d in examples() if d["name"] == name)


GOOD: dict[str, Callable[[], dict[str, Any]]] = {
    "team": lambda: demo_document("club-night-table-1"),
    "striche": lambda: by_name("Soirée aux Striche, partie 1"),
    "differenzler": lambda: demo_document("differenzler-table-3"),
    "coiffeur": lambda: demo_document("coiffeur-stube"),
    "sidi": lambda: by_name("Sidi am Mittwoch"),
    "guggitaler": lambda: by_name("Guggitaler bei Grosi"),
}


def drop(*path: Any) -> Callable[[dict], None]:
    def change(document: dict) -> None:
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        del target[last]

    return change


def put(value: Any, *path: Any) -> Callable[[dict], None]:
    def change(document: dict) -> None:
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        target[last] = value

    return change


BROKEN = {
    "team: no format": ("team", drop("format"), "(top)"),
    "team: another format": ("team", put("jass-game/2", "format"), "format"),
    "team: no teams": ("team", drop("teams"), "(top)"),
    "team: a hand without trump": ("team", drop("hands", 0, "trump"), "hands/0"),
    "team: slalom is no trump of the team game": (
        "team",
        put("slalom", "hands", 0, "trump"),
        "hands/0/trump",
    ),
    "team: an unknown Weis kind": ("team", put([["seq10"], []], "hands", 0, "weis"), "hands/0"),
    "team: a match not written 157 : 0": (
        "team",
        put(0, "hands", 0, "match"),
        "hands/0/cards",
    ),
    "team: an unknown end": ("team", put("sudden-death", "ruleset", "end"), "ruleset/end"),
    "team: a key the format does not name": ("team", put(1, "hands", 0, "colour"), "hands/0"),
    "team: three teams": (
        "team",
        put([{"name": "C", "players": ["E", "F"]}] * 3, "teams"),
        "teams",
    ),
    "team: players instead of teams": ("team", put(["A", "B", "C", "D"], "players"), "(top)"),
    "team: a played_on that is no date": ("team", put("20.11.2026", "played_on"), "played_on"),
    "striche: sieg 0": ("striche", put(0, "ruleset", "striche", "sieg"), "ruleset/striche"),
    "striche: a key of the result's Striche missing": (
        "striche",
        drop("result", "striche", 0, "total"),
        "result/striche/0",
    ),
    "differenzler: three players": (
        "differenzler",
        put(["A", "B", "C"], "players"),
        "players",
    ),
    "differenzler: an estimate above 157": (
        "differenzler",
        put([158, 0, 0, 0], "hands", 0, "estimates"),
        "hands/0/estimates/0",
    ),
    "differenzler: a Weis": (
        "differenzler",
        put([["seq3"], []], "hands", 0, "weis"),
        "hands/0/weis",
    ),
    "differenzler: a Weis allowed by the preset": (
        "differenzler",
        put("small", "ruleset", "weis"),
        "ruleset/weis",
    ),
    "coiffeur: match and struck": (
        "coiffeur",
        put(True, "hands", 2, "struck"),
        "hands/2",
    ),
    "coiffeur: cards missing": ("coiffeur", drop("hands", 0, "cards"), "hands/0"),
    "coiffeur: five rows": (
        "coiffeur",
        put([["clubs", 1]] * 5, "ruleset", "rows"),
        "ruleset/rows",
    ),
    "coiffeur: a match value of 200": (
        "coiffeur",
        put(200, "ruleset", "match_value"),
        "ruleset/match_value",
    ),
    "sidi: a bid off the ladder": ("sidi", put(155, "hands", 0, "bid"), "hands/0/bid"),
    "sidi: double null": ("sidi", put(None, "hands", 0, "double"), "hands/0/double"),
    "sidi: a redouble where only doubles are played": (
        "sidi",
        put(4, "hands", 1, "double"),
        "hands/1/double",
    ),
    "sidi: cards missing": ("sidi", drop("hands", 0, "cards"), "hands/0"),
    "sidi: a field of the team game's ruleset": (
        "sidi",
        put("first-out", "ruleset", "end"),
        "ruleset",
    ),
    "guggitaler: counts in the domino": (
        "guggitaler",
        put([1, 1, 1, 1], "hands", 5, "counts"),
        "hands/5",
    ),
    "guggitaler: a category that does not exist": (
        "guggitaler",
        put("hearts", "hands", 0, "category"),
        "hands/0/category",
    ),
    "guggitaler: five Ober": (
        "guggitaler",
        put([5, 0, 0, 0], "hands", 2, "counts"),
        "hands/2/counts/0",
    ),
    "guggitaler: a category twice": (
        "guggitaler",
        put(["tricks", 5], "ruleset", "categories", 1),
        "ruleset/categories",
    ),
    "guggitaler: three credits for four players": (
        "guggitaler",
        put([150, 100, 55], "ruleset", "credits"),
        "ruleset/credits",
    ),
}


def test_the_good_files_pass():
    assert {kind: problems(good()) for kind, good in GOOD.items()} == {kind: [] for kind in GOOD}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_game_file_is_refused_naming_where(case):
    kind, change, where = BROKEN[case]
    document = copy.deepcopy(GOOD[kind]())
    change(document)

    found = problems(document)

    assert found, f"{case}: the schema let it pass"
    assert any(line.startswith(where) for line in found), found


def season() -> dict[str, Any]:
    return next(d for d in examples() if d["format"] == "jass-season/1")


SEASON_BROKEN = {
    "no name": (drop("name"), "(top)"),
    "an unknown tie-break": (put(["wins", "coin"], "settings", "tie_breaks"), "settings"),
    "a weight of 6": (put(6, "events", 0, "weight"), "events/0/weight"),
    "a ranking of one entry": (
        put([{"place": 1, "players": ["Anne"]}], "events", 0, "ranking"),
        "events/0/ranking",
    ),
    "an unknown setting": (put(3, "settings", "rounds"), "settings"),
    "a date that is no date": (put("12.05.2026", "events", 0, "date"), "events/0/date"),
}


def test_the_good_season_passes():
    assert problems(season(), SEASON) == []


@pytest.mark.parametrize("case", SEASON_BROKEN)
def test_a_broken_season_file_is_refused_naming_where(case):
    change, where = SEASON_BROKEN[case]
    document = copy.deepcopy(season())
    change(document)

    found = problems(document, SEASON)

    assert any(line.startswith(where) for line in found), found
