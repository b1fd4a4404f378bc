from django.urls import path

from archive import views

app_name = "archive"

urlpatterns = [
    path("clubs/<slug:slug>/archive/", views.download, name="download"),
    path("restore/", views.restore, name="restore"),
]
