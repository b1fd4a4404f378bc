"""Invitations count their uses; a member can claim a player without an account."""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='invitation',
            name='uses',
            field=models.PositiveSmallIntegerField(default=0, verbose_name='uses'),
        ),
        migrations.AddField(
            model_name='invitation',
            name='uses_allowed',
            field=models.PositiveSmallIntegerField(default=1, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(100)], verbose_name='uses allowed'),
        ),
        migrations.AddField(
            model_name='member',
            name='claim',
            field=models.ForeignKey(blank=True, help_text='A player without an account; an admin links them or refuses.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='claims', to='clubs.member', verbose_name='says they are'),
        ),
        migrations.AddConstraint(
            model_name='invitation',
            constraint=models.CheckConstraint(condition=models.Q(('uses_allowed__gte', 1), ('uses__lte', models.F('uses_allowed'))), name='invitation_used_at_most_as_allowed'),
        ),
        migrations.AddConstraint(
            model_name='member',
            constraint=models.CheckConstraint(condition=models.Q(('claim__isnull', True), ('user__isnull', False), _connector='OR'), name='member_claims_with_an_account'),
        ),
    ]
