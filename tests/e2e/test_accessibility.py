"""WCAG 2.2 AA, as far as a machine can tell (issue 26): axe-core on every kind of page,
at a phone's size and a laptop's, in the light and the dark theme, in French, German and
Italian.

axe-core comes from the package ``axe-playwright-python``, which ships ``axe.min.js``
and puts it into the page from this machine: nothing is fetched from another host (the
context lets the live server alone be reached, and the test says so). A serious or
critical violation fails the test with the rule, the elements and axe's words.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass

import pytest
from django.core.management import call_command

from tests.e2e.conftest import own_host_only, screenshot, sign_in

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
LOCALES = {"fr": "fr-CH", "de": "de-CH", "it": "it-CH"}
# The rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices (a
# best practice fails the test only when axe calls it serious or critical).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
FAILING = ("serious", "critical")


@dataclass
class Demo:
    """The demo club night (manage.py load_demo) and the addresses of its pages."""

    signed_out: dict[str, str]
    signed_in: dict[str, str]


@pytest.fixture
def demo(transactional_db) -> Demo:
    from django.contrib.auth import get_user_model

    from clubs.models import Member
    from scoring.models import Game, SpectatorLink
    from seasons.models import Season
    from tournaments.models import Tournament

    call_command("load_demo", stdout=io.StringIO())
    admin = get_user_model().objects.get(username="demo-admin")
    game = {g.name: g.pk for g in Game.objects.all()}
    team_on, team_over = game["Pique double, table 2"], game["Soirée du club, table 1"]
    differenzler, coiffeur = game["Différenzler, table 3"], game["Coiffeur in der Stube"]
    tournament = Tournament.objects.get(name="Preisjass de la Bénichon")
    diff_tournament = Tournament.objects.get(name="Différenzler de la Saint-Nicolas")
    played = Game.objects.filter(table__round__tournament=tournament)
    tournament_table = played.order_by("-pk").values_list("pk", flat=True).first()
    estimating = (
        Game.objects.filter(table__round__tournament=diff_tournament)
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )
    watch_team = SpectatorLink.objects.create(game_id=team_on, created_by=admin).token
    watch_coiffeur = SpectatorLink.objects.create(game_id=coiffeur, created_by=admin).token
    anne = Member.objects.get(club__slug="demo", name="Anne").pk
    season = Season.objects.get(club__slug="demo").pk
    night = Game.objects.get(pk=team_over).played_on
    return Demo(
        signed_out={"sign-in": "/accounts/login/"},
        signed_in={
            "games": "/",
            "club-and-leaderboard": "/clubs/demo/",
            "player": f"/clubs/demo/players/{anne}/",
            "evening": f"/clubs/demo/evenings/{night.isoformat()}/",
            "strich-table": "/clubs/demo/striche/",
            "team-table": f"/games/{team_on}/table/",
            "team-game": f"/games/{team_on}/",
            "team-game-over": f"/games/{team_over}/",
            "team-spectator": f"/watch/{watch_team}/",
            "team-correction": f"/games/{team_on}/hands/2/",
            "history": f"/games/{team_on}/history/",
            "differenzler-table": f"/games/{differenzler}/table/",
            "differenzler-game": f"/games/{differenzler}/",
            "differenzler-correction": f"/games/{differenzler}/hands/2/",
            "differenzler-estimate": f"/games/{estimating}/estimate/0/",
            "coiffeur-table": f"/games/{coiffeur}/table/",
            "coiffeur-game": f"/games/{coiffeur}/",
            "coiffeur-spectator": f"/watch/{watch_coiffeur}/",
            "tournament-office": f"/tournaments/{tournament.pk}/",
            "standings": f"/tournaments/{tournament.pk}/standings/",
            "projector": f"/tournaments/{tournament.pk}/standings/?big=1",
            "tournament-table": f"/games/{tournament_table}/table/",
            "season": f"/seasons/{season}/",
            "season-settings": f"/seasons/{season}/settings/",
        },
    )


def serious_violations(page) -> list[str]:
    """axe's serious and critical findings on the page as it stands, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] not in FAILING:
            continue
        for node in violation["nodes"]:
            summary = " ".join(node["failureSummary"].split())
            found.append(f"{violation['id']} ({violation['impact']}) {node['target']}: {summary}")
    return found


def new_context(browser, *, size: str, scheme: str, locale: str):
    return browser.new_context(
        viewport=SIZES[size],
        color_scheme=scheme,
        locale=locale,
        is_mobile=size == "phone",
        has_touch=size == "phone",
    )


# Each pair of language, theme and size is met (six runs, about a minute and a half on
# two workers); JASSCLUB_A11Y_ALL=1 runs all twelve combinations.
PAIRWISE = [
    ("fr", "light", "phone"),
    ("de", "dark", "phone"),
    ("de", "light", "laptop"),
    ("fr", "dark", "laptop"),
    ("it", "dark", "phone"),
    ("it", "light", "laptop"),
]
ALL = [
    (language, scheme, size)
    for language in LOCALES
    for scheme in ("light", "dark")
    for size in SIZES
]


