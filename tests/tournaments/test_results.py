"""Results: the live standings page, CSV and the PDF results sheet."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from tests.factories import stored
from tests.tournaments.test_services import play_out, teams, tournament
from tournaments import services

pytestmark = pytest.mark.django_db
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def played(club):
    t = tournament(club, name="Preisjass de Noël")
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))
    for table, points in zip(first.tables.all(), (120, 60), strict=True):
        play_out(table, points)
        services.decide_table(table)
    services.close_pass(first)
    return t


def winner_name(t) -> str:
    return t.entries.get(pk=services.current_standings(t)[0].entry).name


def test_standings_are_the_club_s_until_published(client, played):
    url = reverse("tournaments:standings", args=[played.pk])
    assert Client().get(url).status_code == 302  # anonymous: sign in first
    assert client.get(url).status_code == 200  # a member of the club

    played.published = True
    played.save()
    page = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")

    html = page.content.decode()
    assert page.status_code == 200
    assert winner_name(played) in html
    assert 'hx-trigger="every 15s"' in html
    assert "480" in html  # 4 hands × 120


def test_standings_refresh_returns_only_the_board(client, played):
    response = client.get(
        reverse("tournaments:standings", args=[played.pk]), headers={"HX-Request": "true"}
    )

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="board"')
    assert "<html" not in html


def test_an_unchanged_standings_refresh_answers_304_without_a_body(client, played):
    url = reverse("tournaments:standings", args=[played.pk])
    htmx = {"HX-Request": "true", "Accept-Encoding": "gzip"}
    first = client.get(url, headers=htmx)
    etag = first["ETag"]

    again = client.get(url, headers={**htmx, "If-None-Match": etag})

    assert again.status_code == 304
    assert again.content == b""
    size = len(str(again.status_code)) + sum(len(k) + len(v) + 4 for k, v in again.items())
    assert size <= 1024  # the status line and headers of the answer
    assert "HX-Request" in again["Vary"]
    # the whole page is another document: its own ETag, never answered by the board's
    page = client.get(url, headers={"If-None-Match": etag})
    assert page.status_code == 200
    assert page["ETag"] != etag


def test_the_standings_refresh_with_an_odd_query_answers_the_board_with_a_plain_etag(
    client, played
):
    # its ETag is a digest of the page, never a value of the query (as the game polls'
    # once was): whatever a phone adds to the address is answered, not a 500
    url = reverse("tournaments:standings", args=[played.pk])
    for odd in ("\x00", "\n", "é", '"', "a" * 10_000):
        answer = client.get(url, {"big": odd, "shown": odd}, headers={"HX-Request": "true"})

        assert answer.status_code == 200
        assert re.fullmatch(r'"[\x21\x23-\x7e]*"', answer["ETag"])
        assert winner_name(played) in answer.content.decode()


def test_the_standings_refresh_after_a_change_answers_the_new_board(client, played):
    url = reverse("tournaments:standings", args=[played.pk])
    etag = client.get(url, headers={"HX-Request": "true"})["ETag"]
    entry = played.entries.first()
    services.correct_entry(
        entry, name="Die Neuen", player_1=entry.player_1, player_2=entry.player_2
    )

    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})

    assert again.status_code == 200
    assert "Die Neuen" in again.content.decode()


def test_results_csv(client, played):
    response = client.get(
        reverse("tournaments:results_csv", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )

    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Rank;Name;Players;Pass 1;Total;Matches;Tie-break;Bye in pass;Withdrawn"
    assert lines[1].startswith(f"1;{winner_name(played)};")
    assert ";480;480;0;" in lines[1]
    assert len(lines) == 5
    assert ".csv" in response["Content-Disposition"]
    assert "preisjass-" in response["Content-Disposition"]  # the tournament's name


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)
def test_results_pdf_lists_the_ranking(client, played, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    logo = io.BytesIO()
    Image.new("RGB", (40, 40), "black").save(logo, format="PNG")
    (tmp_path / "logos").mkdir()
    (tmp_path / "logos" / "club.png").write_bytes(logo.getvalue())
    played.club.logo.name = "logos/club.png"
    played.club.save()

    response = client.get(
        reverse("tournaments:results_pdf", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response["Content-Type"] == "application/pdf"
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "results.pdf").write_bytes(response.content)  # to look at
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=response.content, capture_output=True, check=True
    ).stdout.decode()
    assert "Preisjass de Noël" in text
    assert "Jass-Club Test" in text
    rows = [line.split() for line in text.splitlines() if line.strip()]
    first = next(i for i, words in enumerate(rows) if words[:1] == ["1"])
    assert " ".join(rows[first - 1] + rows[first] + rows[first + 1]).count(winner_name(played)) == 1
    assert rows[first][-3:] == ["480", "480", "0"]  # pass 1, total, matches
    assert "1/1" in text.replace(" ", "")  # page numbers


def table_cards(club, make_user, t):
    """Pass 1's table cards, as the director downloads them in English."""
    director = Client()
    director.force_login(make_user("admin", club))
    return director.get(
        reverse("tournaments:table_cards", args=[t.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
    )


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)
def test_table_cards_show_seats_trumps_code_and_the_table_link(club, make_user):
    t = tournament(club, trump_order=["spades", "spades", "hearts", "obe-abe"])
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))
    response = table_cards(club, make_user, t)

    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "table-cards.pdf").write_bytes(response.content)
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=response.content, capture_output=True, check=True
    ).stdout.decode()
    pages = text.split("\f")
    assert len([page for page in pages if page.strip()]) == 2
    table = first.tables.get(number=1)
    first_page = pages[0]
    assert "Table 1" in first_page
    assert t.entries.get(pk=table.seats[0]).name in first_page
    for side, code in enumerate(table.codes):  # each team's own slip, with its own code
        assert code in first_page.replace(" ", "")  # letter-spaced
        assert t.entries.get(pk=table.seats[side]).name in first_page
    in_order = subprocess.run(  # blocks in reading order: the link beside the seats whole
        ["pdftotext", "-l", "1", "-", "-"], input=response.content, capture_output=True, check=True
    ).stdout.decode()

    def bare(text: str) -> str:  # pdftotext drops a hyphen that ends a line of the link
        return "".join(text.split()).replace("-", "")

    assert bare(f"/t/{table.token[:20]}") in bare(in_order)
    first, second = (t.entries.get(pk=pk) for pk in table.seats)  # partners opposite
    seats = [" ".join(line.split()) for line in first_page.splitlines() if "Seat " in line]
    expected = [  # each line may go on with the link printed beside the seats
        f"Seat 1 {first.player_1} · {first.name}",
        f"Seat 2 {second.player_1} · {second.name}",
        f"Seat 3 {first.player_2} · {first.name}",
        f"Seat 4 {second.player_2} · {second.name}",
    ]
    assert all(line.startswith(seat) for line, seat in zip(seats, expected, strict=False))
    assert len(seats) >= 4
    assert "Seat 4 deals hand 1 and seat 1 plays first" in " ".join(in_order.split())
    assert [word for word in ("Spades", "Hearts", "Obe-abe") if word in first_page] == [
        "Spades",
        "Hearts",
        "Obe-abe",
    ]


