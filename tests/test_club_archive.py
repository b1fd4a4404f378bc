"""A club's own archive (issue 37): the demo club archived, lost and restored gives the
same game files and season files byte for byte, the same pages and clean statistics;
an archive of another version, a broken or a foreign one is refused whole, naming what
is wrong, and stores nothing."""

from __future__ import annotations

import copy
import gzip
import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation

from archive import services
from archive.checks import ArchiveError
from clubs.models import Club, Member
from scoring import services as scoring_services
from scoring.models import Game, Hand, HandChange, PlayerResult
from seasons import services as season_services
from seasons.models import Season, SeasonEvent
from tournaments.models import Entry, Table, TableEvent, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    call_command("load_demo", stdout=io.StringIO())
    return Club.objects.get(slug="demo")


def game_files(club: Club) -> list[str]:
    games = Game.objects.filter(club=club).with_everything().order_by("pk")
    return [json.dumps(scoring_services.export_game(g), ensure_ascii=False) for g in games]


def season_files(club: Club) -> list[str]:
    """In English: a club evening's name is written in the reader's language, and a
    page asked for before leaves its language active."""
    files = []
    with translation.override("en"):
        for season in Season.objects.filter(club=club).order_by("pk"):
            table = season_services.standings(season)
            files.append(json.dumps(season_services.season_file(table), ensure_ascii=False))
    return files


def pages(client, club: Club) -> dict[str, str]:
    """The club's pages as its admin sees them, ids in addresses left out."""
    urls = [reverse("clubs:club", args=[club.slug])]
    urls += [reverse("clubs:player", args=[club.slug, m.pk]) for m in club.members.order_by("pk")]
    for tournament in Tournament.objects.filter(club=club).order_by("pk"):
        urls += [
            reverse("tournaments:tournament", args=[tournament.pk]),
            reverse("tournaments:standings", args=[tournament.pk]),
        ]
    urls += [reverse("seasons:season", args=[s.pk]) for s in Season.objects.filter(club=club)]
    urls += [
        reverse("scoring:game", args=[g.pk]) for g in Game.objects.filter(club=club).order_by("pk")
    ]
    seen = {}
    for number, url in enumerate(urls):
        response = client.get(url)
        assert response.status_code == 200, url
        seen[f"{number}: {re.sub(r'[0-9]+', '#', url)}"] = normalized(response.content.decode())
    return seen


def normalized(html: str) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
    html = re.sub(r"hx-headers='[^']*'", "", html)
    html = re.sub(r'(nonce|content|name="next" type="hidden" value)="[^"]*"', "", html)
    html = re.sub(r'(href|action|src|hx-get|hx-post|fx-action|data-[a-z-]+)="[^"]*"', "", html)
    # the rows' ids in the elements' ids (table-19): the restored rows have new ones
    return re.sub(r'((?:id|for|aria-[a-z]+)="[a-z_-]+)[0-9]+"', r'\1#"', html)


def test_demo_club_archived_lost_and_restored_is_the_same_club(demo, client):
    client.force_login(User.objects.get(username="demo-admin"))
    games, seasons = game_files(demo), season_files(demo)
    before = pages(client, demo)
    archive = services.archive_club(demo)
    demo.delete()  # lost

    club = services.restore_club(archive)

    assert game_files(club) == games
    assert season_files(club) == seasons
    assert pages(client, club) == before
    out = io.StringIO()
    call_command("rebuild_statistics", "--check", stdout=out)  # exits 1 when anything differs
    assert "0 differ" in out.getvalue()


def test_demo_club_archive_again_after_restore_is_the_same_but_for_ids(demo):
    first = json.loads(services.archive_club(demo))
    demo.delete()

    club = services.restore_club(json.dumps(first).encode())
    again = json.loads(services.archive_club(club))

    assert [g["file"] for g in again["games"]] == [g["file"] for g in first["games"]]
    assert [m["account"] for m in again["members"]] == [m["account"] for m in first["members"]]
    assert len(again["tournaments"]) == len(first["tournaments"]) >= 2
    assert (
        again["tournaments"][0]["schedule"][0]["tables"][0]["signatures"]
        == (first["tournaments"][0]["schedule"][0]["tables"][0]["signatures"])
    )


def test_restore_club_command_writes_and_reads_files(demo, tmp_path):
    path = tmp_path / "demo.json"
    call_command("archive_club", "demo", str(path), stderr=io.StringIO())
    out = io.StringIO()

    call_command("restore_club", str(path), "--slug", "demo-copy", stdout=out)

    assert "demo-copy: restored with" in out.getvalue()
    copy_games = Game.objects.filter(club__slug="demo-copy").count()
    assert copy_games == Game.objects.filter(club__slug="demo").count() > 0


