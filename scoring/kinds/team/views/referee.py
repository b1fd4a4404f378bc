"""The Weis referee (issue 13): each player's best Weis in, the team that scores and
why out, by the steps of RULES.md §2.

A thin view: the form reads the Weis, ``rules.weis_verdict`` settles it, and the
verdict (a step and the two Weis compared) is put in words here. Open to anyone; with
``?game=<id>`` of a game the user may see, it offers that game's players, trumps and
Weis style.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.kind_views import from_htmx
from scoring.kinds.team import rules
from scoring.kinds.team.referee_forms import RefereeForm, rank_name
from scoring.kinds.team.rules.referee import (
    EARLIER,
    HIGHER_CARD,
    IN_TRUMP,
    MORE_CARDS,
    MORE_POINTS,
    SAME_CARDS,
    Verdict,
)
from scoring.kinds.team.rules.weis import card_count
from scoring.kinds.team.views.common import team_game
from scoring.models import Game
from scoring.rules import RulesError
from scoring.suits import WEIS_NAMES, trump_label

TEMPLATE = "scoring/kinds/team/weis_referee.html"


@dataclass(frozen=True)
class Seating:
    """Who sits where: the players' and teams' names, and the game's settings if any."""

    names: list[str]
    team_names: list[str]
    trumps: tuple[str, ...] = rules.TRUMPS
    suit_style: str = "french"
    game: Game | None = None
    initial: dict[str, Any] | None = None


@dataclass(frozen=True)
class Explanation:
    headline: str
    players: str
    why: str
    counts: str


def _plain_seating() -> Seating:
    return Seating(
        names=[_("Player %(number)s") % {"number": seat + 1} for seat in range(4)],
        team_names=[_("Team %(number)s") % {"number": team + 1} for team in range(2)],
    )


def _game_seating(request: HttpRequest) -> Seating:
    """The seating of the game when ``?game=`` names one the user may see; else a plain one
    (a game that is not theirs is not named, nor is it said to exist)."""
    try:
        game = team_game(request, int(request.GET.get("game", "")))
    except (ValueError, Http404, PermissionDenied):
        return _plain_seating()
    teams = sorted(game.teams.all(), key=lambda team: team.index)
    players = [team.ordered_players() for team in teams]
    ruleset = game.rules
    leader = rules.chooser(game.first_chooser, len(game.hands.all()) + 1)
    return Seating(
        names=[players[seat % 2][seat // 2].name for seat in range(4)],
        team_names=[team.name for team in teams],
        trumps=tuple(ruleset.trumps),
        suit_style=game.suit_style,
        game=game,
        initial={
            "trump": ruleset.trumps[0],
            "leader": leader,
            "style": ruleset.weis if ruleset.weis in ("small", "large") else "small",
        },
    )


def _add_problems(form: RefereeForm, problems: list[rules.Problem], names: list[str]) -> None:
    """Each refused Weis's problem beside its field, in the reader's language."""
    for problem in problems:
        seat, _dot, part = problem.field.partition(".")
        field = f"{part}{seat}" if part else problem.field
        if problem.template == SAME_CARDS:
            other = names[int(str(problem.params["other"]))]
            text = _(
                "%(other)s's Weis already holds some of these cards: each card is in the deck once."
            ) % {"other": other}
        else:
            params = {
                name: rank_name(str(value)) if name in ("top", "card") else value
                for name, value in problem.params.items()
            }
            text = capfirst(_(problem.template).format(**params))
        form.add_error(field if field in form.fields else None, text)


def _weis_words(verdict: Verdict, seat: int) -> str:
    weis = verdict.declared[seat]
    assert weis is not None
    return f"{WEIS_NAMES[weis.kind]} ({verdict.points(seat)})"


def _why(verdict: Verdict, names: list[str], suit_style: str) -> str:
    """The deciding step of RULES.md §2 in one plain sentence."""
    assert verdict.seat is not None
    winner, best = names[verdict.seat], verdict.best
    assert best is not None
    if verdict.runner_up is None:
        return _("%(winner)s's %(weis)s is the best Weis: the other team declared none.") % {
            "winner": winner,
            "weis": _weis_words(verdict, verdict.seat),
        }
    beaten = verdict.beaten
    assert beaten is not None
    words = {
        "winner": winner,
        "loser": names[verdict.runner_up],
        "weis": _weis_words(verdict, verdict.seat),
        "other": _weis_words(verdict, verdict.runner_up),
        "top": rank_name(best.top),
        "other_top": rank_name(beaten.top),
        "cards": card_count(best.kind),
        "other_cards": card_count(beaten.kind),
        "suit": str(trump_label(verdict.trump, suit_style)),
    }
    sentences = {
        MORE_POINTS: _("%(winner)s's %(weis)s beats %(loser)s's %(other)s: more points."),
        MORE_CARDS: _(
            "Equal points: %(winner)s's %(weis)s beats %(loser)s's %(other)s: more cards "
            "(%(cards)s against %(other_cards)s)."
        ),
        HIGHER_CARD: _(
            "Equal points and cards: %(winner)s's top card is higher "
            "(%(top)s against %(other_top)s)."
        )
        if verdict.trump != "unde-ufe"
        else _(
            "Equal points and cards: in unde-ufe the lower top card wins, %(winner)s's "
            "(%(top)s against %(other_top)s)."
        ),
        IN_TRUMP: _(
            "Equal points, cards and top card: %(winner)s's %(weis)s is in trump (%(suit)s), "
            "%(loser)s's is not."
        ),
        EARLIER: _(
            "All equal, and neither is in trump: %(winner)s plays earlier in the first trick "
            "than %(loser)s."
        ),
    }
    return sentences[verdict.step or EARLIER] % words


def explain(verdict: Verdict, seating: Seating) -> Explanation:
    """The verdict in words: who scores, why, and what that means for each team."""
    if verdict.team is None:
        return Explanation(
            headline=_("No team scores Weis"),
            players="",
            why=_("Nobody declared a Weis."),
            counts="",
        )
    team, other = seating.team_names[verdict.team], seating.team_names[1 - verdict.team]
    first, second = seating.names[verdict.team], seating.names[verdict.team + 2]
    named = first in team and second in team  # "Anne & Claude" needs no second line
    return Explanation(
        headline=_("Weis for %(team)s") % {"team": team},
        players="" if named else _("%(first)s and %(second)s") % {"first": first, "second": second},
        why=_why(verdict, seating.names, seating.suit_style),
        counts=_("All of %(team)s's Weis count; %(other)s's none.")
        % {"team": team, "other": other},
    )


@require_GET
def weis_referee(request: HttpRequest) -> HttpResponse:
    seating = _game_seating(request) if "game" in request.GET else _plain_seating()
    sent = "trump" in request.GET
    form = RefereeForm(
        request.GET if sent else None,
        names=seating.names,
        team_names=seating.team_names,
        trumps=seating.trumps,
        suit_style=seating.suit_style,
        initial=seating.initial,
    )
    explanation = None
    if sent and form.is_valid():
        data = form.cleaned_data
        try:
            verdict = rules.weis_verdict(
                form.declared(), data["trump"], data["leader"], data["style"]
            )
        except RulesError as error:
            _add_problems(form, error.problems, seating.names)
        else:
            explanation = explain(verdict, seating)
    context = {"form": form, "game": seating.game, "explanation": explanation}
    return render(request, f"{TEMPLATE}#referee" if from_htmx(request) else TEMPLATE, context)
