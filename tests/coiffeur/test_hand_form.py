"""The Coiffeur hand form (forms.CoiffeurHandForm and hand_form.html): the side, one of its
open rows, the card points or match, counter-match, struck; the engine's refusals beside
the field they concern; what a misère hand counts, shown before it is saved."""

from __future__ import annotations

import re
import uuid

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scoring.kinds.coiffeur.forms import CoiffeurHandForm
from scoring.kinds.coiffeur.rules import CoiffeurHand

from .sheets import EIGHT, OPENING, SEED, SIDES, THREE, THREE_SIDES, h

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def english():
    with translation.override("en"):
        yield


def form(ruleset=SEED, hands=OPENING, sides=SIDES, data=None, **kwargs):
    if data is not None:
        data = {"hand_number": len(hands) + 1, "form_key": str(uuid.uuid4()), **data}
    return CoiffeurHandForm(data, ruleset=ruleset, hands=hands, side_names=sides, **kwargs)


def offered(html, side):
    """The rows the page offers under ``side``: the values of its group's buttons."""
    group = re.search(
        rf'<fieldset class="field-row coiffeur-rows rows-of-{side}.*?</fieldset>', html, re.S
    )
    return re.findall(r'name="row_\d" id="[^"]+" value="([^"]+)"', group.group(0))


def rendered(f, **context):
    return render_to_string(
        "scoring/kinds/coiffeur/hand_form.html", {"form": f, "action": "/h", **context}
    )


def test_a_plain_hand_is_side_row_and_points():
    f = form(data={"team": "1", "row_1": "obe-abe", "points": "61"})

    assert f.is_valid(), f.errors
    assert f.cleaned_data["hand"] == CoiffeurHand(1, "obe-abe", 61)


def test_each_side_is_offered_only_its_own_open_rows():
    f = form()
    html = rendered(f)

    assert [b.value for b in f.row_groups[0].buttons] == [
        "diamonds",
        "hearts",
        "spades",
        "unde-ufe",
        "slalom",
        "misere",
        "3x3",
        "choice",
    ]
    assert offered(html, 0) == [b.value for b in f.row_groups[0].buttons]
    assert "misere" not in offered(html, 1)
    assert "clubs" not in offered(html, 1)
    assert "obe-abe" in offered(html, 1)
    assert "obe-abe" not in offered(html, 0)


def test_the_side_whose_turn_it_is_comes_chosen():
    # B struck clubs last: A announces next
    assert form().chosen_side == 0
    assert form(hands=OPENING[:3]).chosen_side == 1
    assert form(hands=[]).chosen_side == 0
    assert [g.chosen for g in form().row_groups] == [True, False]


def test_a_side_that_has_played_every_row_is_not_chosen_and_cannot_be():
    hands = [h(0, name, 50) for name in EIGHT.names] + [h(1, "clubs", 40)]
    f = form(EIGHT, hands)
    html = rendered(f)

    assert f.chosen_side == 1
    assert [b.full for b in f.side_buttons] == [True, False]
    assert re.search(r'id="id_team_0" value="0" disabled', html)
    assert "Every row played: Anne &amp; Claude." in html


def test_a_row_the_side_has_already_played_is_refused_beside_the_rows():
    f = form(data={"team": "1", "row_1": "misere", "points": "40"})

    assert not f.is_valid()
    assert f.errors["row_1"] == [
        "Bernard & Denise has already played Misère (hand 2): choose one of its open rows."
    ]
    html = rendered(f)
    assert (
        'id="row_1-error" class="invalid-feedback d-block">Bernard &amp; Denise has already' in html
    )
    assert 'aria-describedby="row_1-error"' in html
    assert 'aria-invalid="true"' in html
    summary = r'<div class="[^"]*coiffeur-error-summary" id="[^"]+" role="alert" tabindex="-1">'
    assert re.search(summary, html)
    assert '<a href="#id_row_1_0">Row</a>: Bernard &amp; Denise has already played' in html


