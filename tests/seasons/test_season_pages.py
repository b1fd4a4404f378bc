"""A season over the club's tournaments through its pages: an admin defines it, the
standings follow the tournaments' own, forms refuse bad input, the downloads, the
player's page, the query counts, the commands and the demo."""

from __future__ import annotations

import datetime as dt
import json
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from clubs.models import Member
from seasons import services
from seasons.models import Season, SeasonEvent
from tests.tournaments.test_services import play_pass, teams, tournament
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    """The services and commands speak the active language; these tests read English."""
    with translation.override("en"):
        yield


POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]


@pytest.fixture
def admin(club, make_user):
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(make_user("admin", club, name="president"))
    return browser


def finished(club, name: str, day: int, count: int = 4, **fields):
    """A tournament of ``count`` teams whose one pass is played and closed."""
    t = tournament(club, name=name, date=dt.date(2026, 3, day), passes=1, **fields)
    teams(t, count)
    play_pass(tournament_services.schedule_next_pass(t))
    return t


def places(t) -> dict[str, int]:
    """Each player's place in the tournament's own standings."""
    entries = {e.pk: e for e in t.entries.all()}
    found = {}
    for standing in tournament_services.current_standings(t):
        entry = entries[standing.entry]
        for player in (entry.player_1, entry.player_2):
            if player:
                found[player] = standing.rank
    return found


def settings_post(**changes) -> dict:
    return {
        "name": "Jahresmeisterschaft",
        "points": "25, 18, 15, 12, 10, 8, 6, 4, 2, 1",
        "beyond": "",
        "best": "",
        "min_events": "1",
        "tie_break_1": "wins",
        "tie_break_2": "best_event",
        "tie_break_3": "last_event",
    } | changes


def define(admin, club, *tournaments, final=None) -> Season:
    answer = admin.post(reverse("seasons:club_seasons", args=[club.slug]), settings_post())
    season = Season.objects.get(club=club)
    assert answer.url == reverse("seasons:settings", args=[season.pk])
    for t in tournaments:
        answer = admin.post(
            reverse("seasons:add_event", args=[season.pk]),
            {"event": f"tournament:{t.pk}", "weight": "", "final": "on" if t == final else ""},
        )
        assert answer.status_code == 302
    return season


def test_an_admin_defines_a_season_over_two_tournaments_and_sees_the_ranking(admin, club):
    spring, autumn = finished(club, "Frühlingsjass", 1), finished(club, "Herbstjass", 20)
    season = define(admin, club, spring, autumn, final=autumn)

    events = list(season.events.all())
    assert [(e.name, e.weight, e.final) for e in events] == [
        ("Frühlingsjass", 1, False),
        ("Herbstjass", 2, True),  # a final's default weight
    ]
    page = admin.get(reverse("seasons:season", args=[season.pk])).content.decode()
    assert "Frühlingsjass" in page
    assert "Herbstjass" in page
    table = services.standings(season)
    first, second = places(spring), places(autumn)
    for line in table.lines:
        assert line.points == [POINTS[first[line.player] - 1], 2 * POINTS[second[line.player] - 1]]
        assert line.total == sum(line.points)
    winner = table.lines[0]
    assert winner.rank == 1
    assert f'<span class="entry-name">{winner.player}</span>' in page


def test_a_tournament_still_being_played_is_listed_and_not_counted(admin, club):
    over = finished(club, "Frühlingsjass", 1)
    playing = tournament(club, name="Herbstjass", date=dt.date(2026, 9, 1), passes=2)
    teams(playing, 4)
    play_pass(tournament_services.schedule_next_pass(playing))  # one pass of two
    season = define(admin, club, over, playing)

    table = services.standings(season)
    assert [c.event.name for c in table.columns] == ["Frühlingsjass"]
    page = admin.get(reverse("seasons:season", args=[season.pk])).content.decode()
    assert "Herbstjass (Sept. 1, 2026) is being played: it counts once it is over." in page  # en
    play_pass(tournament_services.schedule_next_pass(playing))  # the second closes it
    assert len(services.standings(season).columns) == 2


