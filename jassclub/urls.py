from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static as static_url
from django.urls import include, path

from clubs import urls as clubs_urls
from jassclub import accounts
from scoring import club_urls as scoring_club_urls

# One ``clubs`` namespace for a club's pages, whichever app serves them: ``clubs`` may
# not import ``scoring`` (issue 12), so the club's pages that show games come from there.
club_pages = (clubs_urls.urlpatterns + scoring_club_urls.urlpatterns, clubs_urls.app_name)

urlpatterns = [
    # browsers ask for /favicon.ico whatever the pages say
    path("favicon.ico", lambda request: redirect(static_url("img/favicon.svg"), permanent=True)),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/logout/", accounts.LogoutView.as_view(), name="logout"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include(club_pages)),
    path("", include("tournaments.urls")),
    path("", include("seasons.urls")),
    path("", include("archive.urls")),
    path("", include("scoring.urls")),
]

if settings.DEBUG:  # uploaded logos, in development (a web server serves them in production)
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
