"""The default imposed trump order was computed from the number of hands on every
request. Publishing a pass now stores the order played; a tournament already under
way keeps the order its games were played with (the formula of that time)."""

from django.db import migrations

SUITS = ["hearts", "diamonds", "clubs", "spades"]


def blocks_as_played(hands):
    block = max(1, hands // len(SUITS))
    return [SUITS[min(i // block, len(SUITS) - 1)] for i in range(hands)]


def freeze(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    under_way = Tournament.objects.filter(schedule__state__in=["published", "closed"]).distinct()
    for tournament in under_way:
        if not tournament.trump_order:
            tournament.trump_order = blocks_as_played(tournament.hands)
            tournament.save(update_fields=["trump_order"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_table_events")]

    operations = [migrations.RunPython(freeze, migrations.RunPython.noop)]
