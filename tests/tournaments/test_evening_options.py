"""The evening as clubs count it (issue 35, item 4): each entry's worst pass dropped
(Streichresultat), set on the tournament's form and shown as dropped on the
standings, the projector and in the CSV; the columns the tie notes cite; the best
single pass breaking a Différenzler tie."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_differenzler_tournament import (
    closed_first_pass,
    differenzler,
    players,
)
from tests.tournaments.test_differenzler_tournament import (
    form_data as differenzler_form,
)
from tests.tournaments.test_services import play_out, teams, tournament
from tests.tournaments.test_settings_form import sent_back
from tournaments import services
from tournaments.forms import TournamentForm
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

STRUCK = r'<s class="dropped">(\d+)</s><span class="visually-hidden"> \(not counted\)</span>'


@pytest.fixture
def director(club, make_user):
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(make_user("admin", club, name="director"))
    return browser


def two_passes(club, **fields) -> Tournament:
    """Six teams, two closed passes played at different points, a third not drawn."""
    t = tournament(club, **fields)
    teams(t, 6)
    for points in ((120, 60, 90), (70, 100, 40)):
        played = services.publish_pass(services.schedule_next_pass(t))
        for table, first_team in zip(played.tables.all(), points, strict=True):
            play_out(table, first_team)
            services.decide_table(table)
        services.close_pass(played)
    return t


def passes_of(t: Tournament) -> dict[int, dict[int, int]]:
    """Each entry's points in each closed pass, as the tables came to them."""
    points: dict[int, dict[int, int]] = {}
    for score in services.pass_scores(t):
        points.setdefault(score.entry, {})[score.pass_number] = score.points
    return points


def board_rows(html: str) -> dict[str, str]:
    """Each entry's row of the standings board, by name."""
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)
    return {
        re.search(r"(Team \d+)", row).group(1): row for row in rows if re.search(r"Team \d+", row)
    }


def test_the_standings_leave_each_teams_worst_pass_out_and_strike_it_through(club, director):
    t = two_passes(club, drop_worst=True)
    names = {e.pk: e.name for e in t.entries.all()}
    points = passes_of(t)
    url = reverse("tournaments:standings", args=[t.pk])

    for page in (director.get(url), director.get(url + "?big=1")):  # the projector too
        html = page.content.decode()
        rows = board_rows(html)
        assert len(rows) == 6
        for entry, passes in points.items():
            row = rows[names[entry]]
            worst = min(passes.values())
            assert re.findall(STRUCK, row) == [str(worst)]  # one pass struck: the worst
            total = re.search(r'<td class="text-end fw-bold">(\d+)</td>', row).group(1)
            assert int(total) == sum(passes.values()) - worst
        assert "Each team's worst pass does not count, once it has played two." in html
        assert "Struck through: a pass not counted." in html


def test_without_the_option_nothing_is_struck_and_every_pass_counts(club, director):
    t = two_passes(club)
    names = {e.pk: e.name for e in t.entries.all()}

    html = director.get(reverse("tournaments:standings", args=[t.pk])).content.decode()

    rows = board_rows(html)
    assert 'class="dropped"' not in html
    assert "worst pass" not in html
    for entry, passes in passes_of(t).items():
        total = re.search(r'<td class="text-end fw-bold">(\d+)</td>', rows[names[entry]])
        assert int(total.group(1)) == sum(passes.values())


def test_the_best_passes_counted_strike_through_the_others(club, director):
    t = two_passes(club, best_of=1)
    names = {e.pk: e.name for e in t.entries.all()}

    html = director.get(reverse("tournaments:standings", args=[t.pk])).content.decode()

    rows = board_rows(html)
    assert "Only the best pass counts." in html
    for entry, passes in passes_of(t).items():
        assert re.findall(STRUCK, rows[names[entry]]) == [str(min(passes.values()))]


def test_the_csv_names_each_entrys_dropped_pass(club, director):
    t = two_passes(club, drop_worst=True)
    names = {e.pk: e.name for e in t.entries.all()}
    dropped = {
        names[entry]: str(min(passes, key=lambda n: (passes[n], -n)))
        for entry, passes in passes_of(t).items()
    }

    csv = director.get(reverse("tournaments:results_csv", args=[t.pk]))

    lines = [line.split(";") for line in csv.content.decode("utf-8-sig").splitlines()]
    header = lines[0]
    assert header[header.index("Tie-break") + 1] == "Dropped pass"
    column = header.index("Dropped pass")
    assert {line[1]: line[column] for line in lines[1:]} == dropped
    total = header.index("Total")
    for line in lines[1:]:
        first, second = int(line[header.index("Pass 1")]), int(line[header.index("Pass 2")])
        assert int(line[total]) == max(first, second)


