"""Différenzler's URLs (``GameKind.urls``): ``scoring/urls.py`` includes them in the
``scoring`` namespace, so their names are ``scoring:…`` like the core's."""

from django.urls import path

from scoring.kinds.differenzler.views import estimates, seats, table

urlpatterns = [
    path("games/new/differenzler/", table.new_game, name="new_differenzler"),
    path("games/<int:game_id>/trump/", table.choose_trump, name="choose_trump"),
    path(
        "games/<int:game_id>/estimate/<int:seat>/",
        estimates.estimate_here,
        name="estimate_here",
    ),
    path("games/<int:game_id>/start/", table.start_hand, name="start_hand"),
    path("games/<int:game_id>/points/", table.record_points, name="record_points"),
    path("games/<int:game_id>/reopen/", table.reopen_last_hand, name="reopen_last_hand"),
    path("games/<int:game_id>/seats/", seats.make_seat_links, name="make_seat_links"),
    path(
        "games/<int:game_id>/seats/<int:seat>/new/",
        seats.new_seat_link,
        name="new_seat_link",
    ),
    path("games/<int:game_id>/estimates/live/", table.live, name="differenzler_live"),
    path("seat/<str:token>/", seats.seat, name="seat"),
    path("seat/<str:token>/live/", seats.seat_live, name="seat_live"),
]
