"""A club's archive: written (``archive_club``) and made again (``restore_club``)."""

from __future__ import annotations

import json

from django.db import DatabaseError, transaction

from archive import checks, writing
from archive.checks import ArchiveError
from archive.restoring import Restore
from clubs.models import Club


def archive_club(club: Club) -> bytes:
    """The archive of ``club`` (``jass-club/1``) as UTF-8 JSON, every game as its
    game file (docs/club-archive.md). Reads only; changes nothing."""
    document = writing.club_document(club)
    return json.dumps(document, ensure_ascii=False, indent=1).encode()


def restore_club(data: bytes, *, slug: str | None = None, most: int | None = None) -> Club:
    """Make the club of an archive's bytes again on this site, in one transaction:
    the club (under ``slug`` if given) and its Strich table, members (linked to this
    site's accounts of the same user name), games with their hands, history and
    statistics, tournaments with their entries, passes, tables, signatures and events,
    and seasons. Raises :class:`ArchiveError` naming what is wrong, and stores
    nothing, for an archive of an unknown or newer version, a broken or foreign one,
    or one whose club's short name is taken, or larger than ``most`` bytes unpacked
    (``CLUB_ARCHIVE_MAX_BYTES``)."""
    document = checks.loads(data, most)
    restore = Restore(document)
    try:
        with transaction.atomic():
            return restore.run(slug)
    except DatabaseError as error:  # a row the checks let through and the database refuses
        raise ArchiveError("archive", f"the database refuses it ({error})") from None
