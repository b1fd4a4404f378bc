"""The Weis referee (issue 13): each player's best Weis in, the team that scores and
why out, by the steps of RULES.md §2."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def weis_referee(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/weis_referee.html", {})
