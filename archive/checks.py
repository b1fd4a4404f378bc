"""What a club archive must hold, checked before anything of it is stored: the
envelope (format and version) and each row's fields, by the model's own field
(its type, bounds, choices and length). Every refusal is an :class:`ArchiveError`
naming where in the archive (``tournaments[0].passes[1].tables[2].seats``) and what
is wrong."""

from __future__ import annotations

import datetime as dt
import json
import zlib
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from archive.writing import FORMAT, VERSION
from scoring.rules.gamefile import nul_at

MAX_DEPTH = 64  # an archive's rows and, inside them, a game file (at most 32 levels)
GZIP_MAGIC = b"\x1f\x8b"


class ArchiveError(ValueError):
    """An archive refused whole: ``where`` in it, and what is wrong there."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")


def max_bytes() -> int:
    return settings.CLUB_ARCHIVE_MAX_BYTES


def loads(data: bytes, most: int | None = None) -> dict[str, Any]:
    """The document of an archive's bytes (JSON, or JSON compressed with gzip), its
    format checked: at most ``most`` bytes (``CLUB_ARCHIVE_MAX_BYTES``) once unpacked."""
    most = max_bytes() if most is None else most
    if data[:2] == GZIP_MAGIC:
        unpack = zlib.decompressobj(wbits=31)
        try:
            data = unpack.decompress(data, most + 1)
        except zlib.error as error:
            raise ArchiveError("file", f"not a gzip file that unpacks ({error})") from None
        if unpack.unconsumed_tail or len(data) > most:
            raise ArchiveError("file", f"unpacks to more than {most} bytes")
    if len(data) > most:
        raise ArchiveError("file", f"larger than {most} bytes")
    try:
        document = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ArchiveError("file", "not UTF-8 text") from None
    except RecursionError:
        raise ArchiveError("file", f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as error:
        raise ArchiveError("file", f"not valid JSON ({error})") from None
    if _depth(document) > MAX_DEPTH:
        raise ArchiveError("file", f"nested more than {MAX_DEPTH} levels deep")
    check_format(document)
    nul = nul_at(document)
    if nul is not None:  # no text holds one, and PostgreSQL refuses to store it
        raise ArchiveError(nul.replace("\x00", "\\0"), "holds a NUL character")
    return document


def _depth(value: object) -> int:
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        if isinstance(item, dict):
            todo.extend((inner, depth + 1) for inner in item.values())
        elif isinstance(item, list):
            todo.extend((inner, depth + 1) for inner in item)
    return deepest


def check_format(document: object) -> None:
    """Refuse what is not a club archive this site reads, naming its format and version."""
    current = f"{FORMAT}/{VERSION}"
    given = document.get("format") if isinstance(document, dict) else None
    if not isinstance(given, str):
        raise ArchiveError(
            "format", f"missing: not a club archive (a JSON object whose format is {current})"
        )
    name, _, version = given.partition("/")
    if name != FORMAT:
        hint = " (a game file: import it with import_game)" if name == "jass-game" else ""
        hint = " (a season file: import it with import_season)" if name == "jass-season" else hint
        raise ArchiveError("format", f"{given[:40]!r} is not a club archive{hint}")
    if not version.isdigit() or int(version) < 1:
        raise ArchiveError("format", f"{given[:40]!r}: unknown version of the club archive")
    if int(version) > VERSION:
        raise ArchiveError(
            "format",
            f"version {given} is newer than this site reads ({current}): update the site first",
        )


def obj(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise ArchiveError(where, "must be an object")
    return value


def items(value: object, where: str, most: int = 1_000_000) -> list[Any]:
    if not isinstance(value, list):
        raise ArchiveError(where, "must be a list")
    if len(value) > most:
        raise ArchiveError(where, f"at most {most} items")
    return value


def whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def ints(value: object, where: str, least: int, most: int, null: bool = False) -> Any:
    """A list of ``least`` to ``most`` whole numbers (or null, when allowed)."""
    if value is None and null:
        return None
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise ArchiveError(where, f"must be a list of {least} to {most} whole numbers")
    if not all(whole(item) and abs(item) <= 10**9 for item in value):
        raise ArchiveError(where, "must be whole numbers")
    return value


def reference(value: object, known: Mapping[int, Any], where: str, null: bool = True) -> Any:
    """The row ``value`` names among ``known`` (by its id in the archive)."""
    if value is None and null:
        return None
    if not whole(value) or value not in known:
        raise ArchiveError(where, f"{str(value)[:20]} names no row of this archive")
    return known[value]


def fields(
    model: type[models.Model], data: object, names: tuple[str, ...], where: str
) -> dict[str, Any]:
    """``data``'s values of ``names``, each checked by ``model``'s field of that name:
    its type, and for a field one may edit its bounds, choices and length."""
    data = obj(data, where)
    values = {}
    for name in names:
        at = f"{where}.{name}"
        if name not in data:
            raise ArchiveError(at, "missing")
        field = model._meta.get_field(name)
        value = data[name]
        _type(field, value, at)
        try:
            values[name] = field.clean(value, None)
        except ValidationError as error:
            raise ArchiveError(at, " ".join(str(m) for m in error.messages)) from None
    return values


def _type(field: Any, value: object, at: str) -> None:
    if value is None:
        if not field.null:
            raise ArchiveError(at, "must not be null")
        return
    if isinstance(field, models.BooleanField):
        ok = isinstance(value, bool)
    elif isinstance(field, models.IntegerField):
        ok = whole(value) and abs(value) <= 2**62
    elif isinstance(field, models.DateField):  # a DateTimeField too
        ok = isinstance(value, str) and _iso(value, isinstance(field, models.DateTimeField))
    elif isinstance(field, models.CharField | models.TextField):
        ok = isinstance(value, str) and (field.max_length is None or len(value) <= field.max_length)
    else:
        ok = True
    if not ok:
        raise ArchiveError(at, f"not a valid {field.get_internal_type()}")


def _iso(value: str, time: bool) -> bool:
    try:
        read = dt.datetime.fromisoformat(value) if time else dt.date.fromisoformat(value)
    except ValueError:
        return False
    return not time or getattr(read, "tzinfo", None) is not None
