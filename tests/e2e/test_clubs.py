"""A club admin invites; a new user joins through the link on a phone."""

from __future__ import annotations

from playwright.sync_api import expect

from clubs.models import Member
from tests.e2e.conftest import PHONE, has_horizontal_scroll, screenshot, sign_in


def test_a_new_user_joins_a_club_through_an_invitation(
    browser, page, live_server, transactional_db
):
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Role

    club = Club.objects.create(name="Jass-Club Bärn", slug="barn", place="Bern")
    admin = get_user_model().objects.create_user("ruedi", password="jass-test-pw")
    Member.objects.create(club=club, name="Ruedi", user=admin, role=Role.ADMIN)
    sign_in(page, live_server, "ruedi", "jass-test-pw")

    page.goto(f"{live_server.url}/clubs/barn/members/")
    page.select_option("#id_invitation-role", "scorer")
    page.get_by_role("button", name="New invitation link").click()
    expect(page.get_by_text("Invitation link created")).to_be_visible()
    link = page.get_by_label("Invitation link").input_value()
    assert not has_horizontal_scroll(page)
    screenshot(page, "club-members")

    newcomer = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB")
    phone = newcomer.new_page()
    phone.goto(link)
    screenshot(phone, "club-invited")
    expect(phone.get_by_text("You are invited as scorer.")).to_be_visible()
    phone.get_by_role("link", name="Create an account").click()
    phone.fill("#id_username", "lena")
    phone.fill("#id_password1", "Chalk-and-slate-42")
    phone.fill("#id_password2", "Chalk-and-slate-42")
    phone.get_by_role("button", name="Create the account").click()
    phone.fill("#id_player_name", "Lena")
    phone.get_by_role("button", name="Join the club").click()

    expect(phone.get_by_role("heading", name="Jass-Club Bärn")).to_be_visible()
    expect(phone.get_by_text("Welcome to Jass-Club Bärn!")).to_be_visible()
    expect(phone.get_by_role("link", name="New game").first).to_be_visible()
    assert not has_horizontal_scroll(phone)
    screenshot(phone, "club-joined")
    assert Member.objects.get(name="Lena").role == "scorer"
    newcomer.close()
