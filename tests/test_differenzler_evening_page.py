"""The evening's page for a Différenzler evening (RULES.md §10, §15): each player's
differences summed over the club's Différenzler games of the date, places 1, 2, 2, 4;
a date with games in Striche too shows both; a season links both kinds to it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import season_evenings
from tests.test_evenings import NIGHT, schneider
from tests.test_season_evenings import DIFF_NIGHT, differenzler, members  # noqa: F401

pytestmark = pytest.mark.django_db


def diff_lines(html: str) -> list[tuple[str, ...]]:
    """The Différenzler ranking as the page shows it: place, player, games, difference."""
    section = html.split('class="differenzler-evening"')[1].split("</table>")[0]
    body = section.split("<tbody>")[1]
    cells = r"<t[dh][^>]*>(.*?)</t[dh]>"
    return [
        tuple(re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(cells, row))
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def two_tables(club, on=DIFF_NIGHT):
    # differences: Anne 2 + 0, Beat 4 + 2, Carla 0 + 6, Dario 2 + 4
    differenzler(
        club,
        ["Anne", "Beat", "Carla", "Dario"],
        [([50, 40, 30, 37], [48, 44, 30, 35]), ([40, 40, 40, 37], [40, 38, 46, 33])],
        on=on,
    )
    # Erika 1 + 1, Fritz 3 + 3, Gina 0 + 0, Hugo 2 + 2
    differenzler(
        club,
        ["Erika", "Fritz", "Gina", "Hugo"],
        [([40, 40, 40, 37], [39, 43, 40, 35]), ([40, 40, 40, 37], [41, 37, 40, 39])],
        name="Différenzler, table 2",
        on=on,
    )


def test_the_evening_page_ranks_a_differenzler_evening(client, club, members):  # noqa: F811
    two_tables(club)

    page = client.get(
        reverse("clubs:evening", args=[club.slug, DIFF_NIGHT.isoformat()]),
        HTTP_ACCEPT_LANGUAGE="en",
    )

    html = page.content.decode()
    assert "No game of the club counted" not in html
    assert "2 Différenzler games." in html
    assert diff_lines(html) == [
        ("1", "Gina", "1", "0"),
        ("2", "Anne", "1", "2"),
        ("2", "Erika", "1", "2"),
        ("4", "Hugo", "1", "4"),
        ("5", "Beat", "1", "6"),
        ("5", "Carla", "1", "6"),
        ("5", "Dario", "1", "6"),
        ("5", "Fritz", "1", "6"),
    ]
    assert "Différenzler, table 2" in html
    assert "Anne 2 · Beat 6 · Carla 6 · Dario 6" in html  # each game's players in seat order
    assert "counted in Striche." not in html  # no section in Striche that date


def test_a_date_with_both_kinds_shows_both_and_an_empty_date_says_so(client, club, members):  # noqa: F811
    schneider(client, club, ("Anne", "Beat"), ("Carla", "Dario"))
    two_tables(club, on=NIGHT)
    url = reverse("clubs:evening", args=[club.slug, NIGHT.isoformat()])

    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "1 game counted in Striche." in html
    assert "2 Différenzler games." in html
    assert diff_lines(html)[0] == ("1", "Gina", "1", "0")
    empty = client.get(
        reverse("clubs:evening", args=[club.slug, "2026-11-21"]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "No game of the club counted in Striche on this date, and no Différenzler game." in empty
    assert "differenzler-evening" not in empty


def test_the_evening_page_follows_a_differenzler_hand_live(client, club, members):  # noqa: F811
    two_tables(club)
    page = client.get(reverse("clubs:evening", args=[club.slug, DIFF_NIGHT.isoformat()]))
    poll = re.search(r'hx-get="([^"]+/live/\?shown=[0-9a-f]+)"', page.content.decode()).group(1)
    assert "hx-select" not in client.get(poll).content.decode()  # nothing new

    differenzler(club, ["Anne", "Beat", "Carla", "Dario"], [([0, 0, 0, 0], [40, 40, 40, 37])])

    assert 'hx-select="#evening"' in client.get(poll).content.decode()


def test_the_season_links_a_differenzler_evening_to_its_page(client, club, members):  # noqa: F811
    two_tables(club)

    found = season_evenings.season_rankings(club, [DIFF_NIGHT])[DIFF_NIGHT]

    assert found["url"] == reverse("clubs:evening", args=[club.slug, "2026-11-13"])
    assert client.get(found["url"]).status_code == 200


def test_the_evenings_name_the_kind_as_its_rows_keep_it():
    from scoring import differenzler_evenings, registry
    from scoring.kinds.differenzler import storage

    assert differenzler_evenings.DIFFERENZLER == storage.NAME == registry.named("differenzler").name
