"""A club's archive on the web: its admin downloads it; a superuser restores one."""

from __future__ import annotations

import gzip

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from archive import services
from archive.checks import ArchiveError
from archive.forms import RestoreForm
from clubs import access
from clubs.models import Role


@require_GET
@login_required
def download(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    data = gzip.compress(services.archive_club(club), mtime=0)
    response = HttpResponse(data, content_type="application/gzip")
    name = f"{club.slug}-{timezone.localdate():%Y-%m-%d}.jass-club.json.gz"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def restore(request: HttpRequest) -> HttpResponse:
    if not request.user.is_superuser:
        raise PermissionDenied(_("A club is restored by whoever runs the site."))
    form = RestoreForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.restore_club(
                form.cleaned_data["data"],
                slug=form.cleaned_data["slug"] or None,
                most=settings.CLUB_ARCHIVE_UPLOAD_UNPACKED,
            )
        except ArchiveError as error:
            form.add_error("file", _("Nothing restored: %(problem)s") % {"problem": error})
        else:
            messages.success(request, _("Club restored."))
            return redirect(club)
    status = 422 if form.is_bound else 200
    return render(request, "archive/restore.html", {"form": form}, status=status)