def test_the_other_sides_open_row_is_no_choice_for_this_side():
    # obe-abe is open for B, played by A: sent for A it is refused, naming A's hand
    f = form(data={"team": "0", "row_0": "obe-abe", "points": "40"})

    assert not f.is_valid()
    assert f.errors["row_0"] == [
        "Anne & Claude has already played ↓ Obe-abe (hand 1): choose one of its open rows."
    ]


def test_a_row_not_on_the_sheet_is_refused_beside_the_rows():
    f = form(data={"team": "0", "row_0": "guschti", "points": "40"})

    assert not f.is_valid()
    assert f.errors["row_0"] == ["There is no row guschti on this sheet."]


def test_a_row_must_be_chosen_for_the_chosen_side():
    # the row chosen under A before switching to B is not taken for B
    f = form(data={"team": "1", "row_0": "hearts", "points": "40"})

    assert not f.is_valid()
    assert f.errors["row_1"] == ["Choose the row played by Bernard & Denise."]


def test_the_side_must_be_chosen():
    f = form(data={"team": "", "row_0": "hearts", "points": "40"})

    assert f.errors["team"] == ["Choose the side that announced."]


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ("158", "At most 157 card points. All nine tricks are a match: choose Match."),
        ("-1", "Card points are 0 to 157, never below 0."),
        ("4.5", "Type the card points as a whole number, 0 to 157."),
        ("", "Type the card points (0 to 157), or choose Match, Counter-match or Struck."),
    ],
)
def test_card_points_are_0_to_157(points, message):
    f = form(data={"team": "0", "row_0": "hearts", "points": points})

    assert f.errors["points"] == [message]
    assert 'aria-describedby="points-error' in rendered(f)


@pytest.mark.parametrize(
    ("outcome", "row", "hand"),
    [
        ("match", "hearts", CoiffeurHand(0, "hearts", 157, match=True)),
        ("match", "misere", CoiffeurHand(0, "misere", 0, match=True)),
        ("counter", "hearts", CoiffeurHand(0, "hearts", 0, counter=True)),
        ("counter", "misere", CoiffeurHand(0, "misere", 157, counter=True)),
        ("struck", "hearts", CoiffeurHand(0, "hearts", None, struck=True)),
    ],
)
def test_match_counter_match_and_struck_need_no_card_points(outcome, row, hand):
    f = form(data={"team": "0", "row_0": row, "outcome": outcome, "points": ""})

    assert f.is_valid(), f.errors
    assert f.cleaned_data["hand"] == hand


def test_match_counter_match_and_struck_are_one_choice():
    html = rendered(form())

    assert len(re.findall(r'type="radio" class="btn-check" name="outcome"', html)) == 4
    assert re.search(r'name="outcome" id="id_outcome_0" value="cards" checked', html)


def test_a_misere_match_with_all_nine_tricks_says_what_a_misere_match_is():
    f = form(data={"team": "0", "row_0": "misere", "outcome": "match", "points": "157"})

    assert f.errors["points"] == [
        "A match in Misère is 0 card points, not 157: correct the card points or clear them."
    ]


def test_a_struck_row_with_card_points_says_to_clear_them():
    f = form(data={"team": "0", "row_0": "hearts", "outcome": "struck", "points": "0"})

    assert f.errors["points"] == [
        "A struck row has no card points: clear the card points, or choose Card points."
    ]


def test_misere_shows_157_minus_the_points_before_saving():
    f = form(data={"team": "0", "row_0": "misere", "points": "40"})

    assert f.is_valid()
    assert f.misere_note == "Misère: counted as 157 − 40 = 117, × 8 = 936"
    html = rendered(f)
    assert ">Misère: counted as 157 − 40 = 117, × 8 = 936</p>" in html
    assert 'data-counted="Misère: counted as 157 − %(points)s = %(counted)s' in html
    assert 'data-misere data-multiplier="8"' in html


def test_misere_is_explained_while_no_points_are_typed():
    note = form().misere_note

    assert note.startswith("Misère counts 157 − card points.")


