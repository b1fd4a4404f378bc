"""Actions on clubs and their members, one function each, each in one transaction."""

from __future__ import annotations

import datetime as dt
import itertools

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club, Invitation, Member, Role


class ClubRuleBroken(Exception):
    """An action that would leave a club in a state it must not be in."""


@transaction.atomic
def create_club(*, name: str, place: str, founder: AbstractBaseUser, player_name: str) -> Club:
    """A new club; whoever founds it is its first admin."""
    base = slugify(name)[:40] or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club.objects.create(name=name, slug=slug, place=place)
    Member.objects.create(club=club, name=player_name, user=founder, role=Role.ADMIN)
    return club


def add_member(*, club: Club, name: str, role: str = Role.MEMBER) -> Member:
    """A member without an account (a player the admin adds by name)."""
    if Member.objects.filter(club=club, name=name).exists():
        raise ClubRuleBroken(_("%(name)s is already a member.") % {"name": name})
    return Member.objects.create(club=club, name=name, role=role)


def _admins_left(club: Club, without: Member) -> int:
    return club.members.filter(role=Role.ADMIN).exclude(pk=without.pk).count()


@transaction.atomic
def change_role(*, member: Member, role: str) -> Member:
    """Change a member's role; a club always keeps at least one admin."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if member.role == Role.ADMIN and role != Role.ADMIN and not _admins_left(member.club, member):
        raise ClubRuleBroken(_("A club needs at least one admin."))
    member.role = role
    member.save(update_fields=["role"])
    return member


@transaction.atomic
def remove_member(*, member: Member) -> None:
    """Remove a member; their games stay, their name stays on them as a guest."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if member.role == Role.ADMIN and not _admins_left(member.club, member):
        raise ClubRuleBroken(_("A club needs at least one admin."))
    member.delete()


def create_invitation(
    *, club: Club, role: str, days: int, uses_allowed: int, created_by: AbstractBaseUser
) -> Invitation:
    """A link for ``uses_allowed`` people to join with ``role`` within ``days``."""
    return Invitation.objects.create(
        club=club,
        role=role,
        uses_allowed=uses_allowed,
        created_by=created_by,
        expires_at=timezone.now() + dt.timedelta(days=days),
    )


def revoke_invitation(*, invitation: Invitation) -> None:
    invitation.revoke()


@transaction.atomic
def join_club(*, invitation: Invitation, user: AbstractBaseUser, player_name: str) -> Member:
    """Join a club through an invitation; each person who joins uses it once.

    - Someone already in the club stays as they are, role included, and the
      invitation is not used.
    - An invitation expired, revoked or used up lets nobody in. Its row stays locked
      until the join is stored and its use is counted only while one is left, so
      two people joining at the same moment never both get its last use.
    - A name that a member with an account plays under is refused.
    - The name of a player the admin added without an account does not make the
      person that player: they join under a name of their own, "name (username)",
      and their claim to be that player waits for an admin (``link_claim``).
    - Otherwise a new member with that name and the invitation's role."""
    invitation = Invitation.objects.select_for_update().select_related("club").get(pk=invitation.pk)
    club = invitation.club
    if Member.objects.filter(club=club, user=user).exists():
        raise ClubRuleBroken(
            _("You are already a member of %(club)s: an invitation does not change your role.")
            % {"club": club}
        )
    same_name = Member.objects.filter(club=club, name__iexact=player_name).first()
    if same_name and same_name.user_id is not None:
        raise ClubRuleBroken(
            _("Another member of this club plays as %(name)s: choose another player name.")
            % {"name": player_name}
        )
    counted = Invitation.objects.usable().filter(pk=invitation.pk).update(uses=F("uses") + 1)
    if not counted:
        raise ClubRuleBroken(_("This invitation has expired, was revoked or is used up."))
    if same_name:
        return Member.objects.create(
            club=club,
            name=_own_name(club, player_name, user),
            user=user,
            role=invitation.role,
            claim=same_name,
        )
    return Member.objects.create(club=club, name=player_name, user=user, role=invitation.role)


def _own_name(club: Club, name: str, user: AbstractBaseUser) -> str:
    """A free player name for someone who says they are the player ``name``:
    "name (username)", or "name (username 2)" and so on if that is taken."""
    max_length = Member._meta.get_field("name").max_length
    username = user.get_username()[:40]
    for n in itertools.count(1):
        suffix = f" ({username})" if n == 1 else f" ({username} {n})"
        candidate = name[: max_length - len(suffix)] + suffix
        if not Member.objects.filter(club=club, name=candidate).exists():
            return candidate
    raise AssertionError("unreachable")


@transaction.atomic
def link_claim(*, member: Member, by: AbstractBaseUser | None = None) -> Member:
    """An admin agrees that ``member`` is the player without an account it claims to be.

    The player's record gets the member's account and role (what the person had,
    never what the record had); whatever was recorded under the member (players of
    games, tournament entries) moves to the player; the member goes. Other claims on
    that player are dropped: those who made them stay members under their own names.
    Returns the player."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if by is not None and member.user_id == by.pk:  # joined as admin: still not their call
        raise ClubRuleBroken(
            _("Another admin of the club confirms who you are: you cannot link yourself.")
        )
    if member.claim_id is None:
        raise ClubRuleBroken(
            _("%(name)s no longer waits to be linked to a player.") % {"name": member.name}
        )
    player = Member.objects.select_for_update().get(pk=member.claim_id)
    if player.user_id is not None:
        raise ClubRuleBroken(_("%(name)s already has an account.") % {"name": player.name})
    _move_records(member, player)
    user, role = member.user, member.role
    member.delete()
    Member.objects.filter(claim=player).update(claim=None)
    player.user, player.role = user, role
    player.save(update_fields=["user", "role"])
    return player


def _move_records(source: Member, target: Member) -> None:
    """Point every row of another model that refers to ``source`` at ``target``."""
    for relation in Member._meta.get_fields(include_hidden=True):
        if relation.one_to_many and relation.related_model is not Member:
            field = relation.field.name
            relation.related_model._base_manager.filter(**{field: source}).update(**{field: target})


def refuse_claim(*, member: Member) -> None:
    """An admin says ``member`` is not the player it claims to be: it stays a member
    under its own name, and the player keeps no account."""
    Member.objects.filter(pk=member.pk).update(claim=None)