def test_best_results_mark_the_dropped_ones_in_words(admin, club):
    events = [finished(club, f"Jass {n}", n) for n in (1, 2, 3)]
    season = define(admin, club, *events)
    admin.post(reverse("seasons:settings", args=[season.pk]), settings_post(best="2"))
    season.refresh_from_db()
    assert season.best == 2
    table = services.standings(season)
    assert all(sum(line.counted) == 2 for line in table.lines)
    page = admin.get(reverse("seasons:season", args=[season.pk])).content.decode()
    assert page.count('<span class="visually-hidden"> dropped</span>') == len(table.lines)
    assert "(12) struck through: a result dropped, not counted in the total." in page


BEST_SAID = "Best results counted: empty for all, or a whole number from 1 to 100."
MIN_SAID = "Events played to be ranked: a whole number from 1 to 100."
BEYOND_SAID = (
    "Points below the table: a whole number from 0 to the points of the table&#x27;s last place."
)


@pytest.mark.parametrize(
    ("changes", "field", "said"),
    [
        ({"points": "25, 18, x"}, "points", "Place 3: “x” is not a whole number from 0 to 1000."),
        ({"points": "10, 12"}, "points", "Place 2 gets more points than place 1."),
        ({"points": "0, 0"}, "points", "The winner gets at least 1 point."),
        ({"points": ", ".join(["1"] * 101)}, "points", "At most 100 places."),
        (
            {"points": "5, 2", "beyond": "3"},
            "beyond",
            "Points below the table: a whole number from 0 to the table&#x27;s last value, "
            "2 points.",
        ),
        ({"best": "0"}, "best", BEST_SAID),
        ({"best": "101"}, "best", BEST_SAID),
        ({"best": "2.5"}, "best", BEST_SAID),
        ({"min_events": "101"}, "min_events", MIN_SAID),
        ({"min_events": "0"}, "min_events", MIN_SAID),
        ({"min_events": ""}, "min_events", MIN_SAID),
        ({"min_events": "abc"}, "min_events", MIN_SAID),
        ({"beyond": "-1"}, "beyond", BEYOND_SAID),
        ({"beyond": "x"}, "beyond", BEYOND_SAID),
        ({"points": "25,18,,15"}, "points", "Place 3 is empty: give its points (0 for none)."),
        ({"points": ",25"}, "points", "Place 1 is empty: give its points (0 for none)."),
        ({"tie_break_2": "wins"}, "tie_break_2", "This tie-break is chosen already."),
        ({"name": "  "}, "name", "This field is required."),
    ],
)
def test_the_settings_form_refuses_bad_input_beside_the_field(admin, club, changes, field, said):
    answer = admin.post(reverse("seasons:club_seasons", args=[club.slug]), settings_post(**changes))
    assert answer.status_code == 422
    assert said in answer.content.decode()
    assert field in answer.context["form"].errors
    assert not Season.objects.exists()


def test_an_events_weight_is_bounded_and_an_event_counts_once(admin, club):
    spring = finished(club, "Frühlingsjass", 1)
    season = define(admin, club, spring)
    again = admin.post(
        reverse("seasons:add_event", args=[season.pk]), {"event": f"tournament:{spring.pk}"}
    )
    assert again.status_code == 422
    assert "Select a valid choice." in again.content.decode()
    event = season.events.get()
    admin.post(
        reverse("seasons:change_event", args=[season.pk, event.pk]),
        {f"e{event.pk}-weight": "3", f"e{event.pk}-final": "on"},
    )
    event.refresh_from_db()
    assert (event.weight, event.final) == (3, True)


WEIGHT_SAID = "Weight: a whole number from 1 to 5, or empty for 1 (a final 2)."


