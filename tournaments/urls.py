from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("clubs/<slug:slug>/tournaments/", views.club_tournaments, name="club_tournaments"),
    path("tournaments/<int:tournament_id>/", views.tournament, name="tournament"),
    path("tournaments/<int:tournament_id>/settings/", views.settings, name="settings"),
    path("tournaments/<int:tournament_id>/entries/", views.register, name="register"),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/",
        views.edit_entry,
        name="edit_entry",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/check-in/",
        views.check_in,
        name="check_in",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/withdraw/",
        views.withdraw,
        name="withdraw",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/reinstate/",
        views.reinstate,
        name="reinstate",
    ),
    path("tournaments/<int:tournament_id>/passes/", views.schedule, name="schedule"),
    path(
        "tournaments/<int:tournament_id>/passes/<int:number>/publish/",
        views.publish,
        name="publish",
    ),
    path("tournaments/<int:tournament_id>/passes/<int:number>/close/", views.close, name="close"),
    path("tournaments/<int:tournament_id>/passes/<int:number>/swap/", views.swap, name="swap"),
    path(
        "tournaments/<int:tournament_id>/passes/<int:number>/cards.pdf",
        views.table_cards,
        name="table_cards",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/decide/",
        views.decide,
        name="decide",
    ),
    path("tournaments/<int:tournament_id>/standings/", views.standings, name="standings"),
    path(
        "tournaments/<int:tournament_id>/standings/<int:entry_id>/",
        views.entry_page,
        name="entry",
    ),
    path("tournaments/<int:tournament_id>/results.csv", views.results_csv, name="results_csv"),
    path("tournaments/<int:tournament_id>/results.pdf", views.results_pdf, name="results_pdf"),
    path("tournaments/<int:tournament_id>/publish/", views.publish_results, name="publish_results"),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/paper/",
        views.paper_totals,
        name="paper_totals",
    ),
    path("t/<str:token>/", views.table_link, name="table_link"),
    path("games/<int:game_id>/confirm/", views.confirm, name="confirm"),
    path("games/<int:game_id>/dispute/", views.dispute, name="dispute"),
]
