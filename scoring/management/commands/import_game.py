"""``manage.py import_game [--club SLUG] FILE [FILE ...]``: store game files, each whole
or not at all, in a club (its players matched to the club's members by name)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club
from scoring import services
from scoring.rules import RulesError, gamefile


class Command(BaseCommand):
    help = (
        "Import jass-game/1 files. Each file is stored whole or not at all; a refused file "
        "prints 'FILE: hand N: field: message' on stderr and the exit status is 1. "
        "Prints the id of each game stored. A file holding a JSON array (a backup made "
        "by export_game --all) is stored whole or not at all too. With --club, the games "
        "are the club's: each player is the member of that name, and a name the club does "
        "not know becomes a new member without an account."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--club",
            metavar="SLUG",
            help="the club the games belong to (by its slug, as in its address)",
        )
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
            problem = self.import_file(name, owner)
            if problem:
                refused = True
                self.stderr.write(f"{name}: {problem}", style_func=lambda text: text)
        if refused:
            raise SystemExit(1)

    def import_file(self, name: str, club: Club | None) -> str | None:
        """Store one file; return the line that says why it was refused, or None."""
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            return f"file: cannot read it ({getattr(error, 'strerror', None) or error})"
        try:
            data = gamefile.loads(text)  # not JSON, or nested too deeply: one line
            if isinstance(data, list):
                games = services.import_games(data, club=club)
            else:
                games = [services.import_game(data, club=club)]
        except RulesError as error:
            return str(error.problems[0])
        except services.GameInFileError as error:
            return f"game {error.position}: {error.error.problems[0]}"
        for game in games:
            self.stdout.write(str(game.pk))
        return None
