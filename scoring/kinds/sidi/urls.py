"""Sidi Barrani's own pages (``GameKind.urls``), in the ``scoring`` namespace."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/new/sidi/", views.new_game, name="new_sidi"),
    path("games/<int:game_id>/sidi/hands/", views.record_hand, name="sidi_record_hand"),
    path("games/<int:game_id>/sidi/undo/", views.undo_last_hand, name="sidi_undo"),
]
