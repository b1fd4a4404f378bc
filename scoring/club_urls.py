"""The club pages that show games, named in the ``clubs`` namespace with the rest of
a club's pages (``clubs:club``, ``clubs:player``, ``clubs:evening``,
``clubs:strich_table``): ``jassclub.urls`` includes them together with ``clubs.urls``."""

from django.urls import path

from scoring import club_pages, evening_pages

urlpatterns = [
    path("clubs/<slug:slug>/", club_pages.club, name="club"),
    path("clubs/<slug:slug>/players/<int:member_id>/", club_pages.player, name="player"),
    path("clubs/<slug:slug>/striche/", evening_pages.strich_table, name="strich_table"),
    path("clubs/<slug:slug>/evenings/<str:day>/", evening_pages.evening, name="evening"),
    path(
        "clubs/<slug:slug>/evenings/<str:day>/live/",
        evening_pages.evening_live,
        name="evening_live",
    ),
]
