"""A Différenzler game file in and out (issue 15): ``import_game`` and ``export_game``, the
web upload and download, its game page and its card in the lists."""

from __future__ import annotations

import copy
import io
import json
import re
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club, Member
from scoring.models import Game, Hand, Player, PlayerResult

pytestmark = pytest.mark.django_db

PLAYERS = ["Anne", "Bernard", "Claude", "Denise"]
HANDS = [
    {"trump": "hearts", "estimates": [40, 30, 50, 37], "cards": [45, 20, 60, 32]},
    {"trump": "spades", "estimates": [20, 20, 60, 57], "cards": [20, 25, 55, 57]},
    {"trump": "clubs", "estimates": [0, 80, 40, 37], "cards": [0, 80, 40, 37]},
]
DOCUMENT = {
    "format": "jass-game/1",
    "name": "Différenzler, table 2",
    "played_on": "2026-11-20",
    "ruleset": {"preset": "differenzler", "hands": 3},
    "players": PLAYERS,
    "hands": HANDS,
}
# differences: 5 10 10 5 / 0 5 5 0 / 0 0 0 0
TOTALS = [5, 15, 15, 5]


def document(**changes: object) -> dict:
    data = copy.deepcopy(DOCUMENT)
    data.update(changes)
    return data


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
    except SystemExit as exit:
        return int(exit.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def write(tmp_path, data: object) -> str:
    path = tmp_path / "differenzler.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def upload(client, data: object):
    return client.post(
        reverse("scoring:upload_game"),
        {
            "club": Club.objects.get(slug="test-club").pk,
            "file": SimpleUploadedFile("d.json", json.dumps(data).encode()),
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )


def test_import_and_export_give_the_file_back_with_its_result(tmp_path, club):
    status, out, err = run("import_game", "--club", "test-club", write(tmp_path, DOCUMENT))
    assert (status, err) == (0, "")
    game = Game.objects.get()
    assert out.strip() == str(game.pk)
    assert game.individual
    assert game.seat_names() == tuple(PLAYERS)
    assert [m.name for m in Member.objects.filter(club=club).order_by("name")] == PLAYERS
    assert Hand.objects.filter(game=game).count() == 3
    rows = {row.player.name: row for row in PlayerResult.objects.select_related("player")}
    assert {name: (r.differences, r.exact, r.hands, r.won) for name, r in rows.items()} == {
        "Anne": (5, 2, 3, False),
        "Bernard": (15, 1, 3, False),
        "Claude": (15, 1, 3, False),
        "Denise": (5, 2, 3, False),
    }
    assert all(
        row.kind == "differenzler" and row.finished and row.points == 0 for row in rows.values()
    )

    status, out, err = run("export_game", str(game.pk))
    exported = json.loads(out)
    assert "teams" not in exported
    assert exported["players"] == PLAYERS
    assert exported["hands"] == HANDS
    assert exported["result"]["totals"] == TOTALS
    assert exported["result"]["ranks"] == [1, 3, 3, 1]
    assert exported["result"]["over"] is True
    assert exported["result"]["winner"] is None

    # the exported file imports again, its result checked
    status, out, err = run("import_game", write(tmp_path, exported))
    assert (status, err) == (0, "")
    assert Game.objects.count() == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"hands": [{**HANDS[0], "cards": [45, 20, 60, 33]}]},
            "hand 1: cards: 45 + 20 + 60 + 33 = 158, but the cards of a hand make 157",
        ),
        (
            {"hands": [{**HANDS[0], "estimates": [40, 30, 50, 158]}]},
            "hand 1: estimates[3]: must be a whole number from 0 to 157, not 158",
        ),
        ({"hands": [*HANDS, HANDS[0]]}, "hand 4: hands: the game was over after hand 3"),
        ({"hands": [{**HANDS[0], "stoeck": 1}]}, "hand 1: stoeck: a Différenzler hand has none"),
        ({"players": PLAYERS[:3]}, "players: must be a list of four players' names"),
        (
            {"ruleset": {"preset": "differenzler", "weis": "small"}},
            "ruleset.weis: is fixed by the differenzler preset",
        ),
    ],
)
def test_a_broken_file_is_refused_naming_hand_and_field(tmp_path, change, message):
    status, _out, err = run("import_game", write(tmp_path, document(**change)))
    assert status == 1
    assert message in err
    assert Game.objects.count() == 0


def test_the_web_upload_stores_it_and_shows_its_page(client):
    response = upload(client, DOCUMENT)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game", args=[game.pk])

    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Différenzler" in text
    assert "Shared first place" in text
    standings = text.split("differenzler-standings")[1].split("</table>")[0]
    # Anne and Denise share first place with 5, Bernard and Claude third with 15
    assert standings.index("Anne") < standings.index("Denise") < standings.index("Bernard")
    assert "<svg" in text  # the chart of the four totals
    assert "40/45" in text  # Anne's estimate and card points in hand 1

    download = client.get(reverse("scoring:game_file", args=[game.pk]))
    assert json.loads(download.content)["players"] == PLAYERS


