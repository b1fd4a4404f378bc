"""Tournament set-up: registration, check-in, withdrawal, scheduling, publishing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation

from tests.factories import stored
from tournaments import services
from tournaments.models import Pass, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    """The services speak the language of the request; these tests read English."""
    with translation.override("en"):
        yield


def tournament(club, **fields) -> Tournament:
    values = {"name": "Preisjass", "date": dt.date(2026, 11, 28), "passes": 3, "hands": 4}
    return Tournament.objects.create(club=club, **(values | fields))


def teams(t: Tournament, count: int, checked_in: bool = True) -> list:
    entries = []
    for n in range(1, count + 1):
        entry = services.register(t, name=f"Team {n}", player_1=f"A{n}", player_2=f"B{n}")
        services.check_in(entry, checked_in)
        entries.append(entry)
    return entries


def test_first_pass_draws_tables_with_a_bye_for_an_odd_count(club):
    t = tournament(club)
    teams(t, 7)

    first = services.schedule_next_pass(t)

    seated = [entry for table in first.tables.all() for entry in table.seats]
    assert first.number == 1
    assert first.state == Pass.DRAFT
    assert len(first.tables.all()) == 3
    assert len(first.byes) == 1
    assert sorted(seated + first.byes) == sorted(e.pk for e in t.entries.all())
    for table in first.tables.all():  # one code per side, never the same
        assert [len(code) for code in table.codes] == [6, 6]
        assert table.codes[0] != table.codes[1]


def test_the_draw_is_repeatable_from_the_recorded_seed(club):
    a, b = tournament(club, seed=99), tournament(club, seed=99)
    teams(a, 8)
    teams(b, 8)

    names = [
        [
            [t.entries.get(pk=s).name for s in table.seats]
            for table in services.schedule_next_pass(t).tables.all()
        ]
        for t in (a, b)
    ]

    assert names[0] == names[1]


def test_only_checked_in_entries_that_did_not_withdraw_are_scheduled(club):
    t = tournament(club)
    entries = teams(t, 6)
    services.check_in(entries[0], False)
    services.withdraw(entries[1])

    first = services.schedule_next_pass(t)

    seated = {entry for table in first.tables.all() for entry in table.seats} | set(first.byes)
    assert entries[0].pk not in seated
    assert entries[1].pk not in seated
    assert len(seated) == 4


def test_late_entries_wait_while_a_pass_is_scheduled(club):
    t = tournament(club)
    teams(t, 4)
    services.schedule_next_pass(t)

    with pytest.raises(services.TournamentRuleBroken, match="A pass is drawn"):
        services.register(t, name="Late", player_1="X", player_2="Y")
    with pytest.raises(services.TournamentRuleBroken, match="Close the current pass"):
        services.schedule_next_pass(t)


def test_publishing_gives_each_table_a_game_with_the_tournament_rules(club):
    t = tournament(club, match_bonus=False)
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))

    table = first.tables.first()
    ruleset = table.game.rules
    assert first.state == Pass.PUBLISHED
    assert (ruleset.end, ruleset.hands, ruleset.weis, ruleset.stoeck, ruleset.match_bonus) == (
        "fixed-hands",
        4,
        "none",
        False,
        0,
    )
    assert table.game.club == club
    assert [team.name for team in table.game.teams.order_by("index")] == [
        t.entries.get(pk=table.seats[0]).name,
        t.entries.get(pk=table.seats[1]).name,
    ]


def test_individual_tables_seat_four_players_partners_opposite(club):
    t = tournament(club, format="individual")
    for n in range(1, 10):
        services.check_in(services.register(t, name=f"P{n}", player_1=f"P{n}"))

    first = services.publish_pass(services.schedule_next_pass(t))

    assert len(first.tables.all()) == 2
    assert len(first.byes) == 1
    table = first.tables.first()
    names = [t.entries.get(pk=s).player_1 for s in table.seats]
    teams_of_game = [
        [p.name for p in team.ordered_players()] for team in table.game.teams.order_by("index")
    ]
    assert teams_of_game == [[names[0], names[2]], [names[1], names[3]]]


def test_the_imposed_trump_order_defaults_to_equal_blocks(club):
    t = tournament(club)
    t.hands = 16

    assert [t.trump_of_hand(n) for n in (1, 4, 5, 9, 13, 16)] == [
        "hearts",
        "hearts",
        "diamonds",
        "clubs",
        "spades",
        "spades",
    ]


def play_out(table, first_team_points: int = 100) -> None:
    """Every hand of the table's game, with the imposed trumps."""
    game = table.game
    tournament = table.round.tournament
    for number in range(1, tournament.hands + 1):
        trump = tournament.trump_of_hand(number)
        game.hands.create(
            number=number, record=stored(trump, first_team_points, 157 - first_team_points)
        )


