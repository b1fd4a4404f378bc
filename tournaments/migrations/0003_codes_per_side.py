"""One confirmation code per side of a table, printed on that side's own slip, so
that neither side knows the other's; a result is confirmed when both sides signed
the same totals. A side may dispute a result instead."""

import secrets

from django.db import migrations, models


def codes_per_side(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    for table in Table.objects.all():
        second = f"{secrets.randbelow(10**6):06d}"
        table.codes = [table.confirm_code or f"{secrets.randbelow(10**6):06d}", second]
        table.save(update_fields=["codes"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_paper_totals"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="codes",
            field=models.JSONField(blank=True, default=list, verbose_name="confirmation codes"),
        ),
        migrations.RunPython(codes_per_side, migrations.RunPython.noop),
        migrations.RemoveField(model_name="table", name="confirm_code"),
        migrations.AddField(
            model_name="table",
            name="dispute",
            field=models.TextField(blank=True, verbose_name="dispute"),
        ),
        migrations.AddField(
            model_name="table",
            name="disputed_by",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="disputed by side"
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="signatures",
            field=models.JSONField(blank=True, default=dict, verbose_name="signatures"),
        ),
    ]
