"""What the director's page refuses, and says why, leaving everything as it was: a
draft that no longer fits who plays, a format changed under a draft, a pass
published or closed out of turn, a swap that makes no sense."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.models import Game
from tests.factories import stored
from tests.tournaments.test_services import play_out, play_pass, teams, tournament
from tournaments import services
from tournaments.models import CODE_BUDGET, Pass, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(club, make_user):
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(make_user("admin", club, name="director"))
    return browser


def post(director, name: str, t: Tournament, *args, data=None):
    """POST to a director's action and follow back to the director's page (opened on
    the table acted on, while its pass is played)."""
    url = reverse(f"tournaments:{name}", args=[t.pk, *args])
    response = director.post(url, data or {}, follow=True)
    assert response.redirect_chain[-1][0].split("?table=")[0] == t.get_absolute_url()
    return response.content.decode()


def test_a_late_check_in_after_the_draw_is_drawn_again_before_publishing(director, club):
    t = tournament(club)
    entries = teams(t, 5)
    services.check_in(entries[4], False)
    draft = services.schedule_next_pass(t)
    services.check_in(entries[4], True)  # arrives after the draw

    page = post(director, "publish", t, 1)

    assert (
        "This pass cannot be played: Team 5 has no place; a bye is needed exactly when the "
        "number of teams is odd. Draw it again." in page
    )
    assert Pass.objects.get(pk=draft.pk).state == Pass.DRAFT
    assert not Game.objects.exists()
    page = post(director, "redraw", t, 1)
    assert "Pass drawn again" in page
    redrawn = t.schedule.get()
    placed = {e for table in redrawn.tables.all() for e in table.seats} | set(redrawn.byes)
    assert entries[4].pk in placed
    assert "Pass published." in post(director, "publish", t, 1)


def test_a_withdrawal_after_the_draw_keeps_the_team_out_of_the_games(director, club):
    t = tournament(club)
    entries = teams(t, 4)
    services.schedule_next_pass(t)
    services.withdraw(entries[0])

    page = post(director, "publish", t, 1)

    assert "Team 1 is not in the tournament" in page
    post(director, "redraw", t, 1)
    redrawn = t.schedule.get()
    assert entries[0].pk not in {e for table in redrawn.tables.all() for e in table.seats}
    assert len(redrawn.byes) == 1  # three teams left


def test_a_published_pass_is_not_drawn_again(director, club):
    t = tournament(club)
    teams(t, 4)
    published = services.publish_pass(services.schedule_next_pass(t))
    tables = [(table.pk, table.seats) for table in published.tables.all()]

    page = post(director, "redraw", t, 1)

    assert "Only a pass not yet published can be drawn again." in page
    assert [(table.pk, table.seats) for table in published.tables.all()] == tables


def test_the_format_is_fixed_once_a_pass_is_drawn(director, club):
    t = tournament(club)
    teams(t, 4)
    services.schedule_next_pass(t)
    url = reverse("tournaments:settings", args=[t.pk])

    form = director.get(url).content.decode()
    director.post(
        url,
        {
            "name": t.name,
            "date": "2026-11-28",
            "format": "individual",
            "passes": "3",
            "hands": "4",
            "tie_break_1": "draw",
        },
    )

    assert "Fixed: a pass has been drawn." in form
    t.refresh_from_db()
    assert t.format == "teams"
    assert "Pass published." in post(director, "publish", t, 1)
    assert director.get(t.get_absolute_url()).status_code == 200


def test_a_pass_is_published_once(director, club):
    t = tournament(club)
    teams(t, 4)
    services.publish_pass(services.schedule_next_pass(t))

    page = post(director, "publish", t, 1)

    assert "This pass is already being played." in page
    assert Game.objects.count() == 2


def test_a_pass_closes_only_when_every_table_is_settled(director, club):
    t = tournament(club)
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))
    one = first.tables.get(number=1)
    play_out(one)
    services.decide_table(one)

    page = post(director, "close", t, 1)

    assert "Table 2 is not confirmed yet." in page
    assert Pass.objects.get(pk=first.pk).state == Pass.PUBLISHED


@pytest.mark.parametrize(
    ("entries", "setup", "refused"),
    [
        (1, None, "Too few entries are checked in to play."),
        (4, "drawn", "Close the current pass before drawing the next."),
        (4, "all played", "All passes of the tournament are played."),
    ],
)
def test_a_pass_is_drawn_only_when_it_can_be(director, club, entries, setup, refused):
    t = tournament(club, passes=1)
    teams(t, entries)
    if setup == "drawn":
        services.schedule_next_pass(t)
    if setup == "all played":
        play_pass(services.schedule_next_pass(t))
    before = t.schedule.count()

    page = post(director, "schedule", t)

    assert refused in page
    assert t.schedule.count() == before


@pytest.mark.parametrize(
    "data",
    [{"first": "x", "second": "2"}, {"first": "", "second": ""}, {"first": "1", "second": "1"}],
)
def test_a_swap_needs_two_different_entries_of_the_pass(director, club, data):
    t = tournament(club)
    teams(t, 4)
    draft = services.schedule_next_pass(t)
    seats = [table.seats for table in draft.tables.all()]

    page = post(director, "swap", t, 1, data=data)

    assert "Choose two different entries of this pass." in page
    assert [table.seats for table in draft.tables.all()] == seats


def test_a_swap_of_a_published_pass_is_refused(director, club):
    t = tournament(club)
    entries = teams(t, 4)
    services.publish_pass(services.schedule_next_pass(t))

    page = post(director, "swap", t, 1, data={"first": entries[0].pk, "second": entries[1].pk})

    assert "Only a pass not yet published can be changed." in page


def test_the_standings_are_made_public_and_hidden_again(director, club):
    t = tournament(club)
    standings = reverse("tournaments:standings", args=[t.pk])

    post(director, "publish_results", t, data={"on": "1"})
    public = Client().get(standings)
    post(director, "publish_results", t, data={"on": "0"})
    hidden = Client().get(standings)

    assert public.status_code == 200
    assert hidden.status_code == 302  # to sign in
    assert "login" in hidden["Location"]


def draft_with_a_rematch(t: Tournament):
    """Pass 1 played, pass 2 drawn, then a swap seats two teams of pass 1's first
    table together again (avoidable): the draft and the two teams."""
    first = play_pass(services.schedule_next_pass(t))
    second = services.schedule_next_pass(t)
    met = first.tables.get(number=1).seats
    partner = next(
        o for tb in second.tables.all() if met[0] in tb.seats for o in tb.seats if o != met[0]
    )
    services.swap(second, partner, met[1])
    return second, met


def test_the_check_after_a_swap_speaks_the_directors_language(club, make_user):
    t = tournament(club)
    teams(t, 4)
    _second, met = draft_with_a_rematch(t)
    browser = Client(HTTP_ACCEPT_LANGUAGE="fr")
    browser.force_login(make_user("admin", club, name="directrice"))

    page = browser.get(t.get_absolute_url()).content.decode()

    a, b = (t.entries.get(pk=pk).name for pk in met)
    said = "{} et {} se sont déjà rencontrés (évitable)"
    assert said.format(a, b) in page or said.format(b, a) in page


def test_a_team_name_differing_only_in_case_or_spaces_is_taken(director, club):
    t = tournament(club)
    teams(t, 1)  # Team 1: A1 & B1
    url = reverse("tournaments:register", args=[t.pk])

    refused = director.post(url, {"name": " team  1", "player_1": "X", "player_2": "Y"})

    assert refused.status_code == 422
    assert "Already registered: Team 1." in refused.content.decode()
    assert t.entries.count() == 1


def test_the_partner_must_be_someone_else(director, club):
    t = tournament(club)
    url = reverse("tournaments:register", args=[t.pk])

    refused = director.post(url, {"name": "Solo", "player_1": "Anna", "player_2": " anna "})

    assert "The two players of a team must be different people." in refused.content.decode()


def test_an_entry_never_drawn_is_deleted_one_drawn_is_withdrawn_instead(director, club):
    t = tournament(club)
    drawn, _other = teams(t, 2)
    services.schedule_next_pass(t)
    late_entry = t.entries.create(name="Oops", player_1="O1", player_2="O2")

    edit = director.get(reverse("tournaments:edit_entry", args=[t.pk, late_entry.pk]))
    refused = post(director, "remove_entry", t, drawn.pk, data={"sure": "1"})
    unsure = director.post(
        reverse("tournaments:remove_entry", args=[t.pk, late_entry.pk]), {}, follow=True
    ).content.decode()
    deleted = post(director, "remove_entry", t, late_entry.pk, data={"sure": "1"})

    assert "Delete Oops" in edit.content.decode()
    assert "Tick the box to say that Oops goes." in unsure
    assert "Already placed in a pass, withdraw it instead: Team 1." in refused
    assert "Oops deleted." in deleted
    assert list(t.entries.values_list("name", flat=True)) == ["Team 1", "Team 2"]
    assert (
        "Delete Team 1"
        not in director.get(
            reverse("tournaments:edit_entry", args=[t.pk, drawn.pk])
        ).content.decode()
    )


def test_a_tournament_is_deleted_until_a_pass_is_played(director, club):
    mistake, played = tournament(club, name="Mistake"), tournament(club, name="Played")
    teams(mistake, 4)
    services.schedule_next_pass(mistake)  # a draft only
    teams(played, 2)
    services.publish_pass(services.schedule_next_pass(played))

    sure = {"sure": "1"}
    url = "tournaments:remove_tournament"
    gone = director.post(reverse(url, args=[mistake.pk]), sure, follow=True)
    kept = director.post(reverse(url, args=[played.pk]), sure, follow=True)

    assert "Mistake deleted." in gone.content.decode()
    assert "A pass has been played: the tournament stays." in kept.content.decode()
    assert list(Tournament.objects.values_list("name", flat=True)) == ["Played"]


def test_an_individual_entry_is_a_player_typed_once(director, club):
    t = tournament(club, format="individual")

    page = director.get(t.get_absolute_url()).content.decode()
    director.post(reverse("tournaments:register", args=[t.pk]), {"player_1": "Denise"})

    assert "Team or player name" not in page
    assert list(t.entries.values_list("name", "player_1", "player_2")) == [("Denise", "Denise", "")]


def test_members_follow_a_tournament_from_the_list_to_its_standings(club, make_user):
    t = tournament(club)
    member = Client(HTTP_ACCEPT_LANGUAGE="fr")
    member.force_login(make_user("member", club, name="Anne"))

    listing = member.get(reverse("tournaments:club_tournaments", args=[club.slug]))
    direct = member.get(t.get_absolute_url())  # a link to the director's page
    settings_page = member.get(reverse("tournaments:settings", args=[t.pk]))

    standings = reverse("tournaments:standings", args=[t.pk])
    assert f'href="{standings}"' in listing.content.decode()
    assert direct["Location"] == standings
    assert settings_page.status_code == 403
    assert "Cette page n’est pas pour votre rôle" in settings_page.content.decode()


def test_a_pass_with_warnings_is_published_only_when_the_director_accepts_them(director, club):
    t = tournament(club)
    teams(t, 4)
    second, _met = draft_with_a_rematch(t)

    page = director.get(t.get_absolute_url()).content.decode()
    refused = post(director, "publish", t, 2)
    assert Pass.objects.get(pk=second.pk).state == Pass.DRAFT
    accepted = post(director, "publish", t, 2, data={"anyway": "on"})

    assert "Publish it with the warnings above" in page
    assert "The check warns:" in refused
    assert "Publish it anyway, or draw it again." in refused
    assert "Pass published." in accepted
    assert Pass.objects.get(pk=second.pk).state == Pass.PUBLISHED


def test_a_pass_published_by_mistake_is_taken_back_until_a_table_starts(director, club):
    t = tournament(club)
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))
    links = sorted(first.tables.values_list("token", flat=True))

    page = director.get(t.get_absolute_url()).content.decode()
    back = post(director, "unpublish", t, 1)

    assert "Take the pass back (no table has started)" in page
    assert "The pass is a draft again" in back
    first.refresh_from_db()
    assert first.state == Pass.DRAFT
    assert not Game.objects.exists()
    assert sorted(first.tables.values_list("token", flat=True)) == links
    services.publish_pass(first)
    table = first.tables.first()
    table.game.hands.create(number=1, record=stored(t.trump_of_hand(1), 100, 57))
    refused = post(director, "unpublish", t, 1)
    assert "A table of this pass has started: correct or decide it instead." in refused
    assert Pass.objects.get(pk=first.pk).state == Pass.PUBLISHED


def test_wrong_codes_say_how_many_tries_are_left_and_the_director_unlocks(director, club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    wrong = next(c for c in ("000000", "111111", "222222") if c not in table.codes)
    said = []
    for _ in range(CODE_BUDGET):
        with (
            translation.override("en"),
            pytest.raises(services.TournamentRuleBroken) as refused,
        ):
            services.confirm_table(table, 1, wrong, device="Android · Chrome · 1a2b3c4d")
        said.append(str(refused.value))
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    phone.get(reverse("tournaments:table_link", args=[table.token]))

    locked_screen = phone.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    page = director.get(t.get_absolute_url()).content.decode()
    unlocked = post(director, "unlock", t, table.pk)

    second = table.game.teams.get(index=1).name
    assert "(2 more tries before the team is locked" in said[0]
    assert "(1 more try before the team is locked" in said[1]
    assert "That was the last try" in said[2]
    assert f"Too many wrong codes were typed for {second}" in locked_screen
    assert locked_screen.count('name="code"') == 2  # the first team's box and the dispute's
    assert f"locked after wrong codes: {second}" in page
    assert page.count("Android · Chrome · 1a2b3c4d") == CODE_BUDGET  # when, which device
    assert "Table 1 can sign again." in unlocked
    assert services.confirm_table(table, 1, table.codes[1]).side == 1
    kinds = list(table.events.values_list("kind", "side"))
    assert kinds == [("wrong-code", 1)] * CODE_BUDGET + [("unlocked", 1), ("signed", 1)]


def test_the_director_signs_for_a_team_locked_out(director, club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    services.confirm_table(table, 0, table.codes[0])
    wrong = next(c for c in ("000000", "111111", "222222") if c not in table.codes)
    for _ in range(CODE_BUDGET):
        with pytest.raises(services.TournamentRuleBroken):
            services.confirm_table(table, 1, wrong)

    response = director.post(
        reverse("tournaments:sign_for", args=[t.pk, table.pk]), {"side": 1}, follow=True
    )

    table.refresh_from_db()
    second = table.game.teams.get(index=1).name
    assert f"Table 1: signed for {second}." in response.content.decode()
    assert table.state == "confirmed"
    assert table.events.last().user.get_username() == "director"


def test_the_list_says_where_each_tournament_stands(director, club):
    _waiting, playing, over = (tournament(club, name=n, passes=1) for n in ("A", "B", "C"))
    teams(playing, 2)
    services.publish_pass(services.schedule_next_pass(playing))
    teams(over, 2)
    play_pass(services.schedule_next_pass(over))
    services.publish_results(over, True)

    page = director.get(reverse("tournaments:club_tournaments", args=[club.slug])).content
    lines = {
        name: line
        for line in page.decode().split('<li class="club-line')
        for name in ("A", "B", "C")
        if f">{name}</a>" in line
    }

    assert "not started" in lines["A"]
    assert "pass 1 being played" in lines["B"]
    assert "finished" in lines["C"]
    assert "public" in lines["C"]
    assert "public" not in lines["B"]


def test_the_record_keeps_a_signature_once_and_a_dispute_without_an_arrow(director, club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    services.confirm_table(table, 0, table.codes[0])
    services.confirm_table(table, 0, table.codes[0])  # a second tap
    services.dispute_table(table, 1, table.codes[1], "hand 2")

    page = director.get(t.get_absolute_url()).content.decode()

    assert [e.kind for e in table.events.all()] == ["signed", "disputed"]
    assert "400 : 228 · <q>hand 2</q>" in page


@pytest.mark.parametrize("side", ["3", "2", "-1", "x"])
def test_signing_for_a_side_the_table_has_not_says_so(director, club, side):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)

    response = director.post(
        reverse("tournaments:sign_for", args=[t.pk, table.pk]), {"side": side}, follow=True
    )

    assert response.status_code == 200
    assert "Choose the team that signs." in response.content.decode()
    table.refresh_from_db()
    assert table.signatures == {}
