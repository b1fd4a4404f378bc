"""Random Coiffeur game files both ways through the site (issue 25, item 3): a valid file
is imported and exported with the same hands and result, and its statistics rows are
the ones a rebuild makes; a broken one (a row played twice, a hand after the sheet is
full, a match or counter-match whose card points do not fit its row, two of match,
counter-match and struck, card points missing or given with struck, a side that does not
exist, a ruleset out of its bounds) is refused naming the hand and field, and nothing is
stored."""

from __future__ import annotations

import copy
import json
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import services, statistics
from scoring.kinds.coiffeur.gamefile import CoiffeurRecord, Side
from scoring.kinds.coiffeur.rules import CoiffeurHand
from scoring.kinds.coiffeur.sheet import parse_ruleset
from scoring.models import Game, Hand, PlayerResult
from scoring.rules import RulesError
from tests.rules.test_coiffeur import sheets

pytestmark = pytest.mark.django_db
NAMES = ("Anne", "Bernard", "Claude", "Denise", "Emil", "Fritz")
FLAGS = ("match", "counter", "struck")


def document(ruleset, hands) -> dict:
    sides = tuple(
        Side(f"Side {s}", NAMES[2 * s : 2 * s + 2] if ruleset.teams == 2 else (NAMES[s],))
        for s in range(ruleset.teams)
    )
    return CoiffeurRecord("Random sheet", None, ruleset, sides, tuple(hands)).to_dict()


def stored() -> tuple[int, int, int]:
    return Game.objects.count(), Hand.objects.count(), PlayerResult.objects.count()


SLOW = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SLOW
@given(sheets())
def test_a_random_sheet_round_trips_through_import_and_export(club, sheet):
    ruleset, hands = sheet
    data = document(ruleset, hands)

    game = services.import_game(copy.deepcopy(data), club=club)

    exported = services.export_game(Game.objects.with_everything().get(pk=game.pk))
    exported.pop("x-jassclub")
    assert exported == data
    assert statistics.differing(Game.objects.filter(pk=game.pk)) == []
    again = services.import_game(exported, club=club)
    assert services.export_game(Game.objects.with_everything().get(pk=again.pk)) == (
        services.export_game(Game.objects.with_everything().get(pk=game.pk))
    )


def _cell_hand(data, number):
    return data["hands"][number - 1]


@st.composite
def broken_files(draw):
    """A valid sheet with one thing broken: (the file, the hand named or None, the field)."""
    ruleset, hands = draw(sheets().filter(lambda sheet: len(sheet[1]) >= 1))
    data = document(ruleset, hands)
    number = draw(st.integers(1, len(hands)))
    record = _cell_hand(data, number)
    what = draw(
        st.sampled_from(
            [
                "twice",
                "after full",
                "match cards",
                "counter cards",
                "two flags",
                "cards missing",
                "cards with struck",
                "no such side",
                "ruleset",
            ]
        )
    )
    if what == "twice":  # the same cell again, as the next hand
        again = dict(record)
        data["hands"].append(again)
        full = len(hands) == len(ruleset.names) * ruleset.teams
        return data, len(data["hands"]), "hands" if full else "row"
    if what == "after full":
        full = len(ruleset.names) * ruleset.teams
        if len(hands) < full:
            return draw(broken_files())
        data["hands"].append({"team": 0, "row": ruleset.names[0], "cards": 50})
        return data, len(data["hands"]), "hands"
    if what == "match cards":
        record.update(match=True, counter=False, struck=False)
        record["cards"] = draw(st.integers(1, 156))
        return data, number, "cards"
    if what == "counter cards":
        record.update(match=False, counter=True, struck=False)
        record["cards"] = draw(st.integers(1, 156))
        return data, number, "cards"
    if what == "two flags":
        first, second = draw(st.permutations(FLAGS))[:2]
        record.update({first: True, second: True})
        return data, number, "match"
    if what == "cards missing":
        record.update(match=False, counter=False, struck=False, cards=None)
        return data, number, "cards"
    if what == "cards with struck":
        record.update(match=False, counter=False, struck=True, cards=draw(st.integers(0, 157)))
        return data, number, "cards"
    if what == "no such side":
        record["team"] = draw(st.sampled_from([-1, ruleset.teams, 7]))
        return data, number, "team"
    field, value = draw(
        st.sampled_from(
            [
                ("match_value", 200),
                ("match_bonus", 1001),
                ("counter_bonus", -1),
                ("counter_penalty", 5000),
                ("teams", 4),
                ("rounded", "yes"),
                ("rows", [["clubs", 1]] * 2),
                ("rows", [[f"r{n}", 1] for n in range(5)]),
                ("rows", [[f"r{n}", 21] for n in range(6)]),
            ]
        )
    )
    data["ruleset"][field] = value
    return data, None, f"ruleset.{field}"


