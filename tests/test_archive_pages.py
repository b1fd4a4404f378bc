"""The club's archive on the web (issue 37): its admin downloads it from the club's
settings; a superuser restores one, refused whole with what is wrong; a game file
uploaded twice is named and not stored again."""

from __future__ import annotations

import gzip
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from archive import services
from clubs.models import Club
from scoring.models import Game
from tests.factories import demo_document, import_in_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(client, club, make_user):
    client.force_login(make_user("admin", club, name="boss"))
    return client


def test_settings_page_offers_the_archive_to_the_admin(admin, club):
    response = admin.get(reverse("clubs:settings", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="de")

    assert "Archiv des Clubs herunterladen" in response.content.decode()


def test_admin_downloads_the_archive_as_gzip_with_every_game(admin, club):
    import_in_club(demo_document())

    response = admin.get(reverse("archive:download", args=[club.slug]))

    document = json.loads(gzip.decompress(response.content))
    assert response["Content-Type"] == "application/gzip"
    assert "test-club-" in response["Content-Disposition"]
    assert document["format"] == "jass-club/1"
    assert [g["file"]["name"] for g in document["games"]] == [demo_document()["name"]]


def test_a_scorer_may_not_download_the_archive(client, club):
    response = client.get(reverse("archive:download", args=[club.slug]))

    assert response.status_code == 403


def test_only_a_superuser_restores(admin):
    response = admin.get(reverse("archive:restore"))

    assert response.status_code == 403


@pytest.fixture
def superuser(client, make_user):
    client.force_login(make_user(name="root", is_superuser=True, is_staff=True))
    return client


def post_archive(client, data: bytes, slug: str = ""):
    return client.post(
        reverse("archive:restore"),
        {"file": SimpleUploadedFile("club.json.gz", data), "slug": slug},
        HTTP_ACCEPT_LANGUAGE="en",
    )


def test_superuser_restores_a_downloaded_archive_under_a_new_short_name(superuser, club):
    import_in_club(demo_document())
    data = gzip.compress(services.archive_club(club))

    response = post_archive(superuser, data, slug="club-again")

    restored = Club.objects.get(slug="club-again")
    assert response.status_code == 302
    assert response["Location"] == restored.get_absolute_url()
    assert Game.objects.filter(club=restored).count() == 1


def test_restore_page_refuses_a_broken_archive_naming_it_and_stores_nothing(superuser, club):
    document = json.loads(services.archive_club(club))
    document["members"] = "everyone"
    document["club"]["slug"] = "elsewhere"

    response = post_archive(superuser, json.dumps(document).encode())

    assert response.status_code == 422
    assert "Nothing restored: members: must be a list" in response.content.decode()
    assert not Club.objects.filter(slug="elsewhere").exists()


def test_restore_page_refuses_a_taken_short_name(superuser, club):
    response = post_archive(superuser, services.archive_club(club))

    assert response.status_code == 422
    assert "is on this site already" in response.content.decode()


def test_restore_page_bounds_what_an_upload_unpacks_to(superuser, club, settings):
    settings.CLUB_ARCHIVE_UPLOAD_UNPACKED = 100
    data = gzip.compress(services.archive_club(club))

    response = post_archive(superuser, data, slug="other")

    assert response.status_code == 422
    assert "unpacks to more than 100 bytes" in response.content.decode()


def test_uploading_a_stored_game_again_says_so_and_stores_nothing(client, club):
    import_in_club(demo_document())
    again = SimpleUploadedFile("g.json", json.dumps(demo_document()).encode())

    response = client.post(
        reverse("scoring:upload_game"),
        {"club": club.pk, "file": again},
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert response.status_code == 422
    assert "This game is already stored in this club" in response.content.decode()
    assert Game.objects.count() == 1
