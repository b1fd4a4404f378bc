"""The pages every game kind has, once: starting a game, recording a hand, taking the
last one back, correcting one, and the words for a hand sent from a screen out of date.
A kind specialises them (``scoring/kinds/<kind>/views``): it names its forms, its
templates and the service its hands go through, and draws its own table screen
(``GameKind.table``, reached through :mod:`scoring.registry`); the access check, the
form's round trip, the refusals (422, 409, 403) and the redirect without JavaScript
are here.

Thin views: parse with the kind's form, call one service (one transaction), render the
kind's page or, for htmx, its part; without JavaScript, a plain POST and a redirect.
The live poll and the changes page of every kind are :mod:`scoring.views.table`'s,
which ask the game's kind for its hands and its changes' words.

The core names no kind: this package reaches a game's kind through the registry only.
Its modules, by what they do: ``common`` (the types a kind hands them, a game of the
kind a page is for), ``start`` (the start page, the game page), ``hands`` (recording and
taking back), ``correction`` and ``poll``; a kind imports them from here.
"""

from __future__ import annotations

from scoring.kind_views.common import (
    F,
    F_co,
    HtmxHttpRequest,
    KindView,
    NextHandForm,
    Presenter,
    V,
    V_co,
    View,
    from_htmx,
    kept_words,
    kind_game,
    of_kind,
    screen,
    table_url,
)
from scoring.kind_views.correction import (
    Correction,
)
from scoring.kind_views.hands import (
    HandPages,
    PresentedHands,
)
from scoring.kind_views.poll import (
    Poll,
    poll_page,
)
from scoring.kind_views.start import (
    Start,
    StartForm,
    first_club,
    form_fields,
    game_screen,
    start_game,
    start_page,
)

__all__ = [
    "Correction",
    "F",
    "F_co",
    "HandPages",
    "HtmxHttpRequest",
    "KindView",
    "NextHandForm",
    "Poll",
    "PresentedHands",
    "Presenter",
    "Start",
    "StartForm",
    "V",
    "V_co",
    "View",
    "first_club",
    "form_fields",
    "from_htmx",
    "game_screen",
    "kept_words",
    "kind_game",
    "of_kind",
    "poll_page",
    "screen",
    "start_game",
    "start_page",
    "table_url",
]
