"""A club's Strich table saved (RULES.md §12, "Club options"), one action in one
transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from clubs.models import Club
from scoring.models import ClubStriche

FIELDS = (
    "sieg",
    "berg",
    "matsch",
    "kontermatsch",
    "schneider",
    "with_berg",
    "with_schneider",
    "berg_tie",
    "rank_by",
)


@transaction.atomic
def save_strich_table(club: Club, **values: Any) -> ClubStriche:
    """Keep the club's Strich table (every field, checked by its form): the table that
    the club's new games count their Striche with, and how its evenings are ranked.
    A game already started keeps the table it was started with (its ruleset)."""
    unknown = set(values) - set(FIELDS)
    if unknown:
        raise TypeError(f"not a field of the Strich table: {sorted(unknown)}")
    table, _ = ClubStriche.objects.select_for_update().get_or_create(club=club)
    for name, value in values.items():
        setattr(table, name, value)
    table.full_clean()
    table.save()
    return table
