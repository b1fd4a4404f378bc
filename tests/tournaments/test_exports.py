"""Exports that carry the ranking (issue 24): the CSV and the PDF results sheet show
what the tie-breaks compare, a pass not played is "–" wherever a pass is shown, the
sheet says which passes it counts while one is played, and a pass's table cards are
drawn once until something on them changes."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import stored
from tests.tournaments.test_differenzler_tournament import (
    closed_first_pass,
    differenzler,
    players,
)
from tests.tournaments.test_services import play_out, teams, tournament
from tournaments import services
from tournaments.models import Table
from tournaments.views import passes

pytestmark = pytest.mark.django_db
needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)


@pytest.fixture(autouse=True)
def _no_kept_pdfs():
    cache.clear()
    yield
    cache.clear()


def pdf_text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


def csv_rows(client: Client, t, language: str = "en") -> list[list[str]]:
    response = client.get(
        reverse("tournaments:results_csv", args=[t.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    return [line.split(";") for line in response.content.decode("utf-8-sig").splitlines()]


def play_with_a_match(table) -> None:
    """Every hand of the table's game; the first side makes a match in hand 1."""
    t = table.round.tournament
    table.game.hands.create(number=1, record=stored(t.trump_of_hand(1), 157, 0, match=0))
    for number in range(2, t.hands + 1):
        table.game.hands.create(number=number, record=stored(t.trump_of_hand(number), 100, 57))


def close_with(draft, play) -> None:
    round_ = services.publish_pass(draft)
    for table in round_.tables.all():
        play(table)
        services.decide_table(table)
    services.close_pass(round_)


# -- the team CSV: matches, the second tie-break ------------------------------------------


def test_the_team_csv_counts_each_entry_s_matches_over_the_passes(client, club):
    t = tournament(club)
    teams(t, 4)
    close_with(services.schedule_next_pass(t), play_with_a_match)
    close_with(services.schedule_next_pass(t), play_with_a_match)
    matches = {e.pk: 0 for e in t.entries.all()}
    for table in Table.objects.filter(round__tournament=t):
        matches[table.seats[0]] += 1  # the first side of every table made one

    rows = csv_rows(client, t)

    assert rows[0] == [
        "Rank", "Name", "Players", "Pass 1", "Pass 2", "Total", "Matches",
        "Tie-break", "Bye in pass", "Withdrawn",
    ]  # fmt: skip
    names = {e.name: e.pk for e in t.entries.all()}
    assert {row[1]: int(row[6]) for row in rows[1:]} == {
        name: matches[pk] for name, pk in names.items()
    }
    assert sum(int(row[6]) for row in rows[1:]) == 4  # two tables, two passes
    assert csv_rows(client, t, "fr")[0][6] == "Matchs"
    assert csv_rows(client, t, "de")[0][6] == "Matches"


