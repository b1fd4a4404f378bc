"""The scorer at the table, on a phone: a whole game, corrections, refusals, double taps."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import Game, Hand
from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in

TEAM_0, TEAM_1 = "Anne & Claude", "Bernard & Denise"
WAIT_FOR_NEXT_HAND_OR_ERROR = """n => {
  const input = document.querySelector('#hand-form input[name=hand_number]');
  return !input || Number(input.value) > n
    || document.querySelector('.is-invalid .invalid-feedback');
}"""


def start_game(page, live_server, preset: str = "Chibre to 1000", *, scripts: bool = True) -> None:
    """Start a game from the new-game page; with ``scripts``, wait until the table
    screen's script has set up the form (a tap before that is a plain tap)."""
    page.goto(f"{live_server.url}/games/new/team/")
    page.locator(".preset-grid label", has_text=preset).click()
    for seat, name in enumerate(["Anne", "Bernard", "Claude", "Denise"]):
        page.fill(f"#id_seat_{seat}", name)
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_selector("#hand-form[data-ready]" if scripts else "#hand-form")


def record(
    page,
    trump: str,
    points: int | None = None,
    *,
    typed: str | None = None,
    match: str | None = None,
    weis: tuple[str, list[str]] | None = None,
    stoeck: str | None = None,
) -> None:
    number = int(page.locator("#hand-form input[name=hand_number]").input_value())
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text=trump).click()
    if typed:
        form.locator(".typed-team label", has_text=typed).click()
    if match:
        form.locator(".field-match label", has_text=match).click()
    if points is not None:
        form.locator(".points-input").fill(str(points))
    if weis or stoeck:
        details = form.locator("details.extras")
        if details.get_attribute("open") is None:  # an open one says ""
            details.locator("summary").click()
    if weis:
        team, kinds = weis
        form.locator(".field-weis .choice-row label", has_text=team).click()
        for kind in kinds:
            add_weis(page, kind)
    if stoeck:
        form.locator(".field-stoeck label", has_text=stoeck).click()
    form.locator("button.save-hand").click()
    page.wait_for_function(WAIT_FOR_NEXT_HAND_OR_ERROR, arg=number)


def add_weis(page, kind: str) -> None:
    """Tap the button of a Weis kind (``seq3``, ``four-jacks``) in the Weis section."""
    page.locator(f'#hand-form .weis-kind[data-kind="{kind}"]').click()


def totals(page) -> list[str]:
    return page.locator(".team-total").all_inner_texts()


def test_a_whole_chibre_game_to_the_winner_and_rubicon(page, live_server, scorer, other_hosts):
    start_game(page, live_server)
    expect(page.get_by_text("Hand 1: Denise deals, Anne chooses trump.")).to_be_visible()
    assert not has_horizontal_scroll(page)

    page.locator(".field-trump label", has_text="Hearts").click()
    page.locator(".points-input").fill("95")
    expect(page.locator(".other-value")).to_have_text("62")  # before saving
    record(page, "Hearts", 95, weis=(TEAM_0, ["seq3", "seq4"]), stoeck=TEAM_0)
    assert totals(page) == ["185", "62"]
    assert page.locator("svg[data-number]").first.get_attribute("data-number") == "15"
    screenshot(page, "table-after-hand-1")

    record(page, "Spades", match=TEAM_0)
    assert totals(page) == ["442", "62"]
    record(page, "Clubs", 100)
    record(page, "Obe-abe", 100)
    record(page, "Diamonds", 87, stoeck=TEAM_1)
    record(page, "Unde-ufe", 37, typed=TEAM_1, weis=(TEAM_0, ["seq4"]))
    assert totals(page) == ["899", "303"]
    screenshot(page, "table-hand-7")

    # a correction: hand 3 was 110, not 100
    page.get_by_role("link", name="Correct hand 3").click()
    page.locator(".points-input").fill("110")
    page.locator("button.save-hand").click()
    page.wait_for_selector("#table")
    expect(page.get_by_text("Hand 3 corrected.")).to_be_visible()
    assert totals(page) == ["909", "293"]

    record(page, "Hearts", 120)
    expect(page.get_by_role("heading", name=f"Winner: {TEAM_0}")).to_be_visible()
    expect(page.get_by_text("Went out on trick points.")).to_be_visible()
    expect(page.get_by_text(f"Rubicon: {TEAM_1}")).to_be_visible()
    assert page.locator("#hand-form").count() == 0
    assert totals(page) == ["1029", "330"]
    screenshot(page, "table-game-over")

    page.get_by_role("link", name=Game.objects.get().name).click()
    expect(page.locator(".chart svg")).to_be_visible()
    assert not has_horizontal_scroll(page)
    screenshot(page, "game-finished")
    assert other_hosts == []


