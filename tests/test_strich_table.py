"""The club's Strich table (RULES.md §12, "Club options"): a club admin sets what each
award is worth, the Berg and Schneider switches, the tie at the Berg line and how an
evening is ranked; a value out of bounds is refused beside its box; the defaults are
§12's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import ClubStriche, club_striche
from tests.test_clubs import admin_client

pytestmark = pytest.mark.django_db

VALID = {
    "sieg": "3",
    "berg": "0",
    "matsch": "1",
    "kontermatsch": "1",
    "schneider": "4",
    "with_berg": "",
    "with_schneider": "on",
    "berg_tie": "higher",
    "rank_by": "made",
}


def url(club) -> str:
    return reverse("clubs:strich_table", args=[club.slug])


def test_a_club_without_a_table_has_the_rules_defaults(club):
    table = club_striche(club.pk)

    assert table.table() == {
        "sieg": 2,
        "berg": 1,
        "matsch": 1,
        "kontermatsch": 2,
        "schneider": 2,
        "with_berg": True,
        "with_schneider": True,
        "berg_tie": "table",
    }
    assert table.rank_by == "difference"
    assert not ClubStriche.objects.exists()


def test_an_admin_saves_the_clubs_strich_table(club):
    browser = admin_client(club)

    page = browser.get(url(club), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="sieg"' in html
    assert 'min="1"' in html
    assert 'max="10"' in html
    saved = browser.post(url(club), VALID, HTTP_ACCEPT_LANGUAGE="en")

    assert saved.status_code == 302
    table = ClubStriche.objects.get(club=club)
    assert table.table() == {
        "sieg": 3,
        "berg": 0,
        "matsch": 1,
        "kontermatsch": 1,
        "schneider": 4,
        "with_berg": False,
        "with_schneider": True,
        "berg_tie": "higher",
    }
    assert table.rank_by == "made"
    shown = browser.get(saved["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Strich table saved" in shown
    assert 'value="3"' in shown


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("sieg", "0", "Sieg: a whole number of Striche from 1 to 10."),
        ("sieg", "11", "Sieg: a whole number of Striche from 1 to 10."),
        ("berg", "-1", "Berg: a whole number of Striche from 0 to 10."),
        ("matsch", "1.5", "Matsch: a whole number of Striche from 0 to 10."),
        ("kontermatsch", "", "Kontermatsch: a whole number of Striche from 0 to 10."),
        ("schneider", "99999999999999999999", "Schneider: a whole number of Striche from 0 to 10."),
        ("berg_tie", "coin", "Choose one of the answers offered."),
        ("rank_by", "points", "Choose one of the answers offered."),
    ],
)
def test_a_value_out_of_bounds_is_refused_beside_its_box(club, field, value, said):
    browser = admin_client(club)

    refused = browser.post(url(club), {**VALID, field: value}, HTTP_ACCEPT_LANGUAGE="en")

    assert refused.status_code == 422
    html = refused.content.decode()
    assert said in html
    assert f'href="#id_{field}' in html  # the list at the top leads to the box
    assert not ClubStriche.objects.exists()


def test_the_table_speaks_german(club):
    browser = admin_client(club)

    refused = browser.post(url(club), {**VALID, "sieg": "12"}, HTTP_ACCEPT_LANGUAGE="de")

    html = refused.content.decode()
    assert "Strichtabelle" in html
    assert "Sieg: eine ganze Zahl Striche von 1 bis 10." in html


def test_only_an_admin_sets_the_table(client, club):
    # ``client`` is a scorer of the club
    assert client.get(url(club)).status_code == 403
    assert client.post(url(club), VALID).status_code == 403
    assert not ClubStriche.objects.exists()


def test_the_club_settings_lead_to_the_strich_table(club):
    browser = admin_client(club)

    html = browser.get(reverse("clubs:settings", args=[club.slug])).content.decode()

    assert url(club) in html


def test_a_game_started_in_striche_counts_with_the_table_the_club_set(client, club):
    from scoring.models import Game
    from tests.test_table import start

    admin_client(club).post(url(club), VALID)

    response = start(client, striche="on")

    assert response.status_code == 302
    assert Game.objects.get().ruleset["striche"] == {
        "sieg": 3,
        "berg": 0,
        "matsch": 1,
        "kontermatsch": 1,
        "schneider": 4,
        "with_berg": False,
        "with_schneider": True,
        "berg_tie": "higher",
    }
    # a later change leaves the game as it was started
    ClubStriche.objects.filter(club=club).update(sieg=1)
    assert Game.objects.get().rules.striche.sieg == 3
