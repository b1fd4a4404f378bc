"""``manage.py import_season [--club SLUG] FILE [FILE ...]``: store season files
(``jass-season/1``), each whole or not at all, with their events' rankings as given."""

from __future__ import annotations

from django.db.models import Q

from clubs.file_imports import ImportFilesCommand
from clubs.models import Club
from seasons import seasonfile, services


class Command(ImportFilesCommand):
    help = (
        "Import jass-season/1 files. Each file is stored as one season with its events and "
        "their rankings exactly as given, or not at all: a refused file prints "
        "'FILE: event N: field: message' on stderr and the exit status is 1. Prints the id "
        "of each season stored. The season is the club's given by --club, or else the "
        "club the file names (its 'club', by name or short name)."
    )

    club_help = "the club the seasons belong to (its short name)"

    def import_text(self, text: str, club: Club | None) -> str | None:
        try:
            season = seasonfile.loads(text)
        except seasonfile.SeasonFileError as error:
            return str(error)
        if club is None:
            named = season.club.strip()
            club = (
                Club.objects.filter(Q(name=named) | Q(slug=named)).order_by("pk").first()
                if named
                else None
            )
            if club is None:
                return (
                    f"club: no club named {named!r}; give one with --club SLUG"
                    if named
                    else "club: the file names no club; give one with --club SLUG"
                )
        stored = services.import_season(season, club)
        self.stdout.write(str(stored.pk))
        return None
