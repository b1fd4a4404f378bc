"""Guggitaler's own pages (``GameKind.urls``), in the ``scoring`` namespace."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/new/guggitaler/", views.new_game, name="new_guggitaler"),
    path(
        "games/<int:game_id>/guggitaler/hands/",
        views.record_hand,
        name="guggitaler_record_hand",
    ),
    path("games/<int:game_id>/guggitaler/undo/", views.undo_last_hand, name="guggitaler_undo"),
]
