import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_makemigrations_check_finds_nothing():
    call_command("makemigrations", "--check", "--dry-run", stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_a_tournament_under_way_keeps_the_trump_order_its_games_were_played_with():
    """0007 freezes the default order of a tournament with a pass played, as it was
    computed then (6 hands: ♥ ♦ ♣ ♠ ♠ ♠), before the default spreads the blocks."""
    import datetime as dt

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0006_table_events")])
    try:
        apps = executor.loader.project_state([("tournaments", "0006_table_events")]).apps
        club = apps.get_model("clubs", "Club").objects.create(name="C", slug="c")
        Tournament = apps.get_model("tournaments", "Tournament")
        day = dt.date(2026, 1, 1)
        played = Tournament.objects.create(club=club, name="Played", date=day, hands=6)
        played.schedule.create(number=1, state="closed")
        played.schedule.create(number=2, state="draft")
        drawn = Tournament.objects.create(club=club, name="Drawn", date=day, hands=6)
        drawn.schedule.create(number=1, state="draft")

        executor = MigrationExecutor(connection)
        executor.migrate([("tournaments", "0007_freeze_trump_order")])

        played.refresh_from_db()
        drawn.refresh_from_db()
        assert played.trump_order == ["hearts", "diamonds", "clubs", "spades", "spades", "spades"]
        assert drawn.trump_order == []  # nothing played yet: the new default applies
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
