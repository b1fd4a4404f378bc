"""A pass's table cards on paper (issue 35, item 5): every card on a page of its own
in every language, with the longest names the forms take, its slips on that page and
its QR codes inside them; a game of many hands has its score sheet on pages of its
own. Read with poppler (``pdfinfo``, ``pdftotext``), as a director's printer gets it."""

from __future__ import annotations

import datetime as dt
import math
import re
import shutil
import subprocess

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils.translation import trans_real

from tournaments import services
from tournaments.cards import FRONT_HANDS, card_pages, sheet_pages
from tournaments.models import Entry, Tournament

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None,
        reason="poppler-utils (pdftotext, pdfinfo) not installed",
    ),
]

LANGUAGES = [code for code, _name in settings.LANGUAGES]
NAME = Entry._meta.get_field("name").max_length
PLAYER = Entry._meta.get_field("player_1").max_length
TOURNAMENT = Tournament._meta.get_field("name").max_length


@pytest.fixture(autouse=True)
def _no_kept_pdfs():
    cache.clear()
    yield
    cache.clear()


def longest(start: str, words: str, length: int) -> str:
    """A name as long as the form takes, starting with ``start`` (unique on a card)."""
    text = f"{start} {words}"
    while len(text) < length:
        text += f" {words}"
    return text[:length].rstrip()[: length - 1] + "z"


def evening(club, kind: str, tables: int = 9, byes: int = 0, hands: int | None = None):
    """A published first pass of ``tables`` tables with the longest names."""
    differenzler = kind == "differenzler"
    t = Tournament.objects.create(
        club=club,
        name=longest("Grosser", "Preisjass des Jass-Clubs Zürioberland", TOURNAMENT),
        date=dt.date(2026, 11, 28),
        passes=3,
        hands=hands or (12 if differenzler else 16),
        **({"format": "differenzler", "tie_breaks": ["exact", "draw"]} if differenzler else {}),
    )
    seated = 4 if differenzler else 2
    for n in range(tables * seated + byes):
        player = longest(f"P{n:02d}", "Anne-Marie Bürgi-Schwarzenbach de Montmollin", PLAYER)
        if differenzler:
            entry = services.register(t, name=player, player_1=player, player_2="")
        else:
            partner = longest(f"Q{n:02d}", "Hans-Ruedi Zürcher-Oberholzer", PLAYER)
            name = longest(f"T{n:02d}", "Jass-Club Zürioberland Wetzikon-Hinwil", NAME)
            entry = services.register(t, name=name, player_1=player, player_2=partner)
        services.check_in(entry)
    return t, services.publish_pass(services.schedule_next_pass(t))


def sides(t: Tournament) -> int:
    """Who sign a table's result: each player, or each team."""
    return 4 if t.each_for_themselves else 2


def cards_pdf(club, make_user, t, language: str) -> bytes:
    director = Client(HTTP_ACCEPT_LANGUAGE=language)
    director.force_login(make_user("admin", club, name=f"director-{language}"))
    response = director.get(reverse("tournaments:table_cards", args=[t.pk, 1]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return response.content


def pages_of(pdf: bytes) -> list[str]:
    """The text of each page, as pdftotext lays it out; checked against pdfinfo."""
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True)
    count = int(re.search(r"^Pages:\s+(\d+)", info.stdout.decode(), re.M)[1])
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    pages = text.split("\f")[:count]
    assert len(pages) == count
    return pages


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def assert_each_card_on_its_own_pages(t, round_, pages: list[str], extra: int = 0) -> None:
    """Every table's card takes the pages :func:`card_pages` says, in table order, and
    each page holds that table's own names and slip codes and no other table's."""
    per_card = card_pages(t.hands, sides(t))
    tables = list(round_.tables.order_by("number"))
    assert len(pages) == len(tables) * per_card + extra
    entries = {e.pk: e for e in t.entries.all()}
    names = {  # the start of each name, unique: "P03Anne-"
        table.number: [flat(entries[i].player_1)[:8] for i in table.seats] for table in tables
    }
    headed = {  # the names over the score sheet: the players', or the teams'
        table.number: [
            flat(entries[i].player_1 if t.each_for_themselves else entries[i].name)[:8]
            for i in table.seats
        ]
        for table in tables
    }
    for index, table in enumerate(tables):
        front = flat(pages[index * per_card])
        for mark in names[table.number] + table.codes:  # names above, slips below
            assert mark in front, (table.number, mark)
        for other, theirs in names.items():
            if other != table.number:
                assert not any(name in front for name in theirs), (table.number, other)
        assert front.count("✂") == 1  # one cut line: the slips of one card
        for page in pages[index * per_card + 1 : (index + 1) * per_card]:
            assert all(name in flat(page) for name in headed[table.number])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["differenzler", "teams"])
