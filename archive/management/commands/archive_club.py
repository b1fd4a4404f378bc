"""``manage.py archive_club SLUG FILE``: a club's archive (``jass-club/1``) written to FILE."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from archive import services
from clubs.models import Club


class Command(BaseCommand):
    help = (
        "Write a club's archive (jass-club/1: members, games as game files, tournaments, "
        "seasons, settings) to FILE, or to stdout when FILE is '-'."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", metavar="SLUG", help="the club's short name")
        parser.add_argument("file", metavar="FILE")

    def handle(self, *args: Any, slug: str, file: str, **options: Any) -> None:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"no club {slug!r}")
        data = services.archive_club(club)
        if file == "-":
            self.stdout.write(data.decode(), ending="")
            return
        try:
            Path(file).write_bytes(data)
        except OSError as error:
            raise CommandError(f"{file}: cannot write it ({error.strerror})") from None
        self.stderr.write(f"{club.slug}: {len(data)} bytes written to {file}")
