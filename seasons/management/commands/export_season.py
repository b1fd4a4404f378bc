"""``manage.py export_season ID`` / ``--all``: seasons as ``jass-season/1`` JSON on
stdout, each with its standings (``result``)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from seasons import services
from seasons.models import Season


class Command(BaseCommand):
    help = (
        "Export one season as jass-season/1 JSON with its standings, or every season as one "
        "JSON array (--all). A season's events are those counted so far."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", nargs="?", type=int, help="the id of the season")
        parser.add_argument("--all", action="store_true", help="every stored season, as an array")

    def handle(self, *args: Any, id: int | None, all: bool, **options: Any) -> None:
        if all == (id is not None):
            raise CommandError("give either the id of one season or --all")
        seasons = Season.objects.select_related("club").order_by("id")
        if all:
            documents = []
            for season in seasons:
                table = services.standings(season)
                if table.columns:
                    documents.append(services.season_file(table))
                else:  # a season file holds 1 to 100 events
                    self.stderr.write(f"season {season.pk}: no event counted yet, left out")
            document: object = documents
        else:
            season = seasons.filter(pk=id).first()
            if season is None:
                raise CommandError(f"no season with id {id}")
            table = services.standings(season)
            if not table.columns:
                raise CommandError(f"season {id}: no event counted yet, nothing to export")
            document = services.season_file(table)
        self.stdout.write(json.dumps(document, ensure_ascii=False, indent=2))
