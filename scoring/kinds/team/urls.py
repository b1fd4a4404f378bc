"""The team game's URLs (``GameKind.urls``): ``scoring/urls.py`` includes them in the
``scoring`` namespace, so their names are ``scoring:…`` like the core's."""

from django.urls import path

from scoring.kinds.team.views import referee, slate, start, table

urlpatterns = [
    path("games/new/team/", start.new_game, name="new_team"),
    path("weis-referee/", referee.weis_referee, name="weis_referee"),
    path("games/<int:game_id>/hands/", table.record_hand, name="record_hand"),
    path("games/<int:game_id>/undo/", table.undo_last_hand, name="undo_last_hand"),
    path("games/<int:game_id>/slate/", slate.big_slate, name="big_slate"),
    path("games/<int:game_id>/slate/live/", slate.big_slate_live, name="big_slate_live"),
]