def test_the_columns_of_the_tie_notes_are_on_the_standings_and_the_projector(club, director):
    t = two_passes(club, drop_worst=True)
    url = reverse("tournaments:standings", args=[t.pk])
    table = t.schedule.get(number=2).tables.first()
    services.enter_paper_totals(  # four matches for the first team, put right on paper
        table, (628, 0), (4, 0), reason="the sheet says so"
    )
    winners = {e.name for e in t.entries.filter(pk__in=table.seats[:1])}

    for page in (director.get(url), director.get(url + "?big=1")):
        html = page.content.decode()
        heads = re.findall(r'<th scope="col" class="text-end tie-figure ?([^"]*)">([^<]+)<', html)
        # the tie-breaks: best single pass, most matches, a draw (no figure to show)
        assert [label for _css, label in heads[:2]] == ["Best pass", "Matches"]
        assert heads[0][0] == "best-pass-column"  # in sight where the passes are hidden
        rows = board_rows(html)
        for name, row in rows.items():
            figures = re.findall(r'<td class="text-end tie-figure ?[^"]*">([^<]+)</td>', row)
            assert figures[1] == ("4" if name in winners else "0"), name
            assert figures[0] == str(max(int(p) for p in pass_points(row)))


def pass_points(row: str) -> list[str]:
    cells = re.findall(r'<td class="text-end pass-column">(.*?)</td>', row)
    return [re.search(r"\d+", cell).group(0) for cell in cells]


def test_a_differenzler_board_shows_exact_estimates_and_best_hand_and_drops_the_highest(
    club, director
):
    t = differenzler(club, drop_worst=True, passes=3)
    players(t)
    closed_first_pass(t)
    closed_first_pass_again(t)
    url = reverse("tournaments:standings", args=[t.pk])

    html = director.get(url).content.decode()

    heads = re.findall(r'class="text-end tie-figure ?[^"]*">([^<]+)</th>', html)
    assert heads == ["Exact estimates", "Best hand"]  # exact, best hand, a draw
    assert (
        "Each player's worst pass, the highest difference, does not count, once they have "
        "played two." in html
    )
    for standing in services.current_standings(t):
        assert len(standing.dropped) == 1
        (dropped,) = standing.dropped
        assert standing.per_pass[dropped] == max(standing.per_pass.values())
        assert standing.total == sum(standing.per_pass.values()) - standing.per_pass[dropped]
    assert len(re.findall(STRUCK, html)) == 9  # every player's, the two byes' too


def closed_first_pass_again(t: Tournament) -> None:
    """Pass 2, each table played as in pass 1: who makes which difference differs, as
    the players sit at new tables and seats."""
    from scoring.models import Game
    from tests.tournaments.test_differenzler_tournament import HANDS, play, sign_all

    second = services.publish_pass(services.schedule_next_pass(t))
    for table in second.tables.all():
        play(Game.objects.get(pk=table.game_id), HANDS)
        sign_all(table)
    services.close_pass(second)


# -- the settings ---------------------------------------------------------------------------


def test_the_director_sets_the_worst_pass_dropped_on_the_tournaments_form(club, director):
    t = tournament(club)
    url = reverse("tournaments:settings", args=[t.pk])
    page = director.get(url).content.decode()
    values = sent_back(page, url)

    assert 'name="drop_worst"' in page
    saved = director.post(url, values | {"drop_worst": "on"})

    assert saved.status_code == 302
    t.refresh_from_db()
    assert t.drop_worst


def test_the_best_passes_and_the_worst_dropped_are_not_asked_together(club, director):
    t = tournament(club)
    url = reverse("tournaments:settings", args=[t.pk])
    values = sent_back(director.get(url).content.decode(), url)

    refused = director.post(url, values | {"drop_worst": "on", "best_of": "2"})

    assert refused.status_code == 422
    assert "Count the best passes or drop the worst one: not both" in refused.content.decode()
    t.refresh_from_db()
    assert (t.drop_worst, t.best_of) == (False, None)


def test_a_differenzler_tournament_may_drop_the_worst_pass_and_break_ties_by_the_best(club):
    form = TournamentForm(
        differenzler_form(drop_worst="on", tie_break_1="best-pass", tie_break_2="exact")
    )

    assert form.is_valid(), form.errors
    assert form.cleaned_data["drop_worst"]
    assert form.cleaned_data["tie_breaks"] == ["best-pass", "exact", "draw"]


