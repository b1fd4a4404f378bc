"""The static files a deployed site serves (issue 37, item 2): `collectstatic` minifies
the site's scripts and stylesheets, each with a source map back to its readable source
(``jassclub.staticbuild``, ``jassclub.storage``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from jassclub import staticbuild

STATIC = Path(__file__).resolve().parent.parent / "static"
BASE64 = {char: value for value, char in enumerate(staticbuild._BASE64)}

SCRIPT = """// The tally of a table: a comment a phone never needs.
(function () {
  /* Adds a hand's points to a team's total. */
  function addPoints(total, points) {
    return total + points; // no rounding here
  }

  window.tally = { addPoints: addPoints };
})();
"""


def decoded(mappings: str) -> list[tuple[int, int, int, int]]:
    """The segments of a source map: (output line, output column, source line, source
    column), every number absolute, lines from 0."""
    found, source_line, source_column = [], 0, 0
    for line, text in enumerate(mappings.split(";")):
        column = 0
        for segment in filter(None, text.split(",")):
            values, value, shift = [], 0, 0
            for char in segment:
                digit = BASE64[char]
                value |= (digit & 31) << shift
                shift += 5
                if not digit & 32:
                    values.append(-(value >> 1) if value & 1 else value >> 1)
                    value, shift = 0, 0
            column += values[0]
            source_line += values[2]
            source_column += values[3]
            found.append((line, column, source_line, source_column))
    return found


def origin(code: str, mapping: dict, needle: str) -> tuple[int, int]:
    """Where the source map says the output's ``needle`` came from (line, column)."""
    lines = code.split("\n")
    line = next(n for n, text in enumerate(lines) if needle in text)
    column = lines[line].index(needle)
    segments = [s for s in decoded(mapping["mappings"]) if s[0] == line and s[1] <= column]
    _, start, source_line, source_column = max(segments, key=lambda s: s[1])
    return source_line, source_column + (column - start)


def test_a_script_is_minified_and_its_map_leads_back_to_its_source():
    code, text = staticbuild.build("js/tally.js", SCRIPT)
    mapping = json.loads(text)

    assert len(code) < len(SCRIPT) * 0.7
    assert "comment" not in code
    assert "rounding" not in code
    assert "\n  " not in code
    assert code.endswith("\n//# sourceMappingURL=tally.js.map\n")
    assert mapping["sources"] == ["tally.js"]
    assert mapping["sourcesContent"] == [SCRIPT]
    source = SCRIPT.split("\n")
    for needle in ("function addPoints", "return total+points", "window.tally"):
        line, column = origin(code, mapping, needle)
        assert source[line][column:].startswith(needle.split("+")[0]), needle
    assert origin(code, mapping, "window.tally") == (7, 2)


def test_a_stylesheet_is_minified_and_its_map_leads_back_to_its_source():
    sheet = "/* The slate. */\n.slate {\n  color: #1f2a24;\n}\n\n.slate b {\n  margin: 0;\n}\n"
    code, text = staticbuild.build("css/slate.css", sheet)

    assert (
        code == ".slate{color:#1f2a24}.slate b{margin:0}\n/*# sourceMappingURL=slate.css.map */\n"
    )
    assert origin(code, json.loads(text), ".slate b") == (5, 0)
    assert origin(code, json.loads(text), "margin") == (6, 2)


@pytest.mark.parametrize("name", ["js/table.js", "js/offline.js", "css/jassclub.css"])
def test_every_piece_of_a_real_file_maps_onto_the_same_text_in_its_source(name):
    source = (STATIC / name).read_text()
    code, text = staticbuild.build(name, source)
    lines, source_lines = code.split("\n"), source.split("\n")
    segments = decoded(json.loads(text)["mappings"])

    assert len(segments) > 100
    assert len(code) < len(source) * 0.8
    for line, column, source_line, source_column in segments:
        assert lines[line][column] == source_lines[source_line][source_column]


def test_collectstatic_from_nothing_builds_hashed_minified_files_and_their_maps(tmp_path):
    storage = "jassclub.storage.CompressedMinifiedManifestStaticFilesStorage"  # the deploy's
    with override_settings(
        STATIC_ROOT=tmp_path,
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": storage},
        },
    ):
        call_command("collectstatic", interactive=False, verbosity=0)

    names = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    source = (STATIC / "js/table.js").read_text()
    built = (tmp_path / names["js/table.js"]).read_text()
    assert len(built) < len(source) * 0.8
    # The hashing saw the minified text and names the map by its own hashed name.
    assert built.endswith(f"\n//# sourceMappingURL={Path(names['js/table.js.map']).name}\n")
    mapping = json.loads((tmp_path / names["js/table.js.map"]).read_text())
    assert mapping["sourcesContent"] == [source]
    assert (tmp_path / f"{names['js/table.js']}.gz").is_file()  # compressed after
    css = (tmp_path / names["css/jassclub.css"]).read_text()
    assert f"/*# sourceMappingURL={Path(names['css/jassclub.css.map']).name} */" in css
    # A game kind's own scripts (its app's static/) are the site's too.
    kind_source = (Path(settings.BASE_DIR) / "scoring/kinds/sidi/static/js/sidi.js").read_text()
    assert len((tmp_path / names["js/sidi.js"]).read_text()) < len(kind_source) * 0.8
    assert "js/sidi.js.map" in names
    # Files already minified, and those of Django and its apps, are copied as they are.
    assert "js/waiting.js.map" in names
    assert "django_htmx/htmx-2.min.js" in names
    assert "django_htmx/htmx-2.min.js.map" not in names
    assert "admin/js/core.js" in names
    assert "admin/js/core.js.map" not in names


def test_the_service_worker_is_sent_minified_and_readable_under_debug(client, settings):
    sent = client.get("/sw.js").content.decode()
    settings.DEBUG = True
    readable = client.get("/sw.js").content.decode()

    assert "\n  " in readable
    assert "\n  " not in sent
    assert len(sent) < len(readable) * 0.8
    assert 'var VERSION="' in sent
