from django.urls import path

from scoring import views

app_name = "scoring"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.new_game, name="new_game"),
    path("games/import/", views.upload_game, name="upload_game"),
    path("games/<int:game_id>/", views.game_detail, name="game"),
    path("games/<int:game_id>/table/", views.table, name="table"),
    path("games/<int:game_id>/hands/", views.record_hand, name="record_hand"),
    path("games/<int:game_id>/hands/<int:number>/", views.correct_hand, name="correct_hand"),
    path("games/<int:game_id>/undo/", views.undo_last_hand, name="undo_last_hand"),
    path("games/<int:game_id>/history/", views.history, name="history"),
    path("games/<int:game_id>/game.json", views.game_file, name="game_file"),
    path("games/<int:game_id>/sharing/", views.sharing, name="sharing"),
    path("games/<int:game_id>/sharing/new/", views.share_game, name="share_game"),
    path(
        "games/<int:game_id>/sharing/<int:link_id>/revoke/",
        views.revoke_share,
        name="revoke_share",
    ),
    path("watch/<str:token>/", views.spectate, name="spectate"),
]
