"""Every hand is kept as its game file's record, one JSON object read by its game's kind
(issue 25): the team game's and Différenzler's columns go."""

from django.db import migrations, models

TEAM = ("cards_0", "cards_1", "match", "weis", "stoeck", "out_first", "chooser", "chibre")
COLUMNS = ("trump", *TEAM, "cards_2", "cards_3", *(f"estimate_{seat}" for seat in range(4)))


def _record(hand) -> dict:
    """The hand as ``rules.Hand.to_dict`` or ``DiffHand.to_dict`` wrote it."""
    if hand.estimate_0 is not None:  # a Différenzler hand, stored whole
        return {
            "trump": hand.trump,
            "estimates": [getattr(hand, f"estimate_{seat}") for seat in range(4)],
            "cards": [getattr(hand, f"cards_{seat}") for seat in range(4)],
        }
    weis = hand.weis or [[], []]
    return {
        "trump": hand.trump,
        "cards": None if hand.cards_0 is None else [hand.cards_0, hand.cards_1],
        "match": hand.match,
        "weis": [list(weis[0]), list(weis[1])],
        "stoeck": hand.stoeck,
        "out_first": hand.out_first,
        "chooser": hand.chooser or None,
        "chibre": hand.chibre,
    }


def to_records(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    batch = []
    for hand in Hand.objects.order_by("pk").iterator(chunk_size=2000):
        hand.record = _record(hand)
        batch.append(hand)
        if len(batch) == 2000:
            Hand.objects.bulk_update(batch, ["record"])
            batch = []
    Hand.objects.bulk_update(batch, ["record"])


def to_columns(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    batch = []
    for hand in Hand.objects.order_by("pk").iterator(chunk_size=2000):
        record = hand.record
        hand.trump = record["trump"]
        if "estimates" in record:
            for seat in range(4):
                setattr(hand, f"estimate_{seat}", record["estimates"][seat])
                setattr(hand, f"cards_{seat}", record["cards"][seat])
        else:
            cards = record.get("cards") or [None, None]
            hand.cards_0, hand.cards_1 = cards
            hand.match, hand.weis = record.get("match"), record.get("weis") or [[], []]
            hand.stoeck, hand.out_first = record.get("stoeck"), record.get("out_first")
            hand.chooser, hand.chibre = record.get("chooser") or "", record.get("chibre", False)
        batch.append(hand)
        if len(batch) == 2000:
            Hand.objects.bulk_update(batch, COLUMNS)
            batch = []
    Hand.objects.bulk_update(batch, COLUMNS)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0016_month_totals")]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="record",
            field=models.JSONField(
                null=True, help_text="The hand as the game file holds it.", verbose_name="hand"
            ),
        ),
        # null while its value moves, so that the way back can add the column again
        migrations.AlterField(
            model_name="hand",
            name="trump",
            field=models.CharField(max_length=10, null=True, verbose_name="trump"),
        ),
        migrations.RunPython(to_records, to_columns),
        migrations.RemoveConstraint(model_name="hand", name="hand_cards_both_or_neither"),
        migrations.RemoveConstraint(model_name="hand", name="hand_differenzler_whole"),
        *(migrations.RemoveField(model_name="hand", name=name) for name in COLUMNS),
        migrations.AlterField(
            model_name="hand",
            name="record",
            field=models.JSONField(
                help_text="The hand as the game file holds it.", verbose_name="hand"
            ),
        ),
    ]
