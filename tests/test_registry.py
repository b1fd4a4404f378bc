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


@pytest.fixture
def bare_kind(settings):
    """A site that also offers a kind with no pages yet (tests/kinds/bare.py)."""
    settings.GAME_KINDS = [*settings.GAME_KINDS, "tests.kinds.bare"]
    registry.registered.cache_clear()
    yield
    registry.registered.cache_clear()


def test_a_game_of_a_kind_not_offered_yet_is_a_404_and_stays_out_of_the_lists(
    client, club, bare_kind
):
    """A game of a kind with no pages (put in the database by hand) answers 404 on its
    pages and is left out of the lists, never a 500."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from clubs.models import Member, Role
    from scoring.models import Game

    user = get_user_model().objects.create_user("reader")
    Member.objects.create(club=club, name="Reader", user=user, role=Role.SCORER)
    client.force_login(user)
    game = Game.objects.create(club=club, name="Sheet", ruleset={"preset": "bare"})

    for name in ("game", "table", "game_file"):
        assert client.get(reverse(f"scoring:{name}", args=[game.pk])).status_code == 404
    for page in (reverse("scoring:home"), club.get_absolute_url()):
        answer = client.get(page)
        assert answer.status_code == 200
        assert "Sheet" not in answer.content.decode()


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
