"""Actions on clubs and their members, one function each, each in one transaction."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
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
    *, club: Club, role: str, days: int, created_by: AbstractBaseUser
) -> Invitation:
    return Invitation.objects.create(
        club=club,
        role=role,
        created_by=created_by,
        expires_at=timezone.now() + dt.timedelta(days=days),
    )


def revoke_invitation(*, invitation: Invitation) -> None:
    invitation.revoke()


@transaction.atomic
def join_club(*, invitation: Invitation, user: AbstractBaseUser, player_name: str) -> Member:
    """Join through an invitation that is still usable. Someone already in the club
    keeps their membership (and gains the invitation's role if it is higher)."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if not invitation.usable:
        raise ClubRuleBroken(_("This invitation has expired or was revoked."))
    member = Member.objects.filter(club=invitation.club, user=user).first()
    if member:
        if not member.can(invitation.role):
            member.role = invitation.role
            member.save(update_fields=["role"])
        return member
    unlinked = Member.objects.filter(club=invitation.club, name=player_name, user=None).first()
    if unlinked:
        # The admin had added this player by name: the account takes over the
        # player's games, with the invitation's role and never more (a name must
        # not open a door the invitation does not).
        unlinked.user = user
        unlinked.role = invitation.role
        unlinked.save(update_fields=["user", "role"])
        return unlinked
    if Member.objects.filter(club=invitation.club, name=player_name).exists():
        raise ClubRuleBroken(
            _("Another member of this club plays as %(name)s: choose another player name.")
            % {"name": player_name}
        )
    return Member.objects.create(
        club=invitation.club, name=player_name, user=user, role=invitation.role
    )
