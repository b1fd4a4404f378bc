"""The hand form is drawn from plain data (radio buttons, Weis counts) and its plain
inputs by a filter rather than Django's widget templates, to record a hand in issue
13's time: what comes out is what Django's widgets would write."""

from __future__ import annotations

import uuid

import pytest

from scoring.kinds.team import rules
from scoring.kinds.team.hand_buttons import radios
from scoring.kinds.team.hand_form import HandForm, UndoForm
from scoring.kinds.team.templatetags import plain_input
from scoring.suits import trump_label

TEAMS = ("Les Bourgs", "Les <Nells>")
RADIO_FIELDS = ("trump", "typed_team", "match", "weis_team", "stoeck", "out_first")


def forms_to_draw() -> list[HandForm]:
    chibre = rules.preset("chibre")
    return [
        HandForm(initial=HandForm.initial_for(3), ruleset=chibre, team_names=TEAMS),
        HandForm(
            initial={**HandForm.initial_for(3, version='v<"&'), "chibre": True, "match": "1"},
            ruleset=chibre,
            team_names=TEAMS,
            suit_style="german",
        ),
        HandForm(
            {"hand_number": "x", "form_key": "?", "trump": "nope", "chibre": "on", "stoeck": "1"},
            ruleset=chibre,
            team_names=TEAMS,
        ),
        HandForm(
            {"hand_number": "2", "form_key": str(uuid.uuid4()), "trump": "clubs", "match": ""},
            ruleset=rules.preset("schieber-2500"),
            team_names=TEAMS,
            prefix="fix",
        ),
        HandForm(initial=HandForm.initial_for(1), ruleset=chibre, team_names=TEAMS, auto_id=False),
    ]


@pytest.mark.parametrize("form", forms_to_draw())
def test_radio_buttons_are_those_radio_select_draws(form):
    form.is_valid() if form.is_bound else None
    for name in RADIO_FIELDS:
        widgets = [
            (
                w.data["name"],
                w.id_for_label,
                str(w.data["value"]),
                str(w.choice_label),
                w.data["selected"],
            )
            for w in form[name]
        ]
        drawn = [(r.name, r.id, str(r.value), str(r.label), r.checked) for r in radios(form[name])]
        assert drawn == widgets, name


@pytest.mark.parametrize("form", [*forms_to_draw(), UndoForm({"hand_number": "z"}), UndoForm()])
def test_plain_inputs_are_written_as_their_widgets_write_them(form):
    form.is_valid() if form.is_bound else None
    for name in ("hand_number", "form_key", "version", "chibre"):
        if name in form.fields:
            assert str(plain_input(form[name])) == str(form[name]), name


def test_any_other_widget_is_drawn_by_its_template():
    form = HandForm(
        initial=HandForm.initial_for(1), ruleset=rules.preset("chibre"), team_names=TEAMS
    )

    assert str(plain_input(form["trump"])) == str(form["trump"])


def test_the_imposed_trump_is_the_only_one_offered_and_chosen():
    form = HandForm(
        initial=HandForm.initial_for(2),
        ruleset=rules.preset("chibre"),
        team_names=TEAMS,
        imposed_trump="spades",
    )

    assert [(t.value, t.checked, t.trump, t.suit) for t in form.trumps] == [
        ("spades", True, trump_label("spades"), True)
    ]
