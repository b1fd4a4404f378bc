"""Thin views: load, ask the rules engine, render."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from scoring import services
from scoring.models import Game
from scoring.presenters import game_summary, hand_rows


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = Game.objects.with_everything()[:50]
    summaries = [game_summary(game) for game in games]
    return render(request, "scoring/home.html", {"summaries": summaries})


@require_GET
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.with_everything(), pk=game_id)
    summary = game_summary(game)
    context = {"summary": summary, "rows": hand_rows(game, summary.result)}
    return render(request, "scoring/game_detail.html", context)


@require_GET
def game_file(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.with_everything(), pk=game_id)
    document = json.dumps(services.export_game(game), ensure_ascii=False, indent=2)
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    filename = f"{slugify(game.name) or 'game'}-{game.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
