"""Wrong codes are counted per side (the one being signed for), never reset by the
other side signing; each attempt is kept in the table's record with its device."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_table_state_wording"),
    ]

    operations = [
        migrations.RemoveField(model_name="table", name="wrong_code_at"),
        migrations.RemoveField(model_name="table", name="wrong_codes"),
        migrations.AddField(
            model_name="table",
            name="wrong_codes",
            field=models.JSONField(
                blank=True, default=list, editable=False, verbose_name="wrong codes per side"
            ),
        ),
        migrations.AddField(
            model_name="tableevent",
            name="device",
            field=models.CharField(blank=True, max_length=60, verbose_name="device"),
        ),
        migrations.AlterField(
            model_name="tableevent",
            name="kind",
            field=models.CharField(
                choices=[
                    ("signed", "signed"),
                    ("disputed", "disputed"),
                    ("decided", "decided by the director"),
                    ("paper", "totals from the paper sheet"),
                    ("changed", "changed by the director"),
                    ("wrong-code", "wrong code"),
                    ("unlocked", "unlocked by the director"),
                    ("new-link", "new table link"),
                ],
                max_length=10,
                verbose_name="what",
            ),
        ),
    ]