@SLOW
@given(broken_files())
def test_a_broken_file_is_refused_naming_hand_and_field_and_nothing_is_stored(club, broken):
    data, number, field = broken
    before = stored()

    with pytest.raises(RulesError) as refused:
        services.import_game(data, club=club)

    problem = refused.value.problems[0]
    assert problem.hand == number, problem
    assert problem.field == field or problem.field.startswith(field), problem
    assert stored() == before


def test_a_file_whose_free_row_reads_as_misere_is_refused_naming_it_and_nothing_is_stored(club):
    """Issue 34: ["Misär", 8] would be a free row scored like a trump (40 card points:
    320, where misère writes 936); the file must say misère by the row's name."""
    from scoring.kinds.coiffeur.sheet import preset

    data = document(preset("coiffeur"), [])
    data["ruleset"]["rows"][7] = ["Misär", 8]
    data["hands"] = [{"team": 0, "row": "Misär", "cards": 40}]
    del data["result"]
    before = stored()
    with pytest.raises(RulesError) as refused:
        services.import_game(data, club=club)
    problem = refused.value.problems[0]
    assert problem.field == "ruleset.rows[7][0]"
    assert problem.message.startswith("“Misär” reads as misère")
    assert stored() == before
    data["ruleset"]["rows"][7] = ["misere", 8, "Misär"]
    data["hands"][0]["row"] = "misere"
    game = services.import_game(data, club=club)
    assert services.export_game(game)["result"]["cells"][0][7] == 936


def test_a_game_started_from_misar_before_issue_34_exports_and_imports_as_it_was_scored(club):
    """Before issue 34 the start form made "Misär ×8" the free row ["misar", 8, "Misär"],
    scored like a trump (40 card points: 320). Such games are stored; their export
    carries that row and its result, and must import again, in a club's whole backup
    too (all or none): same totals, the same file byte for byte."""
    rows = [list(row) for row in parse_ruleset({"preset": "coiffeur"}).to_dict()["rows"]]
    rows[7] = ["misar", 8, "Misär"]  # as the start form wrote it then
    ruleset = parse_ruleset({"preset": "coiffeur", "rows": rows})
    sides = (
        Side("Anne & Claude", ("Anne", "Claude")),
        Side("Bernard & Denise", ("Bernard", "Denise")),
    )
    record = CoiffeurRecord("Coiffeur im Keller", None, ruleset, sides, ())
    old = services.start_once(record, club=club, suit_style="german", form_key=uuid.uuid4())
    author = services.Author(device="the scorer's phone")
    for number, played in enumerate(
        [CoiffeurHand(0, "misar", 40), CoiffeurHand(1, "hearts", 80)], start=1
    ):
        services.record_hand(old, played, number=number, form_key=uuid.uuid4(), author=author)
    old = Game.objects.with_everything().get(pk=old.pk)
    exported = services.export_game(old)
    assert exported["result"]["totals"] == [320, 240]
    text = json.dumps(exported, ensure_ascii=False, sort_keys=True)

    other = document(parse_ruleset({"preset": "coiffeur"}), [])  # the backup's other game
    again, _other = services.import_games([json.loads(text), other], club=club)

    again = Game.objects.with_everything().get(pk=again.pk)
    assert again.ruleset["rows"][7] == ["misar", 8, "Misär"]
    assert json.dumps(services.export_game(again), ensure_ascii=False, sort_keys=True) == text