def test_a_refused_hand_shows_the_message_and_keeps_the_input(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Obe-abe").click()
    expect(form.locator(".field-stoeck")).to_be_hidden()  # no Stöck without a trump suit
    form.locator(".points-input").fill("95")
    form.locator("details.extras summary").click()
    add_weis(page, "seq4")  # but for which team?
    form.locator("button.save-hand").click()

    error = page.locator(".field-weis .invalid-feedback")
    error.wait_for()
    assert error.inner_text() == "Say which team won the Weis."
    assert page.locator(".points-input").input_value() == "95"
    # drawn by the script on swap
    expect(page.locator(".weis-chip")).to_have_text(["Four in a row 50 ×"])
    assert Hand.objects.count() == 0
    screenshot(page, "table-refused-hand")


def test_a_pique_double_hand_counts_double(page, live_server, scorer):
    start_game(page, live_server, "Pique double to 1500")
    assert (
        page.locator(".field-trump label", has_text="Spades")
        .locator(".trump-multiplier")
        .inner_text()
        == "×2"
    )

    record(page, "Spades", 100)

    assert totals(page) == ["200", "114"]


def test_a_double_tap_stores_one_hand(page, live_server, scorer):
    start_game(page, live_server)
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".points-input").fill("95")
    posts = []
    page.on("request", lambda request: request.method == "POST" and posts.append(request))

    page.evaluate(
        "() => { const f = document.querySelector('#hand-form');"
        " const b = f.querySelector('button.save-hand'); b.click(); b.click();"
        " f.dispatchEvent(new Event('submit', {bubbles: true, cancelable: true})); }"
    )
    page.wait_for_selector("text=Save hand 2")
    # Every round of sending has ended (offline.js marks it on <html>; "true" while
    # the round that drew hand 2's form goes on), and every request the taps sent has
    # its answer: a second save would have been stored by now.
    expect(page.locator("html")).to_have_attribute("data-sending", "false")
    assert posts
    assert all(request.response() is not None for request in posts)

    assert Hand.objects.count() == 1
    assert totals(page) == ["95", "62"]


def test_recording_works_without_javascript(browser, live_server, scorer):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    sign_in(page, live_server, "scorer", "jass-test-pw")
    start_game(page, live_server, scripts=False)

    page.locator(".field-trump label", has_text="Clubs").click()
    page.locator(".points-input").fill("57")
    page.locator("button.save-hand").click()
    page.wait_for_selector("text=Save hand 2")

    assert totals(page) == ["57", "100"]
    context.close()


def test_the_match_preview_counts_the_games_match_bonus(page, live_server, scorer):
    start_game(page, live_server, "Tournament, 16 hands")  # no match bonus
    form = page.locator("#hand-form")
    form.locator(".field-trump label", has_text="Hearts").click()
    form.locator(".field-match label", has_text=TEAM_1).click()

    expect(form.locator(".other-value")).to_have_text("157 / 0")
    form.locator("button.save-hand").click()
    page.wait_for_function(WAIT_FOR_NEXT_HAND_OR_ERROR, arg=1)
    assert totals(page) == ["0", "157"]


