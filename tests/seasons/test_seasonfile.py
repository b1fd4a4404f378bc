# ruff: noqa: E501  (the refusals are read one a line)
"""The season file ``jass-season/1`` without the database: the format's example,
random seasons written and read again with their standings, and broken files refused
naming the event and the field, the first in the format's order."""

from __future__ import annotations

import copy
import datetime as dt
import json
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasons.ranking import DEFAULT_TIE_BREAKS, Entry, Event, Settings
from seasons.seasonfile import (
    Season,
    SeasonFileError,
    dumps,
    loads,
    read_season,
    season_document,
)

EXAMPLE = {
    "format": "jass-season/1",
    "name": "Jahresmeisterschaft 2026",
    "club": "Jassclub Bärn",
    "settings": {
        "points": [25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
        "beyond": 1,
        "best": 3,
        "min_events": 3,
        "tie_breaks": ["wins", "best_event", "last_event"],
    },
    "players": ["Anne", "Beat", "Carla", "Dario", "Erika", "Fritz"],
    "events": [
        {
            "name": "Fasnachtsturnier",
            "date": "2026-02-14",
            "kind": "tournament",
            "weight": 1,
            "final": False,
            "ranking": [
                {"place": 1, "players": ["Beat"]},
                {"place": 2, "players": ["Anne"]},
                {"place": 2, "players": ["Dario"]},
                {"place": 2, "players": ["Fritz"]},
                {"place": 5, "players": ["Carla"]},
            ],
        },
        {
            "name": "Frühlingsjass",
            "date": "2026-03-21",
            "ranking": [
                {"place": 1, "players": ["Carla", "Erika"], "name": "Zytglogge"},
                {"place": 2, "players": ["Anne", "Beat"]},
                {"place": 3, "players": ["Dario", "Fritz"]},
            ],
        },
        {
            "name": "Final",
            "date": "2026-09-12",
            "final": True,
            "ranking": [
                {"place": 1, "players": ["Beat"]},
                {"place": 2, "players": ["Anne"]},
                {"place": 3, "players": ["Carla"]},
                {"place": 4, "players": ["Dario"]},
            ],
        },
    ],
}


def test_the_formats_example_is_read_and_ranked():
    season = read_season(EXAMPLE)
    assert season.settings.best == 3
    assert season.events[2].weight == 2
    assert season.events[1].ranking[0] == Entry(1, ("Carla", "Erika"), "Zytglogge")
    rows = {row["player"]: row for row in season_document(season)["result"]["standings"]}
    # Fasnacht: Anne, Dario and Fritz tied 2nd: (18 + 15 + 12) / 3 = 15 each
    assert rows["Anne"]["points"] == [15, 18, 36]
    assert rows["Beat"] == {
        "player": "Beat",
        "rank": 1,
        "total": 25 + 18 + 50,
        "played": 3,
        "wins": 2,
        "points": [25, 18, 50],
        "counted": [True, True, True],
    }
    assert rows["Erika"]["rank"] is None  # one event of the three needed
    order = [row["player"] for row in season_document(season)["result"]["standings"]]
    assert order == ["Beat", "Anne", "Carla", "Dario", "Fritz", "Erika"]


def test_a_result_that_matches_is_taken_and_one_that_does_not_is_refused():
    document = season_document(read_season(EXAMPLE))
    assert read_season(json.loads(json.dumps(document))) == read_season(EXAMPLE)
    document["result"]["standings"][1]["total"] = 70
    with pytest.raises(SeasonFileError) as refused:
        read_season(json.loads(json.dumps(document)))
    assert str(refused.value) == "result.standings.total: row 2: 70, the events make 69"


def test_written_numbers_have_two_decimals_at_most():
    data = copy.deepcopy(EXAMPLE)
    data["events"][0]["ranking"][3]["place"] = 4  # Anne and Dario tied 2nd: 16.5
    data["events"][0]["ranking"][4]["place"] = 4
    text = dumps(read_season(data))
    assert '"points": [\n          16.5' in text or "16.5" in text
    assert loads(text).events == read_season(data).events


def broken(change) -> str:
    data = copy.deepcopy(EXAMPLE)
    change(data)
    with pytest.raises(SeasonFileError) as refused:
        read_season(data)
    return str(refused.value)


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is KeyError:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (["format"], "jass-game/1", "format: must be 'jass-season/1'"),
        (["name"], " ", "name: must be a text, not empty"),
        (["name"], "Saison\x00", "name: must not hold a control character"),
        (["players", 1], "Anne\x00", "players: player 2: must not hold a control character"),
        (["settings"], [], "settings: must be an object"),
        (["settings", "bonus"], 3, "settings.bonus: unknown field"),
        (
            ["settings", "points"],
            [10, 12],
            "settings.points: place 2 gets more points than place 1",
        ),
        (
            ["settings", "beyond"],
            2,
            "settings.beyond: the points of a place below the table are 0 to 1",
        ),
        (
            ["settings", "best"],
            0,
            "settings.best: the best results counted are none (all) or 1 to 100",
        ),
        (
            ["settings", "min_events"],
            101,
            "settings.min_events: the events to play to be ranked are 1 to 100",
        ),
        (
            ["settings", "tie_breaks"],
            ["wins", "wins"],
            "settings.tie_breaks: the tie-breaks are different names among wins, best_event, last_event",
        ),
        (["players"], ["Anne", "Anne"], "players: player 2: 'Anne' is named twice"),
        (
            ["players"],
            ["Anne", " Beat"],
            "players: player 2: a name, not empty, without spaces around it",
        ),
        (["players"], [], "players: must be a list of 1 to 1000 names"),
        (["events"], [], "events: must be a list of 1 to 100 events"),
        (["events", 1, "bonus"], 1, "event 2: bonus: unknown field"),
        (["events", 1, "name"], "", "event 2: name: must be a text, not empty"),
        (["events", 1, "date"], "2026-02-30", "event 2: date: must be a date written YYYY-MM-DD"),
        (
            ["events", 1, "date"],
            "2026-01-01",
            "event 2: date: 2026-01-01 is before the previous event's (2026-02-14)",
        ),
        (["events", 1, "kind"], "cup", "event 2: kind: must be one of tournament, evening"),
        (["events", 1, "final"], "yes", "event 2: final: must be true or false"),
        (["events", 1, "weight"], 6, "event 2: weight: must be a whole number from 1 to 5"),
        (["events", 1, "weight"], 1.5, "event 2: weight: must be a whole number from 1 to 5"),
        (
            ["events", 2, "ranking"],
            [{"place": 1, "players": ["Beat"]}],
            "event 3: ranking: must be a list of 2 to 6 entries (the players)",
        ),
        (
            ["events", 2, "ranking", 1],
            {"place": 2, "player": ["Anne"]},
            "event 3: ranking: entry 2: must be an object of place, players and name",
        ),
        (
            ["events", 2, "ranking", 1, "players"],
            ["Zora"],
            "event 3: ranking.players: entry 2: 'Zora' is not one of players",
        ),
        (
            ["events", 2, "ranking", 1, "players"],
            ["Beat"],
            "event 3: ranking.players: entry 2: 'Beat' is ranked twice in this event",
        ),
        (
            ["events", 2, "ranking", 1, "players"],
            ["Anne", "Erika"],
            "event 3: ranking.players: entry 2: 2 players, but the first entry has 1",
        ),
        (
            ["events", 2, "ranking", 3, "place"],
            2,
            "event 3: ranking.place: entry 4: place 2, expected 3 (tied) or 4",
        ),
        (
            ["events", 0, "ranking", 4, "place"],
            3,
            "event 1: ranking.place: entry 5: place 3, expected 2 (tied) or 5",
        ),
        (
            ["events", 0, "ranking", 0, "place"],
            2,
            "event 1: ranking.place: entry 1: place 2, expected 1",
        ),
        (
            ["events", 2, "ranking", 1, "place"],
            "2",
            "event 3: ranking.place: entry 2: place '2', expected 1 (tied) or 2",
        ),
        (
            ["result"],
            {"standings": []},
            "result.standings: must be a list of one row per player (6)",
        ),
    ],
)
def test_a_broken_file_is_refused_naming_event_and_field(path, value, said):
    assert broken(_set(path, value)) == said


