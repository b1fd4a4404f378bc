"""The club pages that show games, named in the ``clubs`` namespace with the rest of
a club's pages (``clubs:club``, ``clubs:player``): ``jassclub.urls`` includes them
together with ``clubs.urls``."""

from django.urls import path

from scoring import club_pages

urlpatterns = [
    path("clubs/<slug:slug>/", club_pages.club, name="club"),
    path("clubs/<slug:slug>/players/<int:member_id>/", club_pages.player, name="player"),
]
