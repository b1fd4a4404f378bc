"""The registry of game kinds (issue 25): every game has its kind, the core's services
count a hand through it, and a kind that records its hands at its own table refuses
them here with a message (never a crash)."""

from __future__ import annotations

import uuid

import pytest

from scoring import registry, services
from scoring.kinds.team import rules
from scoring.models import Hand, HandChange
from tests.factories import game_document, hand
from tests.test_differenzler_games import DOCUMENT as DIFFERENZLER

pytestmark = pytest.mark.django_db


def test_each_preset_has_its_kind_and_an_unknown_one_is_the_team_games():
    assert registry.of({"preset": "chibre"}).name == "team"
    assert registry.of({"preset": "differenzler"}).name == "differenzler"
    assert registry.of({"preset": "coiffeur-8"}).name == "coiffeur"
    assert registry.of({}).name == "team"  # a game stored before presets were named


def test_a_hand_is_kept_as_its_game_files_record_and_read_back_by_its_kind():
    game = services.import_game(game_document([hand("hearts", [95, 62], stoeck=0)]))
    stored = Hand.objects.get(game=game)

    assert stored.record == {
        "trump": "hearts",
        "cards": [95, 62],
        "match": None,
        "weis": [[], []],
        "stoeck": 0,
        "out_first": None,
        "chooser": None,
        "chibre": False,
    }
    assert registry.of(game.ruleset).read_hand(stored.record) == rules.Hand(
        trump="hearts", cards=(95, 62), stoeck=0
    )


def test_a_differenzler_hand_is_refused_by_the_team_games_services_with_a_message():
    game = services.import_game(DIFFERENZLER)
    before = list(Hand.objects.filter(game=game).values_list("record", flat=True))

    with pytest.raises(rules.RulesError) as refused:
        services.record_hand(
            game,
            rules.Hand(trump="hearts", cards=(100, 57)),
            number=len(before) + 1,
            form_key=uuid.uuid4(),
            author=services.Author(),
        )

    assert "recorded at its own table" in str(refused.value)
    assert list(Hand.objects.filter(game=game).values_list("record", flat=True)) == before
    assert not HandChange.objects.filter(game=game).exists()


def test_a_kind_without_a_hook_the_core_asks_is_refused_when_its_module_is_imported(settings):
    """A kind lacking a required hook (tests/kinds/bare.py: no pages, no game file) is
    refused as the site starts, naming what it lacks, not a 404 on one of its pages."""
    settings.GAME_KINDS = [*settings.GAME_KINDS, "tests.kinds.bare"]
    registry.registered.cache_clear()
    try:
        with pytest.raises(TypeError, match=r"abstract.*game_page"):
            registry.registered()
    finally:
        registry.registered.cache_clear()


def test_a_hook_is_asked_by_name_and_one_a_kind_does_not_offer_is_not_offered():
    team, differenzler = registry.named("team"), registry.named("differenzler")

    assert team.asks("spectate") == team.spectate  # bound to its kind
    assert team.asks("record") == team.record
    assert differenzler.asks("start_game") == differenzler.start_game
    assert team.offers("check_totals")
    assert not differenzler.offers("check_totals")
    for name in ("spectate", "play", "hands_changed", "blank_record", "check_totals"):
        with pytest.raises(registry.NotOffered):
            differenzler.asks(name)
    with pytest.raises(registry.NotOffered):
        team.asks("new_seat_link")


def test_a_differenzler_game_has_no_spectator_links(client, club):
    """Its kind does not show its games to spectators (``registry.Spectated``): the
    page that makes the links answers 404, for its scorer too (``client``: a scorer)."""
    from django.urls import reverse

    from scoring.models import SpectatorLink

    game = services.import_game(DIFFERENZLER, club=club)
    team_game = services.import_game(game_document([hand("hearts", [95, 62])]), club=club)

    assert client.get(reverse("scoring:sharing", args=[game.pk])).status_code == 404
    assert client.post(reverse("scoring:share_game", args=[game.pk])).status_code == 404
    assert not SpectatorLink.objects.exists()
    assert client.get(reverse("scoring:sharing", args=[team_game.pk])).status_code == 200


def test_the_admin_keeps_a_game_of_its_kind(admin_client):
    from django.urls import reverse

    from tests.test_admin import change_form_data

    game = services.import_game(game_document([hand("hearts", [95, 62])]))
    data = change_form_data(game, [])
    data |= {"ruleset": '{"preset": "differenzler"}', "hands-INITIAL_FORMS": "1"}
    data |= {"hands-TOTAL_FORMS": "1", "hands-0-id": Hand.objects.get(game=game).pk}
    data |= {"hands-0-game": game.pk, "hands-0-number": "1"}
    data["hands-0-record"] = '{"trump": "hearts", "cards": [95, 62]}'

    url = reverse("admin:scoring_game_change", args=[game.pk])
    answer = admin_client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")

    assert answer.status_code == 200
    assert "A game keeps its kind" in answer.content.decode()
    game.refresh_from_db()
    assert game.ruleset["preset"] == "chibre"