def test_a_dense_or_unsorted_ranking_is_refused():
    dense = [
        {"place": p, "players": [n]}
        for p, n in [(1, "Anne"), (2, "Beat"), (2, "Carla"), (3, "Dario")]
    ]
    assert broken(_set(["events", 0, "ranking"], dense)) == (
        "event 1: ranking.place: entry 4: place 3, expected 2 (tied) or 4"
    )
    unsorted = [{"place": p, "players": [n]} for p, n in [(2, "Anne"), (1, "Beat")]]
    assert broken(_set(["events", 0, "ranking"], unsorted)).startswith(
        "event 1: ranking.place: entry 1"
    )


def test_the_first_broken_rule_in_the_formats_order_is_named():
    def several(data):
        data["events"][2]["weight"] = 9  # event 3
        data["events"][1]["kind"] = "cup"  # event 2: named first
        data["result"] = "x"

    assert broken(several) == "event 2: kind: must be one of tournament, evening"

    def settings_and_players(data):
        data["players"] = []
        data["settings"]["tie_breaks"] = ["draw"]
        data["settings"]["min_events"] = 0  # before tie_breaks

    assert broken(settings_and_players).startswith("settings.min_events")

    def inside_an_event(data):
        data["events"][0]["ranking"][1]["place"] = 7
        data["events"][0]["ranking"][3]["players"] = ["Zora"]  # a later entry
        data["events"][0]["weight"] = 0  # the event's weight comes before its ranking

    assert broken(inside_an_event).startswith("event 1: weight")
    data = copy.deepcopy(EXAMPLE)
    data["events"][0]["ranking"][1]["place"] = 7
    data["events"][0]["ranking"][3]["players"] = ["Zora"]
    with pytest.raises(SeasonFileError) as refused:
        read_season(data)
    assert refused.value.event == 1
    assert refused.value.field == "ranking.place"


