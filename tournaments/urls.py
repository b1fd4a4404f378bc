from django.urls import path

from tournaments.views import director, entries, passes, results, tables

app_name = "tournaments"
urlpatterns = [
    path("clubs/<slug:slug>/tournaments/", director.club_tournaments, name="club_tournaments"),
    path("tournaments/<int:tournament_id>/", director.tournament, name="tournament"),
    path("tournaments/<int:tournament_id>/settings/", director.settings, name="settings"),
    path("tournaments/<int:tournament_id>/entries/", entries.register, name="register"),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/",
        entries.edit_entry,
        name="edit_entry",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/delete/",
        entries.remove_entry,
        name="remove_entry",
    ),
    path(
        "tournaments/<int:tournament_id>/delete/",
        director.remove_tournament,
        name="remove_tournament",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/import/",
        entries.import_entries,
        name="import_entries",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/check-in/",
        entries.check_in_all,
        name="check_in_all",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/check-in/",
        entries.check_in,
        name="check_in",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/withdraw/",
        entries.withdraw,
        name="withdraw",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/reinstate/",
        entries.reinstate,
        name="reinstate",
    ),
    path("tournaments/<int:tournament_id>/passes/", passes.schedule, name="schedule"),
    path(
        "tournaments/<int:tournament_id>/passes/<int:number>/publish/",
        passes.publish,
        name="publish",
    ),
    path(
        "tournaments/<int:tournament_id>/passes/<int:number>/unpublish/",
        passes.unpublish,
        name="unpublish",
    ),
    path(
        "tournaments/<int:tournament_id>/passes/<int:number>/redraw/",
        passes.redraw,
        name="redraw",
    ),
    path("tournaments/<int:tournament_id>/passes/<int:number>/close/", passes.close, name="close"),
    path("tournaments/<int:tournament_id>/passes/<int:number>/swap/", passes.swap, name="swap"),
    path(
        "tournaments/<int:tournament_id>/passes/<int:number>/cards.pdf",
        passes.table_cards,
        name="table_cards",
    ),
    path(
        "tournaments/<int:tournament_id>/passes/<int:number>/seating/",
        passes.seating,
        name="seating",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/decide/",
        tables.decide,
        name="decide",
    ),
    path("tournaments/<int:tournament_id>/standings/", results.standings, name="standings"),
    path(
        "tournaments/<int:tournament_id>/standings/<int:entry_id>/",
        results.entry_page,
        name="entry",
    ),
    path("tournaments/<int:tournament_id>/results.csv", results.results_csv, name="results_csv"),
    path("tournaments/<int:tournament_id>/results.pdf", results.results_pdf, name="results_pdf"),
    path(
        "tournaments/<int:tournament_id>/publish/", results.publish_results, name="publish_results"
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/unlock/",
        tables.unlock,
        name="unlock",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/seats/new/",
        tables.new_seat_link,
        name="new_seat_link",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/seats/<int:side>/qr.svg",
        tables.seat_qr,
        name="seat_qr",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/sign/",
        tables.sign_for,
        name="sign_for",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/qr.svg",
        tables.table_qr,
        name="table_qr",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/new-link/",
        tables.renew_link,
        name="renew_link",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/paper/",
        tables.paper_totals,
        name="paper_totals",
    ),
    path("t/<str:token>/", tables.table_link, name="table_link"),
    path("games/<int:game_id>/confirm/", tables.confirm, name="confirm"),
    path("games/<int:game_id>/dispute/", tables.dispute, name="dispute"),
]