def test_a_sheet_without_misere_has_no_misere_line():
    f = form(EIGHT, [])

    assert f.misere_note is None
    assert "misere-note" not in rendered(f)


def test_three_sides_are_offered_and_each_keeps_its_rows():
    f = form(THREE, THREE_SIDES, ("A", "B", "C"))
    html = rendered(f)

    assert [b.name for b in f.side_buttons] == ["A", "B", "C"]
    assert f.chosen_side == 0  # after C
    assert "obe-abe" not in offered(html, 2)
    assert len(offered(html, 2)) == 9
    valid = form(
        THREE, THREE_SIDES, ("A", "B", "C"), data={"team": "2", "row_2": "misere", "points": "3"}
    )
    assert valid.is_valid(), valid.errors
    assert valid.cleaned_data["hand"] == CoiffeurHand(2, "misere", 3)


def test_a_side_that_does_not_exist_is_refused():
    f = form(data={"team": "2", "row_0": "hearts", "points": "40"})

    assert "team" in f.errors


def test_a_full_sheet_takes_no_hand():
    from .sheets import FULL_EIGHT

    f = form(EIGHT, FULL_EIGHT, data={"team": "0", "row_0": "clubs", "points": "40"})

    assert f.non_field_errors() == ["The sheet was full after hand 16; no hand may follow"]


def test_correcting_a_hand_offers_its_own_row_again():
    initial = CoiffeurHandForm.initial_for(2, OPENING[1], version="v1")
    f = CoiffeurHandForm(initial=initial, ruleset=SEED, hands=OPENING, side_names=SIDES, number=2)
    html = rendered(f, number=2)

    assert f.chosen_side == 1
    assert "misere" in offered(html, 1)
    assert re.search(r'value="misere" checked', html)
    assert 'value="20"' in html
    assert "Why (for the record of changes)" in html
    data = {**initial, "team": "1", "row_1": "misere", "points": "25", "outcome": "cards"}
    fixed = CoiffeurHandForm(data, ruleset=SEED, hands=OPENING, side_names=SIDES, number=2)
    assert fixed.is_valid(), fixed.errors
    assert fixed.cleaned_data["hand"] == CoiffeurHand(1, "misere", 25)


def test_the_save_button_names_the_hand():
    assert "Save hand 5" in rendered(form())


def test_a_played_row_is_refused_even_when_the_points_are_wrong_too():
    f = form(data={"team": "1", "row_1": "misere", "points": "170"})

    assert set(f.errors) == {"row_1", "points"}
    assert [line.label for line in f.error_summary] == ["Row", "Card points"]
    assert [line.anchor for line in f.error_summary] == ["id_row_1_0", "id_points"]


@pytest.mark.parametrize("language", ["fr", "de", "it"])
def test_the_phone_carries_the_forms_own_words_in_the_readers_language(language):
    """What coiffeur_offline.js says when it refuses a hand (#coiffeur-checks): the
    form's words, translated, with places the script fills in; filled, they are what
    the server says of the same hand (issue 34)."""
    with translation.override(language):
        taken = form(data={"team": "0", "row_0": "clubs", "points": "40"})
        assert not taken.is_valid()
        match = form(data={"team": "0", "row_0": "misere", "outcome": "match", "points": "12"})
        assert not match.is_valid()
        checks = form().phone_checks

    said = checks["messages"]
    rows = checks["rows"]  # in the reader's language: "♣ Trèfle", "♣ Kreuz"
    assert rows["clubs"] != "♣ Clubs"
    filled = said["cell_filled"].format(side=SIDES[0], row=rows["clubs"], earlier=3)
    assert taken.errors["row_0"] == [filled]
    misere = said["match_cards"].format(row=rows["misere"], cards=0, value=12)
    assert match.errors["points"] == [misere]
    assert checks["heading"] != "The hand was not saved:"
    # between a field's name and its problem, as the page's list: French "\xa0: "
    assert checks["colon"] == {"fr": "\xa0: ", "de": ": ", "it": ": "}[language]
    assert checks["sides"] == list(SIDES)
