"""The Coiffeur sheet and hand form on a 390 × 844 phone, in Chromium: nothing runs off
the side of the screen (two or three sides, 13 rows, the widest numbers), only the
chosen side's rows show, and the misère line follows the typed points. The pages are
the rendered templates with the site's CSS and script, loaded from a file: the views
are wired elsewhere. Screenshots go to test-artifacts/coiffeur-*.png."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scoring.kinds.coiffeur.forms import CoiffeurHandForm
from scoring.kinds.coiffeur.presenter import sheet_view
from scoring.kinds.coiffeur.sheet import parse_ruleset
from tests.coiffeur.sheets import CAUGHT_NEVER, EIGHT, OPENING, SEED, THREE, THREE_SIDES, h

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]  # (the shared Chromium: tests/e2e/conftest.py)
STATIC = ROOT / "static"
ARTIFACTS = ROOT / "test-artifacts"
PHONE = {"width": 390, "height": 844}
LONG = ("Anne-Catherine & Jean-Claude", "Bernadette & Maximilian")

# The widest sheet there is: 13 rows, three sides, multipliers up to 20, match 257 with a
# bonus of 1000 (257 × 20 + 1000 = 6140), a counter-match penalty of 1000 (−20000).
WIDE = parse_ruleset(
    {
        "preset": "coiffeur-3",
        "rows": [[f"row-{n}", 8 + n] for n in range(13)],
        "match_bonus": 1000,
        "counter_penalty": 1000,
    }
)
WIDE_HANDS = [
    h(side, f"row-{n}", 157, match=True) if side == 0 else h(side, f"row-{n}", 0, counter=True)
    for n in range(13)
    for side in (0, 1)
] + [h(2, "row-12", 157), h(2, "row-11", struck=True)]


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


def show(page, tmp_path, body, language="en", name="page"):
    """``body`` in a page as the table screen draws it: its stylesheets, the
    Coiffeur ones and the form's script."""
    css = ["vendor/bootstrap/bootstrap.table.css", "css/jassclub.css", "css/coiffeur.css"]
    links = "".join(f'<link rel="stylesheet" href="{(STATIC / c).as_uri()}">' for c in css)
    script = (STATIC / "js/coiffeur_form.js").as_uri()
    document = (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'{links}<script src="{script}" defer></script></head>'
        f'<body><main class="container py-3">{body}</main></body></html>'
    )
    path = tmp_path / f"{name}.html"
    path.write_text(document, encoding="utf-8")
    page.goto(path.as_uri())


def screenshot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(400)  # the buttons' colour transitions (0.15 s) have ended
    page.screenshot(path=str(ARTIFACTS / f"coiffeur-{name}.png"), full_page=True)


def overflow(page):
    """How far anything reaches past the right edge of the screen, in CSS pixels."""
    return page.evaluate(
        """() => Math.max(document.documentElement.scrollWidth - window.innerWidth,
            ...[...document.querySelectorAll('table, form, fieldset, label, td, th')]
              .map(e => Math.ceil(e.getBoundingClientRect().right) - window.innerWidth))"""
    )


def sheet(ruleset, hands, names, language="en", suit_style="french"):
    with translation.override(language):
        view = sheet_view(ruleset, hands, names, suit_style)
        return render_to_string("scoring/kinds/coiffeur/sheet.html", {"sheet": view})


def hand_form(language="en", data=None, hands=OPENING, names=LONG, ruleset=SEED):
    with translation.override(language):
        if data is not None:
            data = {"hand_number": len(hands) + 1, "form_key": str(uuid.uuid4()), **data}
        form = CoiffeurHandForm(data, ruleset=ruleset, hands=hands, side_names=names)
        if data is not None:
            form.is_valid()
        return render_to_string(
            "scoring/kinds/coiffeur/hand_form.html", {"form": form, "action": "#"}
        )


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_a_two_sided_sheet_fits_the_phone(phone, tmp_path, language):
    show(phone, tmp_path, sheet(SEED, OPENING, LONG, language), language)

    assert overflow(phone) <= 0
    assert phone.locator("td.cell-open").count() == 16
    screenshot(phone, f"sheet-2-sides-{language}")


