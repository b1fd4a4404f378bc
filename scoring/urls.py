from django.urls import path

from scoring import views

app_name = "scoring"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/<int:game_id>/", views.game_detail, name="game"),
    path("games/<int:game_id>/game.json", views.game_file, name="game_file"),
]