@pytest.mark.parametrize("count", [10, 100])
def test_standings_page_costs_the_same_queries_for_10_or_100_teams(
    client, club, django_assert_num_queries, count
):
    from scoring.models import Hand

    t = tournament(club, name="Big")
    teams(t, count)
    first = services.publish_pass(services.schedule_next_pass(t))
    Hand.objects.bulk_create(
        Hand(game=table.game, number=n, record=stored(t.trump_of_hand(n), 100, 57))
        for table in first.tables.all()
        for n in range(1, t.hands + 1)
    )
    first.tables.update(state="decided")
    services.close_pass(first)

    # session, user, tournament, memberships, club check; entries, passes, tables,
    # the last change of each game (the results stored when the pass closed hold),
    # the pass being played (none here), the changes to the ranking made in public
    with django_assert_num_queries(11):
        response = client.get(reverse("tournaments:standings", args=[t.pk]))

    assert len(response.context["rows"]) == count
    # the director's corrections after closing update the stored results: no more
    corrected = list(first.tables.all())[: count // 5]
    for table in corrected:
        correct_first_hand(table, 57)
    with django_assert_num_queries(11):
        client.get(reverse("tournaments:standings", args=[t.pk]))
    # a change logged behind a stored result's back (not through the services) is
    # counted again from its hands: games, teams, players, hands, however many
    from scoring.models import HandChange

    HandChange.objects.bulk_create(
        HandChange(game_id=table.game_id, hand_number=1, action="edited") for table in corrected
    )
    with django_assert_num_queries(15):
        client.get(reverse("tournaments:standings", args=[t.pk]))


def correct_first_hand(table, cards_0: int) -> None:
    """The director's correction of hand 1, through the scoring service (logged)."""
    import uuid

    from scoring import services as scoring
    from scoring.kinds.team.rules.hand import Hand as RulesHand

    stored = table.game.hands.get(number=1)
    scoring.correct_hand(
        table.game,
        number=1,
        hand=RulesHand(trump=stored.record["trump"], cards=(cards_0, 157 - cards_0)),
        version=scoring.hand_version(stored),
        form_key=uuid.uuid4(),
        author=scoring.Author(device="test", reason="sheet misread", director=True),
    )


def test_a_correction_after_the_pass_closed_counts_in_the_standings(club):
    t = tournament(club)
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    play_out(table, 100)
    services.decide_table(table)
    services.close_pass(first)
    assert [s.total for s in services.current_standings(t)] == [400, 228]

    correct_first_hand(table, 57)

    assert [s.total for s in services.current_standings(t)] == [357, 271]
    table.refresh_from_db()
    assert table.result["totals"] == [357, 271]  # the stored result follows the correction
    assert (table.state, table.events.last().kind) == ("decided", "changed")


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)
def test_the_results_sheet_marks_a_bye_and_says_what_it_scores(client, club):
    t = tournament(club, name="Preisjass impair")
    teams(t, 5)
    first = services.publish_pass(services.schedule_next_pass(t))
    for table in first.tables.all():
        play_out(table, 100)
        services.decide_table(table)
    services.close_pass(first)
    t.published = True
    t.save()

    response = client.get(
        reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=response.content, capture_output=True, check=True
    ).stdout.decode()

    assert text.count("314*") == 1  # the one bye of the pass
    assert "* bye: half a game, 314 points." in text
    page = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert "314<abbr" in page