@needs_pdftotext
def test_the_team_results_sheet_shows_the_matches(client, club):
    t = tournament(club)
    teams(t, 4)
    close_with(services.schedule_next_pass(t), play_with_a_match)
    winner = t.entries.get(pk=services.current_standings(t)[0].entry)

    text = pdf_text(
        client.get(
            reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content
    )

    header = next(line.split() for line in text.splitlines() if "Tie-break" in line)
    assert header[-3:] == ["Total", "Matches", "Tie-break"]
    first = next(line.split() for line in text.splitlines() if line.split()[:1] == ["1"])
    assert winner.name in " ".join(first)  # one line a row: rank, name, players, figures
    leader = services.current_standings(t)[0]
    assert leader.matches == 1
    figures = [word for word in first if word.isdigit()][-3:]
    assert figures == [str(leader.total), str(leader.total), "1"]  # pass 1, total, matches


# -- the Différenzler sheet: exact estimates and best hand, its tie-breaks -----------------


@needs_pdftotext
def test_the_differenzler_results_sheet_shows_exact_estimates_and_the_best_hand(client, club):
    t = differenzler(club)
    players(t)
    closed_first_pass(t)
    late = services.register(t, name="Jon", player_1="Jon", player_2="")
    services.check_in(late)
    standing = {s.entry: s for s in services.current_standings(t)}

    text = pdf_text(
        client.get(
            reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content
    )

    lines = [line.split() for line in text.splitlines()]
    at = next(i for i, words in enumerate(lines) if "Tie-break" in words)
    assert " ".join(lines[at]).startswith(  # the passes' numbers under "Passes"
        "Rank Name 1 Difference Exact estimates Best hand Tie-break"
    )
    assert lines[at - 1] == ["Passes"]
    for entry in t.entries.all():  # each player's line: difference, exact, best hand
        line = next(words for words in lines if entry.name in words)
        s = standing[entry.pk]
        shown = line[line.index(entry.name) + 1 : line.index(entry.name) + 5]
        best = "–" if s.best_hand is None else str(s.best_hand)
        assert shown[1:] == [str(s.total), str(s.exact), best], entry.name
    leader = next(s for s in standing.values() if s.rank == 1)
    assert (leader.total, leader.exact, leader.best_hand) == (0, 2, 0)
    de = pdf_text(
        client.get(
            reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="de"
        ).content
    )
    assert [w for w in de.split() if w in ("Exakte", "Bestes")] == ["Exakte", "Bestes"]


# -- a pass not played: "–" wherever a pass is shown ------------------------------------


@needs_pdftotext
def test_a_pass_not_played_is_an_en_dash_in_csv_pdf_standings_projector_and_entry_page(
    client, club
):
    t = tournament(club)
    teams(t, 4)
    close_with(services.schedule_next_pass(t), play_out)
    late = services.register(t, name="Latecomers", player_1="L1", player_2="L2")
    services.check_in(late)
    quitter = t.entries.get(name="Team 1")
    services.withdraw(quitter)
    close_with(services.schedule_next_pass(t), play_out)

    rows = {row[1]: row for row in csv_rows(client, t)}
    pdf = pdf_text(
        client.get(
            reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content
    )
    board = client.get(reverse("tournaments:standings", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en")
    projector = client.get(
        reverse("tournaments:standings", args=[t.pk]) + "?big=1", HTTP_ACCEPT_LANGUAGE="en"
    )
    late_page = client.get(
        reverse("tournaments:entry", args=[t.pk, late.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    quitter_page = client.get(
        reverse("tournaments:entry", args=[t.pk, quitter.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    assert rows["Latecomers"][3] == "–"  # pass 1 missed
    assert rows["Latecomers"][4].isdigit()  # pass 2 played
    assert rows["Team 1"][3].isdigit()
    assert rows["Team 1"][4] == "–"  # withdrawn after pass 1

    def passes_in_pdf(name: str) -> list[str]:  # the name's line: rank, name, passes…
        line = next(line for line in pdf.splitlines() if f" {name} · " in line)
        cells = re.split(r"\s{2,}", line.strip())[1:]  # the columns after the rank
        return [cell for cell in cells if cell.isdigit() or cell == "–"][:2]

    assert passes_in_pdf("Latecomers") == ["–", rows["Latecomers"][4]]
    assert passes_in_pdf("Team 1") == [rows["Team 1"][3], "–"]
    assert "– : a pass not played." in pdf
    for page in (board, projector):
        html = page.content.decode()
        late_row = html[html.index("Latecomers") : html.index("</tr>", html.index("Latecomers"))]
        assert '<td class="text-end pass-column">–</td>' in late_row
    for page in (late_page, quitter_page):
        assert page.count("Not played in this pass.") == 1
    late_pass_1 = late_page[late_page.index("Pass 1") : late_page.index("Pass 2")]
    assert '<span class="fs-5 fw-bold">–</span>' in late_pass_1
    assert "Not played in this pass." in late_pass_1
    quitter_pass_2 = quitter_page[quitter_page.index("Pass 2") :]
    assert '<span class="fs-5 fw-bold">–</span>' in quitter_pass_2


# -- the sheet printed while a pass is played -------------------------------------------


@needs_pdftotext
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Pass 3 is being played: these standings count passes 1–2."),
        ("fr", "La passe 3 est en cours : ce classement compte les passes 1–2."),
        ("de", "Passe 3 wird gespielt: Diese Rangliste zählt die Passen 1–2."),
        ("it", "Il turno 3 è in corso: questa classifica conta i turni 1–2."),
    ],
)
def test_the_results_sheet_says_a_pass_is_being_played_and_which_passes_count(
    client, club, language, said
):
    t = tournament(club, passes=4)
    teams(t, 4)
    close_with(services.schedule_next_pass(t), play_out)
    close_with(services.schedule_next_pass(t), play_out)
    third = services.publish_pass(services.schedule_next_pass(t))
    play_out(third.tables.first(), 157)  # played, not counted until the pass closes

    text = pdf_text(
        client.get(
            reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE=language
        ).content
    )

    assert said in " ".join(text.split())
    assert "Pass 3" not in csv_rows(client, t)[0]  # nor in the CSV: it counts once closed


@needs_pdftotext
def test_the_results_sheet_of_a_first_pass_being_played_says_nothing_counts_yet(client, club):
    t = tournament(club)
    teams(t, 4)
    services.publish_pass(services.schedule_next_pass(t))

    text = pdf_text(
        client.get(
            reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content
    )

    assert "Pass 1 is being played: no pass counts in these standings yet." in " ".join(
        text.split()
    )


@needs_pdftotext
def test_the_results_sheet_of_a_closed_pass_says_no_pass_is_being_played(client, club):
    t = tournament(club)
    teams(t, 4)
    close_with(services.schedule_next_pass(t), play_out)

    text = pdf_text(
        client.get(
            reverse("tournaments:results_pdf", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content
    )

    assert "is being played" not in text


def test_the_open_pass_note_names_one_pass_or_the_passes_counted():
    from django.utils import translation

    from tournaments.sheets import open_pass_note

    with translation.override("en"):
        assert open_pass_note(None, [1, 2]) == ""
        assert open_pass_note(2, [1]) == "Pass 2 is being played: these standings count pass 1."
        assert open_pass_note(4, [1, 2, 3]) == (
            "Pass 4 is being played: these standings count passes 1–3."
        )
        assert open_pass_note(4, [1, 3]) == (
            "Pass 4 is being played: these standings count passes 1, 3."
        )


# -- a pass's table cards: drawn once until something on them changes -------------------


@pytest.fixture
def draws(monkeypatch) -> list[str]:
    """The cards drawn (each call of the PDF renderer), the real PDF still made."""
    drawn: list[str] = []
    real = passes.pdf_bytes

    def counting(template, context, request=None):
        drawn.append(template)
        return real(template, context, request)

    monkeypatch.setattr(passes, "pdf_bytes", counting)
    return drawn


def cards(director: Client, t, number: int = 1, language: str = "en", **query):
    return director.get(
        reverse("tournaments:table_cards", args=[t.pk, number]),
        query,
        HTTP_ACCEPT_LANGUAGE=language,
    )


@pytest.fixture
def director(club, make_user) -> Client:
    director = Client()
    director.force_login(make_user("admin", club))
    return director


@needs_pdftotext
def test_the_table_cards_are_drawn_once_until_a_table_gets_a_new_link(director, club, draws):
    t = tournament(club)
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))

    drawn = cards(director, t)
    again = cards(director, t)

    assert draws == ["tournaments/cards_pdf.html"]  # the second request drew nothing
    assert again.content == drawn.content
    assert again["Content-Type"] == "application/pdf"
    table = first.tables.get(number=1)
    old = table.token
    services.renew_link(table, director=None)
    table.refresh_from_db()

    renewed = cards(director, t)

    assert len(draws) == 2
    text = "".join(pdf_text(renewed.content).split())
    # a card prints the link over lines broken at its - and _: each piece is on the card
    assert all(piece in text for piece in re.split("[-_]", table.token))
    assert max(re.split("[-_]", old), key=len) not in text
    cards(director, t)
    assert len(draws) == 2  # kept again


def test_the_table_cards_are_drawn_anew_for_a_name_a_language_a_pass_or_one_table(
    director, club, draws
):
    t = tournament(club)
    teams(t, 4)
    play_first = services.publish_pass(services.schedule_next_pass(t))
    cards(director, t)

    entry = t.entries.get(name="Team 2")
    entry.name = "Die Neuen"
    entry.save()
    cards(director, t)
    cards(director, t, language="de")
    cards(director, t, table="1")
    cards(director, t, table="1")
    for table in play_first.tables.all():
        play_out(table)
        services.decide_table(table)
    services.close_pass(play_first)
    services.publish_pass(services.schedule_next_pass(t))
    cards(director, t, number=2)
    cards(director, t, number=2)

    assert len(draws) == 5  # first, renamed, German, table 1 alone, pass 2


def test_a_differenzler_player_s_new_seat_link_draws_the_cards_anew(director, club, draws):
    t = differenzler(club)
    players(t)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.first()
    cards(director, t)
    cards(director, t)
    assert len(draws) == 1

    services.new_seat_link(table, 2)
    cards(director, t)

    assert len(draws) == 2


@pytest.mark.parametrize("table", ["²", "1²", "٣", "0", "3", "-1", "x"])
def test_the_card_of_a_table_the_pass_does_not_have_is_a_page_that_says_so(director, club, table):
    """``?table=`` takes a table's number in ASCII digits: a superscript passes
    ``str.isdigit()`` and fails ``int()`` (a server error before issue 34)."""
    t = tournament(club)
    teams(t, 4)
    services.publish_pass(services.schedule_next_pass(t))

    response = cards(director, t, table=table)

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    text = re.sub(r"\s+", " ", response.content.decode())
    assert f"Pass 1 has no table “{table}”" in text
    assert "takes a table's number, from 1 to 2." in text
    assert cards(director, t, table="2")["Content-Type"] == "application/pdf"
