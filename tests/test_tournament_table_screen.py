"""The table screen of a tournament game, as the phone at the table sees it: the trump
of every hand is imposed, a match is worth what the tournament counts, and a signed
result says who may still change it."""

from __future__ import annotations

import datetime as dt
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from scoring import services as scoring
from scoring.kinds.team.rules.hand import Hand as RulesHand
from scoring.models import Game, Hand, HandChange
from scoring.rules import RulesError
from tests.test_table import new_game, post_hand
from tests.test_table_refusals import typist_of
from tournaments import services
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

ORDER = ["diamonds", "spades", "hearts", "obe-abe"]


@pytest.fixture
def table(club) -> Table:
    """The one table of a published pass: four hands, trumps ♦ ♠ ♥ obe-abe, no match bonus."""
    t = Tournament.objects.create(
        club=club, name="Preisjass", date=dt.date(2026, 11, 28), hands=4, trump_order=ORDER
    )
    for n in (1, 2):
        services.check_in(
            services.register(t, name=f"Team {n}", player_1=f"A{n}", player_2=f"B{n}")
        )
    return services.publish_pass(services.schedule_next_pass(t)).tables.get()


@pytest.fixture
def phone(table) -> Client:
    """The phone at the table, nobody signed in, opened from the table's link."""
    browser = Client()
    browser.get(reverse("tournaments:table_link", args=[table.token]))
    return browser


