"""A season counting the club's evenings through the real evenings' module
(``settings.SEASON_EVENINGS``, scoring/season_evenings.py): an evening in Striche and a
Différenzler evening beside a tournament, on the admin's screen, the standings, the
page, projector, CSV and PDF, an open evening, the query count, and a season file."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format

from clubs.models import Member
from seasons import services
from seasons.models import Season, SeasonEvent
from tests.seasons.test_season_pages import admin, finished, settings_post  # noqa: F401
from tests.test_evenings import NIGHT, kontermatsch, schneider
from tests.test_season_evenings import DIFF_NIGHT, differenzler

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def members(club):
    return {
        name: Member.objects.create(club=club, name=name)
        for name in ("Anne", "Beat", "Carla", "Dario")
    }


def evenings(client, club) -> None:
    """An evening in Striche with changing partners (Anne +10, Beat +2, Dario +2,
    Carla -14) and a Différenzler evening (Dario 0, Anne 1, Beat 5, Carla 6)."""
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), name="Table 1")
    schneider(client, club, ("Anne", "Dario"), ("Carla", "Beat"), name="Table 1, again")
    kontermatsch(client, club, ("Anne", "Carla"), ("Beat", "Dario"), name="Table 1, third")
    differenzler(
        club,
        ["Anne", "Beat", "Carla", "Dario"],
        [([50, 40, 30, 37], [50, 43, 27, 37]), ([40, 40, 40, 37], [39, 38, 43, 37])],
    )


def create(admin) -> Season:  # noqa: F811
    admin.post(reverse("seasons:club_seasons", args=["test-club"]), settings_post())
    return Season.objects.get()


def add(admin, season, event: str, weight: str = "", final: bool = False):  # noqa: F811
    answer = admin.post(
        reverse("seasons:add_event", args=[season.pk]),
        {"event": event, "weight": weight, "final": "on" if final else ""},
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]


def test_a_season_counts_an_evening_in_striche_and_a_differenzler_evening(
    admin,  # noqa: F811
    client,
    club,
    members,
):
    evenings(client, club)
    spring = finished(club, "Frühlingsjass", 1)
    season = create(admin)
    screen = admin.get(reverse("seasons:settings", args=[season.pk])).content.decode()
    assert "Schieber evening in Striche · Nov. 20, 2026 (Club evening)" in screen
    assert "Différenzler evening · Nov. 13, 2026 (Club evening)" in screen

    add(admin, season, f"tournament:{spring.pk}")
    add(admin, season, "evening:2026-11-13", weight="2")
    add(admin, season, "evening:2026-11-20", final=True)

    assert [(e.name, e.kind, e.weight, e.final) for e in season.events.all()] == [
        ("Frühlingsjass", "tournament", 1, False),
        ("Différenzler evening", "evening", 2, False),
        ("Schieber evening in Striche", "evening", 2, True),
    ]
    table = services.standings(season)
    assert [e.state for e in table.events] == ["counted"] * 3
    # Différenzler ×2: Dario 1st 50, Anne 2nd 36, Beat 3rd 30, Carla 4th 24
    # Striche, a final ×2: Anne 50, Beat and Dario share 2nd-3rd (18 + 15) = 33, Carla 24
    assert table.line_of("Anne").points[1:] == [36, 50]
    assert table.line_of("Dario").points[1:] == [50, 33]
    assert table.line_of("Beat").points[1:] == [30, 33]
    assert table.line_of("Carla").points[1:] == [24, 24]

    page = admin.get(reverse("seasons:season", args=[season.pk])).content.decode()
    assert "Différenzler evening" in page
    assert "Schieber evening in Striche" in page
    assert reverse("clubs:evening", args=[club.slug, "2026-11-20"]) in page
    big = admin.get(reverse("seasons:season", args=[season.pk]) + "?big=1").content.decode()
    assert 'Schieber evening in Striche <span class="text-nowrap">Nov. 20, 2026</span>' in big
    assert 'Différenzler evening <span class="text-nowrap">Nov. 13, 2026</span>' in big
    csv = admin.get(reverse("seasons:csv", args=[season.pk])).content.decode("utf-8-sig")
    head = csv.splitlines()[0]
    assert "Différenzler evening (Nov. 13, 2026)" in head
    assert "Schieber evening in Striche (Nov. 20, 2026)" in head
    pdf = admin.get(reverse("seasons:pdf", args=[season.pk]))
    assert pdf.content.startswith(b"%PDF")


def test_an_evening_being_played_today_is_shown_and_not_counted(admin, client, club, members):  # noqa: F811
    today = timezone.localdate()
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=today)
    game = kontermatsch(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=today)
    season = create(admin)
    add(admin, season, f"evening:{today.isoformat()}")

    assert [e.state for e in services.standings(season).events] == ["playing"]
    page = admin.get(reverse("seasons:season", args=[season.pk])).content.decode()
    shown = date_format(today)
    said = f"Schieber evening in Striche ({shown}) is being played: it counts once it is over."
    assert said in page
    game.delete()  # the game being played goes: the evening is over
    assert [e.state for e in services.standings(season).events] == ["counted"]


def test_an_evening_that_is_no_longer_there_is_not_offered(admin, client, club, members):  # noqa: F811
    season = create(admin)
    answer = admin.post(
        reverse("seasons:add_event", args=[season.pk]), {"event": "evening:2026-11-20"}
    )
    assert answer.status_code == 422
    assert "Select a valid choice." in answer.content.decode()
    assert not SeasonEvent.objects.exists()


@pytest.mark.parametrize("count", [1, 3])
def test_the_season_page_costs_the_same_queries_for_more_evenings(
    admin,  # noqa: F811
    client,
    club,
    members,
    count,
):
    season = create(admin)
    add(admin, season, f"tournament:{finished(club, 'Frühlingsjass', 1).pk}")
    for n in range(count):
        day = NIGHT - dt.timedelta(days=7 * n)
        schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"), on=day)
        services.add_event(season, "evening", day.isoformat(), None, False)
    url = reverse("seasons:season", args=[season.pk])
    admin.get(url)  # the tournament's ranking is kept in the cache
    with CaptureQueriesContext(connection) as queries:
        assert admin.get(url).status_code == 200
    assert len(services.standings(season).columns) == 1 + count
    # the tournaments' 8, the club's Strich table and the evenings' rows
    assert len(queries) == 10, [q["sql"][:90] for q in queries.captured_queries]


def test_a_season_with_evenings_travels_as_a_season_file(
    admin,  # noqa: F811
    client,
    club,
    members,
    tmp_path,
    capsys,
):
    evenings(client, club)
    season = create(admin)
    add(admin, season, "evening:2026-11-13")
    add(admin, season, "evening:2026-11-20")
    call_command("export_season", season.pk)
    document = json.loads(capsys.readouterr().out)
    assert [(e["name"], e["date"], e["kind"]) for e in document["events"]] == [
        ("Différenzler evening", DIFF_NIGHT.isoformat(), "evening"),
        ("Schieber evening in Striche", NIGHT.isoformat(), "evening"),
    ]
    assert document["events"][1]["ranking"] == [
        {"place": 1, "players": ["Anne"]},
        {"place": 2, "players": ["Beat"]},
        {"place": 2, "players": ["Dario"]},
        {"place": 4, "players": ["Carla"]},
    ]
    path = tmp_path / "season.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_season", str(path), "--club", club.slug)
    imported = Season.objects.get(pk=int(capsys.readouterr().out))
    assert [(e.kind, e.kept) for e in imported.events.all()] == [("evening", True)] * 2
    again = services.standings(imported)
    assert [(line.player, line.rank, line.total) for line in again.lines] == [
        (row["player"], row["rank"], Decimal(str(row["total"])))
        for row in document["result"]["standings"]
    ]
    call_command("export_season", imported.pk)
    assert json.loads(capsys.readouterr().out)["result"] == document["result"]


def test_an_evenings_name_is_in_the_readers_language(admin, client, club, members):  # noqa: F811
    """Added by a French admin, an evening reads in Italian on an Italian phone (page,
    projector, CSV, settings), its kind in the list of events too; a tournament keeps
    its own name."""
    evenings(client, club)
    spring = finished(club, "Frühlingsjass", 1)
    season = create(admin)
    with translation.override("fr"):
        services.add_event(season, "evening", "2026-11-20", None, False)
        services.add_event(season, "tournament", str(spring.pk), None, False)
    assert season.events.get(kind="evening").name == "Soirée de chibre en traits"  # as added
    admin.defaults["HTTP_ACCEPT_LANGUAGE"] = "it"
    with translation.override("it"):
        striche = str(translation.gettext("Schieber evening in Striche"))
        diff = str(translation.gettext("Différenzler evening"))
        kind = str(translation.gettext("Club evening"))
        tournament = str(translation.gettext("Tournament"))
        diff_night = date_format(DIFF_NIGHT)
        url = reverse("seasons:season", args=[season.pk])
        page = admin.get(url).content.decode()
        big = admin.get(url + "?big=1").content.decode()
        csv = admin.get(reverse("seasons:csv", args=[season.pk])).content.decode("utf-8-sig")
        screen = admin.get(reverse("seasons:settings", args=[season.pk])).content.decode()
    assert striche != "Schieber evening in Striche"  # Italian, not the English
    for shown in (page, big, csv, screen):
        assert striche in shown
        assert "Soirée" not in shown
        assert "Frühlingsjass" in shown
    assert f"<strong>{striche}</strong>" in screen
    assert f"{diff} · {diff_night} ({kind})" in screen  # the list to add from
    assert f"({tournament})" not in screen  # the tournament counts already
    assert "(Tournament)" not in screen
    with translation.override("en"):
        assert season.events.get(kind="evening").title == "Schieber evening in Striche"


def test_an_imported_evenings_name_stays_as_its_file_gave_it(club):
    season = Season.objects.create(club=club, name="Imported", beyond=1)
    event = SeasonEvent.objects.create(
        season=season, name="Soirée de chibre en traits", date=NIGHT, kind="evening", ranking=[]
    )
    with translation.override("en"):
        assert event.title == "Soirée de chibre en traits"