@pytest.mark.parametrize("typed", ["0", "6", "-1", "abc", "2.5", "99999999999999999999"])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_weight_is_said_beside_it_and_kept_as_typed(admin, club, typed, htmx):
    season = define(admin, club, finished(club, "Frühlingsjass", 1))
    event = season.events.get()
    field = f"id_e{event.pk}-weight"
    answer = admin.post(
        reverse("seasons:change_event", args=[season.pk, event.pk]),
        {f"e{event.pk}-weight": typed, f"e{event.pk}-final": "on"},
        headers={"HX-Request": "true"} if htmx else {},
    )
    assert answer.status_code == 422
    page = answer.content.decode()
    if htmx:  # the event's part only, swapped in place
        assert page.lstrip().startswith(f'<li class="club-line season-event" id="event-{event.pk}"')
    else:  # the whole page again, not a message at its top
        assert "<html" in page
        assert not [m for m in answer.context["messages"] if m.level_tag == "error"]
    assert f'id="{field}" value="{typed}"' in page  # as typed
    assert 'aria-invalid="true"' in page
    assert f'aria-describedby="{field}-error weight-help-{event.pk}"' in page
    beside = f'<p class="invalid-feedback d-block small mb-0" id="{field}-error">{WEIGHT_SAID}</p>'
    assert beside in page
    assert f'<a href="#{field}">{WEIGHT_SAID}</a>' in page  # the summary links to it
    assert "Ensure this value" not in page
    event.refresh_from_db()
    assert (event.weight, event.final) == (1, False)


@pytest.mark.parametrize(("final", "weight"), [(False, 1), (True, 2)])
def test_an_empty_weight_is_its_default_when_added_and_when_changed(admin, club, final, weight):
    spring, autumn = finished(club, "Frühlingsjass", 1), finished(club, "Herbstjass", 2)
    season = define(admin, club, spring)
    event = season.events.get()
    admin.post(
        reverse("seasons:change_event", args=[season.pk, event.pk]),
        {f"e{event.pk}-weight": "4"},
    )
    answer = admin.post(
        reverse("seasons:change_event", args=[season.pk, event.pk]),
        {f"e{event.pk}-weight": "", f"e{event.pk}-final": "on" if final else ""},
    )
    assert answer.status_code == 302
    event.refresh_from_db()
    assert (event.weight, event.final) == (weight, final)
    added = admin.post(
        reverse("seasons:add_event", args=[season.pk]),
        {"event": f"tournament:{autumn.pk}", "weight": "", "final": "on" if final else ""},
    )
    assert added.status_code == 302
    assert season.events.get(name="Herbstjass").weight == weight


