"""``manage.py restore_club FILE [--slug NEW]``: a club made again from its archive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from archive import checks, services


class Command(BaseCommand):
    help = (
        "Make a club again from its archive (jass-club/1), whole or not at all. Its members "
        "are linked to this site's accounts of the same user name. A refused archive prints "
        "'FILE: where: what is wrong' and the exit status is 1."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE")
        parser.add_argument(
            "--slug", metavar="NEW", help="restore the club under this short name instead"
        )

    def handle(self, *args: Any, file: str, slug: str | None, **options: Any) -> None:
        try:
            with Path(file).open("rb") as archive:
                data = archive.read(checks.max_bytes() + 1)
        except OSError as error:
            raise CommandError(f"{file}: cannot read it ({error.strerror})") from None
        try:
            club = services.restore_club(data, slug=slug)
        except checks.ArchiveError as error:
            raise CommandError(f"{file}: {error}") from None
        games, tournaments = club.games.count(), club.tournaments.count()
        self.stdout.write(
            f"{club.slug}: restored with {club.members.count()} members, {games} games, "
            f"{tournaments} tournaments, {club.seasons.count()} seasons"
        )
