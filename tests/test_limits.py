"""Limits on everything a user can type (issue 11): the new-game form, game files on
the web and on the command line, the admin, request sizes, and the pages of the
largest games."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club
from scoring import services
from scoring.kinds.team.drawing.slate import MOST_HALF_CROSSES, MOST_STROKES
from scoring.kinds.team.rules import TRUMPS, Hand, gamefile, parse_ruleset, slate
from scoring.models import Game
from tests.factories import game_document, hand, import_in_club
from tests.test_table import start  # the new-game form as a phone sends it

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000  # Python's JSON reader runs out of stack on this


def upload(client, content: bytes):
    return client.post(
        reverse("scoring:upload_game"),
        {
            "club": Club.objects.get(slug="test-club").pk,
            "file": SimpleUploadedFile("g.json", content),
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )


def run_import(path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_game", str(path), stdout=out, stderr=err)
    except SystemExit as exit:
        return int(exit.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


# -- the new-game form -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"match_bonus": str(10**12)}, "match_bonus", "Must be at most 500, not 1000000000000"),
        ({"target": "10001"}, "target", "Must be at most 10000, not 10001"),
        ({"end": "fixed-hands", "hands": "101"}, "hands", "Must be at most 100, not 101"),
        ({"multiplier_spades": "11"}, "multiplier_spades", "Must be at most 10, not 11"),
    ],
)
def test_new_game_refuses_a_rule_beyond_its_bound_beside_the_field(client, fields, field, message):
    response = start(client, **fields)

    assert response.status_code == 422
    assert response.context["form"].errors[field] == [message]
    assert message in response.content.decode()
    assert Game.objects.count() == 0


def test_new_game_takes_the_largest_rules(client):
    start(client, match_bonus="500", target="10000", multiplier_spades="10")

    ruleset = Game.objects.get().rules
    assert (ruleset.match_bonus, ruleset.target, ruleset.multiplier("spades")) == (500, 10000, 10)


def test_new_game_number_boxes_tell_the_browser_their_bounds(client):
    html = client.get(reverse("scoring:new_team")).content.decode()

    assert 'name="target" max="10000"' in html
    assert 'name="hands" max="100"' in html
    assert 'name="match_bonus" max="500"' in html
    for mode in TRUMPS:
        assert f'name="multiplier_{mode}" max="10"' in html


# -- game files: import_game -------------------------------------------------------------


def test_import_game_refuses_a_match_bonus_of_10_to_the_12_in_one_line(tmp_path):
    path = tmp_path / "bonus.json"
    path.write_text(json.dumps(game_document([hand("hearts")], match_bonus=10**12)))

    status, out, err = run_import(path)

    assert (status, out) == (1, "")
    assert err == f"{path}: ruleset.match_bonus: must be at most 500, not 1000000000000\n"
    assert Game.objects.count() == 0


@pytest.mark.parametrize("text", [DEEP, "[" * 100_000 + "]" * 100_000, "[" * 40 + "]" * 40])
def test_import_game_refuses_deep_nesting_in_one_line(tmp_path, text):
    path = tmp_path / "deep.json"
    path.write_text(text)

    status, out, err = run_import(path)

    assert (status, out) == (1, "")
    assert err == f"{path}: json: not a game file: nested more than 32 levels deep\n"


def test_import_game_refuses_a_number_too_long_to_read_in_one_line(tmp_path):
    path = tmp_path / "long.json"
    path.write_text('{"format": "jass-game/1", "name": ' + "1" * 5000 + "}")

    status, _, err = run_import(path)

    assert status == 1
    assert err.startswith(f"{path}: json: not valid JSON (Exceeds the limit (4300 digits)")
    assert err.count("\n") == 1


# -- game files: the web upload ----------------------------------------------------------


@pytest.mark.parametrize("content", [DEEP.encode(), b"[" * 40 + b"]" * 40])
def test_upload_refuses_deep_nesting_beside_the_file(client, content):
    response = upload(client, content)

    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [
        "Not a game file: nested more than 32 levels deep"
    ]
    assert Game.objects.count() == 0


def test_upload_refuses_a_match_bonus_of_10_to_the_12(client):
    document = game_document([hand("hearts")], match_bonus=10**12)

    response = upload(client, json.dumps(document).encode())

    assert response.status_code == 422
    assert "ruleset.match_bonus: must be at most 500, not 1000000000000" in (
        response.content.decode()
    )
    assert Game.objects.count() == 0


def test_upload_refuses_a_number_too_long_to_read(client):
    response = upload(client, b'{"name": ' + b"1" * 5000 + b"}")

    assert response.status_code == 422
    assert response.context["form"].errors["file"] == ["This is not a JSON game file."]


def test_upload_refuses_a_file_over_1_mb_beside_the_file(client):
    response = upload(client, b" " * 1_000_001 + b"{}")

    assert response.status_code == 422
    assert response.context["form"].errors["file"] == ["The file is larger than 1 MB."]


def ruled(document: dict, **ruleset: object) -> dict:
    document["ruleset"] |= ruleset
    return document


def test_a_game_file_of_the_most_hands_uploads(client):
    document = ruled(
        game_document([hand("hearts", [95, 62], chooser="Anne")] * 100),
        preset="tournament",
        hands=100,
    )
    document["result"] = gamefile.read_game(document).to_dict()["result"]

    response = upload(client, json.dumps(document, indent=2).encode())

    assert response.status_code == 302
    assert Game.objects.get().hands.count() == 100


def test_the_file_of_a_game_of_1000_hands_passes_the_size_limits(client):
    """Only a game stored before the bounds has so many hands; its file (as the site
    exports it) reaches the engine, which says what is wrong with it."""
    ruleset = parse_ruleset({"target": 10**6}, bounded=False)
    teams = (
        gamefile.Team("Les Bourgs", ("Anne", "Claude")),
        gamefile.Team("Les Nells", ("Bernard", "Denise")),
    )
    played = (Hand("hearts", (95, 62), weis=(("seq3",), ()), stoeck=0, chooser="Anne"),) * 1000
    game = services.store_game(gamefile.GameRecord("Long", None, ruleset, teams, played))
    content = json.dumps(services.export_game(game), ensure_ascii=False, indent=2).encode()

    response = upload(client, content)

    assert 400_000 < len(content) < 1_000_000
    assert response.context["form"].errors["file"] == [
        "ruleset.target: must be at most 10000, not 1000000"
    ]


# -- request sizes -----------------------------------------------------------------------


def test_a_request_with_files_over_10_mb_is_refused_unread_with_400(client, settings):
    response = upload(client, b" " * (settings.UPLOAD_MAX_REQUEST_SIZE + 1))

    assert response.status_code == 400
    assert Game.objects.count() == 0


def test_form_fields_over_the_limit_are_refused_with_400(client):
    response = start(client, name="x" * (1024 * 1024 + 1))

    assert response.status_code == 400
    assert Game.objects.count() == 0


def test_too_many_form_fields_are_refused_with_400(client, settings):
    fields = {f"extra_{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}

    response = start(client, **fields)

    assert response.status_code == 400


# -- the admin ---------------------------------------------------------------------------


def admin_change(admin_client, game: Game, ruleset: str, weis: str = "[[], []]"):
    stored = game.hands.get()
    team_fields = {}
    for index, team in enumerate(game.teams.order_by("index")):
        team_fields |= {
            f"teams-{index}-id": team.pk,
            f"teams-{index}-game": game.pk,
            f"teams-{index}-index": team.index,
            f"teams-{index}-name": team.name,
        }
    data = {
        "name": game.name,
        "played_on": "",
        "ruleset": ruleset,
        "teams-TOTAL_FORMS": "2",
        "teams-INITIAL_FORMS": "2",
        "hands-TOTAL_FORMS": "1",
        "hands-INITIAL_FORMS": "1",
        "hands-0-id": stored.pk,
        "hands-0-game": game.pk,
        "hands-0-number": "1",
        "hands-0-record": '{"trump": "hearts", "cards": [95, 62], "weis": ' + weis + "}",
        **team_fields,
    }
    url = reverse("admin:scoring_game_change", args=[game.pk])
    return admin_client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")


def test_admin_refuses_a_match_bonus_of_10_to_the_12(admin_client):
    game = services.import_game(game_document([hand("hearts")]))

    response = admin_change(
        admin_client, game, '{"preset": "chibre", "match_bonus": 1000000000000}'
    )

    assert response.status_code == 200
    assert "ruleset.match_bonus: must be at most 500, not 1000000000000" in (
        response.content.decode()
    )
    assert Game.objects.get().rules.match_bonus == 100


@pytest.mark.parametrize("text", [DEEP, "[" * 40 + "]" * 40, "1" * 5000])
def test_admin_says_json_it_cannot_read_is_not_valid(admin_client, text):
    game = services.import_game(game_document([hand("hearts")]))

    ruleset = admin_change(admin_client, game, text)
    weis = admin_change(admin_client, game, '{"preset": "chibre"}', weis=text)

    assert (ruleset.status_code, weis.status_code) == (200, 200)
    assert "Enter a valid JSON." in ruleset.content.decode()
    assert "Enter a valid JSON." in weis.content.decode()


# -- the pages of the largest games ------------------------------------------------------

MOST_WEIS = ["seq9", "seq9", "four-jacks", "four-nines", "four-aces", "four-kings"]
MOST_WEIS += ["four-queens", "four-tens"]  # large Weis: 1350 in 18 cards


def largest_game(hands: int) -> Game:
    """Every rule at its bound, every hand a match with all the Weis and Stöck a team
    can hold: 10 × (157 + 500 + 1350 + 20) = 20,270 points a hand."""
    document = ruled(
        game_document([hand("hearts", [157, 0], match=0, weis=[MOST_WEIS, []], stoeck=0)] * hands),
        preset="tournament",
        hands=100,
        weis="large",
        stoeck=True,
        match_bonus=500,
        multipliers=dict.fromkeys(TRUMPS, 10),
    )
    return import_in_club(document)


def test_the_pages_of_the_largest_game_stay_small(client):
    game = largest_game(99)  # one hand to go: the table screen still takes a hand

    table = client.get(reverse("scoring:table", args=[game.pk])).content.decode()
    page = client.get(game.get_absolute_url()).content.decode()

    marks = slate([20270] * 99)[-1]
    assert (marks.hundreds, marks.half_crosses) == (20016, 99)
    for html in (table, page):
        assert "2006730" in html  # 99 × 20,270
        assert html.count('class="slate-hundred"') == MOST_STROKES  # the other team has 0
        assert html.count('class="slate-half-cross"') == 99 <= MOST_HALF_CROSSES
        assert ">+19916</text>" in html  # the strokes of 100 not drawn
    assert len(table.encode()) < 100_000  # 58 KB
    assert len(page.encode()) < 200_000  # 120 KB, with 99 hands listed


def test_the_page_of_a_game_stored_before_the_bounds_is_drawn_in_bounded_strokes(client):
    """A game stored with a match bonus of 10**12 (issue 11): 10**10 strokes of 100
    took 30 s a view; the slate draws at most MOST_STROKES and writes the rest."""
    ruleset = parse_ruleset({"match_bonus": 10**12, "target": 10**15}, bounded=False)
    record = gamefile.GameRecord(
        "Old game",
        None,
        ruleset,
        (
            gamefile.Team("Les Bourgs", ("Anne", "Claude")),
            gamefile.Team("Les Nells", ("Bernard", "Denise")),
        ),
        (Hand("hearts", (157, 0), match=0),),
    )
    game = services.store_game(record, club=Club.objects.get(slug="test-club"))

    page = client.get(game.get_absolute_url()).content.decode()
    table = client.get(reverse("scoring:table", args=[game.pk])).content.decode()

    for html in (page, table):
        assert html.count('class="slate-hundred"') == MOST_STROKES
        assert ">+9999999901<" in html
        assert len(html.encode()) < 150_000


def test_an_uploaded_game_belongs_to_the_club_and_its_new_names_become_members(client):
    club = Club.objects.get(slug="test-club")
    club.members.create(name="Anne")

    response = upload(client, json.dumps(game_document([hand("hearts")])).encode())

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.club == club
    members = {p.name: p.member for p in game.teams.get(index=0).players.all()}
    members |= {p.name: p.member for p in game.teams.get(index=1).players.all()}
    assert all(member is not None and member.club == club for member in members.values())
    assert club.members.filter(user=None).count() == 4
    assert game.player_results.filter(player__member__isnull=False).count() == 4
