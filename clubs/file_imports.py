"""What the commands that store files in a club share (``import_game``,
``import_season``): ``--club SLUG`` and the files, each stored whole or refused with one
line on stderr (``FILE: …``), and the exit status 1 when any was refused."""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club


class ImportFilesCommand(BaseCommand, metaclass=ABCMeta):
    """A command that stores files: it gives :meth:`import_text`, the rest is here."""

    club_help = "the club the files belong to (its short name)"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", metavar="SLUG", help=self.club_help)
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *args: Any, files: list[str], club: str | None, **options: Any) -> None:
        owner = None
        if club is not None:
            owner = Club.objects.filter(slug=club).first()
            if owner is None:
                known = ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True))
                raise CommandError(f"--club: no club {club!r} (clubs: {known or 'none yet'})")
        refused = False
        for name in files:
            try:
                text = Path(name).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                problem: str | None = (
                    f"file: cannot read it ({getattr(error, 'strerror', None) or error})"
                )
            else:
                problem = self.import_text(text, owner)
            if problem:
                refused = True
                self.stderr.write(f"{name}: {problem}", style_func=lambda text: text)
        if refused:
            raise SystemExit(1)

    @abstractmethod
    def import_text(self, text: str, club: Club | None) -> str | None:
        """Store one file's text; return the line that says why it was refused, or None."""
