"""The table screen: every action, refusals included, as the scorer sees it and as stored."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from clubs.models import Club
from scoring import services
from scoring.models import Game, Hand, HandChange
from scoring.rules import gamefile, parse_ruleset, preset
from tests.factories import game_document, hand, import_in_club

pytestmark = pytest.mark.django_db

TEAMS = (
    gamefile.Team("Les Bourgs", ("Anne", "Claude")),
    gamefile.Team("Les Nells", ("Bernard", "Denise")),
)


def new_game(name: str = "chibre", **overrides) -> Game:
    ruleset = preset(name)
    if overrides:
        ruleset = parse_ruleset({**ruleset.to_dict(), **overrides})
    return services.start_game(
        club=Club.objects.get(slug="test-club"),
        name="Test",
        ruleset=ruleset,
        teams=TEAMS,
        first_chooser=0,
        suit_style="french",
    )


def start(client, **fields):
    data = {
        "club": Club.objects.get(slug="test-club").pk,
        "preset": "chibre",
        "seat_0": "Anne",
        "seat_1": "Bernard",
        "seat_2": "Claude",
        "seat_3": "Denise",
        "first_chooser": "0",
        "suit_style": "french",
        **fields,
    }
    return client.post(reverse("scoring:new_team"), data, HTTP_ACCEPT_LANGUAGE="en")


def post_hand(client, game: Game, number: int | None = None, htmx: bool = False, **fields):
    number = number or game.hands.count() + 1
    data = {"hand_number": number, "form_key": str(uuid.uuid4()), "typed_team": "0", **fields}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        reverse("scoring:record_hand", args=[game.pk]),
        data,
        headers=headers,
        HTTP_ACCEPT_LANGUAGE="en",
    )


def totals(game: Game) -> tuple[int, int]:
    return Game.objects.with_everything().get(pk=game.pk).result().totals


# -- starting a game ---------------------------------------------------------------------


def test_new_game_form_offers_the_presets(client):
    response = client.get(reverse("scoring:new_team"), HTTP_ACCEPT_LANGUAGE="en")

    html = response.content.decode()
    for text in (
        "Chibre to 1000",
        "Pique double to 1500",
        "Schieber to 2500",
        "Tournament, 16 hands",
    ):
        assert text in html
    assert "Who holds the 7 of diamonds?" in html


def test_new_game_with_four_names_starts_a_chibre_game(client):
    response = start(client, first_chooser="1")

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:table", args=[game.pk])
    assert game.rules.target == 1000
    assert [
        (t.name, [p.name for p in t.ordered_players()]) for t in game.teams.order_by("index")
    ] == [
        ("Anne & Claude", ["Anne", "Claude"]),
        ("Bernard & Denise", ["Bernard", "Denise"]),
    ]
    assert game.first_chooser == 1


def test_new_game_with_adjusted_rules(client):
    start(
        client,
        seat_0="A",
        seat_1="B",
        seat_2="C",
        seat_3="D",
        suit_style="german",
        target="1500",
        multiplier_spades="2",
        weis="large",
        team_0="Eicheln",
        team_1="Rosen",
    )

    game = Game.objects.get()
    ruleset = game.rules
    assert (ruleset.target, ruleset.multiplier("spades"), ruleset.weis) == (1500, 2, "large")
    assert game.suit_style == "german"
    assert [t.name for t in game.teams.order_by("index")] == ["Eicheln", "Rosen"]


def test_new_game_refuses_the_same_name_twice_and_stores_nothing(client):
    response = start(client, seat_1="Anne", seat_2="C", seat_3="D")

    assert response.status_code == 422
    assert "Give each of the four players a distinct name." in response.content.decode()
    assert Game.objects.count() == 0


def test_new_game_refuses_an_impossible_rule_beside_its_field(client):
    response = start(
        client, seat_0="A", seat_1="B", seat_2="C", seat_3="D", end="fixed-hands", target="1000"
    )

    assert response.status_code == 422
    assert "Must be null when end is fixed-hands" in response.content.decode()
    assert Game.objects.count() == 0


def test_new_game_drawing_teams_keeps_the_holder_of_the_seven(client):
    for _ in range(5):
        start(client, first_chooser="2", draw_teams="on")
    for game in Game.objects.with_everything():
        seats = [
            p.name
            for t in sorted(game.teams.all(), key=lambda t: t.index)
            for p in t.ordered_players()
        ]
        assert sorted(seats) == ["Anne", "Bernard", "Claude", "Denise"]
        seat_names = [seats[0], seats[2], seats[1], seats[3]]  # seat order 0..3
        assert seat_names[game.first_chooser] == "Claude"


# -- recording hands ---------------------------------------------------------------------


def test_table_shows_slates_whose_turn_and_the_form(client):
    game = new_game()

    html = client.get(
        reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    assert html.count('class="slate"') + html.count("data-hundreds") >= 2
    assert "Hand 1: Denise deals, Anne chooses trump." in html
    assert "Save hand 1" in html
    assert "1000 to go out" in html


def test_record_plain_hand_trump_digits_save(client):
    game = new_game()

    response = post_hand(client, game, trump="hearts", points="95")

    assert response.status_code == 302
    stored = Hand.objects.get()
    assert (
        stored.number,
        stored.record["trump"],
        stored.record["cards"][0],
        stored.record["cards"][1],
    ) == (1, "hearts", 95, 62)
    assert stored.record["chooser"] == "Anne"
    assert totals(game) == (95, 62)


def test_record_hand_typing_the_other_teams_points(client):
    game = new_game()

    post_hand(client, game, trump="clubs", points="40", typed_team="1")

    assert (Hand.objects.get().record["cards"][0], Hand.objects.get().record["cards"][1]) == (
        117,
        40,
    )


def test_record_hand_with_htmx_returns_the_table_part_with_new_totals(client):
    game = new_game()

    response = post_hand(client, game, htmx=True, trump="hearts", points="95")

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="table"' in html
    assert 'data-total="95"' in html
    assert 'data-total="62"' in html
    assert "Save hand 2" in html


def test_record_match_scores_257(client):
    game = new_game()

    post_hand(client, game, trump="spades", match="1")

    assert (
        Hand.objects.get().record["cards"][0],
        Hand.objects.get().record["cards"][1],
        Hand.objects.get().record["match"],
    ) == (
        0,
        157,
        1,
    )
    assert totals(game) == (0, 257)


def test_record_hand_with_weis_and_stoeck(client):
    game = new_game()

    post_hand(
        client,
        game,
        trump="hearts",
        points="95",
        weis_team="0",
        weis_seq3="1",
        weis_seq4="1",
        stoeck="0",
    )

    stored = Hand.objects.get()
    assert stored.record["weis"] == [["seq3", "seq4"], []]
    assert stored.record["stoeck"] == 0
    assert totals(game) == (185, 62)


def test_pique_double_hand_is_doubled(client):
    game = new_game("pique-double")

    post_hand(client, game, trump="spades", points="100")

    assert totals(game) == (200, 114)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"trump": "obe-abe", "points": "95", "stoeck": "0"},
            "Stöck is only counted when a suit is trump, not in obe-abe",
        ),
        (
            {"trump": "hearts", "points": "158"},
            "At most 157 card points. All nine tricks are a match (257): choose Match.",
        ),
        ({"trump": "hearts", "points": "95", "weis_seq3": "1"}, "Say which team won the Weis."),
        ({"points": "95"}, "Choose the trump of this hand."),
        ({"trump": "hearts"}, "Type one team&#x27;s card points (0 to 157). Leave them out only"),
    ],
)
def test_refused_hand_shows_why_keeps_what_was_typed_and_stores_nothing(client, fields, message):
    game = new_game()

    response = post_hand(client, game, **fields)

    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    if "points" in fields:
        assert f'value="{fields["points"]}"' in html
    assert Hand.objects.count() == 0
    assert HandChange.objects.count() == 0


def test_refused_hand_with_htmx_swaps_the_form_with_the_message(client):
    game = new_game()

    response = post_hand(client, game, htmx=True, trump="unde-ufe", points="95", stoeck="1")

    assert response.status_code == 422  # htmx swaps it in (base.html's htmx-config)
    assert "Stöck is only counted when a suit is trump" in response.content.decode()
    assert Hand.objects.count() == 0


def test_the_same_form_sent_twice_stores_the_hand_once(client):
    game = new_game()
    data = {
        "hand_number": 1,
        "form_key": str(uuid.uuid4()),
        "typed_team": "0",
        "trump": "hearts",
        "points": "95",
    }
    url = reverse("scoring:record_hand", args=[game.pk])

    first = client.post(url, data)
    again = client.post(url, data)
    third = client.post(url, data, headers={"HX-Request": "true"})

    assert (first.status_code, again.status_code, third.status_code) == (302, 302, 200)
    assert Hand.objects.count() == 1
    assert HandChange.objects.count() == 1
    assert totals(game) == (95, 62)


def test_hand_from_a_stale_screen_is_refused_not_double_counted(client):
    game = new_game()
    post_hand(client, game, trump="hearts", points="95")

    response = post_hand(client, game, number=1, htmx=True, trump="clubs", points="100")

    html = response.content.decode()
    assert "Hand 1 was already recorded on another phone" in html
    assert 'data-total="95"' in html
    assert Hand.objects.count() == 1
    assert Hand.objects.get().record["trump"] == "hearts"


def test_out_first_is_asked_only_when_both_teams_cross(client):
    one_crosses = new_game(target=200)
    post_hand(client, one_crosses, trump="hearts", points="78")  # 78 : 79
    # 208 : 106, and the count at going out decides Rubicon: not counted, said so
    decided = post_hand(client, one_crosses, trump="hearts", points="130", estimate="on")
    assert decided.status_code == 302
    game = new_game(target=150)
    post_hand(client, game, trump="hearts", points="78")  # 78 : 79
    before = client.get(reverse("scoring:table", args=[game.pk])).content.decode()
    assert '<fieldset class="field-out-first" hidden>' in before  # for the script: not asked
    assert "field-out-first is-invalid" not in before

    response = post_hand(client, game, trump="hearts", points="78")  # 156 : 158, both cross

    assert response.status_code == 422
    assert "Who went out first?" in response.content.decode()
    assert game.hands.count() == 1
    answered = post_hand(client, game, trump="hearts", points="78", out_first="1")
    assert answered.status_code == 302
    result = Game.objects.with_everything().get(pk=game.pk).result()
    assert (result.winner, result.out_on) == (1, "tricks")


def test_the_end_shows_winner_how_and_rubicon_and_locks_the_game(client):
    game = import_in_club(game_document([hand("hearts", [157, 0], match=0)] * 3))
    post_hand(client, game, trump="clubs", points="157", match="0")  # 1028 : 0

    html = client.get(
        reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Winner: Les Bourgs" in html
    assert "Went out on trick points." in html
    assert "Rubicon: Les Nells" in html
    assert "Save hand" not in html

    refused = post_hand(client, game, trump="hearts", points="95")
    assert refused.status_code == 422
    assert "The game was over after hand 4" in refused.content.decode()
    assert game.hands.count() == 4


# -- corrections -------------------------------------------------------------------------


def correct(client, game: Game, number: int, **fields):
    url = reverse("scoring:correct_hand", args=[game.pk, number])
    form = client.get(url).context["form"]
    data = {
        "hand_number": number,
        "form_key": str(uuid.uuid4()),
        "version": form.initial["version"],
        "typed_team": "0",
        **fields,
    }
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")


def test_correct_hand_form_shows_the_stored_hand(client):
    game = import_in_club(game_document([hand("spades", [100, 57], stoeck=1)]))

    response = client.get(
        reverse("scoring:correct_hand", args=[game.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
    )

    html = response.content.decode()
    assert "Correct hand 1" in html
    assert 'value="100"' in html
    assert 'value="spades" checked' in html


def test_correct_hand_recounts_the_game_and_logs_before_and_after(client):
    game = import_in_club(game_document([hand("hearts", [95, 62]), hand("clubs", [100, 57])]))

    response = correct(client, game, 1, trump="hearts", points="105")

    assert response.status_code == 302
    assert totals(game) == (205, 109)
    change = HandChange.objects.get()
    assert (change.action, change.hand_number) == ("edited", 1)
    assert change.before["cards"] == [95, 62]
    assert change.after["cards"] == [105, 52]


def test_correction_that_makes_a_later_hand_impossible_is_refused_naming_it(client):
    game = import_in_club(
        game_document(
            [hand("hearts", [157, 0], match=0)] * 3
            + [hand("clubs", [95, 62]), hand("clubs", [10, 147])]
        )
    )

    response = correct(client, game, 4, trump="clubs", match="0")  # 1028: over after hand 4

    html = response.content.decode()
    assert response.status_code == 422
    assert "Hand 5 would then be impossible: the game would already be over after hand 4" in html
    assert Hand.objects.get(game=game, number=4).record["cards"][0] == 95


def test_correction_from_a_stale_screen_is_refused(client):
    game = import_in_club(game_document([hand("hearts", [95, 62])]))
    url = reverse("scoring:correct_hand", args=[game.pk, 1])
    stale_version = client.get(url).context["form"].initial["version"]
    correct(client, game, 1, trump="hearts", points="100")

    response = client.post(
        url,
        {
            "hand_number": 1,
            "form_key": str(uuid.uuid4()),
            "version": stale_version,
            "typed_team": "0",
            "trump": "hearts",
            "points": "120",
        },
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )

    assert "Hand 1 was changed on another device — here it is now." in response.content.decode()
    assert Hand.objects.get().record["cards"][0] == 100


def test_correction_reopens_a_finished_game(client):
    game = import_in_club(
        game_document([hand("hearts", [157, 0], match=0)] * 3 + [hand("clubs", [157, 0], match=0)])
    )
    assert Game.objects.with_everything().get(pk=game.pk).result().over

    correct(client, game, 4, trump="clubs", points="100")

    assert not Game.objects.with_everything().get(pk=game.pk).result().over


def test_undo_takes_back_the_last_hand_once(client):
    game = import_in_club(game_document([hand("hearts", [95, 62]), hand("clubs", [100, 57])]))
    data = {"hand_number": 2, "form_key": str(uuid.uuid4())}
    url = reverse("scoring:undo_last_hand", args=[game.pk])

    client.post(url, data)
    client.post(url, data)

    assert list(game.hands.values_list("number", flat=True)) == [1]
    change = HandChange.objects.get()
    assert (change.action, change.before["cards"], change.after) == ("undone", [100, 57], None)


def test_undo_from_a_stale_screen_is_refused(client):
    game = import_in_club(game_document([hand("hearts", [95, 62]), hand("clubs", [100, 57])]))

    response = client.post(
        reverse("scoring:undo_last_hand", args=[game.pk]),
        {"hand_number": 1, "form_key": str(uuid.uuid4())},
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )

    assert "Hand 1 is not the last hand any more" in response.content.decode()
    assert game.hands.count() == 2


def test_history_shows_every_change_with_device(client):
    game = new_game()
    client.cookies["jass_device"] = "abcd1234"
    post_hand(client, game, trump="hearts", points="95")
    correct(client, game, 1, trump="hearts", points="100")

    html = client.get(
        reverse("scoring:history", args=[game.pk]),
        HTTP_ACCEPT_LANGUAGE="en",
        HTTP_USER_AGENT="Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit Safari/604.1",
    ).content.decode()
    assert "recorded" in html
    assert "corrected" in html
    assert "abcd1234" in html
    assert "95 : 62" in html
    assert "100 : 57" in html


# -- the game page, files ----------------------------------------------------------------


def test_game_page_has_slate_chart_and_counts(client):
    game = import_in_club(
        game_document(
            [
                hand("hearts", [95, 62], weis=[["seq3"], []], stoeck=1),
                hand("spades", [0, 157], match=1),
            ]
        )
    )

    html = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert html.count("data-hundreds") == 2
    assert "chart-line-0" in html
    assert "Matches" in html


def test_upload_a_game_file(client, tmp_path):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("g.json", json.dumps(game_document([hand("hearts")])).encode())
    response = client.post(
        reverse("scoring:upload_game"),
        {"club": Club.objects.get(slug="test-club").pk, "file": upload},
    )

    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert game.hands.count() == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{nope", "This is not a JSON game file."),
        (b'{"format": "jass-game/2"}', "format: must be &#x27;jass-game/1&#x27;"),
    ],
)
def test_upload_refuses_a_broken_file(client, content, message):
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        reverse("scoring:upload_game"),
        {
            "club": Club.objects.get(slug="test-club").pk,
            "file": SimpleUploadedFile("g.json", content),
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert response.status_code == 422
    assert message in response.content.decode()
    assert Game.objects.count() == 0


def test_upload_refusal_names_the_hand_and_field(client):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    document = game_document([hand("hearts"), hand("obe-abe", stoeck=0)])
    response = client.post(
        reverse("scoring:upload_game"),
        {
            "club": Club.objects.get(slug="test-club").pk,
            "file": SimpleUploadedFile("g.json", json.dumps(document).encode()),
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert "hand 2: stoeck: Stöck is only counted when a suit is trump" in response.content.decode()
    assert Game.objects.count() == 0


def test_correcting_the_points_keeps_weis_declared_by_kind(client):
    game = import_in_club(
        game_document([hand("hearts", [95, 62], weis=[["seq3", "four-jacks"], []])])
    )
    form = client.get(reverse("scoring:correct_hand", args=[game.pk, 1])).context["form"]
    assert (form.initial["weis_team"], form.initial["weis_seq3"]) == ("0", 1)
    assert form.initial["weis_four_jacks"] == 1

    correct(
        client,
        game,
        1,
        trump="hearts",
        points="100",
        weis_team="0",
        weis_seq3="1",
        weis_four_jacks="1",
    )

    assert Hand.objects.get().record["weis"] == [["seq3", "four-jacks"], []]
    assert totals(game) == (320, 57)


def test_starting_the_same_form_twice_gives_one_game(client):
    key = str(uuid.uuid4())

    first = start(client, form_key=key)
    again = start(client, form_key=key)  # the back button, then the start button again

    assert Game.objects.count() == 1
    assert first["Location"] == again["Location"]


def test_game_file_keeps_suit_names_and_the_holder_of_the_seven(client):
    game = services.start_game(
        club=Club.objects.get(slug="test-club"),
        name="Eicheln",
        ruleset=preset("chibre"),
        teams=TEAMS,
        first_chooser=2,
        suit_style="german",
    )
    document = services.export_game(Game.objects.with_everything().get(pk=game.pk))

    copy = import_in_club(document)

    assert document["x-jassclub"] == {"suit_style": "german", "first_chooser": 2}
    assert (copy.suit_style, copy.first_chooser) == ("german", 2)


def test_out_first_question_says_it_in_words_and_stays_on_correction(client):
    game = new_game(target=150)
    post_hand(client, game, trump="hearts", points="78")

    asked = post_hand(client, game, trump="hearts", points="78")
    html = asked.content.decode()
    assert "Both teams reached the target in this hand: which one went out first?" in html
    assert "(0 or 1)" not in html
    post_hand(client, game, trump="hearts", points="78", out_first="0")

    form = client.get(reverse("scoring:correct_hand", args=[game.pk, 2]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Who went out first?" in form.content.decode()
    response = correct(client, game, 2, trump="clubs", points="78", out_first="0")
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=2).record["out_first"] == 0


def test_team_names_default_to_the_partners_first_names(client):
    start(client, seat_0="Hans-Rudolf Oberholzer", seat_2="Maximilian Zimmermann")

    assert Game.objects.get().teams.get(index=0).name == "Hans-Rudolf & Maximilian"


def test_a_form_key_of_another_game_is_not_taken_for_this_one(client):
    first, second = new_game(), new_game()
    key = str(uuid.uuid4())
    url = reverse("scoring:record_hand", args=[first.pk])
    client.post(
        url,
        {"hand_number": 1, "form_key": key, "typed_team": "0", "trump": "hearts", "points": "95"},
    )

    response = client.post(
        reverse("scoring:record_hand", args=[second.pk]),
        {"hand_number": 1, "form_key": key, "typed_team": "0", "trump": "clubs", "points": "60"},
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )

    assert second.hands.count() == 0
    assert "Another device changed this game at the same moment." in response.content.decode()