def test_unknown_x_keys_are_ignored_and_text_that_is_not_json_is_named():
    data = copy.deepcopy(EXAMPLE)
    data["x-app"] = 1
    data["settings"]["x-note"] = "y"
    data["events"][0]["x-where"] = "Bern"
    data["events"][0]["ranking"][0]["x-lot"] = 3
    assert read_season(data) == read_season(EXAMPLE)
    with pytest.raises(SeasonFileError) as refused:
        loads("{not json")
    assert refused.value.field == "json"
    with pytest.raises(SeasonFileError) as refused:
        loads("[" * 5000 + "]" * 5000)
    assert refused.value.field == "json"


# -- random seasons: written, read again, the same standings --------------------------

names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=12
).filter(lambda n: n == n.strip())


@st.composite
def seasons(draw) -> Season:
    players = draw(st.lists(names, min_size=2, max_size=12, unique=True))
    table = sorted(draw(st.lists(st.integers(0, 60), min_size=1, max_size=12)), reverse=True)
    table[0] = max(table[0], 1)
    settings = Settings(
        points=tuple(table),
        beyond=draw(st.integers(0, table[-1])),
        best=draw(st.none() | st.integers(1, 6)),
        min_events=draw(st.integers(1, 4)),
        tie_breaks=tuple(draw(st.permutations(DEFAULT_TIE_BREAKS))[: draw(st.integers(0, 3))]),
    )
    events = []
    day = dt.date(2026, 1, 1)
    for number in range(draw(st.integers(1, 7))):
        day += dt.timedelta(days=draw(st.integers(0, 30)))
        size = draw(st.sampled_from([1, 2])) if len(players) >= 4 else 1
        playing = draw(st.permutations(players))
        entries = [tuple(playing[i : i + size]) for i in range(0, len(playing) - size + 1, size)]
        entries = entries[: draw(st.integers(2, len(entries)))]
        ranking, place = [], 1
        for position, entry in enumerate(entries, start=1):
            if position > 1 and draw(st.integers(0, 2)):
                place = position  # otherwise tied with the entry before
            team = draw(st.sampled_from(["", "Zytglogge"])) if size == 2 else ""
            ranking.append(Entry(place, entry, team))
        final = draw(st.booleans())
        events.append(
            Event(
                name=f"Event {number + 1}",
                date=day,
                ranking=tuple(ranking),
                weight=draw(st.integers(1, 5)),
                final=final,
                kind=draw(st.sampled_from(["tournament", "evening"])),
            )
        )
    return Season("Saison", settings, tuple(players), tuple(events), "Club")


@given(seasons())
def test_random_seasons_round_trip_with_their_standings(season):
    text = dumps(season)
    again = loads(text)
    assert again == season
    assert json.loads(dumps(again)) == json.loads(text)
    lines = again.standings()
    for row, line in zip(json.loads(text)["result"]["standings"], lines, strict=True):
        assert Decimal(repr(row["total"])) == line.total
        assert row["total"] == round(row["total"], 2)
    # every event hands out the table's points, split by ties: each tie's share
    # rounded once, so the event's sum is the table's within half a hundredth per entry
    for index, event in enumerate(season.events):
        given_out = sum(
            line.points[index] for line in lines if line.points[index] is not None
        ) / len(event.ranking[0].players)
        table_sum = event.weight * sum(
            season.settings.place_points(p) for p in range(1, len(event.ranking) + 1)
        )
        assert abs(given_out - table_sum) <= Decimal("0.005") * len(event.ranking)
    for line in lines:
        finals = [e.final for e in season.events]
        others = [i for i, p in enumerate(line.points) if p is not None and not finals[i]]
        kept = [i for i in others if line.counted[i]]
        best = season.settings.best
        assert len(kept) == (len(others) if best is None else min(best, len(others)))
        assert all(
            line.counted[i] for i, f in enumerate(finals) if f and line.points[i] is not None
        )


def test_an_event_ranks_no_more_entries_than_the_season_has_players():
    def one_player(data):
        data["players"] = ["Anne"]

    assert broken(one_player) == (
        "event 1: ranking: must be a list of 2 entries or more, and the season has one player"
    )

    def seven_entries(data):
        data["events"][0]["ranking"] += [{"place": 6, "players": ["Erika"]}] * 2

    assert (
        broken(seven_entries) == "event 1: ranking: must be a list of 2 to 6 entries (the players)"
    )
