"""The settings form saves as the page shows it, in every language: a browser
sends back the values it was given (a date input takes ISO dates only)."""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_services import teams, tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


class _Form(HTMLParser):
    """What a browser would send for the page's form with ``action``."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.values = action, False, {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("action") in (self.action, "", None)
        if not self.inside or "disabled" in a:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.values[a["name"]] = a.get("value", "on")
            else:
                self.values[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select and "selected" in a:
            self.values[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        if tag == "form":
            self.inside = False


def sent_back(html: str, action: str) -> dict[str, str]:
    form = _Form(action)
    form.feed(html)
    return form.values


@pytest.mark.parametrize("language", ["fr", "de", "it", "en"])
def test_the_settings_save_as_shown_in_every_language(club, make_user, language):
    t = tournament(club, date=dt.date(2026, 11, 28), place="Bulle")
    teams(t, 4)
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(make_user("admin", club, name="director"))
    url = reverse("tournaments:settings", args=[t.pk])

    page = browser.get(url).content.decode()
    values = sent_back(page, url)
    saved = browser.post(url, values | {"name": "Coupe d'hiver"})

    assert 'value="2026-11-28"' in page
    assert saved.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.date, t.place) == ("Coupe d'hiver", dt.date(2026, 11, 28), "Bulle")


def test_a_new_tournament_refused_for_its_name_keeps_the_date_typed(club, make_user):
    browser = Client(HTTP_ACCEPT_LANGUAGE="de")
    browser.force_login(make_user("admin", club, name="director"))
    url = reverse("tournaments:club_tournaments", args=[club.slug])

    refused = browser.post(url, {"name": "", "date": "2026-12-05", "passes": "3", "hands": "12"})

    assert refused.status_code == 422
    assert 'value="2026-12-05"' in refused.content.decode()


@pytest.mark.parametrize(
    ("typed", "order"),
    [
        ("coeur, trefle, Pik, Karo", ["hearts", "clubs", "spades", "diamonds"]),
        ("CŒUR, Trèfle, pique, carreau", ["hearts", "clubs", "spades", "diamonds"]),
        ("Herz, Ecke, Kreuz, Schaufel", ["hearts", "diamonds", "clubs", "spades"]),
        ("Schilten, Schellen, Eicheln, Rosen", ["hearts", "diamonds", "clubs", "spades"]),
        ("Obenabe, undenufe, obe abe, ♠", ["obe-abe", "unde-ufe", "obe-abe", "spades"]),
        ("Cuori, quadri, FIORI, picche", ["hearts", "diamonds", "clubs", "spades"]),
        ("scudi, campanelli, ghiande, rose", ["hearts", "diamonds", "clubs", "spades"]),
        ("dall'alto, dal basso, Obenabe, Undenufe", ["obe-abe", "unde-ufe"] * 2),
    ],
)
def test_imposed_trumps_are_typed_as_a_club_spells_them(club, make_user, typed, order):
    t = tournament(club)
    browser = Client(HTTP_ACCEPT_LANGUAGE="fr")
    browser.force_login(make_user("admin", club, name="director"))
    url = reverse("tournaments:settings", args=[t.pk])
    values = sent_back(browser.get(url).content.decode(), url)

    saved = browser.post(url, values | {"trump_order_text": typed})

    assert saved.status_code == 302
    t.refresh_from_db()
    assert t.trump_order == order


@pytest.mark.parametrize(
    ("hands", "blocks"),
    [(4, "♥♦♣♠"), (5, "♥♥♦♣♠"), (6, "♥♥♦♦♣♠"), (12, "♥♥♥♦♦♦♣♣♣♠♠♠"), (2, "♥♦")],
)
def test_the_default_order_is_blocks_of_the_four_suits_as_equal_as_can_be(hands, blocks):
    from tournaments.models import equal_blocks

    symbols = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
    assert "".join(symbols[t] for t in equal_blocks(hands)) == blocks


def test_the_director_sees_the_order_played_and_publishing_keeps_it(club, make_user):
    from tournaments import services

    t = tournament(club, hands=6)
    teams(t, 2)
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(make_user("admin", club, name="director"))
    services.publish_pass(services.schedule_next_pass(t))

    page = browser.get(t.get_absolute_url()).content.decode()
    settings_page = browser.get(reverse("tournaments:settings", args=[t.pk])).content.decode()

    assert "♥ Hearts ×2" in page
    assert "♣ Clubs</span>" in page
    t.refresh_from_db()
    assert t.trump_order == ["hearts", "hearts", "diamonds", "diamonds", "clubs", "spades"]
    assert "Hearts, Hearts, Diamonds, Diamonds, Clubs, Spades" in settings_page


def test_the_admin_site_shares_the_forms_bounds(club):
    """A tournament game above the engine's 100 hands would break every page that
    reads its rules: the model refuses it wherever it is edited (the admin included)."""
    t = Tournament(club=club, name="Marathon", date="2026-12-05", hands=200, passes=30)
    with pytest.raises(ValidationError) as refused:
        t.full_clean()

    assert set(refused.value.message_dict) == {"hands", "passes"}
