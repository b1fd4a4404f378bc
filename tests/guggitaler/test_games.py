"""A Guggitaler game played on the site (issue 36): started from its page, its hands
recorded, refused (counts that do not add up, named), corrected and undone through the
core's services, its page, its statistics rows and lines, and its game file both ways."""

from __future__ import annotations

import json
import random
import re
import uuid

import pytest
from django.urls import reverse

from clubs.models import Club, Member
from scoring import services, statistics
from scoring.models import Game, HandChange, PlayerResult
from scoring.rules import RulesError
from tests.guggitaler.games import counts_wrong_sum, document, random_game

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
NAMES = ("Anne", "Bernard", "Claude", "Denise")
# one Guggitaler of four players: each hand's counts, then the domino's places
GAME = [(3, 2, 4, 0), (0, 5, 2, 2), (1, 1, 1, 1), (0, 0, 1, 0), (1, 0, 0, 0), (2, 1, 4, 3)]


def start(client, **fields):
    data = {
        "club": Club.objects.get(slug="test-club").pk,
        "preset": "guggitaler",
        "player_0": "Anne",
        "player_1": "Bernard",
        "player_2": "Claude",
        "player_3": "Denise",
        "suit_style": "german",
        "domino": "on",
        "series": "1",
        "form_key": str(uuid.uuid4()),
        **fields,
    }
    return client.post(reverse("scoring:new_guggitaler"), data, **EN)


