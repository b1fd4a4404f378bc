"""import_game and export_game behave as game-format.md says."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import Game, Hand, Player, Team
from tests.factories import demo_document, game_document, hand

pytestmark = pytest.mark.django_db


def run(command: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=err)
    except SystemExit as exit:
        return int(exit.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def write(tmp_path, name: str, document: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def stored_rows() -> tuple[int, int, int, int]:
    return (
        Game.objects.count(),
        Team.objects.count(),
        Player.objects.count(),
        Hand.objects.count(),
    )


def test_import_game_valid_file_stores_it_and_prints_its_id(tmp_path):
    path = write(tmp_path, "game.json", demo_document())

    status, out, err = run("import_game", path)

    game = Game.objects.get()
    assert (status, out.strip(), err) == (0, str(game.pk), "")
    assert game.name == "Soirée du club, table 1"
    assert [t.name for t in game.teams.order_by("index")] == ["Les Bourgs", "Les Nells"]
    assert game.hands.count() == 7
    result = game.result()
    assert (result.totals, result.winner, result.rubicon) == ((1119, 303), 0, True)


def test_import_game_stores_hands_exactly_as_given(tmp_path):
    document = game_document(
        [hand("hearts", [95, 62], weis=[["seq3", 50], []], stoeck=0, chooser="Anne", chibre=True)]
    )
    status, _, _ = run("import_game", write(tmp_path, "g.json", document))

    stored = Hand.objects.get()
    assert status == 0
    assert (stored.read().trump, stored.read().cards) == ("hearts", (95, 62))
    assert stored.record["weis"] == [["seq3", 50], []]
    assert (stored.read().stoeck, stored.read().match, stored.read().out_first) == (
        0,
        None,
        None,
    )
    assert (stored.read().chooser, stored.read().chibre) == ("Anne", True)


BROKEN = {
    "wrong-sum": (
        [hand("hearts", [95, 60])],
        "hand 1: cards: 95 + 60 = 155, but the cards of a hand make 157",
    ),
    "weis-both-teams": (
        [hand("hearts", [95, 62], weis=[["seq3"], ["seq4"]])],
        "hand 1: weis: only the team holding the best Weis scores",
    ),
    "stoeck-obe-abe": (
        [hand("clubs"), hand("obe-abe", stoeck=1)],
        "hand 2: stoeck: Stöck is only counted when a suit is trump, not in obe-abe",
    ),
    "unknown-kind": (
        [hand("hearts", weis=[["seq10"], []])],
        "hand 1: weis: unknown kind 'seq10'",
    ),
    "match-without-all-cards": (
        [hand("spades", [150, 7], match=0)],
        "hand 1: cards: with a match by team 0 the cards are [157, 0]",
    ),
    "hand-after-the-end": (
        [hand("hearts", [157, 0], match=0)] * 3 + [hand("clubs", [157, 0], match=0)] * 2,
        "hand 5: hands: the game was over after hand 4; no hand may follow",
    ),
    "out-first-missing": (
        [hand("hearts", [78, 79])] * 12 + [hand("hearts", [80, 77])],
        "hand 13: out_first: both teams cross the target on trick points",
    ),
    "cards-missing-without-going-out": (
        [hand("hearts", None) | {"cards": None, "stoeck": 0}],
        "hand 1: cards: the card points are missing",
    ),
}


@pytest.mark.parametrize("case", BROKEN)
def test_import_game_refuses_broken_file_with_one_line_and_stores_nothing(tmp_path, case):
    hands, expected = BROKEN[case]
    Game.objects.create(name="already here", ruleset={"preset": "chibre"})
    before = stored_rows()
    path = write(tmp_path, f"{case}.json", game_document(hands))

    status, out, err = run("import_game", path)

    assert status == 1
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: {expected}")
    assert stored_rows() == before


def test_import_game_refuses_tampered_result(tmp_path):
    document = demo_document()
    document["result"] = {"totals": [1119, 304], "over": True, "winner": 0, "rubicon": True}

    status, _, err = run("import_game", write(tmp_path, "t.json", document))

    assert status == 1
    assert "t.json: result.totals: the file says [1119, 304], the hands give [1119, 303]" in err
    assert Game.objects.count() == 0


def test_import_game_refuses_tampered_hand_result_naming_the_hand(tmp_path):
    document = game_document([hand("hearts"), hand("clubs")])
    document["result"] = {
        "hands": [
            {"points": [95, 62], "totals": [95, 62]},
            {"points": [95, 62], "totals": [190, 125]},
        ]
    }

    status, _, err = run("import_game", write(tmp_path, "t.json", document))

    assert status == 1
    assert "t.json: hand 2: result.totals: the file says [190, 125]" in err


def test_import_game_several_files_stores_the_good_and_reports_each_bad_one(tmp_path):
    good = write(tmp_path, "good.json", demo_document())
    bad = write(tmp_path, "bad.json", game_document([hand("hearts", [100, 100])]))
    not_json = tmp_path / "notjson.json"
    not_json.write_text("{ nope", encoding="utf-8")
    missing = str(tmp_path / "missing.json")

    status, out, err = run("import_game", bad, good, str(not_json), missing)

    assert status == 1
    assert out.split() == [str(Game.objects.get().pk)]
    lines = err.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{bad}: hand 1: cards:")
    assert lines[1].startswith(f"{not_json}: json: not valid JSON")
    assert lines[2].startswith(f"{missing}: file: cannot read it")


def test_import_game_game_ended_on_stoeck_with_cards_left_out(tmp_path):
    hands = [hand("hearts", [157, 0], match=0)] * 3 + [
        hand("spades", [150, 7]),
        hand("clubs", [62, 95]),
        {"trump": "hearts", "cards": None, "stoeck": 0},
    ]
    status, _, err = run("import_game", write(tmp_path, "s.json", game_document(hands)))

    assert (status, err) == (0, "")
    result = Game.objects.get().result()
    assert (result.totals, result.over, result.winner, result.out_on) == (
        (1003, 102),
        True,
        0,
        "stoeck",
    )


def test_import_game_ignores_x_keys_and_refuses_other_unknown_keys(tmp_path):
    document = game_document([hand("hearts") | {"x-note": "fast"}])
    document["x-origin"] = {"site": "another club"}
    document["teams"][0]["x-colour"] = "red"
    ok = write(tmp_path, "x.json", document)
    typo = game_document([hand("hearts") | {"stock": 0}])

    assert run("import_game", ok)[0] == 0
    status, _, err = run("import_game", write(tmp_path, "typo.json", typo))
    assert status == 1
    assert "typo.json: hand 1: stock: unknown field" in err


def test_export_game_writes_the_game_file_with_its_result(tmp_path):
    run("import_game", write(tmp_path, "g.json", demo_document()))
    game = Game.objects.get()

    status, out, _ = run("export_game", str(game.pk))

    document = json.loads(out)
    assert status == 0
    assert document["format"] == "jass-game/1"
    assert document["ruleset"]["target"] == 1000
    assert len(document["hands"]) == 7
    assert document["hands"][6]["cards"] is None
    assert document["result"]["totals"] == [1119, 303]
    assert document["result"]["hands"][0] == {"points": [185, 62], "totals": [185, 62]}
    assert (document["result"]["over"], document["result"]["winner"]) == (True, 0)
    assert document["result"]["rubicon"] is True


def test_export_then_import_gives_the_same_game(tmp_path):
    run("import_game", write(tmp_path, "g.json", demo_document("pique-double-table-2")))
    first = json.loads(run("export_game", str(Game.objects.get().pk))[1])
    Game.objects.all().delete()  # the same game stored again would be refused as a duplicate

    status, out, _ = run("import_game", write(tmp_path, "again.json", first))
    second = json.loads(run("export_game", out.strip())[1])

    assert status == 0
    assert second == first


def test_export_game_all_is_a_backup_that_imports_back_whole(tmp_path):
    for name in ("club-night-table-1", "pique-double-table-2"):
        run("import_game", write(tmp_path, f"{name}.json", demo_document(name)))
    backup = json.loads(run("export_game", "--all")[1])
    Game.objects.all().delete()  # lost: the backup brings them back

    status, out, _ = run("import_game", write(tmp_path, "backup.json", backup))

    assert [game["name"] for game in backup] == ["Soirée du club, table 1", "Pique double, table 2"]
    assert status == 0
    assert len(out.split()) == 2
    assert Game.objects.count() == 2


def test_import_game_backup_with_one_bad_game_stores_none_of_it(tmp_path):
    bad = game_document([hand("hearts", [1, 2])])
    path = write(tmp_path, "backup.json", [demo_document(), bad])

    status, _, err = run("import_game", path)

    assert status == 1
    assert f"{path}: game 2: hand 1: cards:" in err
    assert stored_rows() == (0, 0, 0, 0)


def test_export_game_unknown_id_is_an_error():
    with pytest.raises(CommandError, match="no game with id 999"):
        call_command("export_game", "999", stdout=io.StringIO())


def test_export_game_needs_an_id_or_all():
    with pytest.raises(CommandError, match="either the id of one game or --all"):
        call_command("export_game", stdout=io.StringIO())


def test_load_demo_loads_its_games_and_two_tournaments_once():
    from tournaments import services as tournament_services
    from tournaments.models import Tournament

    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())

    games = list(Game.objects.filter(table__isnull=True).with_everything())
    assert len(games) == 8
    # a Schieber evening in Striche: three games of five players with changing partners
    evening = [game for game in games if game.name.startswith("Soirée aux Striche")]
    assert len(evening) == 3
    assert all(game.ruleset["striche"] and game.result().over for game in evening)
    assert len({p.name for game in evening for t in game.teams.all() for p in t.players.all()}) == 5
    assert len({game.played_on for game in evening}) == 1
    # a Différenzler evening: two tables of one date, both played to the end
    differenzler = [game for game in games if game.individual]
    assert len(differenzler) == 2
    assert len({game.played_on for game in differenzler}) == 1
    assert all(game.result().over for game in differenzler)
    games = [game for game in games if game not in evening]
    coiffeur = next(game for game in games if game.ruleset["preset"] == "coiffeur")
    assert not coiffeur.result().over  # a Coiffeur sheet in progress
    assert coiffeur.hands.count() == 8
    teams = [game for game in games if game.ruleset["preset"] not in ("differenzler", "coiffeur")]
    assert sorted(game.result().over for game in teams) == [False, True]
    # the demo's own two; its season's two finished ones come after (settings.DEMO_EXTRAS)
    tournament, differenzler_evening = Tournament.objects.order_by("pk")[:2]
    first, second = tournament.schedule.all()
    assert first.state == "closed"
    states = tournament_services.table_states(second)
    assert sorted(status.state for status in states.values()) == [
        "confirmed",
        "entered",
        "missing",
    ]
    assert len(tournament_services.current_standings(tournament)) == 6
    # nine players each for themselves: one sits out, one table signed, one playing
    first, second = differenzler_evening.schedule.all()
    assert first.state == "closed"
    assert [len(p.byes) for p in (first, second)] == [1, 1]
    states = tournament_services.table_states(second)
    assert sorted(status.state for status in states.values()) == ["confirmed", "missing"]
    assert len(tournament_services.current_standings(differenzler_evening)) == 9


def test_import_game_into_a_club_matches_its_members_and_adds_the_new_names(tmp_path, capsys):
    from clubs.models import Club, Member

    club = Club.objects.create(name="Jass-Club Bern", slug="bern")
    anne = Member.objects.create(club=club, name="anne")  # any letter case
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_document([hand("hearts")])), encoding="utf-8")

    call_command("import_game", "--club", "bern", str(path))

    game = Game.objects.get(pk=int(capsys.readouterr().out.strip()))
    assert game.club == club
    players = {p.name: p.member for p in Player.objects.filter(team__game=game)}
    assert players["Anne"] == anne
    assert {name for name, member in players.items() if member and member.user is None} == set(
        players
    )
    assert club.members.count() == 4


def test_import_game_into_an_unknown_club_says_which_clubs_there_are(tmp_path):
    from clubs.models import Club

    Club.objects.create(name="Jass-Club Bern", slug="bern")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_document([hand("hearts")])), encoding="utf-8")

    with pytest.raises(CommandError, match="no club 'thun' \\(clubs: bern\\)"):
        call_command("import_game", "--club", "thun", str(path))
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("where", "said"),
    [
        (("name",), "name: holds a NUL character, which no text may hold"),
        (("x-note",), "x-note: holds a NUL character, which no text may hold"),
    ],
)
def test_a_nul_character_anywhere_is_refused_naming_where(tmp_path, where, said):
    """PostgreSQL stores no NUL in a text: a file holding one is refused, not a 500."""
    document = game_document([hand("hearts", [95, 62])])
    document[where[0]] = "Stamm\x00tisch"
    status, _out, err = run("import_game", write(tmp_path, "nul.json", document))
    assert status == 1
    assert said in err
    assert Game.objects.count() == 0
