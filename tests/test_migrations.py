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


@pytest.mark.django_db(transaction=True)
def test_hands_keep_what_their_columns_held_as_their_game_files_records_and_back():
    """0017 moves every hand into its game file's record (issue 25): a team hand with
    Weis by kind and by value, Stöck, who went out first, who chose and chibré; the last
    hand of a game out on Weis, with no card points; a Différenzler hand. Back to 0016,
    the columns hold them again."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("scoring", "0016_month_totals")], [("scoring", "0017_hand_records")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    try:
        apps = executor.loader.project_state(before).apps
        Game, Hand = apps.get_model("scoring", "Game"), apps.get_model("scoring", "Hand")
        team = Game.objects.create(name="T", ruleset={"preset": "chibre"})
        diff = Game.objects.create(name="D", ruleset={"preset": "differenzler"})
        columns = [
            {
                "game": team,
                "number": 1,
                "trump": "hearts",
                "cards_0": 100,
                "cards_1": 57,
                "match": None,
                "weis": [["seq3", 50], []],
                "stoeck": 0,
                "out_first": None,
                "chooser": "Anne",
                "chibre": True,
            },
            {
                "game": team,
                "number": 2,
                "trump": "spades",
                "cards_0": None,
                "cards_1": None,
                "match": None,
                "weis": [[], ["four-jacks"]],
                "stoeck": None,
                "out_first": 1,
                "chooser": "",
                "chibre": False,
            },
            {
                "game": diff,
                "number": 1,
                "trump": "clubs",
                "cards_0": 40,
                "cards_1": 20,
                "cards_2": 60,
                "cards_3": 37,
                "estimate_0": 45,
                "estimate_1": 20,
                "estimate_2": 50,
                "estimate_3": 37,
            },
        ]
        for fields in columns:
            Hand.objects.create(**fields)

        executor = MigrationExecutor(connection)
        executor.migrate(after)
        Hand = executor.loader.project_state(after).apps.get_model("scoring", "Hand")
        records = [hand.record for hand in Hand.objects.order_by("game_id", "number")]
        assert records == [
            {
                "trump": "hearts",
                "cards": [100, 57],
                "match": None,
                "weis": [["seq3", 50], []],
                "stoeck": 0,
                "out_first": None,
                "chooser": "Anne",
                "chibre": True,
            },
            {
                "trump": "spades",
                "cards": None,
                "match": None,
                "weis": [[], ["four-jacks"]],
                "stoeck": None,
                "out_first": 1,
                "chooser": None,
                "chibre": False,
            },
            {"trump": "clubs", "estimates": [45, 20, 50, 37], "cards": [40, 20, 60, 37]},
        ]

        executor = MigrationExecutor(connection)
        executor.migrate(before)
        Hand = executor.loader.project_state(before).apps.get_model("scoring", "Hand")
        back = Hand.objects.order_by("game_id", "number").values(*columns[0], *columns[2])
        assert [
            {key: row[key] for key in fields if key != "game"}
            for row, fields in zip(back, columns, strict=True)
        ] == [{key: value for key, value in f.items() if key != "game"} for f in columns]
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_statistics_rows_name_their_kind_of_game_and_back():
    """0018: a Différenzler row (flagged ``individual``) names its kind, the others are
    the team game's; back to 0017 the flag is set again."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("scoring", "0017_hand_records")], [("scoring", "0018_results_by_kind")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    try:
        apps = executor.loader.project_state(before).apps
        Game, Team = apps.get_model("scoring", "Game"), apps.get_model("scoring", "Team")
        Player = apps.get_model("scoring", "Player")
        PlayerResult = apps.get_model("scoring", "PlayerResult")
        for name, preset, flag in (("T", "chibre", False), ("D", "differenzler", True)):
            game = Game.objects.create(name=name, ruleset={"preset": preset})
            team = Team.objects.create(game=game, index=0, name="")
            player = Player.objects.create(team=team, position=0, name=name)
            PlayerResult.objects.create(player=player, game=game, team=0, individual=flag)

        executor = MigrationExecutor(connection)
        executor.migrate(after)
        rows = executor.loader.project_state(after).apps.get_model("scoring", "PlayerResult")
        assert sorted(rows.objects.values_list("game__name", "kind")) == [
            ("D", "differenzler"),
            ("T", "team"),
        ]

        executor = MigrationExecutor(connection)
        executor.migrate(before)
        rows = executor.loader.project_state(before).apps.get_model("scoring", "PlayerResult")
        assert sorted(rows.objects.values_list("game__name", "individual")) == [
            ("D", True),
            ("T", False),
        ]
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