def test_every_card_with_the_longest_names_fits_its_page(club, make_user, kind, language):
    """Nine tables, as on the evening the slips spilled onto second pages, and two
    entries sitting out: one page a table, then the page of the byes."""
    t, first = evening(club, kind, byes=2 if kind == "differenzler" else 1)
    assert first.byes

    pages = pages_of(cards_pdf(club, make_user, t, language))

    assert_each_card_on_its_own_pages(t, first, pages, extra=1)
    assert all(flat(e.name)[:20] in flat(pages[-1]) for e in t.entries.filter(pk__in=first.byes))


FILLER = "lorem ipsum dolor sit amet consectetur adipiscing elit "


class _Longer:
    """A language's translations, each a third longer (as Italian or a new language
    may be): the cards must still fit."""

    def __init__(self, real):
        self.real = real

    def _longer(self, text: str) -> str:
        more = math.ceil(len(text) / 3)
        return f"{text} {(FILLER * (more // len(FILLER) + 1))[:more]}"

    def gettext(self, message: str) -> str:
        return self._longer(self.real.gettext(message))

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return self._longer(self.real.ngettext(singular, plural, number))

    def __getattr__(self, name: str):
        return getattr(self.real, name)


@pytest.fixture
def longer_words(monkeypatch):
    real = trans_real.translation
    monkeypatch.setattr(trans_real, "translation", lambda language: _Longer(real(language)))
    yield
    trans_real.deactivate()  # no longer words left for the next test


@pytest.mark.parametrize("kind", ["differenzler", "teams"])
def test_the_cards_still_fit_with_every_phrase_a_third_longer_than_in_french(
    club, make_user, longer_words, kind
):
    t, first = evening(club, kind, tables=3)

    pages = pages_of(cards_pdf(club, make_user, t, "fr"))

    assert "lorem ipsum" in pages[0]  # the longer words were printed
    assert_each_card_on_its_own_pages(t, first, pages)


@pytest.mark.parametrize("kind", ["differenzler", "teams"])
def test_a_game_of_more_hands_than_the_front_holds_has_its_sheet_on_pages_of_its_own(
    club, make_user, kind
):
    t, first = evening(club, kind, tables=2, hands=64)

    pages = pages_of(cards_pdf(club, make_user, t, "en"))

    assert card_pages(64, sides(t)) == 3  # the front, then 40 hands and 24 more
    assert_each_card_on_its_own_pages(t, first, pages)
    assert "fill in the score sheet on the next pages" in " ".join(pages[0].split())
    sheet = pages[1] + pages[2]
    assert re.search(r"^\s*64\s", sheet, re.M)  # every hand has its row
    assert ("Difference" if t.each_for_themselves else "Total") in pages[2]


def test_where_a_score_sheet_goes():
    for sides in (4, 2):  # each player for themselves (Différenzler), or two teams
        most = FRONT_HANDS[sides]
        assert sheet_pages(most, sides)[0] is True
        front, parts = sheet_pages(most + 1, sides)
        assert front is False
        assert [list(p.hands) for p in parts] == [list(range(1, most + 2))]
        assert card_pages(most + 1, sides) == 2
    _front, parts = sheet_pages(40, 4)  # a full page: the difference on the next
    assert [len(p.hands) for p in parts] == [40, 0]
    assert [p.last for p in parts] == [False, True]
