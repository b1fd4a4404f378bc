"""A game imported twice (issue 37): the same game file, in the same club, is named and
refused, or skipped with ``--skip-duplicates``; single files and arrays alike."""

from __future__ import annotations

import json

import pytest

from scoring.models import Game
from tests.factories import demo_document, game_document, hand
from tests.test_game_file_commands import run, stored_rows, write

pytestmark = pytest.mark.django_db


def test_import_game_same_file_twice_is_refused_naming_the_stored_game(tmp_path):
    path = write(tmp_path, "g.json", demo_document())
    _, out, _ = run("import_game", path)

    status, again, err = run("import_game", path)

    assert status == 1
    assert again == ""
    assert f"already stored as game {out.strip()}" in err
    assert "--skip-duplicates" in err
    assert Game.objects.count() == 1


def test_import_game_its_own_export_reindented_is_a_duplicate(tmp_path):
    run("import_game", write(tmp_path, "g.json", demo_document()))
    exported = run("export_game", str(Game.objects.get().pk))[1]
    path = tmp_path / "flat.json"
    path.write_text(json.dumps(json.loads(exported), separators=(",", ":")), encoding="utf-8")

    status, _, err = run("import_game", str(path))

    assert status == 1
    assert "already stored" in err
    assert Game.objects.count() == 1


def test_import_game_skip_duplicates_skips_it_and_says_so(tmp_path):
    path = write(tmp_path, "g.json", demo_document())
    first = run("import_game", path)[1].strip()

    status, out, err = run("import_game", "--skip-duplicates", path)

    assert status == 0
    assert out == ""
    assert f"skipped, already stored as game {first}" in err
    assert Game.objects.count() == 1


def test_import_game_array_with_a_stored_game_is_refused_whole(tmp_path):
    old = game_document([hand("hearts", [95, 62])])
    run("import_game", write(tmp_path, "old.json", old))
    new = game_document([hand("spades", [100, 57])])
    before = stored_rows()

    status, _, err = run("import_game", write(tmp_path, "all.json", [new, old]))

    assert status == 1
    assert "game 2: already stored as game" in err
    assert stored_rows() == before


def test_import_game_array_skip_duplicates_stores_the_new_one_only(tmp_path):
    old = game_document([hand("hearts", [95, 62])])
    run("import_game", write(tmp_path, "old.json", old))
    new = game_document([hand("spades", [100, 57])])

    status, out, err = run(
        "import_game", "--skip-duplicates", write(tmp_path, "a.json", [new, old])
    )

    assert status == 0
    assert len(out.split()) == 1
    assert "game 2: skipped" in err
    assert Game.objects.count() == 2


def test_import_game_same_game_twice_in_one_array_is_a_duplicate(tmp_path):
    same = game_document([hand("hearts", [95, 62])])

    status, _, err = run("import_game", write(tmp_path, "twice.json", [same, same]))

    assert status == 1
    assert "game 2: already stored as game" in err
    assert Game.objects.count() == 0


def test_import_game_one_hand_more_is_another_game(tmp_path):
    run("import_game", write(tmp_path, "a.json", game_document([hand("hearts", [95, 62])])))
    longer = game_document([hand("hearts", [95, 62]), hand("spades", [100, 57])])

    status, _, _ = run("import_game", write(tmp_path, "b.json", longer))

    assert status == 0
    assert Game.objects.count() == 2


def test_import_game_same_file_in_another_club_is_no_duplicate(tmp_path, club):
    path = write(tmp_path, "g.json", demo_document())
    run("import_game", path)

    status, _, _ = run("import_game", "--club", club.slug, path)

    assert status == 0
    assert Game.objects.filter(club=club).count() == 1