def test_the_web_upload_refuses_a_broken_file_beside_the_file(client):
    response = upload(client, document(hands=[{**HANDS[0], "cards": [45, 20, 60, 31]}]))
    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [
        "hand 1: cards: 45 + 20 + 60 + 31 = 156, but the cards of a hand make 157"
    ]
    assert Game.objects.count() == 0


def test_the_winner_is_named_on_the_page_and_in_the_list(client):
    hands = [*HANDS[:2], {"trump": "clubs", "estimates": [1, 80, 40, 37], "cards": [0, 80, 40, 37]}]
    upload(client, document(hands=hands))  # Anne 6, Denise 5
    game = Game.objects.get()

    page = client.get(reverse("scoring:game", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Denise won" in page.content.decode()
    home = client.get(reverse("scoring:home"), HTTP_ACCEPT_LANGUAGE="en")
    assert "Denise won" in home.content.decode()
    assert "1. Denise" in home.content.decode()


def test_the_table_screens_of_two_teams_are_not_for_it(client):
    upload(client, DOCUMENT)
    game = Game.objects.get()
    for name in ("scoring:big_slate", "scoring:sharing"):
        assert client.get(reverse(name, args=[game.pk])).status_code == 404
    # its table screen is the Différenzler one: the game is over
    table = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Shared first place" in table.content.decode()
    assert "Start the hand" not in table.content.decode()
    posted = client.post(reverse("scoring:record_hand", args=[game.pk]), {"hand_number": 4})
    assert posted.status_code == 404
    assert Hand.objects.filter(game=game).count() == 3


def test_statistics_are_rebuilt_and_checked_like_a_team_games(client):
    upload(client, DOCUMENT)
    assert run("rebuild_statistics", "--check")[0] == 0
    PlayerResult.objects.update(differences=0)
    assert run("rebuild_statistics", "--check")[0] == 1
    assert run("rebuild_statistics")[0] == 0
    assert run("rebuild_statistics", "--check")[0] == 0
    assert Player.objects.count() == 4
    assert sorted(PlayerResult.objects.values_list("differences", flat=True)) == [5, 5, 15, 15]


def test_the_club_page_ranks_its_differenzler_players_apart(client, club):
    upload(client, DOCUMENT)
    hands = [*HANDS[:2], {"trump": "clubs", "estimates": [1, 80, 40, 37], "cards": [0, 80, 40, 37]}]
    upload(client, document(hands=hands, name="Second"))  # Anne 6, Denise 5: Denise won

    page = client.get(reverse("clubs:club", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    board = html.split("differenzler-board")[1].split("</table>")[0]
    names = re.findall(r'">([A-Z][a-z]+)</a>', board)
    assert names == ["Denise", "Anne", "Bernard", "Claude"]  # 10/6, 11/6, 30/6, 30/6
    assert "1.7" in board  # Denise: 10 over 6 hands
    # the team leaderboard leaves the Différenzler games out: it has none to show (nor
    # says that no member played, above the members who did)
    assert 'class="table table-sm leaderboard">' not in html
    assert "No game of members in this period." not in html

    denise = Member.objects.get(club=club, name="Denise")
    player = client.get(
        reverse("clubs:player", args=[club.slug, denise.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    stats = player.content.decode().split("differenzler-stats")[1].split("</table>")[0]
    assert re.findall(r'text-end">([^<]+)<', stats) == ["2", "1", "6", "1.7", "4"]
    assert "Second" in player.content.decode()  # her games listed


def test_recording_and_correcting_a_hand_keeps_the_rows_right(client, club):
    from scoring.kinds.differenzler import estimates
    from scoring.services import Author

    game = estimates.start_game(
        club=club,
        name="Live",
        players=tuple(PLAYERS),
        hands=2,
        trumps=("hearts",),
        played_on=None,
        suit_style="french",
        form_key=None,
    )
    assert PlayerResult.objects.filter(game=game, kind="differenzler").count() == 4
    estimates.choose_trump(game, 1, "hearts")
    for seat, value in enumerate((40, 30, 50, 37)):
        estimates.seal_estimate(game, 1, seat, value)
    estimates.start_hand(game, 1, tuple(PLAYERS))
    estimates.record_points(game, 1, (45, 20, 60, None), form_key=uuid.uuid4(), author=Author())
    assert run("rebuild_statistics", "--check")[0] == 0
    assert sorted(PlayerResult.objects.values_list("differences", flat=True)) == [5, 5, 10, 10]
    estimates.reopen_last_hand(game, 1, form_key=uuid.uuid4(), author=Author())
    assert run("rebuild_statistics", "--check")[0] == 0
    assert set(PlayerResult.objects.values_list("hands", flat=True)) == {0}
