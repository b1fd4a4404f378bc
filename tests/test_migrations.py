import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_makemigrations_check_finds_nothing():
    call_command("makemigrations", "--check", "--dry-run", stdout=io.StringIO())