def play_pass(draft):
    """Publish a drawn pass, play every table out, settle and close it."""
    played = services.publish_pass(draft)
    for table in played.tables.all():
        play_out(table)
        services.decide_table(table)
    return services.close_pass(played)


def test_a_pass_closes_when_every_table_is_confirmed_then_counts(club):
    t = tournament(club)
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))
    one, two = first.tables.all()
    play_out(one, 100)
    play_out(two, 60)  # 240 : 388, so that table 1 holds the only 400

    wrong = next(c for c in ("000000", "111111", "222222") if c not in one.codes)
    with pytest.raises(services.TournamentRuleBroken, match="not the code on this team's slip"):
        services.confirm_table(one, 1, wrong)
    sign_both(one)
    with pytest.raises(services.TournamentRuleBroken, match="Table 2 is not confirmed"):
        services.close_pass(first)
    services.decide_table(two)
    services.close_pass(first)

    ranked = services.current_standings(t)
    winner = t.entries.get(pk=one.seats[0])
    assert ranked[0].entry == winner.pk
    assert ranked[0].total == 4 * 100
    assert sum(s.total for s in ranked) == 2 * 4 * 157
    second = services.schedule_next_pass(t)
    met = {frozenset(table.seats) for table in first.tables.all()}
    assert all(frozenset(table.seats) not in met for table in second.tables.all())


def test_an_unfinished_game_cannot_be_confirmed(club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()

    with pytest.raises(services.TournamentRuleBroken, match="not finished"):
        services.confirm_table(table, 0, table.codes[0])


def test_a_swap_by_hand_shows_what_it_breaks(club):
    t = tournament(club)
    teams(t, 4)
    first = play_pass(services.schedule_next_pass(t))
    second = services.schedule_next_pass(t)
    assert services.findings(second) == []
    met_before = first.tables.get(number=1).seats  # these two met in pass 1
    partner_now = next(
        other
        for table in second.tables.all()
        if met_before[0] in table.seats
        for other in table.seats
        if other != met_before[0]
    )

    services.swap(second, partner_now, met_before[1])

    messages = [f.message for f in services.findings(second)]
    names = [t.entries.get(pk=pk).name for pk in met_before]
    assert any(names[0] in m and names[1] in m and "(avoidable)" in m for m in messages)


def test_a_published_pass_cannot_be_swapped(club):
    t = tournament(club)
    entries = teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))

    with pytest.raises(services.TournamentRuleBroken, match="not yet published"):
        services.swap(first, entries[0].pk, entries[1].pk)


def test_totals_from_a_paper_sheet_are_checked_and_count(club):
    t = tournament(club)
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()

    with pytest.raises(services.TournamentRuleBroken, match="but 4 hands make 628"):
        services.enter_paper_totals(table, (400, 200))
    services.enter_paper_totals(table, (400, 228))
    services.close_pass(first)

    ranked = services.current_standings(t)
    assert [s.total for s in ranked] == [400, 228]


def test_a_finished_game_not_yet_confirmed_shows_as_entered(club):
    t = tournament(club)
    teams(t, 4)
    first = services.publish_pass(services.schedule_next_pass(t))
    done, waiting = first.tables.all()
    play_out(done)

    states = services.table_states(first)

    assert (states[done.pk].state, states[waiting.pk].state) == ("entered", "missing")
    services.confirm_table(done, 1, done.codes[1])
    assert services.table_states(first)[done.pk] == ("entered", frozenset({1}), 4, (400, 228))
    services.confirm_table(done, 0, done.codes[0])
    assert services.table_states(first)[done.pk][:2] == ("confirmed", frozenset({0, 1}))
    waiting.game.hands.create(number=1, record=stored(t.trump_of_hand(1), 57, 100))
    assert services.table_states(first)[waiting.pk] == ("missing", frozenset(), 1, (57, 100))


