"""A Différenzler tournament through its services and views (issue 15, RULES.md §10):
tables of four with new tablemates, each table's game with sealed estimates, the four
players' signatures with their own codes, the standings by the lowest difference, and
the pages, CSV and PDF that show them."""

from __future__ import annotations

import datetime as dt
import html
import re
import uuid
from collections import Counter
from itertools import combinations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.kinds.differenzler import estimates
from scoring.models import Game
from scoring.services import Author, StaleScreen
from tournaments import services
from tournaments.forms import TournamentForm
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Beat", "Cilgia", "Dario", "Erika", "Fritz", "Gina", "Hugo", "Ida"]


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def differenzler(club, **fields) -> Tournament:
    values = {
        "name": "Differenzler-Abend",
        "date": dt.date(2026, 11, 28),
        "passes": 2,
        "hands": 2,
        "format": "differenzler",
        "tie_breaks": ["exact", "best-hand", "draw"],
    }
    return Tournament.objects.create(club=club, **(values | fields))


def players(t: Tournament, names=PLAYERS) -> dict[int, str]:
    entries = {}
    for name in names:
        entry = services.register(t, name=name, player_1=name, player_2="")
        services.check_in(entry)
        entries[entry.pk] = name
    return entries


def play(game: Game, hands: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> None:
    """Play ``hands`` at a table: (estimates, card points) each, the trump hearts."""
    for number, (values, cards) in enumerate(hands, start=1):
        estimates.choose_trump(game, number, "hearts")
        for seat, value in enumerate(values):
            estimates.seal_estimate(game, number, seat, value)
        estimates.start_hand(game, number, game.seat_names())
        estimates.record_points(
            game, number, cards, form_key=uuid.uuid4(), author=Author(device="test")
        )


def sign_all(table: Table) -> services.Signed:
    table.refresh_from_db()
    signed = None
    for side, code in enumerate(table.codes):
        signed = services.confirm_table(table, side, code)
    assert signed is not None
    return signed


def first_table(t: Tournament) -> tuple[Table, Game]:
    """Pass 1 drawn and published: its first table and that table's game."""
    table = services.publish_pass(services.schedule_next_pass(t)).tables.first()
    return table, Game.objects.get(pk=table.game_id)


def closed_first_pass(t: Tournament):
    """Pass 1 drawn, published, every table playing ``HANDS`` and signed, closed."""
    first = services.publish_pass(services.schedule_next_pass(t))
    for table in first.tables.all():
        play(Game.objects.get(pk=table.game_id), HANDS)
        sign_all(table)
    services.close_pass(first)
    return first


HANDS = [((40, 40, 40, 37), (40, 40, 40, 37)), ((50, 30, 40, 37), (40, 40, 40, 37))]
# differences: hand 1 all exact; hand 2: 10, 10, 0, 0 -> totals 10, 10, 0, 0


def test_a_pass_seats_tables_of_four_with_four_codes_and_a_bye(club):
    t = differenzler(club)
    players(t)

    first = services.schedule_next_pass(t)

    tables = list(first.tables.all())
    assert len(tables) == 2
    assert len(first.byes) == 1
    for table in tables:
        assert len(table.seats) == 4
        assert len(table.codes) == 4
        assert len(set(table.codes)) == 4
    assert services.findings(first) == []


def test_published_tables_get_differenzler_games_with_seat_links(club):
    t = differenzler(club)
    names = players(t)
    first = services.publish_pass(services.schedule_next_pass(t))

    for table in first.tables.all():
        game = Game.objects.with_everything().get(pk=table.game_id)
        assert game.individual
        assert game.rules.hands == 2
        assert list(game.seat_names()) == [names[i] for i in table.seats]
        assert game.seat_links.filter(revoked_at__isnull=True).count() == 4
    assert not t.trump_order  # no imposed trumps: each table draws or turns up its own


def test_every_player_signs_and_the_second_pass_seats_new_tablemates(club):
    t = differenzler(club)
    players(t)
    first = services.publish_pass(services.schedule_next_pass(t))
    for table in first.tables.all():
        play(Game.objects.get(pk=table.game_id), HANDS)
        table.refresh_from_db()
        for side, code in enumerate(table.codes[:3]):
            assert not services.confirm_table(table, side, code).confirmed
        assert services.confirm_table(table, 3, table.codes[3]).confirmed

    services.close_pass(first)
    second = services.schedule_next_pass(t)

    met = {frozenset(p) for table in first.tables.all() for p in _pairs(table.seats)}
    again = [p for table in second.tables.all() for p in _pairs(table.seats) if p in met]
    # 8 of 9 play each pass: two tables of four cannot all be new, but the draw minimises
    assert len(again) <= 4
    assert second.byes != first.byes  # who sat out plays


def _pairs(seats):
    return [frozenset((a, b)) for i, a in enumerate(seats) for b in seats[i + 1 :]]


def test_the_standings_rank_the_lowest_difference_and_a_bye_counts_the_average(club):
    t = differenzler(club)
    names = players(t)
    first = closed_first_pass(t)

    standing = services.current_standings(t)

    by_name = {names[s.entry]: s for s in standing}
    bye = names[first.byes[0]]
    assert by_name[bye].total == 5  # the average of 10, 10, 0, 0 twice
    exact_players = [names[table.seats[seat]] for table in first.tables.all() for seat in (2, 3)]
    # four players at 0 with two exact estimates and a best hand of 0: the draw ranks them
    assert {by_name[name].rank for name in exact_players} == {1, 2, 3, 4}
    assert all(by_name[name].exact == 2 for name in exact_players)
    assert {by_name[name].decided_by for name in exact_players} == {"draw"}
    assert by_name[bye].rank == 5
    # the draw is the last tie-break: no two players share a place
    assert sorted(s.rank for s in standing) == list(range(1, 10))


def test_a_player_who_comes_late_counts_the_largest_difference_of_the_pass_missed(
    client, club, make_user
):
    t = differenzler(club)
    players(t)
    closed_first_pass(t)
    late = services.register(t, name="Jon", player_1="Jon", player_2="")
    services.check_in(late)

    standing = {s.entry: s for s in services.current_standings(t)}

    assert standing[late.pk].total == 10  # pass 1's largest difference, never a 0
    assert standing[late.pk].missed == {1}
    assert standing[late.pk].rank == 10  # the four others at 10 each have an exact estimate
    client.force_login(make_user("admin", club))
    page = client.get(reverse("tournaments:standings", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "† a pass not played: the largest difference of that pass." in page.content.decode()
    entry = client.get(
        reverse("tournaments:entry", args=[t.pk, late.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "Not played: pass 1." in entry.content.decode()
    csv = client.get(reverse("tournaments:results_csv", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en")
    jon = next(line for line in csv.content.decode("utf-8-sig").splitlines() if ";Jon;" in line)
    assert jon.split(";")[2:4] == ["10", "10"]
    assert jon.split(";")[-2] == "1"


def test_another_players_code_in_a_box_is_a_wrong_code_like_any_other(club):
    """Telling "that is another player's code" apart from "wrong" would let a player
    try the others' codes in their own box: both get the same answer and count."""
    t = differenzler(club)
    players(t)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.first()
    play(Game.objects.get(pk=table.game_id), HANDS)

    with pytest.raises(services.TournamentRuleBroken) as theirs:
        services.confirm_table(table, 0, table.codes[1])
    wrong = next(c for c in ("000000", "111111", "222222", "333333") if c not in table.codes)
    with pytest.raises(services.TournamentRuleBroken) as guessed:
        services.confirm_table(table, 0, wrong)

    assert "not the code on this player's slip (2 more tries" in str(theirs.value)
    assert "not the code on this player's slip (1 more try" in str(guessed.value)
    table.refresh_from_db()
    assert table.wrong_codes_of(0) == 2
    assert table.wrong_codes_of(1) == 0
    with pytest.raises(services.TournamentRuleBroken, match="Choose the player who signs"):
        services.confirm_table(table, 4, table.codes[0])


def test_a_table_signed_by_all_four_is_no_longer_changed_at_the_table(club):
    t = differenzler(club)
    players(t)
    table, game = first_table(t)
    play(game, HANDS)
    sign_all(table)

    with pytest.raises(StaleScreen, match="settled"):
        estimates.reopen_last_hand(game, 2, form_key=uuid.uuid4(), author=Author(device="x"))


def test_a_correction_after_some_signed_asks_them_again(club):
    t = differenzler(club)
    players(t)
    table, game = first_table(t)
    play(game, HANDS)
    table.refresh_from_db()
    services.confirm_table(table, 0, table.codes[0])
    estimates.reopen_last_hand(game, 2, form_key=uuid.uuid4(), author=Author(device="x"))
    estimates.record_points(
        game, 2, (41, 39, 40, 37), form_key=uuid.uuid4(), author=Author(device="x")
    )

    table.refresh_from_db()
    for side in (1, 2, 3):
        services.confirm_table(table, side, table.codes[side])
    table.refresh_from_db()
    assert table.state != Table.CONFIRMED  # player 0 signed other totals: asked again
    assert services.confirm_table(table, 0, table.codes[0]).confirmed


def test_paper_totals_are_refused_for_a_differenzler_table(club):
    t = differenzler(club)
    players(t)
    first = services.publish_pass(services.schedule_next_pass(t))
    with pytest.raises(services.TournamentRuleBroken, match="hand by hand"):
        services.enter_paper_totals(first.tables.first(), (10, 20))


# -- the settings form -------------------------------------------------------------------


def form_data(**fields):
    data = {
        "name": "Differenzler",
        "date": "2026-11-28",
        "format": "differenzler",
        "passes": "3",
        "hands": "12",
        "tie_break_1": "best-pass",  # the form's defaults, for a tournament of points
        "tie_break_2": "matches",
        "tie_break_3": "draw",
    }
    return data | fields


def test_the_form_gives_a_differenzler_tournament_its_own_tie_breaks(club):
    form = TournamentForm(form_data())
    assert form.is_valid(), form.errors
    assert form.cleaned_data["tie_breaks"] == ["exact", "best-hand", "draw"]


def test_the_form_refuses_what_differenzler_does_not_have(club):
    form = TournamentForm(
        form_data(weis="on", best_of="2", trump_order_text="Hearts", tie_break_1="matches")
    )
    assert not form.is_valid()
    assert "card points only" in form.errors["weis"][0]
    assert "every pass" in form.errors["best_of"][0]
    assert "draws each hand's trump" in form.errors["trump_order_text"][0]
    assert "does not break ties in this format" in form.errors["tie_break_1"][0]


# -- the pages -----------------------------------------------------------------------------


def test_standings_csv_pdf_cards_and_entry_page(client, club, make_user):
    t = differenzler(club)
    names = players(t)
    first = closed_first_pass(t)
    client.force_login(make_user("admin", club))

    page = client.get(reverse("tournaments:standings", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert "Difference" in text
    assert "average difference" in text
    csv = client.get(
        reverse("tournaments:results_csv", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode("utf-8-sig")
    rows = [line.split(";") for line in csv.splitlines()]
    assert rows[0] == [
        "Rank", "Name", "Pass 1", "Total difference", "Exact estimates",
        "Best hand", "Tie-break", "Bye in pass", "Not played in pass", "Withdrawn",
    ]  # fmt: skip
    leader = next(s for s in services.current_standings(t) if s.rank == 1)
    assert rows[1][2:6] == [str(leader.total)] * 2 + [str(leader.exact), str(leader.best_hand)]
    assert [row[0] for row in rows[1:]] == [str(rank) for rank in range(1, 10)]
    assert "a reproducible draw" in csv  # the tie-break that placed equal differences
    pdf = client.get(reverse("tournaments:results_pdf", args=[t.pk]))
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    cards = client.get(reverse("tournaments:table_cards", args=[t.pk, 1]))
    assert cards.status_code == 200
    bye = first.byes[0]
    entry = client.get(reverse("tournaments:entry", args=[t.pk, bye]), HTTP_ACCEPT_LANGUAGE="en")
    assert "the pass's average difference" in entry.content.decode()
    player = first.tables.first().seats[0]
    entry = client.get(
        reverse("tournaments:entry", args=[t.pk, player]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    others = [names[i] for i in first.tables.first().seats[1:]]
    assert all(name in entry for name in others)
    director = client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "From the paper sheet" not in director


def test_the_table_link_opens_the_differenzler_table_and_four_players_sign(club):
    client = Client()  # a phone at the table: no account, the table's link
    t = differenzler(club)
    players(t)
    table, game = first_table(t)

    opened = client.get(
        reverse("tournaments:table_link", args=[table.token]),
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Tap the trump turned up at the table" in opened.content.decode()
    play(game, HANDS)
    screen = client.get(reverse("scoring:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    text = screen.content.decode()
    assert "The four players sign the result" in text
    assert "Correct the points of hand 2" in text
    table.refresh_from_db()
    for side in range(4):
        answer = client.post(
            reverse("tournaments:confirm", args=[game.pk]),
            {"side": side, "code": table.codes[side], "totals": "10:10:0:0"},
            HTTP_ACCEPT_LANGUAGE="en",
            follow=True,
        )
        assert answer.status_code == 200
    table.refresh_from_db()
    assert table.state == Table.CONFIRMED
    after = client.get(reverse("scoring:table", args=[game.pk]), follow=True)
    assert "Correct the points" not in after.content.decode()
    assert not _behind(client, after.content.decode())  # the settled table, still shown


def _behind(client: Client, page: str) -> bool:
    """Whether the screen's live poll says it is behind (it would redraw itself)."""
    poll = re.search(r'id="live" class="live" hx-get="([^"]+)"', page)
    assert poll is not None
    answer = client.get(html.unescape(poll[1]))
    assert answer.status_code == 200
    return 'hx-trigger="load"' in answer.content.decode()


def test_the_table_screen_redraws_itself_only_when_the_table_changed(club):
    client = Client()
    t = differenzler(club)
    players(t)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.first()
    game = Game.objects.get(pk=table.game_id)
    client.get(reverse("tournaments:table_link", args=[table.token]))
    play(game, HANDS)
    page = client.get(reverse("scoring:table", args=[game.pk])).content.decode()
    assert table.token not in re.search(r'hx-get="([^"]+)"', page)[1]

    assert not _behind(client, page)  # the points typed stay where they are
    table.refresh_from_db()
    services.confirm_table(table, 0, table.codes[0])
    assert _behind(client, page)  # a player signed: the boxes show it


def test_the_settings_of_a_differenzler_tournament_show_only_what_it_has(club):
    t = differenzler(club)
    players(t, PLAYERS[:4])
    services.schedule_next_pass(t)

    form = TournamentForm(instance=t)

    assert not {"weis", "stoeck", "match_bonus", "best_of", "trump_order_text"} & set(form.fields)
    offered = {key for key, _label in form.fields["tie_break_1"].choices if key}
    assert offered == {"exact", "best-hand", "best-pass", "draw"}
    saved = TournamentForm(
        form_data(name="Renamed", tie_break_1="best-hand", tie_break_2="exact", tie_break_3=""),
        instance=t,
    )
    assert saved.is_valid(), saved.errors
    saved.save()
    t.refresh_from_db()
    assert (t.name, t.tie_breaks, t.trump_order) == ("Renamed", ["best-hand", "exact"], [])


def test_the_live_standings_show_a_settled_tables_differences_before_the_pass_closes(club):
    t = differenzler(club)
    players(t)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.first()
    play(Game.objects.get(pk=table.game_id), HANDS)

    assert services.running_pass(t).points == {}  # not signed yet: nothing shown
    sign_all(table)

    running = services.running_pass(t)
    assert running.points == dict(zip(table.seats, (10, 10, 0, 0), strict=True))
    assert running.byes == frozenset(first.byes)  # a bye's average is known at the close


def test_a_name_put_right_follows_into_the_table_s_game(club):
    t = differenzler(club)
    players(t)
    first = services.publish_pass(services.schedule_next_pass(t))
    table = first.tables.first()
    entry = t.entries.get(pk=table.seats[1])

    services.correct_entry(entry, name="Beatrice", player_1="Beatrice", player_2="")

    game = Game.objects.with_everything().get(pk=table.game_id)
    assert game.seat_names()[1] == "Beatrice"


@pytest.mark.parametrize("count", [9, 41])
def test_the_standings_page_costs_the_same_queries_for_9_or_41_players(
    client, club, django_assert_num_queries, count
):
    from scoring.models import Hand

    t = differenzler(club, name="Big")
    players(t, [f"Player {n}" for n in range(count)])
    first = services.publish_pass(services.schedule_next_pass(t))
    Hand.objects.bulk_create(
        Hand(
            game=table.game,
            number=n,
            record={"trump": "hearts", "estimates": [30, 40, 50, 37], "cards": [40, 40, 40, 37]},
        )
        for table in first.tables.all()
        for n in range(1, t.hands + 1)
    )
    first.tables.update(state="decided")
    services.close_pass(first)

    # as for teams: session, user, tournament, memberships, club check; entries,
    # passes, tables, the last change of each game, the pass being played, the changes
    # to the ranking made in public
    with django_assert_num_queries(11):
        response = client.get(reverse("tournaments:standings", args=[t.pk]))

    rows = response.context["rows"]
    assert len(rows) == count
    assert rows[-1]["total"] >= rows[0]["total"]


def test_a_new_table_link_keeps_the_players_own_links(club, make_user):
    """A player's seat link is on their own slip, never on the table's screen: a new
    table link (the table's phone lost) leaves it, and the phone that holds it."""
    t = differenzler(club)
    players(t)
    table = services.publish_pass(services.schedule_next_pass(t)).tables.first()
    game = Game.objects.get(pk=table.game_id)
    old = list(game.seat_links.filter(revoked_at__isnull=True).order_by("seat"))
    anne = Client()
    anne.post(reverse("scoring:seat", args=[old[0].token]), {"hand_number": 1, "estimate": 40})

    services.renew_link(table, director=make_user("admin", club))

    kept = list(game.seat_links.filter(revoked_at__isnull=True).order_by("seat"))
    assert [link.pk for link in kept] == [link.pk for link in old]
    assert anne.get(reverse("scoring:seat", args=[old[0].token])).status_code == 200
    assert game.estimates.get(number=1, seat=0).value == 40


def test_the_director_corrects_a_hand_of_a_settled_table_saying_why(client, club, make_user):
    t = differenzler(club)
    names = players(t)
    first = closed_first_pass(t)
    table = first.tables.first()
    game = Game.objects.get(pk=table.game_id)
    url = reverse("scoring:correct_hand", args=[game.pk, 1])
    phone = Client()  # the table's phone: its result is settled, it scores no more
    phone.get(reverse("tournaments:table_link", args=[table.token]))
    assert phone.get(url).status_code in (302, 403)
    client.force_login(make_user("admin", club))
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    version = re.search(r'name="version" value="([^"]+)"', page)[1]
    data = {"hand_number": 1, "form_key": uuid.uuid4(), "version": version}
    data |= {"cards_0": 50, "cards_1": 30, "cards_2": 40}  # seat 0 +10, seat 1 -10

    refused = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422
    assert "say why it changes" in refused.content.decode()
    saved = client.post(url, data | {"reason": "Hand 1 miscounted"}, HTTP_ACCEPT_LANGUAGE="en")

    assert saved.status_code == 302
    table.refresh_from_db()
    assert table.state == Table.DECIDED
    assert table.result["totals"] == [20, 20, 0, 0]
    assert table.result["exact"] == [0, 0, 2, 2]
    standing = {names[s.entry]: s.total for s in services.current_standings(t)}
    assert standing[names[table.seats[0]]] == 20
    event = table.events.get(kind="changed")
    assert (event.before, event.after) == ([10, 10, 0, 0], [20, 20, 0, 0])


THIRTEEN = [*PLAYERS, "Jon", "Kathrin", "Luca", "Mia"]


def close(draft) -> None:
    """A drawn pass published, every table playing ``HANDS`` and signed, closed."""
    published = services.publish_pass(draft)
    for table in published.tables.all():
        play(Game.objects.get(pk=table.game_id), HANDS)
        sign_all(table)
    services.close_pass(published)


def test_thirteen_players_and_a_late_comer_who_plays_the_pass_they_come_for(club):
    """Issue 24's trial: 13 players over 3 passes, a 14th checked in before pass 2.
    The late-comer plays pass 2 (two who played pass 1 sit out), nobody sits out
    twice, and no two players sit at the same table a third time."""
    t = differenzler(club, passes=3)
    players(t, THIRTEEN)
    first = services.schedule_next_pass(t)
    close(first)
    late = services.register(t, name="Nina", player_1="Nina", player_2="")
    services.check_in(late)

    second = services.schedule_next_pass(t)

    seated = {i for table in second.tables.all() for i in table.seats}
    assert late.pk in seated
    assert len(second.byes) == 2
    assert not set(second.byes) & set(first.byes)
    assert {f.kind for f in services.findings(second)} <= {"tablemates-again"}
    close(second)
    third = services.schedule_next_pass(t)
    assert not set(third.byes) & (set(first.byes) | set(second.byes))
    assert {f.kind for f in services.findings(third)} <= {"tablemates-again"}
    met = Counter(
        frozenset(pair)
        for table in Table.objects.filter(round__tournament=t)
        for pair in combinations(table.seats, 2)
    )
    assert max(met.values()) <= 2


def test_the_director_lets_a_late_comer_sit_out_and_the_check_says_it_costs(club):
    t = differenzler(club)
    players(t)
    close(services.schedule_next_pass(t))
    late = services.register(t, name="Jon", player_1="Jon", player_2="")
    services.check_in(late)  # 10 players: two sit out
    second = services.schedule_next_pass(t)
    assert late.pk not in second.byes
    due = services.review(second).bye_order[:2]
    assert sorted(due) == sorted(second.byes)

    second = services.swap(second, due[1], late.pk)

    other = t.entries.get(pk=due[1]).name  # due to sit out, and now playing
    costs = [(f.kind, f.message) for f in services.findings(second) if f.kind.startswith("bye")]
    assert costs == [("bye-fewer-passes", f"Jon sits out, having played fewer passes than {other}")]
