"""Coiffeur's own pages (``GameKind.urls``), in the ``scoring`` namespace."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/new/coiffeur/", views.new_game, name="new_coiffeur"),
    path(
        "games/<int:game_id>/coiffeur/hands/",
        views.record_hand,
        name="coiffeur_record_hand",
    ),
    path("games/<int:game_id>/coiffeur/undo/", views.undo_last_hand, name="coiffeur_undo"),
]
