from django.urls import include, path

from scoring import registry
from scoring.views import games, offline, sharing, table

app_name = "scoring"
urlpatterns = [
    path("", games.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline, name="offline"),
    path("games/new/", games.new_game, name="new_game"),
    path("games/import/", games.upload_game, name="upload_game"),
    path("games/<int:game_id>/", games.game_detail, name="game"),
    path("games/<int:game_id>/table/", table.table, name="table"),
    path("games/<int:game_id>/hands/<int:number>/", table.correct_hand, name="correct_hand"),
    path("games/<int:game_id>/live/", table.live, name="live"),
    path("games/<int:game_id>/history/", table.history, name="history"),
    path("games/<int:game_id>/game.json", games.game_file, name="game_file"),
    path("games/<int:game_id>/sharing/", sharing.sharing, name="sharing"),
    path("games/<int:game_id>/sharing/new/", sharing.share_game, name="share_game"),
    path(
        "games/<int:game_id>/sharing/<int:link_id>/revoke/",
        sharing.revoke_share,
        name="revoke_share",
    ),
    path("watch/<str:token>/", sharing.spectate, name="spectate"),
    path("watch/<str:token>/live/", sharing.spectate_live, name="spectate_live"),
]
# Each kind's own pages (``GameKind.urls``, named by a string: the core imports no kind)
urlpatterns += [path("", include(kind.urls)) for kind in registry.registered() if kind.urls]