def test_dropping_the_worst_pass_once_the_standings_are_public_says_why(club, director):
    t = two_passes(club, published=True)
    url = reverse("tournaments:settings", args=[t.pk])
    values = sent_back(director.get(url).content.decode(), url)

    refused = director.post(url, values | {"drop_worst": "on"})
    saved = director.post(url, values | {"drop_worst": "on", "reason": "Club rule 7"})

    assert "say why the ranking changes" in refused.content.decode()
    assert saved.status_code == 302
    change = t.ranking_changes.get()
    assert (change.before["drop_worst"], change.after["drop_worst"]) == (False, True)
    page = director.get(url).content.decode()
    assert "From all passes; best single pass, most matches, a reproducible draw to all " in page
    assert "all passes but each one&#x27;s worst; best single pass" in page


def test_a_change_of_the_best_passes_alone_is_kept_with_its_reason_too(club, director):
    """The form writes what it read onto the tournament as it validates: the ranking
    before is the one read when the form was made, not the tournament after."""
    t = two_passes(club, published=True)
    url = reverse("tournaments:settings", args=[t.pk])
    values = sent_back(director.get(url).content.decode(), url)

    director.post(url, values | {"best_of": "2", "reason": "Two passes count"})

    change = t.ranking_changes.get()
    assert (change.before["best_of"], change.after["best_of"]) == (None, 2)
    assert change.reason == "Two passes count"


@pytest.mark.parametrize("count", [10, 61])
def test_the_board_with_dropped_passes_and_figures_costs_the_same_queries_for_any_field(
    client, club, django_assert_num_queries, count
):
    from scoring.models import Hand
    from tests.factories import stored

    t = tournament(club, name="Big", drop_worst=True)
    teams(t, count)
    for _number in (1, 2):
        played = services.publish_pass(services.schedule_next_pass(t))
        Hand.objects.bulk_create(
            Hand(game=table.game, number=n, record=stored(t.trump_of_hand(n), 100, 57))
            for table in played.tables.all()
            for n in range(1, t.hands + 1)
        )
        played.tables.update(state="decided")
        services.close_pass(played)
    url = reverse("tournaments:standings", args=[t.pk])

    # as test_results pins the standings: session, user, tournament, memberships, club
    # check; entries, passes, tables, the games' last changes, the pass being played,
    # the ranking changes
    with django_assert_num_queries(11):
        page = client.get(url)
    with django_assert_num_queries(11):
        projector = client.get(url + "?big=1")

    struck = r'<s class="dropped">\d+</s><span class="visually-hidden"> [^<]+</span>'
    assert len(re.findall(struck, page.content.decode())) == count  # in any language
    assert len(re.findall(struck, projector.content.decode())) == count


def test_an_entrys_page_says_which_pass_does_not_count(club, director):
    t = two_passes(club, drop_worst=True)
    standing = services.current_standings(t)[0]
    (dropped,) = standing.dropped
    kept = 3 - dropped

    html = director.get(reverse("tournaments:entry", args=[t.pk, standing.entry])).content
    cards = re.findall(r'<li class="card mb-2">(.*?)</li>', html.decode(), re.S)

    assert "not counted in the total" in cards[dropped - 1]
    assert "not counted" not in cards[kept - 1]
    assert ">counted<" in cards[kept - 1]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["(non comptée)", "Meilleure passe", "Matchs", "La pire passe de chaque équipe"]),
        ("de", ["(zählt nicht)", "Beste Passe", "Matches", "Die schlechteste Passe jedes Teams"]),
    ],
)
def test_the_board_says_it_in_the_readers_language(club, make_user, language, words):
    t = two_passes(club, drop_worst=True)
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(make_user("admin", club, name="director"))

    html = browser.get(reverse("tournaments:standings", args=[t.pk])).content.decode()

    assert [word for word in words if word not in html] == []


def test_the_results_sheet_strikes_each_entrys_dropped_pass_and_says_why(club, director):
    from django.template.loader import render_to_string
    from django.utils import translation

    from tests.tournaments.test_exports import needs_pdftotext, pdf_text
    from tournaments import sheets

    t = two_passes(club, drop_worst=True)
    passes = passes_of(t)
    names = {e.pk: e.name for e in t.entries.all()}
    with translation.override("en"):
        html = render_to_string(sheets.TEMPLATE, sheets.sheet_context(t))
    for entry, points in passes.items():
        worst = min(points, key=lambda n: (points[n], -n))
        row = re.search(rf"<td>{re.escape(names[entry])}.*?</tr>", html, re.S).group()
        struck = re.findall(r"<s>(\d+)</s>", row)
        assert struck == [str(points[worst])]

    if needs_pdftotext.args[0]:
        return
    pdf = director.get(reverse("tournaments:results_pdf", args=[t.pk]))
    text = " ".join(pdf_text(pdf.content).split())
    assert "Each team's worst pass does not count, once it has played two." in text
    assert "Struck through: a pass not counted." in text