def sign_both(table):
    first = services.confirm_table(table, 0, table.codes[0])
    assert not first.confirmed
    assert first.side == 0
    second = services.confirm_table(table, 1, table.codes[1])
    assert second.confirmed
    assert second.side == 1


def test_one_side_alone_cannot_confirm_a_result(club):
    t = tournament(club)
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    play_out(table)

    services.confirm_table(table, 0, table.codes[0])
    again = services.confirm_table(table, 0, f" {table.codes[0]} ")  # the same side twice

    assert not again.confirmed
    table.refresh_from_db()
    assert table.state == "missing"
    assert table.signatures == {"0": [400, 228]}
    with pytest.raises(services.TournamentRuleBroken, match="Table 1 is not confirmed"):
        services.close_pass(first)


def test_a_correction_after_a_signature_asks_for_it_again(club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    services.confirm_table(table, 0, table.codes[0])
    hand = table.game.hands.get(number=4)
    hand.record = {**hand.record, "cards": [57, 100]}
    hand.save()

    signed = services.confirm_table(table, 1, table.codes[1])

    assert not signed.confirmed  # side 0 signed other totals: it signs again
    table.refresh_from_db()
    assert table.signatures == {"1": [357, 271]}


def test_a_side_disputes_then_the_director_decides(club):
    t = tournament(club)
    teams(t, 2)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    play_out(table)
    services.confirm_table(table, 0, table.codes[0])

    with pytest.raises(services.TournamentRuleBroken, match="Say what is wrong"):
        services.dispute_table(table, 1, table.codes[1], "  ")
    services.dispute_table(table, 1, table.codes[1], "Hand 3 was a match for us")

    table.refresh_from_db()
    assert (table.state, table.disputed_by, table.signatures) == ("disputed", 1, {})
    assert services.table_states(first)[table.pk].state == "disputed"
    with pytest.raises(services.TournamentRuleBroken, match="Table 1 is not confirmed"):
        services.close_pass(first)
    services.decide_table(table)
    services.close_pass(first)
    with pytest.raises(services.TournamentRuleBroken, match="not being played"):
        services.confirm_table(table, 1, table.codes[1])


def test_a_dispute_ends_when_both_sides_sign(club):
    t = tournament(club)
    teams(t, 2)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    play_out(table)
    services.dispute_table(table, 0, table.codes[0], "wrong trump in hand 2")

    services.confirm_table(table, 1, table.codes[1])
    table.refresh_from_db()
    assert table.state == "disputed"  # the side that disputed has not agreed yet
    sign = services.confirm_table(table, 0, table.codes[0])

    assert sign.confirmed
    table.refresh_from_db()
    assert (table.state, table.dispute, table.disputed_by) == ("confirmed", "", None)


def test_an_entry_page_lists_its_passes_byes_and_points(club):
    t = tournament(club)
    entries = teams(t, 3)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.get()
    play_out(table, 100)
    sign_both(table)
    services.close_pass(first)
    second = services.publish_pass(services.schedule_next_pass(t))
    bye_first, bye_second = first.byes[0], second.byes[0]
    assert bye_first != bye_second  # the bye rotates

    seated = next(e for e in entries if e.pk == table.seats[0])
    lines = services.entry_passes(t, seated)
    played = lines[0]
    assert (played.number, played.table, played.points, played.against) == (1, 1, 400, 228)
    assert played.opponents == t.entries.get(pk=table.seats[1]).name
    assert played.settled
    assert played.state == "closed"
    sitting_out = next(e for e in entries if e.pk == bye_first)
    assert services.entry_passes(t, sitting_out)[0] == services.EntryTable(
        1, "closed", None, "", "", 314, None, 0, True
    )


def test_long_names_fit_the_games_a_pass_starts(club):
    """The game's name and an individual table's team names are made from longer
    ones: they are cut to what a game holds, not refused by the database."""
    t = tournament(club, format="individual", name="Grand Preisjass " + "x" * 184)
    for n in range(1, 5):
        name = f"{n} " + "Vreneli Zimmermann-Bürgi " * 4
        services.check_in(services.register(t, name=name[:100], player_1=name[:100]))

    game = services.publish_pass(services.schedule_next_pass(t)).tables.get().game

    assert len(game.name) <= 200
    assert game.name.endswith("passe 1 · table 1")  # in the club's language, French
    assert all(len(team.name) <= 100 for team in game.teams.all())
    assert game.teams.first().name.endswith("…")


def test_the_standings_rank_who_plays_not_who_never_came(club):
    """A team that never checked in, or withdrew before playing, is not ranked; a
    team that withdrew after a pass keeps it; a late entry is ranked from the start."""
    t = tournament(club)
    playing = teams(t, 4)
    no_show = services.register(t, name="No show", player_1="N1", player_2="N2")
    gone = services.register(t, name="Gone before", player_1="G1", player_2="G2")
    services.check_in(gone)
    services.withdraw(gone)
    first = services.publish_pass(services.schedule_next_pass(t))
    for table in first.tables.all():
        play_out(table, 100)
        sign_both(table)
    services.close_pass(first)
    services.withdraw(playing[0])
    late = services.register(t, name="Late", player_1="L1", player_2="L2")
    services.check_in(late)

    ranked = {t.entries.get(pk=s.entry).name for s in services.current_standings(t)}

    assert ranked == {e.name for e in playing} | {"Late"}
    assert no_show.name not in ranked


def test_a_player_put_right_in_an_individual_tournament_renames_the_pair_of_the_pass(club):
    t = tournament(club, format="individual")
    for n in range(1, 5):
        services.check_in(services.register(t, name=f"P{n}", player_1=f"P{n}"))
    table = services.publish_pass(services.schedule_next_pass(t)).tables.get()
    player = t.entries.get(pk=table.seats[2])  # the second player of the first side

    services.correct_entry(player, name="Hansruedi", player_1="Hansruedi")

    partner = t.entries.get(pk=table.seats[0]).player_1
    side = table.game.teams.get(index=0)
    assert side.name == f"{partner} & Hansruedi"
    assert [p.name for p in side.ordered_players()] == [partner, "Hansruedi"]
    assert t.entries.get(pk=player.pk).player_2 == ""


def test_a_pass_names_its_games_in_the_clubs_language_whoever_publishes_it(club):
    club.language = "de"
    club.save()
    t = tournament(club, name="Herbstjass")
    teams(t, 2)

    game = services.publish_pass(services.schedule_next_pass(t)).tables.get().game

    assert game.name == "Herbstjass · Passe 1 · Tisch 1"


def test_late_teams_play_the_pass_they_come_for_and_byes_go_round(club):
    """Issue 24: 9 teams play pass 1, one sitting out; 2 more come for pass 2. A late
    team has played fewer passes than anyone else: it plays, and the byes go to teams
    that have played the most passes, then to those with the fewest byes."""
    t = tournament(club, passes=4)
    teams(t, 9)
    first = play_pass(services.schedule_next_pass(t))
    late = {
        services.register(t, name=f"Late {n}", player_1=f"L{n}", player_2=f"M{n}").pk
        for n in (1, 2)
    }
    for pk in late:
        services.check_in(t.entries.get(pk=pk))

    for _ in range(3):
        draft = services.schedule_next_pass(t)
        review = services.review(draft)
        assert review.findings == []
        assert review.bye_order[0] == draft.byes[0]
        play_pass(draft)

    byes = [p.byes[0] for p in t.schedule.order_by("number")]
    assert byes[0] == first.byes[0]
    assert not set(byes) & late
    assert len(set(byes)) == 4  # nobody sits out twice


def test_the_director_chooses_who_sits_out_and_the_check_says_what_it_costs(club):
    t = tournament(club, passes=3)
    teams(t, 5)
    first = play_pass(services.schedule_next_pass(t))
    services.check_in(services.register(t, name="Late", player_1="L1", player_2="L2"))
    services.withdraw(t.entries.get(name="Team 1"))  # 5 play pass 2, one sits out
    late = t.entries.get(name="Late")
    second = services.schedule_next_pass(t)
    due = second.byes[0]
    assert due not in (late.pk, first.byes[0])

    second = services.swap(second, due, late.pk)  # the director lets the late team sit out

    due_name = t.entries.get(pk=due).name
    assert [(f.kind, f.message) for f in services.findings(second)] == [
        ("bye-fewer-passes", f"Late sits out, having played fewer passes than {due_name}")
    ]
    with pytest.raises(services.TournamentRuleBroken, match="Publish it anyway"):
        services.publish_pass(second)
    assert services.publish_pass(second, anyway=True).byes == [late.pk]