def test_the_widest_three_sided_sheet_fits_the_phone(phone, tmp_path):
    show(phone, tmp_path, sheet(WIDE, WIDE_HANDS, ("Anne", "Bernard", "Chantal")))

    assert overflow(phone) <= 0
    counters = phone.locator("td.cell-counter .cell-points").all_inner_texts()
    assert counters == [f"−{1000 * (8 + n)}" for n in range(13)]
    totals = [t.split()[0] for t in phone.locator(".total-line td").all_text_contents()]
    assert totals == ["59774", "−182000", "3140"]
    screenshot(phone, "sheet-3-sides")


def test_three_long_names_and_german_rows_fit_the_phone(phone, tmp_path):
    rows = [[name, 10 + m] for name, m, _label in SEED.rows]
    ruleset = parse_ruleset({"preset": "coiffeur-3", "rows": rows, "counter_penalty": 1000})
    hands = [h(1, name, 0, counter=True) for name in ruleset.names[:6]]
    names = (*LONG, "Chantal-Marie & Christophe")
    show(phone, tmp_path, sheet(ruleset, hands, names, "de"), "de")

    assert overflow(phone) <= 0
    screenshot(phone, "sheet-3-long-names-de")


def test_a_sheet_that_can_no_longer_be_caught_fits_the_phone(phone, tmp_path):
    show(phone, tmp_path, sheet(EIGHT, CAUGHT_NEVER, LONG, "de", "german"), "de")

    assert overflow(phone) <= 0
    assert phone.locator(".total.safe").count() == 1
    screenshot(phone, "sheet-safe-de")


def test_only_the_chosen_sides_open_rows_show(phone, tmp_path):
    show(phone, tmp_path, hand_form())

    assert overflow(phone) <= 0
    assert phone.locator(".rows-of-0").is_visible()  # A announces after B's hand
    assert not phone.locator(".rows-of-1").is_visible()
    screenshot(phone, "form")
    phone.locator("label[for=id_team_1]").click()
    assert phone.locator(".rows-of-1").is_visible()
    assert not phone.locator(".rows-of-0").is_visible()
    assert phone.locator(".rows-of-1 label").nth(3).text_content().split() == ["↓", "Obe-abe", "×5"]


def test_the_misere_line_follows_the_typed_points(phone, tmp_path):
    show(phone, tmp_path, hand_form("de"), "de")

    assert not phone.locator("#misere-note").is_visible()
    phone.locator(".rows-of-0 label", has_text="Misère").click()  # tap the row
    phone.locator("#id_points").fill("40")  # the digits
    note = phone.locator("#misere-note")
    assert note.is_visible()
    assert note.inner_text() == "Misère: gezählt als 157 − 40 = 117, × 8 = 936"
    assert overflow(phone) <= 0
    screenshot(phone, "form-misere-de")


def test_refusals_show_beside_their_field_on_the_phone(phone, tmp_path):
    data = {"team": "1", "row_1": "misere", "points": "170"}
    show(phone, tmp_path, hand_form("fr", data), "fr")

    assert overflow(phone) <= 0
    assert phone.locator("[role=alert]").is_visible()
    assert phone.locator("#points-error").is_visible()
    screenshot(phone, "form-errors-fr")


def test_three_sides_in_the_form_on_the_phone(phone, tmp_path):
    names = ("Anne", "Bernard", "Chantal-Marie")
    show(phone, tmp_path, hand_form("de", hands=THREE_SIDES, names=names, ruleset=THREE), "de")

    assert overflow(phone) <= 0
    assert [phone.locator(f".rows-of-{side}").is_visible() for side in range(3)] == [
        True,
        False,
        False,
    ]
    phone.locator("label[for=id_team_2]").click()
    assert phone.locator(".rows-of-2 label").count() == 9  # C struck Obenabe
    screenshot(phone, "form-3-sides-de")