def test_the_live_standings_fill_the_pass_being_played_as_tables_are_settled(client, played):
    second = services.publish_pass(services.schedule_next_pass(played))
    done, playing = second.tables.all()
    play_out(done, 100)
    services.confirm_table(done, 0, done.codes[0])
    services.confirm_table(done, 1, done.codes[1])
    before = [
        (row["entry"].pk, row["total"])
        for row in client.get(reverse("tournaments:standings", args=[played.pk])).context["rows"]
    ]

    url = reverse("tournaments:standings", args=[played.pk])
    rows = client.get(url).context["rows"]
    board = client.get(url, headers={"HX-Request": "true"}, HTTP_ACCEPT_LANGUAGE="en")

    html = board.content.decode()
    assert "Pass 2 so far" in html
    assert "Pass 2 is being played" in html  # inside the refreshed board
    so_far = {row["entry"].pk: row["running"] for row in rows}
    assert (so_far[done.seats[0]], so_far[done.seats[1]]) == (400, 228)
    assert so_far[playing.seats[0]] is None  # shown as …
    assert [(row["entry"].pk, row["total"]) for row in rows] == before  # counted at closing


def test_a_pass_not_played_is_a_dash_and_a_withdrawal_is_said(client, played, tmp_path):
    late = played.entries.create(name="Latecomers", player_1="L1", player_2="L2")
    services.check_in(late)
    quitter = played.entries.get(name="Team 1")
    services.withdraw(quitter)
    second = services.publish_pass(services.schedule_next_pass(played))
    for table in second.tables.all():
        play_out(table)
        services.decide_table(table)
    services.close_pass(second)

    csv_lines = (
        client.get(reverse("tournaments:results_csv", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="en")
        .content.decode("utf-8-sig")
        .splitlines()
    )
    html = client.get(
        reverse("tournaments:standings", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    latecomers = next(line for line in csv_lines if "Latecomers" in line).split(";")
    team_1 = next(line for line in csv_lines if line.split(";")[1] == "Team 1").split(";")
    assert latecomers[3] == "–"  # pass 1: not played, as the standings show it
    assert team_1[4] == "–"  # pass 2: withdrawn
    assert team_1[-1] == "withdrawn after pass 1"
    assert "withdrawn after pass 1" in html
    assert ">–<" in html


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)
def test_the_table_cards_end_with_the_bye_and_what_it_scores(club, make_user):
    t = tournament(club)
    teams(t, 3)
    first = services.publish_pass(services.schedule_next_pass(t))
    response = table_cards(club, make_user, t)

    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=response.content, capture_output=True, check=True
    ).stdout.decode()
    last = [page for page in text.split("\f") if page.strip()][-1]
    bye = t.entries.get(pk=first.byes[0])
    assert bye.name in last
    assert "Sits out this pass and scores half a game: 314 points." in " ".join(last.split())


def test_the_bye_of_the_pass_being_played_shows_its_points_at_once(client, club):
    t = tournament(club)
    teams(t, 3)
    first = services.publish_pass(services.schedule_next_pass(t))

    rows = client.get(reverse("tournaments:standings", args=[t.pk])).context["rows"]

    bye = next(row for row in rows if row["entry"].pk == first.byes[0])
    assert (bye["running"], bye["running_bye"]) == (314, True)
    assert all(row["running"] is None for row in rows if row is not bye)


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)
@pytest.mark.django_db(transaction=True)  # the worker opens and closes its own connections
def test_a_big_results_sheet_is_built_by_a_task_and_never_holds_a_request(
    client, played, monkeypatch
):
    from django.core.management import call_command

    from tournaments import sheets
    from tournaments.models import ResultsSheet

    monkeypatch.setattr(sheets, "INLINE_ENTRIES", 2)  # 4 entries: "big"
    url = reverse("tournaments:results_pdf", args=[played.pk])

    asked = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="en")  # a second tap: the same build

    assert asked.status_code == 202
    assert asked["Refresh"] == "3"
    assert "The results sheet of 4 entries is being prepared." in asked.content.decode()
    assert again.status_code == 202
    assert ResultsSheet.objects.count() == 1
    sheet = ResultsSheet.objects.get()
    assert sheet.task_id

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    ready = client.get(url, HTTP_ACCEPT_LANGUAGE="en")

    assert ready.status_code == 200
    assert ready["Content-Type"] == "application/pdf"
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=ready.content, capture_output=True, check=True
    ).stdout.decode()
    assert winner_name(played) in text
    sheet.refresh_from_db()
    assert sheet.pages == 1

    entry = played.entries.first()  # the standings change: a new sheet is asked for
    entry.name = "Die Neuen"
    entry.save()
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="en").status_code == 202
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    fresh = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert (
        "Die Neuen"
        in subprocess.run(
            ["pdftotext", "-layout", "-", "-"], input=fresh.content, capture_output=True, check=True
        ).stdout.decode()
    )
