"""A statistics row names its game's kind (issue 25), instead of a flag that knew one
kind: each kind's lines add up its own rows. The months' totals are a cache: dropped,
made again when next read."""

from django.db import migrations, models

SUMS = ["played_on", "game", "finished", "won", "hands", "points", "differences", "exact"]


def to_kinds(apps, schema_editor):
    PlayerResult = apps.get_model("scoring", "PlayerResult")
    PlayerResult.objects.filter(individual=True).update(kind="differenzler")
    apps.get_model("scoring", "MonthTotal").objects.all().delete()


def to_flags(apps, schema_editor):
    PlayerResult = apps.get_model("scoring", "PlayerResult")
    PlayerResult.objects.filter(kind="differenzler").update(individual=True)
    apps.get_model("scoring", "MonthTotal").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("scoring", "0017_hand_records")]

    operations = [
        migrations.AddField(
            model_name="playerresult",
            name="kind",
            field=models.CharField(default="team", max_length=20, verbose_name="kind of game"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="monthtotal",
            name="kind",
            field=models.CharField(default="team", max_length=20, verbose_name="kind of game"),
            preserve_default=False,
        ),
        migrations.RunPython(to_kinds, to_flags),
        migrations.RemoveIndex(model_name="playerresult", name="result_sums"),
        migrations.RemoveField(model_name="playerresult", name="individual"),
        migrations.RemoveField(model_name="monthtotal", name="individual"),
        migrations.AddIndex(
            model_name="playerresult",
            index=models.Index(fields=["club", "member", "kind", *SUMS], name="result_sums"),
        ),
    ]
