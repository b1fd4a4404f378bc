"""Invitations made before they counted their uses could be used any number of
times, and nobody knows how often each one was: they count as used up. An admin
who still needs one makes a new link with the number of uses it needs."""

from django.db import migrations
from django.db.models import F


def close(apps, schema_editor):
    Invitation = apps.get_model("clubs", "Invitation")
    Invitation.objects.update(uses=F("uses_allowed"))


class Migration(migrations.Migration):
    dependencies = [("clubs", "0002_invitation_uses_member_claim")]

    operations = [migrations.RunPython(close, migrations.RunPython.noop)]