@pytest.mark.parametrize(
    ("language", "scheme", "size"), ALL if os.environ.get("JASSCLUB_A11Y_ALL") else PAIRWISE
)
def test_no_serious_violation_on_any_page(browser, live_server, demo, language, scheme, size):
    context = new_context(browser, size=size, scheme=scheme, locale=LOCALES[language])
    elsewhere = own_host_only(context, live_server)
    page = context.new_page()
    page.set_default_timeout(10_000)
    refused: list[str] = []  # what the Content-Security-Policy blocked
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    found: dict[str, list[str]] = {}

    def check(name: str, path: str) -> None:
        page.goto(live_server.url + path)
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.lang") == language, name
        assert page.evaluate("document.documentElement.dataset.bsTheme") == scheme, name
        violations = serious_violations(page)
        if violations:
            found[name] = violations
        if name in ("team-table", "differenzler-game") and size == "phone":
            screenshot(page, f"a11y-{name}-{language}-{scheme}")

    try:
        for name, path in demo.signed_out.items():
            check(name, path)
        sign_in(page, live_server, "demo-admin", "jass-demo")
        for name, path in demo.signed_in.items():
            check(name, path)
    finally:
        context.unroute_all(behavior="ignoreErrors")
        context.close()

    report = "\n".join(
        f"{name} ({demo.signed_in.get(name) or demo.signed_out.get(name)}):\n  "
        + "\n  ".join(lines)
        for name, lines in found.items()
    )
    assert not found, f"axe, {language} {scheme} {size}:\n{report}"
    assert elsewhere == [], "a page or axe asked another host"
    assert refused == [], "the page broke its own Content-Security-Policy"


def titles(browser, live_server, demo: Demo) -> dict[str, str]:
    context = new_context(browser, size="laptop", scheme="light", locale="en-GB")
    page = context.new_page()
    try:
        sign_in(page, live_server, "demo-admin", "jass-demo")
        seen = {}
        for name, path in demo.signed_in.items():
            page.goto(live_server.url + path)
            seen[name] = page.title()
        return seen
    finally:
        context.unroute_all(behavior="ignoreErrors")
        context.close()


def test_each_page_kind_has_a_title_of_its_own(browser, live_server, demo):
    seen = titles(browser, live_server, demo)
    game = seen["team-game"].removeprefix("Game · ").removesuffix(" · Jassclub")
    assert seen["team-game"] == f"Game · {game} · Jassclub"
    assert seen["team-spectator"] == f"Spectators · {game} · Jassclub"
    assert seen["team-correction"] == f"Correct hand 2 · {game} · Jassclub"
    assert seen["differenzler-table"].startswith("Table · Différenzler, table 3")
    assert seen["differenzler-game"].startswith("Game · Différenzler, table 3")
    assert seen["differenzler-correction"].startswith("Correct hand 2 · Différenzler, table 3")
    assert seen["differenzler-estimate"].startswith("Your estimate · ")
    assert " · Hand " in seen["differenzler-estimate"]
    assert seen["coiffeur-table"].startswith("Table · Coiffeur in der Stube")
    assert seen["coiffeur-game"].startswith("Game · Coiffeur in der Stube")
    assert seen["coiffeur-spectator"].startswith("Spectators · Coiffeur in der Stube")
    assert seen["standings"].startswith("Standings · Preisjass de la Bénichon")
    assert seen["projector"].startswith("Projector · Preisjass de la Bénichon")
    others = {name: title for name, title in seen.items() if "table" not in name}
    assert len(set(others.values())) == len(others), others


def test_the_team_table_screen_is_titled_table(browser, live_server, demo):
    seen = titles(browser, live_server, demo)
    assert seen["team-table"].startswith("Table · Pique double, table 2")
    assert seen["tournament-table"].startswith("Table · ")
    assert len(set(seen.values())) == len(seen), seen


def test_the_hand_forms_radio_buttons_show_the_keyboards_focus(browser, live_server, demo):
    """Trump, whose points, match: a hidden radio drawn as a button shows a solid ring
    on its label when the keyboard is on it (and none when it is not), in both themes."""
    for scheme in ("light", "dark"):
        context = new_context(browser, size="phone", scheme=scheme, locale="fr-CH")
        page = context.new_page()
        try:
            sign_in(page, live_server, "demo-scorer", "jass-demo")
            page.goto(live_server.url + demo.signed_in["team-table"])
            for name in ("trump", "typed_team", "match"):
                label = page.locator(f"label[for=id_{name}_0]")
                assert label.evaluate("l => getComputedStyle(l).outlineStyle") == "none"
                page.locator(f"#id_{name}_1").focus()
                page.keyboard.press("ArrowLeft")  # the keyboard moves to the first button
                assert page.evaluate("document.activeElement.id") == f"id_{name}_0"
                ring = label.evaluate(
                    "l => [getComputedStyle(l).outlineStyle, getComputedStyle(l).outlineWidth]"
                )
                assert ring == ["solid", "3px"], (scheme, name)
            page.locator("#id_trump_1").focus()
            page.keyboard.press("ArrowLeft")
            screenshot(page, f"a11y-trump-focus-{scheme}")
        finally:
            context.close()
