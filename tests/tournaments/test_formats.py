"""A tournament's format is asked of the registry (``GameKind.tournament_formats``):
the form offers the formats of ``settings.GAME_KINDS``, in that order, and a format
leaves out the settings it has not."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import registry
from tests.tournaments.test_services import tournament
from tournaments.forms import TournamentForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def only_coiffeur_and_differenzler(settings):
    settings.GAME_KINDS = ["scoring.kinds.coiffeur.kind", "scoring.kinds.differenzler.kind"]
    registry.registered.cache_clear()
    yield
    registry.registered.cache_clear()


def offered_formats(club, make_user) -> list[tuple[str, str]]:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(make_user("admin", club, name="director"))
    page = browser.get(reverse("tournaments:club_tournaments", args=[club.slug])).content.decode()
    select = re.search(r'<select name="format".*?</select>', page, re.S)
    assert select is not None
    return re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', select.group(0))


def test_the_form_offers_each_kind_s_formats_in_the_registry_s_order(club, make_user):
    assert offered_formats(club, make_user) == [
        ("teams", "teams of two"),
        ("individual", "individual, new partners every pass"),
        ("differenzler", "Différenzler, new tablemates every pass"),
    ]


def test_a_site_without_the_team_game_offers_only_differenzler(
    club, make_user, only_coiffeur_and_differenzler
):
    assert offered_formats(club, make_user) == [
        ("differenzler", "Différenzler, new tablemates every pass")
    ]
    t = tournament(club)  # a new tournament: the first format's, and its tie-breaks
    assert (t.format, t.tie_breaks) == ("differenzler", ["exact", "best-hand", "draw"])
    assert t.ruleset.to_dict()["preset"] == "differenzler"


def test_a_format_no_kind_offers_is_not_played(club):
    t = tournament(club, format="guggitaler")

    with pytest.raises(registry.NotOffered):
        t.played_as  # noqa: B018


def test_a_format_leaves_out_the_settings_it_has_not(club):
    teams = TournamentForm(instance=tournament(club, name="Teams"))
    players = TournamentForm(instance=tournament(club, name="Diff", format="differenzler"))

    refused = {"weis", "stoeck", "match_bonus", "best_of", "trump_order_text"}
    assert refused <= set(teams.fields)
    assert not refused & set(players.fields)
    assert (teams.instance.draws_trumps, players.instance.draws_trumps) == (False, True)
    assert [t.instance.played_as.seating for t in (teams, players)] == ["teams", "tablemates"]