def test_a_weight_saved_with_htmx_redraws_its_event(admin, club):
    season = define(admin, club, finished(club, "Frühlingsjass", 1))
    event = season.events.get()
    answer = admin.post(
        reverse("seasons:change_event", args=[season.pk, event.pk]),
        {f"e{event.pk}-weight": "2"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    assert 'value="2"' in answer.content.decode()
    assert 'role="status">Saved.</p>' in answer.content.decode()
    event.refresh_from_db()
    assert event.weight == 2


def test_the_settings_messages_are_the_seasons_own_in_italian(admin, club):
    admin.defaults["HTTP_ACCEPT_LANGUAGE"] = "it"
    with translation.override("it"):
        answer = admin.post(
            reverse("seasons:club_seasons", args=[club.slug]),
            settings_post(best="0", min_events="abc", beyond="-1"),
        )
    page = answer.content.decode()
    assert answer.status_code == 422
    assert '<html lang="it">' in page
    assert "Assicurati" not in page
    assert "Migliori risultati contati: vuoto per tutti, o un numero intero da 1 a 100." in page
    assert "Prove giocate per essere in classifica: un numero intero da 1 a 100." in page
    assert "Inserisci un numero intero" not in page
    errors = answer.context["form"].errors
    assert set(errors) == {"best", "min_events", "beyond"}


def test_a_trailing_comma_in_the_points_says_nothing_more(admin, club):
    admin.post(
        reverse("seasons:club_seasons", args=[club.slug]), settings_post(points="25, 18, 15,")
    )
    assert Season.objects.get().points == [25, 18, 15]


def test_only_the_clubs_admins_change_a_season_and_members_see_it(admin, club, client):
    season = define(admin, club, finished(club, "Frühlingsjass", 1))
    assert client.get(reverse("seasons:season", args=[season.pk])).status_code == 200
    assert client.get(reverse("seasons:settings", args=[season.pk])).status_code == 403
    assert client.post(reverse("seasons:remove_season", args=[season.pk])).status_code == 403
    stranger = Client()
    assert stranger.get(reverse("seasons:season", args=[season.pk])).status_code == 302


def test_the_season_page_costs_the_same_queries_for_more_events(admin, club):
    season = define(admin, club, finished(club, "Jass 1", 1), finished(club, "Jass 2", 2))
    url = reverse("seasons:season", args=[season.pk])
    admin.get(url)  # the tournaments' rankings are kept in the cache
    with CaptureQueriesContext(connection) as two:
        assert admin.get(url).status_code == 200
    for n in (3, 4, 5):
        services.add_event(
            season, "tournament", str(finished(club, f"Jass {n}", n).pk), None, False
        )
    admin.get(url)
    with CaptureQueriesContext(connection) as five:
        admin.get(url)
    assert len(two) == len(five) == 8, [q["sql"][:90] for q in five.captured_queries]


def test_the_csv_and_the_pdf(admin, club):
    season = define(admin, club, finished(club, "Frühlingsjass", 1))
    csv = admin.get(reverse("seasons:csv", args=[season.pk])).content.decode("utf-8-sig")
    head, first = csv.splitlines()[:2]
    assert head == (
        "Rank;Player;Total;Events played;Wins;Frühlingsjass (March 1, 2026);"
        "Counted: Frühlingsjass (March 1, 2026)"
    )
    assert first.startswith("1;")
    assert first.endswith(";25;1;1;25;yes")
    pdf = admin.get(reverse("seasons:pdf", args=[season.pk]))
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


def test_the_projector_and_the_boards_refresh(admin, club):
    season = define(admin, club, finished(club, "Frühlingsjass", 1))
    url = reverse("seasons:season", args=[season.pk])
    big = admin.get(url + "?big=1").content.decode()
    assert 'class="projector"' in big
    assert "projector-page" in big
    assert "<svg" in big  # the QR code of the standings
    board = admin.get(url, headers={"HX-Request": "true"}).content.decode()
    assert board.lstrip().startswith('<div id="board"')


def test_a_players_page_shows_their_season_rank(admin, club):
    spring = tournament(club, name="Frühlingsjass", date=dt.date(2026, 3, 1), passes=1)
    spring.format = "individual"
    spring.save()
    anne = Member.objects.create(club=club, name="Anne")
    for name in ("Anne", "Beat", "Carla", "Dario"):
        tournament_services.check_in(tournament_services.register(spring, name=name, player_1=name))
    play_pass(tournament_services.schedule_next_pass(spring))
    season = define(admin, club, spring)
    line = services.standings(season).line_of("Anne")
    page = admin.get(reverse("clubs:player", args=[club.slug, anne.pk])).content.decode()
    assert f"rank {line.rank}, {line.total} points" in page
    assert reverse("seasons:season", args=[season.pk]) in page


def test_export_then_import_keeps_the_rankings_and_standings(admin, club, tmp_path, capsys):
    season = define(admin, club, finished(club, "Jass 1", 1), finished(club, "Jass 2", 2))
    call_command("export_season", season.pk)
    document = json.loads(capsys.readouterr().out)
    assert document["format"] == "jass-season/1"
    path = tmp_path / "season.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_season", str(path), "--club", club.slug)
    imported = Season.objects.get(pk=int(capsys.readouterr().out))
    assert all(e.kept for e in imported.events.all())
    SeasonEvent.objects.filter(season=season).delete()  # the tournaments' season forgets them
    again = services.standings(imported)
    assert [(line.player, line.rank, line.total) for line in again.lines] == [
        (row["player"], row["rank"], Decimal(str(row["total"])))
        for row in document["result"]["standings"]
    ]
    call_command("export_season", imported.pk)
    assert json.loads(capsys.readouterr().out)["result"] == document["result"]


def test_a_refused_file_names_the_file_event_and_field_and_stores_nothing(club, tmp_path, capsys):
    from tests.seasons.test_seasonfile import EXAMPLE

    broken = json.loads(json.dumps(EXAMPLE))
    broken["events"][2]["ranking"][3]["place"] = 2
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        call_command("import_season", str(path), "--club", club.slug)
    assert stopped.value.code == 1
    assert capsys.readouterr().err.strip() == (
        f"{path}: event 3: ranking.place: entry 4: place 2, expected 3 (tied) or 4"
    )
    assert not Season.objects.exists()
    no_club = tmp_path / "no-club.json"
    no_club.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    with pytest.raises(SystemExit):
        call_command("import_season", str(no_club))
    assert "club: no club named 'Jassclub Bärn'" in capsys.readouterr().err


def test_a_differenzler_tournament_counts_by_its_own_standings(club):
    from seasons.demo import _finished_differenzler

    t = _finished_differenzler(club)
    season = services.create_season(
        club, "Saison", services.SettingsValues(POINTS, None, None, 1, ["wins"])
    )
    services.add_event(season, "tournament", str(t.pk), None, False)
    table = services.standings(season)
    assert len(table.columns) == 1
    entries = {e.pk: e.player_1 for e in t.entries.all()}
    ranks = {entries[s.entry]: s.rank for s in tournament_services.current_standings(t)}
    assert len(ranks) == 9
    tied: dict[int, int] = {}
    for rank in ranks.values():
        tied[rank] = tied.get(rank, 0) + 1
    for line in table.lines:
        rank, k = ranks[line.player], tied[ranks[line.player]]
        share = Decimal(sum(POINTS[p - 1] for p in range(rank, rank + k))) / k
        assert line.points == [share.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)]


