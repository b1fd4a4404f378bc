"""Who may see and do what with a game: a club's games are for its members; scorers
and admins record. Built on the club roles of ``clubs.access``: a 404 for a game the
user may not see (no hint that it exists), a 403 for one they see but may not change."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404

from clubs.access import User, has_role, memberships, role_in
from clubs.models import Role
from scoring.models import Game


def visible_games(user: User) -> QuerySet[Game]:
    if user.is_authenticated and getattr(user, "is_superuser", False):
        return Game.objects.all()
    return Game.objects.filter(club_id__in=list(memberships(user)))


def check_game(user: User, game: Game, needed: str = Role.MEMBER) -> Game:
    """The game if ``user`` may see it with at least role ``needed``: else 404 when
    the game is not theirs to see, 403 when they see it but may not do that."""
    if role_in(user, game.club_id) is None:
        raise Http404
    if not has_role(user, game.club_id, needed):
        raise PermissionDenied
    return game
