"""Minified static files with source maps, built by `collectstatic` (ARCHITECTURE.md,
"Static files").

rjsmin and rcssmin only take characters away (comments, and whitespace that carries
no meaning); they rename and reorder nothing. So the minified text is the source with
pieces cut out, and its source map is found by walking both texts side by side: each
run of the output that is a run of the source becomes one mapping. The map carries the
readable source in ``sourcesContent``, so a browser's developer tools show it without
another request.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.metadata import version

import rcssmin
import rjsmin

# Part of the static files' version (``scoring.views.offline.static_version``): the
# built files change with the tools that build them, not only with their sources.
BUILD_VERSION = f"rjsmin {version('rjsmin')}, rcssmin {version('rcssmin')}, maps 1"

_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_MINIFIERS: dict[str, Callable[[str], str]] = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def can_minify(name: str) -> bool:
    """A script or stylesheet not already minified."""
    return name.endswith(tuple(_MINIFIERS)) and ".min." not in name


def _vlq(value: int) -> str:
    number = (-value << 1) | 1 if value < 0 else value << 1
    out = ""
    while True:
        digit, number = number & 31, number >> 5
        out += _BASE64[digit | (32 if number else 0)]
        if not number:
            return out


def _positions(text: str) -> list[tuple[int, int]]:
    """The line and column of every character (lines counted from 0)."""
    found, line, column = [], 0, 0
    for char in text:
        found.append((line, column))
        if char == "\n":
            line, column = line + 1, 0
        else:
            column += 1
    return found


def _skip(source: str, at: int) -> int:
    """Past the whitespace and comments at ``at``, if any (one step)."""
    if source[at].isspace():
        return at + 1
    if source.startswith("/*", at):
        end = source.find("*/", at + 2)
        return len(source) if end < 0 else end + 2
    if source.startswith("//", at):
        end = source.find("\n", at)
        return len(source) if end < 0 else end
    return at


def align(source: str, output: str) -> list[tuple[int, int]]:
    """Pairs (output index, source index) where a run of the output that is also a run
    of the source begins. The output's whitespace maps nowhere: it stands for whatever
    whitespace or comment was cut."""
    starts: list[tuple[int, int]] = []
    at, previous = 0, -2
    for index, char in enumerate(output):
        if char.isspace():
            previous = -2
            continue
        while at < len(source) and source[at] != char:
            skipped = _skip(source, at)
            if skipped == at:  # not a cut: the tool changed something, look further
                found = source.find(char, at)
                skipped = len(source) if found < 0 else found
            at = skipped
        if at >= len(source):
            break  # nothing left to map onto (never seen with these tools)
        if at != previous + 1:
            starts.append((index, at))
        previous, at = at, at + 1
    return starts


def source_map(name: str, source: str, output: str) -> str:
    """A source map (version 3) from ``output`` back to ``source``, the file ``name``
    (its base name: the map lies beside the built file)."""
    out_at, src_at = _positions(output), _positions(source)
    lines: list[list[str]] = [[] for _ in range(output.count("\n") + 1)]
    last_column, last_line, last_source_column = 0, 0, 0
    current = -1
    for out_index, src_index in align(source, output):
        line, column = out_at[out_index]
        if line != current:
            current, last_column = line, 0
        src_line, src_column = src_at[src_index]
        lines[line].append(
            _vlq(column - last_column)
            + _vlq(0)  # the one source
            + _vlq(src_line - last_line)
            + _vlq(src_column - last_source_column)
        )
        last_column, last_line, last_source_column = column, src_line, src_column
    return json.dumps(
        {
            "version": 3,
            "file": name,
            "sources": [name],
            "sourcesContent": [source],
            "names": [],
            "mappings": ";".join(",".join(segments) for segments in lines),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def minify_script(text: str) -> str:
    """A script's text minified, with no map (the service worker, drawn from a template
    at each request: DEBUG sends it as written)."""
    return rjsmin.jsmin(text).strip() + "\n"


def build(name: str, source: str) -> tuple[str, str]:
    """The minified text of the file ``name`` (ending with the comment that names its
    map, ``name`` + ``.map``) and that map."""
    base = name.rsplit("/", 1)[-1]
    suffix = "." + base.rsplit(".", 1)[-1]
    output = _MINIFIERS[suffix](source).strip()
    mapping = source_map(base, source, output)
    if suffix == ".js":
        comment = f"//# sourceMappingURL={base}.map"
    else:
        comment = f"/*# sourceMappingURL={base}.map */"
    return f"{output}\n{comment}\n", mapping
