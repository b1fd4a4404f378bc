from django.urls import path

from seasons import views

app_name = "seasons"
urlpatterns = [
    path("clubs/<slug:slug>/seasons/", views.club_seasons, name="club_seasons"),
    path("seasons/<int:season_id>/", views.season, name="season"),
    path("seasons/<int:season_id>/standings.csv", views.season_csv, name="csv"),
    path("seasons/<int:season_id>/standings.pdf", views.season_pdf, name="pdf"),
    path("seasons/<int:season_id>/settings/", views.season_settings, name="settings"),
    path("seasons/<int:season_id>/events/", views.add_event, name="add_event"),
    path(
        "seasons/<int:season_id>/events/<int:event_id>/",
        views.change_event,
        name="change_event",
    ),
    path(
        "seasons/<int:season_id>/events/<int:event_id>/delete/",
        views.remove_event,
        name="remove_event",
    ),
    path("seasons/<int:season_id>/delete/", views.remove_season, name="remove_season"),
]
