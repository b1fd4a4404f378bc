"""A Coiffeur game played on the site (issue 25): started from its page, its hands
recorded, refused, corrected and undone through the core's services, its page, its
statistics rows and its game file both ways."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.urls import reverse

from clubs.models import Club
from scoring import services, statistics
from scoring.kinds.coiffeur.sheet import parse_ruleset
from scoring.models import Game, HandChange, PlayerResult

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def start(client, **fields):
    data = {
        "club": Club.objects.get(slug="test-club").pk,
        "preset": "coiffeur",
        "side_0_player_0": "Anne",
        "side_0_player_1": "Claude",
        "side_1_player_0": "Bernard",
        "side_1_player_1": "Denise",
        "suit_style": "french",
        "form_key": str(uuid.uuid4()),
        **fields,
    }
    return client.post(reverse("scoring:new_coiffeur"), data, **EN)


def started(client, **fields) -> Game:
    response = start(client, **fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.latest("pk")


def post_hand(client, game, team, row, points=None, outcome="cards", number=None, htmx=False):
    number = number or game.hands.count() + 1
    data = {
        "hand_number": number,
        "form_key": str(uuid.uuid4()),
        "team": str(team),
        f"row_{team}": row,
        "outcome": outcome,
        "points": "" if points is None else str(points),
    }
    headers = {"HX-Request": "true"} if htmx else {}
    url = reverse("scoring:coiffeur_record_hand", args=[game.pk])
    return client.post(url, data, headers=headers, **EN)


def rows(game) -> dict[tuple[str, int], tuple]:
    return {
        (r.player.name, r.team): (r.hands, r.points, r.matches_made, r.finished, r.won)
        for r in PlayerResult.objects.filter(game=game).select_related("player")
    }


def test_the_new_game_page_links_coiffeur_and_starts_a_sheet_of_two_sides(client):
    page = client.get(reverse("scoring:new_game"), **EN).content.decode()
    assert reverse("scoring:new_coiffeur") in page

    game = started(client)

    assert game.ruleset["preset"] == "coiffeur"
    assert [t.name for t in game.teams.order_by("index")] == ["Anne & Claude", "Bernard & Denise"]
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "Coiffeur sheet" in table
    assert "Save hand 1" in table
    assert len(rows(game)) == 4


def test_a_start_without_a_player_is_refused_beside_the_field_and_stores_nothing(client):
    response = start(client, side_1_player_1="")
    assert response.status_code == 422
    assert "Type this player&#x27;s name." in response.content.decode()
    assert not Game.objects.exists()


def test_the_same_start_sent_twice_starts_one_game(client):
    key = str(uuid.uuid4())
    start(client, form_key=key)
    start(client, form_key=key)
    assert Game.objects.count() == 1


def test_three_sides_of_players_alone(client):
    game = started(
        client,
        preset="coiffeur-3",
        side_0_player_1="",
        side_1_player_1="",
        side_2_player_0="Emil",
    )
    assert [t.name for t in game.teams.order_by("index")] == ["Anne", "Bernard", "Emil"]
    post_hand(client, game, 2, "hearts", 100)
    assert game.hands.count() == 1


def test_hands_recorded_fill_the_sheet_and_the_rows(client):
    game = started(client)
    assert post_hand(client, game, 0, "obe-abe", 98).status_code == 302
    assert post_hand(client, game, 1, "misere", 20).status_code == 302
    assert post_hand(client, game, 0, "clubs", outcome="match").status_code == 302

    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "490" in table
    assert "1096" in table
    assert "257" in table
    assert rows(game)[("Anne", 0)] == (2, 490 + 257, 1, False, False)
    assert rows(game)[("Denise", 1)] == (1, 1096, 0, False, False)


def test_a_row_played_twice_is_refused_with_its_side_and_row_and_nothing_is_stored(client):
    game = started(client)
    post_hand(client, game, 0, "hearts", 80)
    response = post_hand(client, game, 0, "hearts", 90, htmx=True)

    assert response.status_code == 422  # htmx too: the screen again, with the message
    page = response.content.decode()
    assert "Anne &amp; Claude has already played" in page or "There is no row hearts" in page
    assert game.hands.count() == 1


def test_a_hand_sent_twice_is_counted_once(client):
    game = started(client)
    key = str(uuid.uuid4())
    data = {"hand_number": 1, "form_key": key, "team": "0", "row_0": "hearts", "points": "80"}
    url = reverse("scoring:coiffeur_record_hand", args=[game.pk])
    client.post(url, data)
    client.post(url, data)
    assert game.hands.count() == 1
    assert HandChange.objects.filter(game=game).count() == 1


def test_a_correction_and_an_undo_are_kept_in_the_history(client):
    game = started(client)
    post_hand(client, game, 0, "hearts", 80)
    post_hand(client, game, 1, "spades", 60)
    stored = game.hands.get(number=1)
    url = reverse("scoring:correct_hand", args=[game.pk, 1])
    assert client.get(url, **EN).status_code == 200
    response = client.post(
        url,
        {
            "hand_number": 1,
            "form_key": str(uuid.uuid4()),
            "version": services.hand_version(stored),
            "team": "0",
            "row_0": "hearts",
            "points": "81",
            "outcome": "cards",
        },
        **EN,
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert game.hands.get(number=1).record["cards"] == 81
    assert rows(game)[("Anne", 0)][1] == 81 * 3

    undo = reverse("scoring:coiffeur_undo", args=[game.pk])
    client.post(undo, {"hand_number": 2, "form_key": str(uuid.uuid4())})
    assert game.hands.count() == 1
    assert rows(game)[("Bernard", 1)][:2] == (0, 0)
    history = client.get(reverse("scoring:history", args=[game.pk]), **EN)
    assert history.status_code == 200
    actions = list(HandChange.objects.filter(game=game).values_list("action", flat=True))
    assert len(actions) == 4


def test_a_whole_sheet_names_the_winner_and_the_rows_say_who_won(client):
    game = started(client)
    for name in parse_ruleset(game.ruleset).names:
        post_hand(client, game, 0, name, 100)
        post_hand(client, game, 1, name, 90)

    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    # A 100 × 55 = 5500 but misère counts 157 − 100 = 57 × 8; B 90 × 55, misère 67 × 8
    a, b = 100 * 47 + 57 * 8, 90 * 47 + 67 * 8
    assert f", by {a - b} points" in table
    assert "Save hand" not in table
    assert rows(game)[("Claude", 0)] == (10, a, 0, True, True)
    assert rows(game)[("Bernard", 1)] == (10, b, 0, True, False)
    assert statistics.differing(Game.objects.filter(pk=game.pk)) == []


def test_the_game_file_round_trips(client):
    game = started(client, counter_penalty="50", match_bonus="100")
    post_hand(client, game, 0, "hearts", outcome="match")
    post_hand(client, game, 1, "misere", outcome="counter")
    post_hand(client, game, 0, "spades", outcome="struck")
    document = json.loads(client.get(reverse("scoring:game_file", args=[game.pk])).content)

    again = services.import_game(document, club=game.club)

    assert services.export_game(again) == services.export_game(game)
    assert document["result"]["totals"] == [257 * 3 + 100, -50 * 8]
    assert rows(again) == rows(game)


def test_the_game_page_and_the_home_list_show_the_sheet(client):
    game = started(client)
    post_hand(client, game, 0, "hearts", 80)
    page = client.get(reverse("scoring:game", args=[game.pk]), **EN).content.decode()
    assert "Coiffeur sheet" in page
    assert "80 → 240" in page
    home = client.get(reverse("scoring:home"), **EN).content.decode()
    assert "Coiffeur" in home
    assert "Anne &amp; Claude" in home


def test_a_second_phone_learns_of_a_hand_from_the_live_poll(client):
    game = started(client)
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN)
    poll = table.context["poll_url"]

    quiet = client.get(poll, **EN)
    assert quiet.status_code == 200
    assert "This screen is behind" not in quiet.content.decode()
    assert client.get(poll, HTTP_IF_NONE_MATCH=quiet["ETag"], **EN).status_code == 304

    post_hand(client, game, 0, "hearts", 80)  # from the other phone
    behind = client.get(poll, **EN).content.decode()
    assert "This screen is behind" in behind


def test_the_clubs_own_rows_are_typed_in_its_words(client):
    rows = (
        "Eicheln ×1\nRosen ×2\nSchellen ×3\nSchilten ×4\nObenabe ×5\nMisère x8\nSchieber-Wunsch 10"
    )
    # a name the sheet does not know is never guessed: the form asks how it is played
    asked = start(client, rows=rows, suit_style="german")
    assert asked.status_code == 422
    text = asked.content.decode()
    assert "Line 7, “Schieber-Wunsch 10”: the sheet does not know this name." in text
    assert "Line 7, “Schieber-Wunsch 10”: how is this row played?" in text
    assert not Game.objects.exists()
    game = started(client, rows=rows, suit_style="german", mode_7_schieberwunsch="choice")
    assert game.ruleset["rows"] == [
        ["clubs", 1],  # Eicheln
        ["spades", 2],  # Rosen
        ["diamonds", 3],  # Schellen
        ["hearts", 4],  # Schilten
        ["obe-abe", 5, "Obenabe"],  # as typed: an English screen says "Obe-abe"
        ["misere", 8],
        ["choice", 10, "Schieber-Wunsch"],
    ]
    post_hand(client, game, 0, "choice", 100)
    again = started(
        client,
        rows=rows.replace("Rosen ×2", "Obenabe ×2"),
        suit_style="german",
        mode_7_schieberwunsch="choice",
    )
    assert [row[0] for row in again.ruleset["rows"]][:5] == [
        "clubs",
        "obe-abe",
        "diamonds",
        "hearts",
        "obe-abe-2",  # the second Obenabe row: shown as such, never by its key
    ]
    second = client.get(reverse("scoring:table", args=[again.pk]), **EN).content.decode()
    assert "Obenabe 2" in second  # as typed, twice: told apart as unlabelled rows are
    assert "obe-abe-2</" not in second
    table = client.get(reverse("scoring:table", args=[game.pk])).content.decode()
    assert "Schieber-Wunsch" in table


MISERE_SPELLINGS = ("Misär", "Misere", "Misère", "Misèr", "Misaere", "MISÄR", "misär")


@pytest.mark.parametrize("spelling", MISERE_SPELLINGS)
def test_misere_is_read_as_players_write_it(client, spelling):
    """Issue 34: "Misär ×8" was a free row scored like a trump (40 card points: 320);
    misère writes (157 − 40) × 8 = 936, and its match is no trick at all."""
    rows = f"Eicheln ×1\nSchellen ×2\nSchilten ×3\nRosen ×4\nObe ×5\nUnde ×6\n{spelling} ×8"
    game = started(client, rows=rows, suit_style="german")
    misere = (
        ["misere", 8] if spelling.casefold() in ("misère", "misere") else ["misere", 8, spelling]
    )
    assert game.ruleset["rows"][4:] == [["obe-abe", 5, "Obe"], ["unde-ufe", 6, "Unde"], misere]
    assert post_hand(client, game, 0, "misere", 40).status_code == 302
    assert post_hand(client, game, 1, "misere", 0, outcome="match").status_code == 302
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "40 → 936" in table
    assert "2056" in table  # the misère match: 257 × 8


@pytest.mark.parametrize(
    ("typed", "mode"),
    [
        ("Obenabe", "obe-abe"),
        ("Top-down", "obe-abe"),
        ("Par le haut", "obe-abe"),
        ("Obeabe", "obe-abe"),
        ("Undenufe", "unde-ufe"),
        ("Ondeufe", "unde-ufe"),
        ("Par le bas", "unde-ufe"),
        ("Bottom-up", "unde-ufe"),
        ("Slalom", "slalom"),
        ("Zickzack", "slalom"),
        ("Guschti", "guschti"),
        ("3 × 3", "3x3"),
        ("Wunsch", "choice"),
        ("Au choix", "choice"),
        ("Free choice", "choice"),
        ("Trumpf", "trump"),
        ("Atout", "trump"),
        ("Cœur", "hearts"),
        ("Herz", "hearts"),
        ("Pique", "spades"),
    ],
)
def test_the_modes_are_read_in_every_language(client, typed, mode):
    rows = f"Misär ×1\nSchellen ×2\nSchilten ×3\nRosen ×4\nEicheln ×5\n{typed} ×10"
    game = started(client, rows=rows, suit_style="german")
    row = game.ruleset["rows"][-1]
    assert row[:2] in ([mode, 10], [f"{mode}-2", 10])  # a suit twice: -2
    assert row[2:] in ([], [typed])  # the club's words kept, the sheet's own names not


def test_a_row_typed_in_the_clubs_words_shows_them_and_the_sheets_own_names_add_nothing(client):
    """Issue 34: "Misär ×8" showed as "Misère", "Wunsch ×10" as "Free choice": the club's
    wording was dropped, where renaming a row changes what the sheet shows (RULES.md
    §11). Rows typed as the sheet names them keep the file as it was: [mode, ×]."""
    rows = "Eicheln ×1\nSchellen ×2\nHerz ×3\nObenabe ×5\nmisère ×7\nMisär ×8\nWunsch ×10"
    game = started(client, rows=rows.replace("misère ×7\n", ""), suit_style="german")
    assert game.ruleset["rows"] == [
        ["clubs", 1],
        ["diamonds", 2],
        ["hearts", 3, "Herz"],  # the German cards say "Schilten"
        ["obe-abe", 5, "Obenabe"],  # an English screen says "Obe-abe"
        ["misere", 8, "Misär"],
        ["choice", 10, "Wunsch"],
    ]
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    shown = re.findall(r'<span class="row-label">(.*?)</span> <span class="row-multiplier">', table)
    assert shown == ["Eicheln", "Schellen", "Herz", "Obenabe", "Misär", "Wunsch"]
    plain = started(client, rows=rows.replace("Misär ×8\n", ""), suit_style="german")
    assert plain.ruleset["rows"][4] == ["misere", 7]
    # on a German screen "Wunsch" is the sheet's own name: each reader sees theirs
    data = {"club": Club.objects.get(slug="test-club").pk, "preset": "coiffeur"}
    data |= {"side_0_player_0": "Anne", "side_0_player_1": "Claude", "suit_style": "german"}
    data |= {"side_1_player_0": "Bernard", "side_1_player_1": "Denise"}
    data["rows"] = rows.replace("misère ×7\n", "")
    response = client.post(reverse("scoring:new_coiffeur"), data, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302, response.content.decode()[:3000]
    german = Game.objects.latest("pk")
    assert german.ruleset["rows"][2] == ["hearts", 3, "Herz"]  # the German cards: Schilten
    assert german.ruleset["rows"][3:] == [
        ["obe-abe", 5],
        ["misere", 8, "Misär"],
        ["choice", 10],
    ]


def test_a_row_of_the_clubs_own_name_is_played_as_the_scorer_says(client):
    rows = "Eicheln ×1\nSchellen ×2\nSchilten ×3\nRosen ×4\nNüt ×8\nSchnapsrunde ×9"
    asked = start(client, rows=rows, suit_style="german", mode_6_schnapsrunde="slalom")
    assert asked.status_code == 422  # "Nüt" is not answered yet
    text = asked.content.decode()
    assert "Line 5, “Nüt ×8”: the sheet does not know this name." in text
    assert "Schnapsrunde" not in text.split("the sheet does not know")[0].rsplit("<", 1)[-1]
    game = started(
        client, rows=rows, suit_style="german", mode_6_schnapsrunde="slalom", mode_5_nut="misere"
    )
    assert game.ruleset["rows"][4:] == [["misere", 8, "Nüt"], ["slalom", 9, "Schnapsrunde"]]
    post_hand(client, game, 0, "misere", 40)
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "40 → 936" in table
    assert "Nüt" in table


def test_each_line_of_a_name_the_sheet_does_not_know_is_asked_on_its_own(client):
    """Issue 34: a name of no Latin letter ("♠", "Мизер") folds to nothing; such lines
    shared one question, and answering one answered the other. Each line is asked, and
    played as its own answer says."""
    rows = "Eicheln ×1\nSchellen ×2\nSchilten ×3\nRosen ×4\nObe ×5\nUnde ×6\n♠ ×8\nМизер ×9"
    asked = start(client, rows=rows, suit_style="german")
    assert asked.status_code == 422
    text = asked.content.decode()
    questions = re.findall(
        r'<legend class="h6">Line (\d), “([^”]*)”: how is this row played\?', text
    )
    assert questions == [("7", "♠ ×8"), ("8", "Мизер ×9")]
    fields = re.findall(r'name="(mode_[^"]+)" id="[^"]*" value="misere"', text)
    assert [field[:7] for field in fields] == ["mode_7_", "mode_8_"]
    game = started(
        client, rows=rows, suit_style="german", **{fields[0]: "choice", fields[1]: "misere"}
    )
    assert game.ruleset["rows"][6:] == [["choice", 8, "♠"], ["misere", 9, "Мизер"]]


def test_rows_that_make_no_sheet_are_refused_beside_the_field(client):
    five = "\n".join(f"Zeile {n} ×{n}" for n in range(1, 6))
    response = start(client, rows=five)
    assert response.status_code == 422
    assert "A sheet has 6 to 13 rows, not 5." in response.content.decode()
    response = start(client, rows="\n".join(["Obenabe"] * 6))
    assert "write the row" in response.content.decode()
    # "3×3" is a row's name: without its multiplier it is not the row "3" ×3
    three = "Eicheln ×1\nRosen ×2\n3x3\nSchilten ×4\nObenabe ×5\nMisère ×6"
    response = start(client, rows=three)
    assert response.status_code == 422
    assert "Line 3, “3x3”: write the row" in response.content.decode()
    for typed in ("3 x 3", "3 × 3", "3*3"):  # however the × is typed
        response = start(client, rows=three.replace("3x3", typed))
        assert f"Line 3, “{typed}”: write the row" in response.content.decode()
    game = started(client, rows=three.replace("3x3", "3x3 ×3"), suit_style="german")
    assert game.ruleset["rows"][2] == ["3x3", 3]
    Game.objects.all().delete()
    # a second Misère would be a free row scored like a trump: refused, naming its line
    twice = "Eicheln ×1\nRosen ×2\nMisère ×8\nSchilten ×4\nObenabe ×5\nMisère ×4"
    response = start(client, rows=twice)
    assert response.status_code == 422
    assert "Line 6, “Misère ×4”: a sheet has one Misère row." in response.content.decode()
    response = start(client, rows="\n".join(f"Zeile {n} ×{n + 15}" for n in range(1, 7)))
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_spectator_link_shows_the_sheet_read_only_and_follows_it(client):
    from django.test import Client

    from scoring.models import SpectatorLink

    game = started(client)
    post_hand(client, game, 0, "hearts", 80)
    client.post(reverse("scoring:share_game", args=[game.pk]))
    link = SpectatorLink.objects.get(game=game)

    watcher = Client()
    page = watcher.get(reverse("scoring:spectate", args=[link.token]), **EN)
    text = page.content.decode()
    assert page.status_code == 200
    assert "Coiffeur sheet" in text
    assert "80 → 240" in text
    assert "Correct" not in text
    assert "Go to the table" not in text
    post_hand(client, game, 1, "spades", 60)
    behind = watcher.get(page.context["poll_url"], **EN)
    assert behind.status_code == 200
    assert "hx-get" in behind.content.decode()