def test_a_tournament_table_shows_its_imposed_trump_fixed(page, live_server, transactional_db):
    import datetime as dt

    from clubs.models import Club
    from tournaments import services
    from tournaments.models import Tournament

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    tournament = Tournament.objects.create(
        club=club, name="Preisjass", date=dt.date(2026, 12, 5), hands=2, trump_order=["diamonds"]
    )
    for n in (1, 2):
        entry = services.register(tournament, name=f"Team {n}", player_1=f"A{n}", player_2=f"B{n}")
        services.check_in(entry)
    table = services.publish_pass(services.schedule_next_pass(tournament)).tables.get()

    page.goto(f"{live_server.url}/t/{table.token}/")
    form = page.locator("#hand-form")
    expect(page.locator(".turn")).to_contain_text("Imposed trump: ♦ Diamonds")
    expect(page.locator(".turn")).not_to_contain_text("chooses trump")
    expect(form.locator(".field-trump legend")).to_have_text("Imposed trump")
    expect(form.locator(".field-trump label")).to_have_count(1)
    expect(form.locator("input[name=trump]:checked")).to_have_value("diamonds")
    first = tournament.entries.get(pk=table.seats[0]).name  # the draw seats either team first
    form.locator(".field-match label", has_text=first).click()
    expect(form.locator(".other-value")).to_have_text("157 / 0")
    assert not has_horizontal_scroll(page)
    screenshot(page, "tournament-table-imposed-trump")

    form.locator("button.save-hand").click()
    page.wait_for_function(WAIT_FOR_NEXT_HAND_OR_ERROR, arg=1)
    assert totals(page) == ["157", "0"]
    assert Hand.objects.get().record["trump"] == "diamonds"


def test_a_tournament_table_decided_on_paper_shows_the_papers_totals(
    page, live_server, transactional_db
):
    """The director's totals from the paper sheet replace the scoreboard; the table
    screen's script, which counts the hands waiting offline, leaves them as drawn."""
    import datetime as dt

    from clubs.models import Club
    from tournaments import services
    from tournaments.models import Tournament

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn")
    tournament = Tournament.objects.create(
        club=club, name="Preisjass", date=dt.date(2026, 12, 5), hands=2, trump_order=["diamonds"]
    )
    for n in (1, 2):
        entry = services.register(tournament, name=f"Team {n}", player_1=f"A{n}", player_2=f"B{n}")
        services.check_in(entry)
    table = services.publish_pass(services.schedule_next_pass(tournament)).tables.get()
    services.enter_paper_totals(table, (200, 114))

    page.goto(f"{live_server.url}/t/{table.token}/")
    expect(page.locator(".paper-result")).to_contain_text("Result from the paper sheet")
    page.wait_for_function("() => window.JassOfflineKind !== undefined")
    expect(page.locator(".paper-result .team-total")).to_have_text(["200", "114"])


def test_a_second_phone_sees_a_new_hand_within_seconds(scorer, page, browser, live_server):
    """Live on every phone: a member following the game on its page, and the scorer's
    own second phone on the table screen, see the hand the first phone saved."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Member, Role

    start_game(page, live_server)
    game = Game.objects.get()
    member = get_user_model().objects.create_user("follower", password="jass-test-pw")
    Member.objects.create(club=Club.objects.get(), name="Follower", user=member, role=Role.MEMBER)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB")
    follower = context.new_page()
    sign_in(follower, live_server, "follower", "jass-test-pw")
    follower.goto(f"{live_server.url}/games/{game.pk}/")
    second = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB")
    other_phone = second.new_page()
    sign_in(other_phone, live_server, "scorer", "jass-test-pw")
    other_phone.goto(f"{live_server.url}/games/{game.pk}/table/")

    record(page, "Hearts", 100)

    expect(follower.locator("main")).to_contain_text("100", timeout=15_000)
    expect(follower.locator("main")).to_contain_text("57")
    expect(follower.locator("#page-said")).to_have_text(
        "Hand 1 recorded: 100 : 57. Score 100 : 57."
    )
    # nothing typed on the second phone: it follows by itself
    # (the poll asks every 5 s; a busy machine running tests side by side is slower)
    expect(other_phone.locator("#hand-form input[name=hand_number]")).to_have_value(
        "2", timeout=15_000
    )
    expect(other_phone.locator("#table-said")).to_contain_text("Hand 1 recorded: 100 : 57.")

    # a hand half typed there is not swept away: the notice asks first
    other_phone.locator("#hand-form .field-trump label", has_text="Clubs").click()
    other_phone.locator("#hand-form .points-input").fill("40")
    record(page, "Spades", 90)
    behind = other_phone.locator(".behind")
    expect(behind).to_contain_text("This screen is behind", timeout=15_000)
    expect(other_phone.locator("#hand-form .points-input")).to_have_value("40")
    screenshot(other_phone, "table-behind")
    behind.get_by_role("link", name="Show the game now").click()
    expect(other_phone.locator("#hand-form input[name=hand_number]")).to_have_value("3")
    context.close()
    second.close()
