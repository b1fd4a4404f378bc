"""The Coiffeur sheet and hand form in French, German, Italian and English: the words players
use, and no English left in a French or German page."""

from __future__ import annotations

import html
import re
import uuid
from pathlib import Path

import polib
import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scoring.kinds.coiffeur.forms import CoiffeurHandForm
from scoring.kinds.coiffeur.presenter import sheet_view
from scripts.catalogues import catalogues

from .sheets import (
    CAUGHT_NEVER,
    COUNTERED,
    DRAWN_EIGHT,
    EIGHT,
    FULL_EIGHT,
    OPENING,
    PENALTY,
    SEED,
    SIDES,
    THREE,
    THREE_SIDES,
)

ROOT = Path(__file__).resolve().parents[2]
OURS = "scoring/kinds/coiffeur/"  # its package, templates included
PLACE = re.compile(r"%\(\w+\)[sd]|\{[^{}]*\}")


def pages(language):
    """Every state of the sheet and the form, rendered in ``language``."""
    drawn = []
    with translation.override(language):
        for ruleset, hands in [
            (SEED, OPENING),
            (EIGHT, FULL_EIGHT),
            (EIGHT, DRAWN_EIGHT),
            (EIGHT, CAUGHT_NEVER),
            (PENALTY, COUNTERED),
            (THREE, THREE_SIDES),
        ]:
            names = ("A", "B", "C")[: ruleset.teams]
            view = sheet_view(ruleset, hands, names)
            drawn.append(render_to_string("scoring/kinds/coiffeur/sheet.html", {"sheet": view}))
        for data in [
            None,
            {"team": "1", "row_1": "misere", "points": "40"},  # played already
            {"team": "0", "row_0": "misere", "points": "40"},  # the misère line
            {"team": "0", "row_0": "misere", "outcome": "match", "points": "157"},
            {"team": "0", "row_0": "hearts", "outcome": "struck", "points": "3"},
            {"team": "0", "row_0": "hearts", "points": "158"},
            {"team": "0", "row_0": "hearts", "points": ""},
            {"team": "1", "points": "3"},
            {"team": ""},
        ]:
            if data is not None:
                data = {"hand_number": 5, "form_key": str(uuid.uuid4()), **data}
            form = CoiffeurHandForm(data, ruleset=SEED, hands=OPENING, side_names=SIDES)
            form.is_valid() if data else None
            context = {"form": form, "action": "/h", "number": 2}
            drawn.append(render_to_string("scoring/kinds/coiffeur/hand_form.html", context))
    # what a person sees or hears: the text and the titles, not the names of the fields
    titles = re.compile(r'(?:title|aria-label|placeholder|data-rule|data-counted)="([^"]*)"')
    return [
        html.unescape(re.sub(r"<[^>]*>", " ", page) + " ".join(titles.findall(page)))
        for page in drawn
    ]


def english_of_ours(language):
    """The English words of the Coiffeur screens that ``language`` says otherwise: each
    message's pieces between its placeholders (its own catalogue's, and the core's that
    its code uses)."""
    pieces = set()
    for entry in (e for path in catalogues(language) for e in polib.pofile(str(path))):
        if not any(path.startswith(OURS) for path, _line in entry.occurrences):
            continue
        translated = entry.msgstr_plural.get(0) if entry.msgid_plural else entry.msgstr
        if translated == entry.msgid:
            continue
        said = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
        for text in filter(None, [entry.msgid, entry.msgid_plural]):
            # a piece the translation says too ("points.", "Misère") is not English
            pieces |= {p.strip() for p in PLACE.split(text) if len(p.strip()) >= 5} - {
                p.strip() for p in PLACE.split(text) if p.strip() in said
            }
    return pieces


