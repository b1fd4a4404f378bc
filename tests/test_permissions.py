"""Every view, for every role: anonymous, a member of another club, member, scorer,
admin, superuser — the status, and that no data of another club appears."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Invitation, Member, Role
from scoring import services
from scoring.models import SpectatorLink
from tests.factories import game_document, hand

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "member", "scorer", "admin", "superuser"]
SECRET_A = "Les Bourgs du club A"  # appears only in club A's games
SECRET_B = "Les Secrets du club B"  # appears only in club B's games


@pytest.fixture
def world(db):
    club_a = Club.objects.create(name="Club A", slug="club-a")
    club_b = Club.objects.create(name="Club B", slug="club-b")
    doc_a = game_document([hand("hearts", [95, 62])])
    doc_a["teams"][0]["name"] = SECRET_A
    doc_b = game_document([hand("clubs", [100, 57])])
    doc_b["teams"][0]["name"] = SECRET_B
    game_a = services.import_game(doc_a, club=club_a)
    services.import_game(doc_b, club=club_b)
    User = get_user_model()
    users = {"anonymous": None}
    for role in ("member", "scorer", "admin"):
        users[role] = User.objects.create_user(f"a-{role}", password="pw-for-tests")
        Member.objects.create(club=club_a, name=role.title(), user=users[role], role=role)
    users["outsider"] = User.objects.create_user("outsider", password="pw-for-tests")
    Member.objects.create(club=club_b, name="Outsider", user=users["outsider"], role=Role.ADMIN)
    users["superuser"] = User.objects.create_superuser("root", password="pw-for-tests")
    guest = Member.objects.create(club=club_a, name="Guest")
    invitation = Invitation.objects.create(
        club=club_a, role=Role.MEMBER, expires_at=timezone.now() + dt.timedelta(days=3)
    )
    link = SpectatorLink.objects.create(game=game_a)
    return {
        **tournaments(club_a, club_b),
        "a": club_a,
        "b": club_b,
        "game": game_a,
        "users": users,
        "guest": guest,
        "invitation": invitation,
        "link": link,
    }


def tournaments(club_a: Club, club_b: Club) -> dict:
    """Club A: a tournament still taking entries, and one whose first pass is being
    played (table 1 finished); club B: one being played too."""
    from tests.tournaments.test_services import play_out, teams, tournament
    from tournaments import services as tournament_services

    entering = tournament(club_a, name="Entering")
    teams(entering, 3)
    playing = tournament(club_a, name="Playing")
    entries = teams(playing, 4)
    entries[0].name = SECRET_A
    entries[0].save()
    first = tournament_services.publish_pass(tournament_services.schedule_next_pass(playing))
    table = first.tables.get(number=1)
    play_out(table)
    other = tournament(club_b, name="Other")
    teams(other, 2)[0].__class__.objects.filter(tournament=other, name="Team 1").update(
        name=SECRET_B
    )
    tournament_services.publish_pass(tournament_services.schedule_next_pass(other))
    return {"entering": entering, "playing": playing, "table": table, "entry": entries[0]}


def hand_post(number: int = 2) -> dict:
    return {
        "hand_number": number,
        "form_key": str(uuid.uuid4()),
        "typed_team": "0",
        "trump": "clubs",
        "points": "80",
    }


# (name, method, url(world), data(world) or None, expected status per role)
LOGIN = 302  # anonymous: sent to the sign-in page
VIEW_GAME = {
    "anonymous": LOGIN,
    "outsider": 404,
    "member": 200,
    "scorer": 200,
    "admin": 200,
    "superuser": 200,
}
SCORE_GAME = {
    "anonymous": LOGIN,
    "outsider": 404,
    "member": 403,
    "scorer": 200,
    "admin": 200,
    "superuser": 200,
}
SCORE_POST = {**SCORE_GAME, "scorer": 302, "admin": 302, "superuser": 302}
START = {
    "anonymous": LOGIN,
    "outsider": 200,
    "member": 403,
    "scorer": 200,
    "admin": 200,
    "superuser": 200,
}
CLUB = VIEW_GAME
CLUB_ADMIN = {
    "anonymous": LOGIN,
    "outsider": 404,
    "member": 403,
    "scorer": 403,
    "admin": 200,
    "superuser": 200,
}
CLUB_ADMIN_POST = {**CLUB_ADMIN, "admin": 302, "superuser": 302}
EVERYONE = dict.fromkeys(ROLES, 200)
SIGNED_IN = {**EVERYONE, "anonymous": LOGIN}

VIEWS = [
    ("home", "get", lambda w: reverse("scoring:home"), None, EVERYONE),
    ("table", "get", lambda w: reverse("scoring:table", args=[w["game"].pk]), None, VIEW_GAME),
    ("game", "get", lambda w: w["game"].get_absolute_url(), None, VIEW_GAME),
    (
        "game file",
        "get",
        lambda w: reverse("scoring:game_file", args=[w["game"].pk]),
        None,
        VIEW_GAME,
    ),
    ("history", "get", lambda w: reverse("scoring:history", args=[w["game"].pk]), None, VIEW_GAME),
    (
        "record hand",
        "post",
        lambda w: reverse("scoring:record_hand", args=[w["game"].pk]),
        lambda w: hand_post(),
        SCORE_POST,
    ),
    (
        "correct form",
        "get",
        lambda w: reverse("scoring:correct_hand", args=[w["game"].pk, 1]),
        None,
        SCORE_GAME,
    ),
    (
        "undo",
        "post",
        lambda w: reverse("scoring:undo_last_hand", args=[w["game"].pk]),
        lambda w: {"hand_number": 1, "form_key": str(uuid.uuid4())},
        SCORE_POST,
    ),
    ("sharing", "get", lambda w: reverse("scoring:sharing", args=[w["game"].pk]), None, SCORE_GAME),
    (
        "share",
        "post",
        lambda w: reverse("scoring:share_game", args=[w["game"].pk]),
        lambda w: {},
        SCORE_POST,
    ),
    (
        "revoke share",
        "post",
        lambda w: reverse("scoring:revoke_share", args=[w["game"].pk, w["link"].pk]),
        lambda w: {},
        SCORE_POST,
    ),
    ("spectate", "get", lambda w: w["link"].get_absolute_url(), None, EVERYONE),
    ("new game", "get", lambda w: reverse("scoring:new_game"), None, START),
    ("new team game", "get", lambda w: reverse("scoring:new_team"), None, START),
    ("upload", "get", lambda w: reverse("scoring:upload_game"), None, START),
    ("account", "get", lambda w: reverse("clubs:account"), None, SIGNED_IN),
    ("new club", "get", lambda w: reverse("clubs:new_club"), None, SIGNED_IN),
    ("club", "get", lambda w: w["a"].get_absolute_url(), None, CLUB),
    (
        "player",
        "get",
        lambda w: reverse("clubs:player", args=["club-a", w["guest"].pk]),
        None,
        CLUB,
    ),
    (
        "club settings",
        "get",
        lambda w: reverse("clubs:settings", args=["club-a"]),
        None,
        CLUB_ADMIN,
    ),
    ("members", "get", lambda w: reverse("clubs:members", args=["club-a"]), None, CLUB_ADMIN),
    (
        "add member",
        "post",
        lambda w: reverse("clubs:add_member", args=["club-a"]),
        lambda w: {"name": "Zoé", "role": "member"},
        CLUB_ADMIN_POST,
    ),
    (
        "change role",
        "post",
        lambda w: reverse("clubs:change_role", args=["club-a", w["guest"].pk]),
        lambda w: {"role": "scorer"},
        CLUB_ADMIN_POST,
    ),
    (
        "remove member",
        "post",
        lambda w: reverse("clubs:remove_member", args=["club-a", w["guest"].pk]),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    (
        "invite",
        "post",
        lambda w: reverse("clubs:invite", args=["club-a"]),
        lambda w: {
            "invitation-role": "member",
            "invitation-days": "7",
            "invitation-uses_allowed": "3",
        },
        CLUB_ADMIN_POST,
    ),
    (
        "revoke invitation",
        "post",
        lambda w: reverse("clubs:revoke_invitation", args=["club-a", w["invitation"].pk]),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    ("join", "get", lambda w: w["invitation"].get_absolute_url(), None, EVERYONE),
]

# The tournament views: the director's are a club admin's; results are the club's
# until published; a table's result is signed through its table link or by a scorer.
SIGN_POST = {**SCORE_POST, "anonymous": 404, "member": 404}


def _t(w, name, key="playing", *args):
    return reverse(f"tournaments:{name}", args=[w[key].pk, *args])


VIEWS += [
    (
        "tournaments",
        "get",
        lambda w: reverse("tournaments:club_tournaments", args=["club-a"]),
        None,
        CLUB,
    ),
    (
        "new tournament",
        "post",
        lambda w: reverse("tournaments:club_tournaments", args=["club-a"]),
        lambda w: {
            "name": "New",
            "date": "2026-12-01",
            "format": "teams",
            "passes": "3",
            "hands": "12",
            "tie_break_1": "best-pass",
        },
        {**CLUB_ADMIN_POST, "member": 404, "scorer": 404},
    ),
    (  # members and scorers are sent to the standings
        "director",
        "get",
        lambda w: w["playing"].get_absolute_url(),
        None,
        {**CLUB_ADMIN, "member": 302, "scorer": 302},
    ),
    ("tournament settings", "get", lambda w: _t(w, "settings"), None, CLUB_ADMIN),
    (
        "register",
        "post",
        lambda w: _t(w, "register", "entering"),
        lambda w: {"name": "Late", "player_1": "L1", "player_2": "L2"},
        CLUB_ADMIN_POST,
    ),
    (
        "edit entry",
        "get",
        lambda w: _t(w, "edit_entry", "entering", w["entering"].entries.first().pk),
        None,
        CLUB_ADMIN,
    ),
    (
        "edit entry",
        "post",
        lambda w: _t(w, "edit_entry", "entering", w["entering"].entries.first().pk),
        lambda w: {"name": "Renamed", "player_1": "R1", "player_2": "R2"},
        CLUB_ADMIN_POST,
    ),
    (
        "check in",
        "post",
        lambda w: _t(w, "check_in", "entering", w["entering"].entries.first().pk),
        lambda w: {"on": "1"},
        CLUB_ADMIN_POST,
    ),
    (
        "withdraw",
        "post",
        lambda w: _t(w, "withdraw", "entering", w["entering"].entries.first().pk),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    (
        "reinstate",
        "post",
        lambda w: _t(w, "reinstate", "entering", w["entering"].entries.first().pk),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    (
        "delete entry",
        "post",
        lambda w: _t(w, "remove_entry", "entering", w["entering"].entries.first().pk),
        lambda w: {"sure": "1"},
        CLUB_ADMIN_POST,
    ),
    (
        "delete tournament",
        "post",
        lambda w: _t(w, "remove_tournament", "entering"),
        lambda w: {"sure": "1"},
        CLUB_ADMIN_POST,
    ),
    ("schedule", "post", lambda w: _t(w, "schedule", "entering"), lambda w: {}, CLUB_ADMIN_POST),
    (
        "publish pass",
        "post",
        lambda w: _t(w, "publish", "playing", 1),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    ("close pass", "post", lambda w: _t(w, "close", "playing", 1), lambda w: {}, CLUB_ADMIN_POST),
    ("draw again", "post", lambda w: _t(w, "redraw", "playing", 1), lambda w: {}, CLUB_ADMIN_POST),
    (
        "take a pass back",
        "post",
        lambda w: _t(w, "unpublish", "playing", 1),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    (
        "swap",
        "post",
        lambda w: _t(w, "swap", "playing", 1),
        lambda w: {"first": "1", "second": "2"},
        CLUB_ADMIN_POST,
    ),
    ("table cards", "get", lambda w: _t(w, "table_cards", "playing", 1), None, CLUB_ADMIN),
    (
        "decide",
        "post",
        lambda w: _t(w, "decide", "playing", w["table"].pk),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    (
        "unlock",
        "post",
        lambda w: _t(w, "unlock", "playing", w["table"].pk),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    (
        "sign for a team",
        "post",
        lambda w: _t(w, "sign_for", "playing", w["table"].pk),
        lambda w: {"side": "1"},
        CLUB_ADMIN_POST,
    ),
    ("table qr", "get", lambda w: _t(w, "table_qr", "playing", w["table"].pk), None, CLUB_ADMIN),
    (
        "new table link",
        "post",
        lambda w: _t(w, "renew_link", "playing", w["table"].pk),
        lambda w: {},
        CLUB_ADMIN_POST,
    ),
    (
        "paper totals",
        "post",
        lambda w: _t(w, "paper_totals", "playing", w["table"].pk),
        lambda w: {"first": "400", "second": "228"},
        CLUB_ADMIN_POST,
    ),
    (
        "publish results",
        "post",
        lambda w: _t(w, "publish_results"),
        lambda w: {"on": "0"},
        CLUB_ADMIN_POST,
    ),
    ("standings", "get", lambda w: _t(w, "standings"), None, CLUB),
    ("entry", "get", lambda w: _t(w, "entry", "playing", w["entry"].pk), None, CLUB),
    ("results csv", "get", lambda w: _t(w, "results_csv"), None, CLUB),
    (
        "table link",
        "get",
        lambda w: reverse("tournaments:table_link", args=[w["table"].token]),
        None,
        dict.fromkeys(ROLES, 302),
    ),
    (
        "sign",
        "post",
        lambda w: reverse("tournaments:confirm", args=[w["table"].game_id]),
        lambda w: {"side": 0, "code": w["table"].codes[0]},
        SIGN_POST,
    ),
    (
        "dispute",
        "post",
        lambda w: reverse("tournaments:dispute", args=[w["table"].game_id]),
        lambda w: {"side": 1, "code": w["table"].codes[1], "reason": "hand 2"},
        SIGN_POST,
    ),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("name", "method", "url", "data", "expected"), VIEWS, ids=[v[0] for v in VIEWS]
)
def test_view_answers_each_role_as_it_should(
    client, world, role, name, method, url, data, expected
):
    client.logout()
    if world["users"][role]:
        client.force_login(world["users"][role])

    response = client.get(url(world)) if method == "get" else client.post(url(world), data(world))

    assert response.status_code == expected[role], f"{name} as {role}"
    if response.status_code == LOGIN and role == "anonymous" and name != "table link":
        assert response["Location"].startswith(reverse("login"))
    body = response.content.decode(errors="replace")
    if role == "outsider" and name not in ("spectate", "table link"):  # links show to all
        assert SECRET_A not in body
    if role in ("member", "scorer", "admin", "anonymous"):
        assert SECRET_B not in body


def test_a_revoked_spectator_link_shows_nothing(client, world):
    link = world["link"]
    link.revoked_at = timezone.now()
    link.save()
    client.logout()

    assert client.get(link.get_absolute_url()).status_code == 404


def test_the_admin_site_is_for_staff_only(client, world):
    for role in ("member", "scorer", "admin", "outsider"):
        client.force_login(world["users"][role])
        assert client.get("/admin/").status_code == 302
    client.force_login(world["users"]["superuser"])
    assert client.get("/admin/").status_code == 200


def test_posts_need_the_csrf_token(world):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(world["users"]["scorer"])

    response = strict.post(reverse("scoring:record_hand", args=[world["game"].pk]), hand_post())

    assert response.status_code == 403
    assert world["game"].hands.count() == 1