def started(client, **fields) -> Game:
    response = start(client, **fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.latest("pk")


def post_hand(client, game, values, number=None, htmx=False, domino=False):
    number = number or game.hands.count() + 1
    field = "place" if domino else "count"
    data = {"hand_number": number, "form_key": str(uuid.uuid4())}
    data |= {f"{field}_{seat}": str(value) for seat, value in enumerate(values)}
    headers = {"HX-Request": "true"} if htmx else {}
    url = reverse("scoring:guggitaler_record_hand", args=[game.pk])
    return client.post(url, data, headers=headers, **EN)


def rows(game) -> dict[str, tuple]:
    return {
        r.player.name: (r.hands, r.points, r.finished, r.won, r.figures)
        for r in PlayerResult.objects.filter(game=game).select_related("player")
    }


def test_the_new_game_page_links_guggitaler_and_starts_four_players(client):
    page = client.get(reverse("scoring:new_game"), **EN).content.decode()
    assert reverse("scoring:new_guggitaler") in page

    game = started(client)

    assert game.ruleset["preset"] == "guggitaler"
    assert game.ruleset["players"] == 4
    # four players each for themselves: two unnamed teams, seats 0 and 2, 1 and 3
    teams = [(t.name, [p.name for p in t.ordered_players()]) for t in game.teams.all()]
    assert sorted(teams) == [("", ["Anne", "Claude"]), ("", ["Bernard", "Denise"])]
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "Hand 1: No tricks" in table
    assert "Tricks taken" in table
    assert "(together 9)" in table
    assert len(rows(game)) == 4


def test_three_players_are_kept_and_count_twelve_tricks(client):
    game = started(client, player_3="")
    assert game.ruleset["players"] == 3
    assert post_hand(client, game, (4, 4, 4)).status_code == 302
    assert game.record().players == ("Anne", "Bernard", "Claude")
    assert rows(game)["Claude"][:2] == (1, 20)


def test_a_start_without_a_player_is_refused_beside_the_field(client):
    response = start(client, player_1="")
    assert response.status_code == 422
    assert "Type this player&#x27;s name." in response.content.decode()
    assert not Game.objects.exists()


def test_counts_that_do_not_add_up_are_refused_naming_the_counts(client):
    game = started(client)
    response = post_hand(client, game, (3, 2, 2, 0), htmx=True)

    assert response.status_code == 422
    page = response.content.decode()
    assert "The counts add up to 7, not 9: every one is taken by someone." in page
    assert '<a href="#id_count_0">Tricks taken</a>' in page
    assert game.hands.count() == 0


def test_a_missing_count_is_refused_beside_its_player(client):
    game = started(client)
    response = post_hand(client, game, (3, 2, 4, ""))
    assert response.status_code == 422
    assert "Type the count of Denise." in response.content.decode()
    assert game.hands.count() == 0


def test_a_whole_game_names_the_lowest_total_and_the_rows_say_who_won(client):
    game = started(client)
    for number, values in enumerate(GAME, start=1):
        response = post_hand(client, game, values, domino=number == 6)
        assert response.status_code == 302, response.content.decode()[:3000]

    # Anne 15+0+20+0+50 −100 = −15; Bernard 10+50+20+0+0 −150 = −70;
    # Claude 20+20+20+40+0 −0 = 100; Denise 0+20+20+0+0 −55 = −15
    page = client.get(reverse("scoring:game", args=[game.pk]), **EN).content.decode()
    assert "Winner: Bernard (the lowest total)" in page
    assert "−70" in page
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "Save hand" not in table
    assert rows(game)["Bernard"][:4] == (6, -70, True, True)
    assert rows(game)["Claude"] == (6, 100, True, False, {"penalties": 100, "last": 1})
    assert rows(game)["Anne"][:4] == (6, -15, True, False)
    assert statistics.differing(Game.objects.filter(pk=game.pk)) == []


def test_a_correction_and_an_undo_are_kept_in_the_history(client):
    game = started(client)
    post_hand(client, game, GAME[0])
    post_hand(client, game, GAME[1])
    stored = game.hands.get(number=1)
    url = reverse("scoring:correct_hand", args=[game.pk, 1])
    assert "Correct hand 1: No tricks" in client.get(url, **EN).content.decode()
    data = {
        "hand_number": 1,
        "form_key": str(uuid.uuid4()),
        "version": services.hand_version(stored),
    }
    broken = data | {f"count_{s}": "1" for s in range(4)}
    refused = client.post(url, broken, **EN)
    assert refused.status_code == 422
    assert "The counts add up to 4, not 9" in refused.content.decode()
    fixed = data | {"count_0": "9", "count_1": "0", "count_2": "0", "count_3": "0"}
    response = client.post(url, fixed, **EN)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert game.hands.get(number=1).record["counts"] == [9, 0, 0, 0]
    assert rows(game)["Anne"][:2] == (2, 45)

    undo = reverse("scoring:guggitaler_undo", args=[game.pk])
    client.post(undo, {"hand_number": 2, "form_key": str(uuid.uuid4())})
    assert game.hands.count() == 1
    assert rows(game)["Bernard"][:2] == (1, 0)
    history = client.get(reverse("scoring:history", args=[game.pk]), **EN).content.decode()
    assert "No tricks · Anne 9, Bernard 0, Claude 0, Denise 0" in history
    assert HandChange.objects.filter(game=game).count() == 4


def test_the_game_file_round_trips(client):
    game = started(client)
    for number, values in enumerate(GAME[:4], start=1):
        post_hand(client, game, values, domino=number == 6)
    exported = json.loads(client.get(reverse("scoring:game_file", args=[game.pk])).content)
    assert exported["players"] == list(NAMES)
    assert "teams" not in exported

    again = services.import_game(exported, club=game.club)

    assert services.export_game(again) == services.export_game(game)
    assert rows(again) == rows(game)


def test_random_games_round_trip_through_import_and_export(club):
    rng = random.Random(3614)
    for _ in range(25):
        ruleset, hands = random_game(rng)
        data = document(ruleset, hands, name="Random")
        game = services.import_game(data, club=club)
        exported = services.export_game(game)
        assert exported["hands"] == data["hands"]
        assert exported["ruleset"] == ruleset.to_dict()
        assert services.export_game(services.import_game(exported, club=club)) == exported


def test_a_broken_file_is_refused_naming_the_hand_and_field(club):
    rng = random.Random(36)
    ruleset, hands = random_game(rng)
    while len(hands) >= ruleset.hands or ruleset.order[len(hands)] == "domino":
        ruleset, hands = random_game(rng)
    data = document(ruleset, hands)
    next_hand = {"category": ruleset.order[len(hands)], "counts": [0] * ruleset.players}
    field = counts_wrong_sum(rng, ruleset, next_hand)
    data["hands"].append(next_hand)
    with pytest.raises(RulesError) as refused:
        services.import_game(data, club=club)
    problem = refused.value.problems[0]
    assert (problem.hand, problem.field) == (len(hands) + 1, field)
    assert not Game.objects.exists()


def test_the_club_and_player_pages_show_the_guggitaler_lines(client, club):
    for name in NAMES:  # the club's members, whom the start form finds by name
        Member.objects.create(club=club, name=name)
    game = started(client)
    for number, values in enumerate(GAME, start=1):
        post_hand(client, game, values, domino=number == 6)

    page = client.get(club.get_absolute_url(), **EN)
    html = page.content.decode()
    assert '<h2 class="h5 mt-4">Guggitaler</h2>' in html
    assert "Penalty points taken" in html
    board = page.context["guggitaler"]
    assert [s.member.name for s in board] == ["Bernard", "Anne", "Denise", "Claude"]
    member = board[0].member
    assert (board[0].line.wins, board[0].line.points) == (1, -70)
    page = client.get(reverse("clubs:player", args=[club.slug, member.pk]), **EN)
    assert "guggitaler-stats" in page.content.decode()
    line = page.context["guggitaler"]
    assert (line.games, line.wins, line.own[0].value) == (1, 1, 80)


def test_the_home_list_and_a_second_phones_live_poll_show_the_game(client):
    game = started(client)
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN)
    poll = table.context["poll_url"]
    quiet = client.get(poll, **EN)
    assert "This screen is behind" not in quiet.content.decode()

    post_hand(client, game, GAME[0])  # from the other phone

    assert "This screen is behind" in client.get(poll, **EN).content.decode()
    home = client.get(reverse("scoring:home"), **EN).content.decode()
    assert "Guggitaler" in home
    assert "In progress" in home


