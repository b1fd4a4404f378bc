"""Who may do what in a club: members see it, scorers and admins record, admins
manage it. Views ask here and get a 404 for what the user may not see (no hint that
it exists) and a 403 for what they may see but not change. Who may see and do what
with a game is ``scoring.access``, built on these."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from clubs.models import Club, Member, Role

User = AbstractBaseUser | AnonymousUser


def memberships(user: User) -> dict[int, Member]:
    """The user's memberships by club id, read once per request."""
    if not user.is_authenticated:
        return {}
    cached = getattr(user, "_jass_memberships", None)
    if cached is None:
        cached = {m.club_id: m for m in Member.objects.filter(user=user).select_related("club")}
        user._jass_memberships = cached  # type: ignore[union-attr]
    return cached


def role_in(user: User, club_id: int | None) -> str | None:
    """The user's role in a club: a superuser counts as admin everywhere."""
    if user.is_authenticated and getattr(user, "is_superuser", False):
        return Role.ADMIN
    member = memberships(user).get(club_id) if club_id else None
    return member.role if member else None


def has_role(user: User, club_id: int | None, needed: str) -> bool:
    role = role_in(user, club_id)
    return role is not None and Member(role=role).can(needed)


def scoring_clubs(user: User) -> list[Club]:
    """The clubs in which the user may start and record games."""
    if user.is_authenticated and getattr(user, "is_superuser", False):
        return list(Club.objects.all())
    return [m.club for m in memberships(user).values() if m.can(Role.SCORER)]


def club_for(user: User, slug: str, needed: str = Role.MEMBER) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None or role_in(user, club.pk) is None:
        raise Http404
    if not has_role(user, club.pk, needed):
        raise PermissionDenied
    return club
