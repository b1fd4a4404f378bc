from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("clubs.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]

if settings.DEBUG:  # uploaded logos, in development (a web server serves them in production)
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