def test_another_kinds_pages_answer_404_for_a_guggitaler_game(client):
    game = started(client)
    url = reverse("scoring:coiffeur_record_hand", args=[game.pk])
    assert client.post(url, {"hand_number": 1}, **EN).status_code == 404


def test_a_hand_from_a_screen_out_of_date_is_kept_as_the_next_hand(client):
    game = started(client)
    post_hand(client, game, GAME[0])
    response = post_hand(client, game, (0, 5, 2, 2), number=1, htmx=True)  # another phone's

    assert response.status_code == 409
    page = response.content.decode()
    assert "Hand 1 was already recorded on another phone" in page
    assert 'name="hand_number" value="2"' in page
    assert game.hands.count() == 1


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "Les comptes font 7, pas 9"),
        ("de", "Die Anzahlen ergeben 7, nicht 9"),
        ("it", "I conteggi fanno 7, non 9"),
    ],
)
def test_the_refusal_is_said_in_the_readers_language(client, language, said):
    game = started(client)
    url = reverse("scoring:guggitaler_record_hand", args=[game.pk])
    data = {"hand_number": 1, "form_key": str(uuid.uuid4())}
    data |= {f"count_{s}": str(v) for s, v in enumerate((3, 2, 2, 0))}
    page = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert said in page


@pytest.mark.parametrize(
    ("values", "language", "said"),
    [
        ((99999999999, 0, 0, 0), "en", "Type a whole number from 0 to 9."),
        ((-1, 5, 2, 2), "fr", "Saisissez un nombre entier de 0 à 9."),
        ((-1, 5, 2, 2), "de", "Geben Sie eine ganze Zahl von 0 bis 9 ein."),
        ((-1, 5, 2, 2), "it", "Inserisca un numero intero da 0 a 9."),
    ],
)
def test_a_count_out_of_its_bounds_is_said_beside_its_own_field(client, values, language, said):
    game = started(client)
    post_hand(client, game, (3, 2, 4, 0))  # hand 2: no Schellen, 9 of them
    data = {"hand_number": 2, "form_key": str(uuid.uuid4())}
    data |= {f"count_{seat}": str(value) for seat, value in enumerate(values)}
    url = reverse("scoring:guggitaler_record_hand", args=[game.pk])
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 422
    page = response.content.decode()
    # beside Anne's field alone, with the bounds; the others are not marked
    assert f'<div id="id_count_0-error" class="invalid-feedback d-block">{said}</div>' in page
    assert page.count('aria-invalid="true"') == 1
    assert 'id="counts-error"' not in page
    assert "Enter a whole number" not in page
    assert game.hands.count() == 1


def test_the_king_says_its_one_card_once(client):
    game = started(client)
    for values in GAME[:3]:
        post_hand(client, game, values)
    table = client.get(reverse("scoring:table", args=[game.pk]), **EN).content.decode()
    assert "Who took the King of Rosen (1)" in table
    assert "(together 1)" not in table


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Two players have the same name; give each a distinct one"),
        ("fr", "Deux joueurs ont le même nom\u202f; donnez à chacun un nom différent"),
        ("de", "Zwei Spieler haben denselben Namen; geben Sie jedem einen eigenen"),
        ("it", "Due giocatori hanno lo stesso nome; dia a ciascuno un nome diverso"),
    ],
)
def test_two_players_named_alike_are_both_marked(client, language, said):
    response = client.post(
        reverse("scoring:new_guggitaler"),
        {
            "club": Club.objects.get(slug="test-club").pk,
            "preset": "guggitaler",
            "player_0": "Anne",
            "player_1": "Bernard",
            "player_2": "anne",
            "player_3": "Denise",
            "suit_style": "german",
            "domino": "on",
            "series": "1",
            "form_key": str(uuid.uuid4()),
        },
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert page.count(said) == 2
    marked = [
        "is-invalid" in re.search(rf'<input[^>]*id="id_player_{seat}"[^>]*>', page).group(0)
        for seat in range(4)
    ]
    assert marked == [True, False, True, False]
    assert not Game.objects.exists()


def test_the_club_page_writes_a_negative_average_with_a_real_minus():
    from django.utils import translation

    from scoring.kinds.guggitaler.lines import GuggiLine

    with translation.override("fr"):
        assert GuggiLine(games=2, points=-160).average_text == "\u221280,0"
        assert GuggiLine(games=2, points=85).average_text == "42,5"
        assert GuggiLine().average_text == "–"
