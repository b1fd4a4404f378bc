"""``manage.py import_game [--club SLUG] [--skip-duplicates] FILE [FILE ...]``: store
game files, each whole or not at all, in a club (its players matched to the club's
members by name); a game already stored is named, and skipped when asked."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from clubs.file_imports import ImportFilesCommand
from clubs.models import Club
from scoring import services
from scoring.rules import RulesError, gamefile


class Command(ImportFilesCommand):
    help = (
        "Import jass-game/1 files. Each file is stored whole or not at all; a refused file "
        "prints 'FILE: hand N: field: message' on stderr and the exit status is 1. "
        "Prints the id of each game stored. A file holding a JSON array (a backup made "
        "by export_game --all) is stored whole or not at all too. With --club, the games "
        "are the club's: each player is the member of that name, and a name the club does "
        "not know becomes a new member without an account. A game already stored (the same "
        "game file, in the same club) refuses its file, unless --skip-duplicates."
    )

    club_help = "the club the games belong to (by its slug, as in its address)"
    skip_duplicates = False

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--skip-duplicates",
            action="store_true",
            help="skip a game already stored (saying so on stderr) and store the others",
        )

    def handle(self, *args: Any, skip_duplicates: bool, **options: Any) -> None:
        self.skip_duplicates = skip_duplicates
        super().handle(*args, **options)

    def import_text(self, text: str, club: Club | None) -> str | None:
        try:
            data = gamefile.loads(text)  # not JSON, or nested too deeply: one line
            single = not isinstance(data, list)
            done = services.import_new_games(
                [data] if single else data, club=club, skip_duplicates=self.skip_duplicates
            )
        except RulesError as error:
            return str(error.problems[0])
        except services.GameInFileError as error:
            if single:
                return str(error.error.problems[0])
            return f"game {error.position}: {error.error.problems[0]}"
        except services.DuplicateGame as error:
            where = "" if single else f"game {error.position}: "
            return (
                f"{where}already stored as game {error.game.pk} (the same game file); "
                "nothing stored (--skip-duplicates skips it)"
            )
        for position, (game, stored) in enumerate(done, start=1):
            if stored:
                self.stdout.write(str(game.pk))
            else:
                where = "" if single else f"game {position}: "
                self.stderr.write(f"{where}skipped, already stored as game {game.pk}")
        return None