def screen(browser: Client, table: Table) -> str:
    response = browser.get(
        reverse("scoring:table", args=[table.game_id]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    return response.content.decode()


def trump_inputs(html: str) -> list[str]:
    return re.findall(r'<input type="radio"[^>]*name="trump"[^>]*>', html)


def record(browser: Client, table: Table, number: int, trump: str, **fields) -> None:
    data = {
        "hand_number": number,
        "form_key": str(uuid.uuid4()),
        "typed_team": "0",
        "trump": trump,
        "points": "100",
        **fields,
    }
    response = browser.post(reverse("scoring:record_hand", args=[table.game_id]), data)
    assert response.status_code == 302


def correction(browser: Client, table: Table, number: int, **fields):
    url = reverse("scoring:correct_hand", args=[table.game_id, number])
    version = browser.get(url).context["form"].initial["version"]
    data = {
        "hand_number": number,
        "form_key": str(uuid.uuid4()),
        "version": version,
        "typed_team": "0",
        **fields,
    }
    return browser.post(url, data, HTTP_ACCEPT_LANGUAGE="en")


# -- the imposed trump -------------------------------------------------------------------


def test_a_hand_with_another_trump_than_the_imposed_one_is_refused_and_nothing_stored(phone, table):
    response = post_hand(phone, table.game, trump="clubs", points="100")

    assert response.status_code == 422
    html = response.content.decode()
    assert "The trump of hand 1 is imposed in this tournament: ♦ Diamonds." in html
    assert (Hand.objects.count(), HandChange.objects.count()) == (0, 0)


def test_a_refused_trump_with_htmx_swaps_the_form_with_the_message(phone, table):
    response = post_hand(phone, table.game, htmx=True, trump="clubs", points="100")

    assert "The trump of hand 1 is imposed in this tournament: ♦ Diamonds." in (
        response.content.decode()
    )
    assert Hand.objects.count() == 0


def test_a_correction_to_another_trump_is_refused_and_the_hand_stays(phone, table):
    record(phone, table, 1, "diamonds")
    record(phone, table, 2, "spades")

    response = correction(phone, table, 2, trump="hearts", points="90")

    assert response.status_code == 422
    assert "The trump of hand 2 is imposed in this tournament: ♠ Spades." in (
        response.content.decode()
    )
    stored = Hand.objects.get(number=2)
    assert (stored.record["trump"], stored.record["cards"][0]) == ("spades", 100)
    assert HandChange.objects.filter(action=HandChange.EDITED).count() == 0


def test_the_service_refuses_another_trump_whoever_calls_it(table):
    with pytest.raises(RulesError) as refused:
        scoring.record_hand(
            table.game,
            RulesHand(trump="clubs", cards=(100, 57)),
            number=1,
            form_key=uuid.uuid4(),
            author=scoring.Author(device="test"),
        )

    assert refused.value.problems[0].field == "trump"
    assert refused.value.problems[0].hand == 1
    assert Hand.objects.count() == 0


def test_the_table_screen_offers_only_the_imposed_trump_already_chosen(phone, table):
    record(phone, table, 1, "diamonds")

    inputs = trump_inputs(screen(phone, table))

    assert len(inputs) == 1
    assert 'value="spades"' in inputs[0]
    assert "checked" in inputs[0]


def test_the_imposed_trump_is_sent_by_a_plain_form_without_javascript(phone, table):
    html = screen(phone, table)
    (chosen,) = trump_inputs(html)
    trump = re.search(r'value="([^"]+)"', chosen).group(1)

    record(phone, table, 1, trump)

    assert Hand.objects.get().record["trump"] == "diamonds"


def test_the_correction_form_offers_only_the_imposed_trump(phone, table):
    record(phone, table, 1, "diamonds")
    record(phone, table, 2, "spades")
    url = reverse("scoring:correct_hand", args=[table.game_id, 2])

    inputs = trump_inputs(phone.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())

    assert len(inputs) == 1
    assert 'value="spades"' in inputs[0]
    assert "checked" in inputs[0]


def test_the_turn_says_the_imposed_trump_not_who_chooses(phone, table):
    record(phone, table, 1, "diamonds")

    html = screen(phone, table)

    assert "chooses trump" not in html
    assert re.search(r"Hand 2: \w+ deals\.", html)
    assert "Imposed trump: ♠ Spades" in html


def test_an_ordinary_game_still_says_who_chooses_trump_and_offers_every_trump(client):
    game = new_game()

    html = client.get(
        reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    assert "Hand 1: Denise deals, Anne chooses trump." in html
    assert "Imposed trump" not in html
    assert len(trump_inputs(html)) == 6


# -- the match preview -------------------------------------------------------------------


def test_the_match_preview_of_a_tournament_without_match_bonus_is_157(phone, table):
    refused = post_hand(phone, table.game, trump="clubs", match="1")  # shown again

    html = refused.content.decode()
    assert 'data-match-points="157"' in html
    assert "157 / 0" in html
    assert "257 / 0" not in html


@pytest.mark.parametrize(("bonus", "shown"), [(100, "257"), (50, "207"), (0, "157")])
def test_the_match_preview_of_an_ordinary_game_follows_its_match_bonus(client, bonus, shown):
    game = new_game(match_bonus=bonus)

    html = client.get(
        reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    refused = post_hand(client, game, trump="hearts", match="0", out_first="x").content.decode()

    assert f'data-match-points="{shown}"' in html
    assert f"{shown} / 0" in refused
    assert Game.objects.get().hands.count() == 0


# -- a signed result ---------------------------------------------------------------------


def test_a_signed_result_does_not_say_a_correction_reopens_it(phone, table):
    for number, trump in enumerate(ORDER, start=1):
        record(phone, table, number, trump)
    assert "A correction reopens it." in screen(phone, table)  # still the table's to correct
    for side, code in enumerate(table.codes):
        services.confirm_table(table, side, code)

    html = screen(phone, table)

    assert "Only the tournament director can change it now." in html
    assert "The game is over: no more hands." in html
    assert "A correction reopens it." not in html


def test_a_correction_after_one_team_signed_tells_that_team_to_sign_again(phone, table):
    for number, trump in enumerate(ORDER, start=1):
        record(phone, table, number, trump)
    services.confirm_table(table, 0, table.codes[0])
    assert "Signed: Team 1" in screen(phone, table) or "Signed: Team 2" in screen(phone, table)

    corrected = correction(phone, table, 4, trump="obe-abe", points="90")

    assert corrected.status_code == 302
    html = screen(phone, table)
    signer = table.game.teams.get(index=0).name
    assert f"Signed other totals before a correction, so to sign again: {signer}" in html


def test_empty_card_points_at_a_tournament_table_say_what_to_type(phone, table):
    response = post_hand(phone, table.game, trump="diamonds", points="")

    html = response.content.decode()
    assert response.status_code == 422
    assert "Type one team&#x27;s card points (0 to 157), or who made the match." in html
    assert "first-out" not in html


def test_after_paper_totals_the_phone_shows_them_not_its_own_hands(phone, table):
    record(phone, table, 1, ORDER[0])  # 100 : 57 on the phone, then the sheet counts
    services.enter_paper_totals(table, (300, 328))

    html = screen(phone, table)

    assert "Result from the paper sheet" in html
    assert '<span class="team-total">300</span>' in html
    assert '<span class="team-total">328</span>' in html
    assert 'data-total="100"' not in html  # the phone's own count is not shown as the score
    assert "hands left" not in html


def test_a_finished_tournament_game_gives_its_totals_and_names_no_winner(phone, table):
    for number, trump in enumerate(ORDER, start=1):
        record(phone, table, number, trump)

    html = screen(phone, table)

    assert "All hands played" in html
    assert " won<" not in html
    assert "Rubicon" not in html


def test_a_finished_tournament_games_own_page_names_no_winner(phone, table, client):
    from django.contrib.auth import get_user_model

    from clubs.models import Member, Role

    for number, trump in enumerate(ORDER, start=1):
        record(phone, table, number, trump)
    user = get_user_model().objects.create_user("member-of-the-club")
    Member.objects.create(club=table.game.club, name="M", user=user, role=Role.MEMBER)
    client.force_login(user)

    for language in ("en", "de"):
        page = client.get(
            reverse("scoring:game", args=[table.game_id]), HTTP_ACCEPT_LANGUAGE=language
        )
        html = page.content.decode()
        assert ("All hands played" if language == "en" else "Alle Spiele gespielt") in html
        assert "Winner: " not in html
        assert "Sieg: " not in html
        assert "Rubicon" not in html
        assert "Rubikon" not in html


# -- the table's phone, shared (issue 23) ------------------------------------------------


def test_a_hand_typed_without_an_account_is_not_recorded_for_who_signs_in_later(
    phone, table, make_user
):
    typed = typist_of(screen(phone, table))  # the table's link, nobody signed in
    phone.force_login(make_user(Role.ADMIN, table.game.club, name="director"))

    response = post_hand(phone, table.game, trump="diamonds", points="100", typist=typed)

    assert response.status_code == 403
    assert "Hand 1 was typed by someone else who used this phone" in response.content.decode()
    assert (Hand.objects.count(), HandChange.objects.count()) == (0, 0)
