"""Every file ``export_game`` writes passes the JSON Schema of ``jass-game/1`` in
``docs/`` (issue 36, item 4), and every file ``export_season`` writes the one of
``jass-season/1``: the demo club's games and seasons, and random games of every kind and
random seasons, taken through the site (imported, stored, exported) with the generators
of the round-trip tests."""

from __future__ import annotations

import copy
import io
import json
import random

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import services
from scoring.kinds.differenzler.gamefile import IndividualRecord
from scoring.kinds.guggitaler.gamefile import GuggiRecord
from scoring.kinds.team.rules import GameRecord, Team
from scoring.models import Game
from seasons.models import Season
from seasons.seasonfile import season_document
from tests.coiffeur.test_files import document as coiffeur_document
from tests.docs.schemas import SEASON, problems
from tests.guggitaler.games import NAMES as GUGGITALER_NAMES
from tests.guggitaler.games import document as guggitaler_document
from tests.guggitaler.games import random_game as random_guggitaler_game
from tests.rules.striche_games import random_striche_game
from tests.rules.test_coiffeur import sheets
from tests.rules.test_differenzler import DIFF, diff_hands
from tests.rules.test_exact_last_hand import exact_games, oracle
from tests.rules.test_properties import games
from tests.seasons.test_seasonfile import seasons

pytestmark = pytest.mark.django_db

TEAMS = (Team("Les Bourgs", ("Anne", "Claude")), Team("Les Nells", ("Bernard", "Denise")))
THROUGH_THE_SITE = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def exported(document: dict, club) -> dict:
    """What ``export_game`` writes for ``document`` once it is imported into ``club``."""
    game = services.import_game(copy.deepcopy(document), club=club)
    return services.export_game(Game.objects.with_everything().get(pk=game.pk))


def command_output(*args: str) -> object:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return json.loads(out.getvalue())


def test_every_game_and_season_of_the_demo_club_passes_the_schemas():
    call_command("load_demo", stdout=io.StringIO())

    documents = command_output("export_game", "--all")
    seasons = command_output("export_season", "--all")

    assert isinstance(documents, list)
    assert isinstance(seasons, list)
    presets = {document["ruleset"]["preset"] for document in documents}
    assert {"chibre", "pique-double", "tournament", "differenzler", "coiffeur"} <= presets
    assert any("striche" in document["result"] for document in documents)
    assert {document["name"]: problems(document) for document in documents} == {
        document["name"]: [] for document in documents
    }
    assert seasons
    assert [problems(season, SEASON) for season in seasons] == [[] for _ in seasons]


@THROUGH_THE_SITE
@given(games())
def test_random_team_games_pass_the_schema(club, game):
    ruleset, played = game
    document = GameRecord("Table 3", None, ruleset, TEAMS, tuple(played)).to_dict()

    assert problems(exported(document, club)) == []


@THROUGH_THE_SITE
@given(exact_games())
def test_random_exact_last_hands_pass_the_schema(club, case):
    ruleset, before, at_out, m, hands = case
    if oracle(ruleset.target, before, at_out, m) is None:
        return  # a count the rules refuse: no file to export
    document = GameRecord("Exact", None, ruleset, TEAMS, tuple(hands)).to_dict()

    written = exported(document, club)

    assert "cards_at_out" in written["hands"][-1]
    assert problems(written) == []


@THROUGH_THE_SITE
@given(st.lists(diff_hands(), max_size=12))
def test_random_differenzler_games_pass_the_schema(club, hands):
    players = ("Anne", "Bernard", "Claude", "Denise")
    document = IndividualRecord("Table 1", None, DIFF, players, tuple(hands)).to_dict()

    assert problems(exported(document, club)) == []


@THROUGH_THE_SITE
@given(sheets())
def test_random_coiffeur_sheets_pass_the_schema(club, sheet):
    ruleset, hands = sheet

    assert problems(exported(coiffeur_document(ruleset, hands), club)) == []


@pytest.mark.parametrize("seed", range(12))
def test_random_games_counted_in_striche_pass_the_schema(club, seed):
    ruleset, hands = random_striche_game(random.Random(seed))
    document = GameRecord(f"Stammtisch {seed}", None, ruleset, TEAMS, tuple(hands)).to_dict()

    written = exported(document, club)

    assert "striche" in written["result"]
    assert problems(written) == []


@THROUGH_THE_SITE
@given(seasons())
def test_random_seasons_pass_the_schema_as_written_and_as_exported(club, tmp_path, season):
    written = season_document(season)
    path = tmp_path / "season.json"
    path.write_text(json.dumps(written), encoding="utf-8")
    Season.objects.all().delete()

    call_command("import_season", "--club", club.slug, str(path), stdout=io.StringIO())
    (exported_season,) = command_output("export_season", "--all")

    assert problems(written, SEASON) == []
    assert problems(exported_season, SEASON) == []


@pytest.mark.parametrize("seed", range(3))
def test_random_guggitaler_games_pass_the_schema(club, seed):
    """Guggitaler games taken through the site: imported, stored, exported; and the file
    its writer makes of a game the site has not stored."""
    rng = random.Random(seed)
    for number in range(20):
        ruleset, hands = random_guggitaler_game(rng)
        document = guggitaler_document(ruleset, hands, name=f"Guggitaler {number}")
        assert problems(exported(document, club)) == [], number
        players = GUGGITALER_NAMES[: ruleset.players]
        record = GuggiRecord(f"Guggitaler {number}", None, ruleset, players, tuple(hands))
        assert problems(json.loads(json.dumps(record.to_dict()))) == [], number