@pytest.mark.parametrize("language", ["fr", "de", "it"])
def test_no_english_is_left_on_a_french_or_german_screen(language):
    pieces = english_of_ours(language)
    drawn = "\n".join(pages(language))

    english = "\n".join(pages("en"))

    assert len([p for p in pieces if p in english]) > 30  # the pages show them in English
    assert sorted(p for p in pieces if p in drawn) == []


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Coiffeur sheet", "Counter-match", "struck", "Misère", "Still to play"]),
        ("fr", ["Feuille de Coiffeur", "Contre-match", "biffé", "Misère", "Reste à jouer"]),
        ("de", ["Coiffeur-Tafel", "Kontermatch", "gestrichen", "Misère", "Noch zu spielen"]),
        ("it", ["Foglio del Coiffeur", "Contromatch", "barrata", "Misère", "Ancora da giocare"]),
    ],
)
def test_the_words_players_use(language, words):
    drawn = "\n".join(pages(language))

    assert [word for word in words if word not in drawn] == []


@pytest.mark.parametrize(
    ("language", "rows"),
    [
        ("fr", ["↓ Obe-abe", "↑ Unde-ufe", "Slalom", "Misère", "3×3", "Au choix"]),
        ("de", ["↓ Obenabe", "↑ Undenufe", "Slalom", "Misère", "3×3", "Wunsch"]),
        ("it", ["↓ Obenabe", "↑ Undenufe", "Slalom", "Misère", "3×3", "A scelta"]),
    ],
)
def test_the_rows_are_named_in_the_readers_language(language, rows):
    with translation.override(language):
        labels = [str(row.label) for row in sheet_view(SEED, [], SIDES).rows]

    assert labels[4:] == rows


def test_guschti_keeps_its_name():
    from scoring.kinds.coiffeur.sheet import preset

    for language in ("fr", "de", "it", "en"):
        with translation.override(language):
            labels = [
                str(row.label) for row in sheet_view(preset("coiffeur-guschti"), [], SIDES).rows
            ]
        assert "Guschti" in labels


def test_the_misere_line_in_german():
    data = {"hand_number": 5, "form_key": str(uuid.uuid4()), "team": "0", "row_0": "misere"}
    with translation.override("de"):
        form = CoiffeurHandForm(
            {**data, "points": "40"}, ruleset=SEED, hands=OPENING, side_names=SIDES
        )
        assert form.misere_note == "Misère: gezählt als 157 − 40 = 117, × 8 = 936"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "Doit être une liste d’un ou deux noms de joueurs"),
        ("de", "Muss eine Liste mit einem oder zwei Spielernamen sein"),
        ("it", "Deve essere una lista di uno o due nomi di giocatori"),
    ],
)
def test_a_side_of_three_players_is_refused_in_the_readers_words(language, expected):
    from scoring.forms import problem_message
    from scoring.kinds.coiffeur.gamefile import read_game
    from scoring.rules import RulesError

    document = {
        "format": "jass-game/1",
        "ruleset": {"preset": "coiffeur-3"},
        "teams": [
            {"name": "A", "players": ["Anne"]},
            {"name": "B", "players": ["Beat", "Claude", "Dora"]},
            {"name": "C", "players": ["Emil"]},
        ],
        "hands": [],
    }
    with pytest.raises(RulesError) as refused, translation.override(language):
        read_game(document)
    with translation.override(language):
        messages = [problem_message(problem) for problem in refused.value.problems]
    assert expected in messages


@pytest.mark.parametrize(
    ("typed", "mode"),
    [
        ("Cuori", "hearts"),
        ("scudi", "hearts"),
        ("Quadri", "diamonds"),
        ("campanelli", "diamonds"),
        ("Fiori", "clubs"),
        ("ghiande", "clubs"),
        ("Picche", "spades"),
        ("Dall'alto", "obe-abe"),
        ("dal basso", "unde-ufe"),
        ("A scelta", "choice"),
        ("Briscola a scelta", "trump"),
        ("Miseria", "misere"),
        ("3 per 3", "3x3"),
    ],
)
def test_a_row_named_as_ticino_players_name_it(typed, mode):
    from scoring.kinds.coiffeur.names import mode_of

    assert mode_of(typed) == mode
