"""Clubs and members: founding, invitations, members without accounts, roles, logo,
sign-in limits, password reset."""

from __future__ import annotations

import datetime as dt
import io
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from clubs.models import Club, Invitation, Member, Role
from scoring import totals
from scoring.models import DayTotal, Game, Player
from tests.factories import game_document, hand, import_in_club

pytestmark = pytest.mark.django_db


def invitation(club: Club, role: str = Role.MEMBER, days: int = 3) -> Invitation:
    return Invitation.objects.create(
        club=club, role=role, expires_at=timezone.now() + dt.timedelta(days=days)
    )


def test_founding_a_club_makes_its_founder_admin(client):
    response = client.post(
        reverse("clubs:new_club"),
        {"name": "Jass-Club Bärn", "place": "Bern", "player_name": "Ruedi"},
    )

    club = Club.objects.get(name="Jass-Club Bärn")
    assert response["Location"] == club.get_absolute_url()
    assert club.slug == "jass-club-barn"
    assert club.members.get().role == Role.ADMIN


def test_a_new_user_joins_through_an_invitation():
    club = Club.objects.create(name="Club A", slug="club-a")
    link = invitation(club, Role.SCORER).get_absolute_url()
    browser = Client()

    landing = browser.get(link, HTTP_ACCEPT_LANGUAGE="en")
    assert "Create an account" in landing.content.decode()
    signed_up = browser.post(
        reverse("clubs:signup"),
        {
            "username": "lena",
            "password1": "Chalk-and-slate-42",
            "password2": "Chalk-and-slate-42",
            "next": link,
        },
    )
    assert signed_up["Location"] == link
    joined = browser.post(link, {"player_name": "Lena"})

    member = Member.objects.get(club=club, user__username="lena")
    assert joined["Location"] == club.get_absolute_url()
    assert (member.name, member.role) == ("Lena", Role.SCORER)
    assert browser.get(club.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("state", ["expired", "revoked"])
def test_an_expired_or_revoked_invitation_lets_nobody_in(client, club, state):
    link = invitation(club, days=-1) if state == "expired" else invitation(club)
    if state == "revoked":
        link.revoked_at = timezone.now()
        link.save()
    browser = Client()
    browser.force_login(get_user_model().objects.create_user("late", password="x-pw-123456"))

    response = browser.post(
        link.get_absolute_url(), {"player_name": "Late"}, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.status_code == 410
    assert "expired or was revoked" in response.content.decode()
    assert not Member.objects.filter(name="Late").exists()


def test_invitation_links_carry_at_least_128_bits(club):
    tokens = {invitation(club).token for _ in range(20)}

    assert len(tokens) == 20
    assert all(len(token) >= 43 for token in tokens)  # 32 random bytes in base64


def admin_client(club: Club) -> Client:
    browser = Client()
    user = get_user_model().objects.create_user("boss", password="x-pw-123456")
    Member.objects.create(club=club, name="Boss", user=user, role=Role.ADMIN)
    browser.force_login(user)
    return browser


def test_admin_adds_a_player_without_account_and_names_are_unique(client, club):
    browser = admin_client(club)
    url = reverse("clubs:add_member", args=[club.slug])

    browser.post(url, {"name": "Köbi", "role": "member"})
    again = browser.post(url, {"name": "Köbi", "role": "member"}, HTTP_ACCEPT_LANGUAGE="en")

    assert Member.objects.filter(club=club, name="Köbi", user=None).count() == 1
    assert again.status_code == 422
    assert "Köbi is already a member." in again.content.decode()


def test_a_club_keeps_at_least_one_admin(client, club):
    browser = admin_client(club)
    boss = Member.objects.get(name="Boss")

    response = browser.post(
        reverse("clubs:change_role", args=[club.slug, boss.pk]),
        {"role": "member"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    browser.post(reverse("clubs:remove_member", args=[club.slug, boss.pk]))

    boss.refresh_from_db()
    assert boss.role == Role.ADMIN
    assert "A club needs at least one admin." in response.content.decode()


def picture(fmt: str = "PNG", size: tuple[int, int] = (64, 64)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "green").save(buffer, format=fmt)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("name", "content", "accepted", "message"),
    [
        ("logo.png", picture(), True, ""),
        ("logo.gif", picture("GIF"), False, "The logo must be a PNG, JPEG or WebP picture."),
        ("logo.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>", False, "Upload a valid image"),
        ("logo.png", picture(size=(2500, 100)), False, "at most 2000 pixels"),
        ("big.png", picture("BMP", (1000, 1000)), False, ""),
    ],
)
def test_club_logo_is_checked_for_type_and_size(
    client, club, settings, tmp_path, name, content, accepted, message
):
    settings.MEDIA_ROOT = tmp_path
    browser = admin_client(club)

    response = browser.post(
        reverse("clubs:settings", args=[club.slug]),
        {
            "name": club.name,
            "place": "",
            "suit_style": "french",
            "default_preset": "chibre",
            "language": "fr",
            "logo": SimpleUploadedFile(name, content),
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )

    club.refresh_from_db()
    assert bool(club.logo) is accepted
    if not accepted:
        assert response.status_code == 422
        assert message in response.content.decode()


def test_sign_in_attempts_are_limited():
    user = get_user_model().objects.create_user("ruedi", password="the-right-password")
    browser = Client()
    url = reverse("login")

    for _ in range(4):
        assert browser.post(url, {"username": "ruedi", "password": "wrong"}).status_code == 200
    fifth = browser.post(url, {"username": "ruedi", "password": "wrong"})
    locked = browser.post(url, {"username": "ruedi", "password": "the-right-password"})

    assert fifth.status_code == 429

    assert locked.status_code == 429
    assert "_auth_user_id" not in browser.session
    assert user.is_active


def test_password_reset_sends_a_link_by_email():
    get_user_model().objects.create_user("ruedi", email="ruedi@example.ch", password="pw-123456789")

    Client().post(reverse("password_reset"), {"email": "ruedi@example.ch"})

    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body


def test_the_password_email_speaks_italian_to_an_italian_browser():
    get_user_model().objects.create_user("ruedi", email="ruedi@example.ch", password="pw-123456789")

    Client(HTTP_ACCEPT_LANGUAGE="it").post(reverse("password_reset"), {"email": "ruedi@example.ch"})

    sent = mail.outbox[0]
    assert sent.subject == "Jassclub: scegliere una nuova password"
    assert "Qualcuno ha chiesto di reimpostare la password del suo account Jassclub" in sent.body
    assert "Per scegliere una nuova password, apra questo link:" in sent.body
    assert "/accounts/reset/" in sent.body


def test_an_imported_games_players_are_the_clubs_members_and_new_names_new_members(client, club):
    anne = Member.objects.create(club=club, name="Anne")
    before = club.members.count()

    import_in_club(game_document([hand("hearts")]))

    assert Player.objects.get(name="Anne").member == anne
    bernard = Player.objects.get(name="Bernard").member
    assert (bernard.club, bernard.user, bernard.role) == (club, None, Role.MEMBER)
    assert club.members.count() == before + 3  # the three names the club did not know

    import_in_club(game_document([hand("clubs")]))  # the same names again: no new members
    assert club.members.count() == before + 3
    assert Player.objects.filter(name="Bernard", member=bernard).count() == 2


def test_new_game_offers_the_club_members_to_pick(client, club):
    Member.objects.create(club=club, name="Heidi")

    html = client.get(reverse("scoring:new_team")).content.decode()

    assert 'list="club-members"' in html
    assert '<option value="Heidi">' in html


def played(club: Club, date: str, hands: list[dict]) -> None:
    document = game_document(hands)
    document["played_on"] = date
    import_in_club(document, club.slug)


def test_leaderboard_and_player_page_agree_with_the_hands(client, club):
    for name in ("Anne", "Claude", "Bernard"):
        Member.objects.create(club=club, name=name)
    win = [hand("hearts", [157, 0], match=0)] * 3 + [hand("clubs", [157, 0], match=0)]  # 1028 : 0
    played(club, "2026-03-01", win)
    played(club, "2026-04-01", [hand("hearts", [95, 62], stoeck=1)])  # not over
    played(club, "2025-03-01", win)  # last season

    board = client.get(club.get_absolute_url() + "?start=2026-01-01&end=2026-12-31")
    anne = Member.objects.get(name="Anne")
    page = client.get(reverse("clubs:player", args=[club.slug, anne.pk]) + "?start=2026-01-01")

    standings = board.context["team"]
    assert [(s.member.name, s.line.games, s.line.wins) for s in standings] == [
        ("Anne", 2, 1),
        ("Claude", 2, 1),
        ("Bernard", 2, 0),
        ("Denise", 2, 0),  # a name the club did not know: a new member, by the import
    ]
    line = page.context["team"]
    assert (line.games, line.wins, line.matches_made, line.rubicons_given) == (2, 1, 4, 1)
    assert line.points == 1028 + 95
    assert line.points_per_hand == (1028 + 95) / 5
    assert [(p.name, p.games, p.wins) for p in line.partner_lines()] == [("Claude", 2, 1)]
    assert Member.objects.get(name="Bernard").pk in {s.member.pk for s in standings}
    html = page.content.decode()
    assert "Matches made" in html or "Matchs" in html or "Matches" in html


@pytest.mark.parametrize("count", [1, 3])
def test_club_page_queries_do_not_grow_with_games(client, club, django_assert_num_queries, count):
    Member.objects.create(club=club, name="Anne")
    for _ in range(count):
        played(club, "2026-03-01", [hand("hearts")])
    played(club, "2026-04-05", [hand("clubs")])  # a closed day of the month being played

    # session, user, club, memberships, the 10 recent games with their teams, players
    # and hands, members; the latest month and day summed; the closed months' and
    # days' totals, and the other rows, each summed by member
    # the first reading sums the months and the days closed since (scoring.totals):
    # each in a savepoint, the club's row held, the latest month (day) again, the rows
    # summed and stored (and the days of the months summed dropped); the season's
    # latest evenings in Striche, grouped by date
    with mock.patch.object(totals, "today", return_value=dt.date(2026, 4, 10)):
        with django_assert_num_queries(26):
            response = client.get(club.get_absolute_url())
        with django_assert_num_queries(13):
            again = client.get(club.get_absolute_url())

    assert response.status_code == again.status_code == 200
    assert DayTotal.objects.filter(club=club, day=dt.date(2026, 4, 5)).exists()


def test_club_page_lists_the_ten_latest_games_that_are_not_a_tournaments(client, club):
    from tests.tournaments.test_services import play_pass, teams, tournament
    from tournaments import services as tournaments

    def evening(of: Club, date: str, name: str) -> None:
        document = game_document([hand("hearts")])
        document.update(played_on=date, name=name)
        import_in_club(document, of.slug)

    evening(Club.objects.create(name="Other club", slug="other-club"), "2026-12-31", "Away")
    t = tournament(club, date=dt.date(2026, 12, 30))  # its two tables' games: later still
    teams(t, 4)
    play_pass(tournaments.schedule_next_pass(t))
    for month in (6, 11, 5, 10, 4, 9, 3, 8, 2, 7, 1):  # stored out of date order
        evening(club, f"2026-{month:02}-15", f"Evening {month:02}")
    evening(club, "2026-11-15", "Evening 11 late")  # the same day, stored later: first

    page = client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")

    names = ["Evening 11 late", *(f"Evening {month:02}" for month in range(11, 2, -1))]
    assert [view.game.name for view in page.context["views"]] == names
    html = page.content.decode()
    assert [html.index(f">{name}<") for name in names] == sorted(
        html.index(f">{name}<") for name in names
    )
    assert Game.objects.filter(table__round__tournament=t).count() == 2
    assert "Away" not in html  # another club's
    assert "Evening 02" not in html  # the eleventh


@pytest.mark.parametrize("count", [1, 3])
def test_player_page_queries_do_not_grow_with_games(client, club, django_assert_num_queries, count):
    anne = Member.objects.create(club=club, name="Anne")
    for _ in range(count):
        played(club, "2026-03-01", [hand("hearts")])

    # session, user, club, memberships, member, the member's results summed, and summed
    # by partner, the ids of their 10 latest games, those games with their teams, players
    # and hands; their latest evenings in Striche, grouped by date; the club's season
    # championships (its player panels, scoring.panels)
    with django_assert_num_queries(14):
        response = client.get(reverse("clubs:player", args=[club.slug, anne.pk]))

    assert response.context["team"].games == count


def test_a_logo_is_stored_under_a_name_that_says_what_it_is(client, club, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    browser = admin_client(club)

    browser.post(
        reverse("clubs:settings", args=[club.slug]),
        {
            "name": club.name,
            "place": "",
            "suit_style": "french",
            "default_preset": "chibre",
            "language": "fr",
            "logo": SimpleUploadedFile("logo.pdf", picture()),
        },
    )

    club.refresh_from_db()
    assert club.logo.name.startswith("logos/")
    assert club.logo.name.endswith(".png")
    assert "logo" not in club.logo.name.removeprefix("logos/")