def test_restore_club_reads_a_gzipped_archive(demo):
    archive = services.archive_club(demo)
    demo.delete()

    club = services.restore_club(gzip.compress(archive))

    assert club.slug == "demo"


def stored_counts() -> tuple[int, ...]:
    models = (Club, Member, Game, Hand, HandChange, PlayerResult, Tournament, Entry, Table)
    return tuple(m.objects.count() for m in (*models, TableEvent, Season, SeasonEvent))


_DEMO_ARCHIVE: list[bytes] = []  # made once per test process: load_demo takes seconds


@pytest.fixture
def archived(db):
    """The demo club's archive as a document, on a site without the club."""
    if not _DEMO_ARCHIVE:
        call_command("load_demo", stdout=io.StringIO())
        demo = Club.objects.get(slug="demo")
        _DEMO_ARCHIVE.append(services.archive_club(demo))
        demo.delete()
    return json.loads(_DEMO_ARCHIVE[0])


def refused(document: object) -> str:
    before = stored_counts()
    data = document if isinstance(document, bytes) else json.dumps(document).encode()
    with pytest.raises(ArchiveError) as error:
        services.restore_club(data)
    assert stored_counts() == before
    return str(error.value)


def test_restore_refuses_a_newer_version_naming_it(archived):
    archived["format"] = "jass-club/2"

    assert refused(archived) == (
        "format: version jass-club/2 is newer than this site reads (jass-club/1): "
        "update the site first"
    )


def test_restore_refuses_a_game_file_as_foreign(archived):
    game = archived["games"][0]["file"]

    assert "is not a club archive (a game file" in refused(game)


def test_restore_refuses_what_is_not_json_or_too_big(archived, settings):
    assert refused(b"\x00\x01 not json").startswith("file: not valid JSON")
    assert refused(b"\xff\xfe") == "file: not UTF-8 text"
    settings.CLUB_ARCHIVE_MAX_BYTES = 1000
    assert refused(archived) == "file: larger than 1000 bytes"
    assert refused(gzip.compress(json.dumps(archived).encode())) == (
        "file: unpacks to more than 1000 bytes"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["games"][3]["file"]["hands"][0].update(trump="clubs-ish"), "games[3].file: "),
        (
            lambda d: d["tournaments"][0]["schedule"][0]["tables"][0].update(seats=[99999]),
            "tournaments[0].schedule[0].tables[0].seats: 99999 names no row of this archive",
        ),
        (
            lambda d: d["tournaments"][1].update(tie_breaks=["coin-toss"]),
            "tournaments[1].tie_breaks: must be some of",
        ),
        (
            lambda d: d["tournaments"][1].update(tie_breaks=[{}]),
            "tournaments[1].tie_breaks: must be some of",
        ),
        (lambda d: d["members"][0].update(role="king"), "members[0].role: "),
        (lambda d: d["members"][1].update(name=d["members"][0]["name"]), "members[1].name: "),
        (lambda d: d["games"][0].update(members=[[None]]), "games[0].members: "),
        (lambda d: d["seasons"][0].update(points=[-5]), "seasons[0].points"),
        (lambda d: d["club"].update(created_at="yesterday"), "club.created_at: not a valid"),
        (lambda d: d["tournaments"][0].update(hands=1000), "tournaments[0].hands: "),
        (lambda d: d.pop("games"), "games: must be a list"),
        (lambda d: d["members"][2].update(name="Anne\x00"), "members[2].name: holds a NUL"),
    ],
)
def test_restore_refuses_a_broken_archive_whole_naming_where(archived, change, message):
    broken = copy.deepcopy(archived)
    change(broken)

    assert message in refused(broken)


def test_restore_refuses_a_slug_in_use_and_takes_another(archived, club):
    archived["club"]["slug"] = club.slug

    assert "a club with the short name 'test-club' is on this site already" in refused(archived)
    restored = services.restore_club(json.dumps(archived).encode(), slug="test-club-2")
    assert restored.games.count() == len(archived["games"])


def test_restore_club_command_refuses_naming_file_and_field(archived, tmp_path):
    archived["format"] = "jass-club/7"
    path = tmp_path / "new.json"
    path.write_text(json.dumps(archived))

    with pytest.raises(CommandError, match=r"new.json: format: version jass-club/7 is newer"):
        call_command("restore_club", str(path))