def test_a_season_with_no_event_counted_is_not_exported(club, capsys):
    season = services.create_season(
        club, "Leer", services.SettingsValues(POINTS, None, None, 1, [])
    )
    with pytest.raises(CommandError, match="no event counted yet"):
        call_command("export_season", season.pk)
    call_command("export_season", "--all")
    out = capsys.readouterr()
    assert json.loads(out.out) == []
    assert f"season {season.pk}: no event counted yet, left out" in out.err


def test_the_demo_club_has_a_season_over_its_tournaments_and_evenings(capsys):
    call_command("load_demo")
    call_command("load_demo")  # once: what is there is left as it is
    season = Season.objects.get(club__slug="demo")
    table = services.standings(season)
    assert [(c.event.name, c.event.date.isoformat()) for c in table.columns][2:] == [
        ("Schieber evening in Striche", "2026-10-16"),
        ("Différenzler evening", "2026-11-22"),
    ]
    assert {c.event.name for c in table.columns[:2]} == {
        "Coupe du printemps",
        "Différenzler de la Désalpe",
    }
    assert [e.state for e in table.events].count("counted") == 4
    assert [e.state for e in table.events].count("playing") == 2
    striche, differenzler = table.columns[2:]
    # five players with changing partners: each an entry; the eight of two tables
    assert sorted(p for e in striche.entries for p in e.players) == [
        "Anne",
        "Bernard",
        "Claude",
        "Denise",
        "Ueli",
    ]
    assert len(differenzler.entries) == 8
    # the tournaments' games (Différenzler ones too) are no club evening
    from scoring.season_evenings import season_evenings

    assert [e["date"].isoformat() for e in season_evenings(season.club)] == [
        "2026-11-22",
        "2026-10-16",
    ]
    assert table.lines[0].rank == 1
    assert "Anne" in {line.player for line in table.lines}


def test_a_season_is_deleted_once_the_box_is_ticked_and_its_events_stay(admin, club):
    spring = finished(club, "Frühlingsjass", 1)
    season = define(admin, club, spring)
    url = reverse("seasons:remove_season", args=[season.pk])
    kept = admin.post(url, follow=True)
    assert "Tick the box to say that Jahresmeisterschaft goes." in kept.content.decode()
    assert Season.objects.exists()
    admin.post(url, {"sure": "1"})
    assert not Season.objects.exists()
    assert not SeasonEvent.objects.exists()
    spring.refresh_from_db()  # the tournament stays
