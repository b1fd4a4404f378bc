"""The races of `make soak` (scripts/soak.py), after the phones have recorded every
game's hands: two phones change one game at the same moment, as on a table whose two
phones both correct, take back or record (issue 34, item 7).

Each round of a game reads the game as it is, then two phones send at once (a barrier
releases them together), each with its own form key: a correction and an undo of the
last hand, two undos of it, two corrections of one hand made from the same screen, a
record of the next hand and an undo of the last, a record and a correction of an
earlier hand, or two records of the next hand. Every answer is classified as the
phone sees it: done (the table drawn again with no warning), refused (out of date,
said on the screen), or unexpected.

Then, for every game (:func:`check`): its history (``HandChange``, in the order it was
written) replayed from nothing must be a serial story: a hand recorded as the next
one, a correction of a hand as it then was, an undo of the last hand as it then was;
the hands stored must be what that story ends with, numbered without a gap; a change
is in the history exactly when its phone was told it was done; and the statistics
must equal a rebuild from the hands (``statistics.differing``, as ``manage.py
rebuild_statistics --check``)."""

from __future__ import annotations

import collections
import http.client
import random
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from scripts.soak_phones import ACCEPTED, HOST, REFUSED, Table, answer_kind
from scripts.soak_phones import intended_post as hand_post

ROUNDS = 8  # per game: 96 rounds of two phones, some 20 s on two cores
RACE_SECONDS = 90  # the races stop after this (the drill then fails)
KINDS = (
    ("correct", "undo"),
    ("undo", "undo"),
    ("correct", "correct"),
    ("record", "undo"),
    ("record", "correct-earlier"),
    ("record", "record"),
)
DONE = "done"
# includes/messages.html: what came of a change, said above the page (the hand form
# also holds hidden "alert alert-warning" hints, which tell nothing)
SUCCESS = '<div class="alert alert-success py-2">'
WARNING = '<div class="alert alert-warning py-2">'


@dataclass
class Told:
    """What the racing phones were told, counted under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    keys: dict[int, dict[str, bool]] = field(default_factory=lambda: collections.defaultdict(dict))
    unexpected: collections.Counter[str] = field(default_factory=collections.Counter)

    def add(self, game_id: int, key: str, kind: str) -> None:
        with self.lock:
            if kind in (DONE, REFUSED):
                self.counts[kind] += 1
                self.keys[game_id][key] = kind == DONE
            else:
                self.unexpected[kind] += 1


def _varied(index: int, number: int, variant: int) -> dict[str, str]:
    """Hand ``number`` of the ``index``-th game with other card points (``variant``)."""
    data = hand_post(index, number)
    data["points"] = str(20 + (int(data["points"]) - 20 + 13 * variant) % 118)
    return data


class RacingPhone:
    """A phone of one table that sends one change when the round's barrier opens."""

    def __init__(self, table: Table, seat: int, port: int, told: Told) -> None:
        self.table, self.told, self.port = table, told, port
        self.cookies = {"sessionid": table.sessions[seat]}
        self.csrf = ""

    def open(self) -> None:
        """The table screen, for the CSRF token (and its cookie)."""
        _status, text, _ = self._http("GET", f"/games/{self.table.game_id}/table/", "", {})
        token = text.partition('name="csrfmiddlewaretoken" value="')[2].partition('"')[0]
        self.csrf = token

    def send(self, action: str, number: int, data: dict[str, str], version: str) -> None:
        game = self.table.game_id
        key = str(uuid.uuid4())
        body = {"form_key": key, "csrfmiddlewaretoken": self.csrf, "hand_number": str(number)}
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        htmx = {"HX-Request": "true", "HX-Target": "table"}
        try:
            if action == "record":
                post = urlencode({**data, **body})
                status, text, _ = self._http("POST", f"/games/{game}/hands/", post, form | htmx)
                kind = answer_kind(status, text, number)
                kind = DONE if kind == ACCEPTED else kind
            elif action == "undo":
                status, text, _ = self._http(
                    "POST", f"/games/{game}/undo/", urlencode(body), form | htmx
                )
                kind = _undo_kind(status, text)
            else:
                status, text = self._correct(game, number, {**data, **body}, version, form)
                kind = _correction_kind(status, text)
        except OSError as error:
            kind = f"no answer to a {action} ({type(error).__name__})"
        self.told.add(game, key, kind)

    def _http(self, method: str, path: str, body: str, headers: dict[str, str]) -> Any:
        """One request with the phone's cookies, keeping those it sets (a message is
        kept in one for the next page): status, text and where it redirects."""
        connection = http.client.HTTPConnection(HOST, self.port, timeout=10)
        try:
            cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            headers = {"Cookie": cookie, "Accept-Language": "en", **headers}
            connection.request(method, path, body.encode() or None, headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, text, response.getheader("Location") or ""
        finally:
            connection.close()

    def _correct(
        self, game: int, number: int, data: dict[str, str], version: str, headers: dict[str, str]
    ) -> tuple[int, str]:
        """A correction as its page posts it (no htmx), its redirects followed as a
        browser does: the page it ends on says what came of it."""
        body = urlencode({**data, "version": version})
        status, text, location = self._http("POST", f"/games/{game}/hands/{number}/", body, headers)
        for _hop in range(3):
            if status != 302:
                break
            status, text, location = self._http("GET", location, "", {})
        return status, text


def _undo_kind(status: int, text: str) -> str:
    """An undo's answer (htmx: the table drawn again, with what came of it)."""
    if status == 200 and SUCCESS in text and WARNING not in text:
        return DONE
    if status == 200 and WARNING in text and SUCCESS not in text:
        return REFUSED  # not the last hand any more: another phone changed the game
    return f"HTTP {status} to an undo"


def _correction_kind(status: int, text: str) -> str:
    """A correction's answer, the page it sent the phone to: the table with "Hand n
    corrected." when done, with a warning when the hand changed or went meanwhile (the
    table, or the correction page again); 422 when a rule is broken."""
    if status == 200 and SUCCESS in text and WARNING not in text:
        return DONE
    if status == 200 and WARNING in text and SUCCESS not in text:
        return REFUSED
    return f"HTTP {status} to a correction"


def _round(table: Table, phones: list[RacingPhone], number: int) -> None:
    """One round at ``table``: two phones change it at the same moment."""
    from scoring import services
    from scoring.models import Hand

    hands = list(Hand.objects.filter(game_id=table.game_id).order_by("number"))
    kinds = KINDS[number % len(KINDS)]
    if len(hands) < 3:  # keep something to correct and take back
        kinds = ("record", "record")
    last = len(hands)
    earlier = random.Random(table.index * 1000 + number).randrange(1, last)
    plans = []
    for slot, kind in enumerate(kinds):
        variant = number * 2 + slot + 1
        if kind == "record":
            plans.append(("record", last + 1, _varied(table.index, last + 1, variant), ""))
        elif kind == "undo":
            plans.append(("undo", last, {}, ""))
        else:
            hand = hands[last - 1] if kind == "correct" else hands[earlier - 1]
            data = _varied(table.index, hand.number, variant)
            plans.append(("correct", hand.number, data, services.hand_version(hand)))
    barrier = threading.Barrier(len(plans))

    def go(phone: RacingPhone, plan: tuple[str, int, dict[str, str], str]) -> None:
        barrier.wait(timeout=10)
        phone.send(*plan)

    racers = [threading.Thread(target=go, args=pair) for pair in zip(phones, plans, strict=True)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=30)


def race(tables: list[Table], port: int, told: Told) -> list[str]:
    """Every table's rounds, the tables at once; returns what happened."""
    from django.db import connection

    deadline = time.monotonic() + RACE_SECONDS
    began = time.monotonic()

    def play(table: Table) -> None:
        try:
            phones = [RacingPhone(table, seat, port, told) for seat in (0, 1)]
            for phone in phones:
                phone.open()
            for number in range(ROUNDS):
                if time.monotonic() >= deadline:
                    return
                _round(table, phones, number)
        finally:
            connection.close()

    players = [threading.Thread(target=play, args=(table,), daemon=True) for table in tables]
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=max(0, deadline - time.monotonic()) + 15)
    if time.monotonic() >= deadline or any(player.is_alive() for player in players):
        return [f"races stopped by the time limit of {RACE_SECONDS} s"]
    took = time.monotonic() - began
    return [f"{len(tables) * ROUNDS} rounds of two phones raced in {took:.0f} s"]


def replayed(changes: list[Any]) -> tuple[dict[int, Any], int]:
    """The hands the history makes, written in order, and how many of its changes do
    not follow from the ones before (a hand recorded out of turn, a correction or an
    undo of a hand not as it then was, an undo of a hand that is not the last)."""
    state: dict[int, Any] = {}
    broken = 0
    for change in changes:
        number = change.hand_number
        if change.action == "recorded":
            broken += number != len(state) + 1 or number in state
            state[number] = change.after
        elif change.action == "edited":
            broken += state.get(number) != change.before
            state[number] = change.after
        else:  # undone
            broken += number != max(state, default=0) or state.get(number) != change.before
            state.pop(number, None)
    return state, broken


def check(tables: list[Table], told: Told) -> dict[str, int]:
    """What the races left, game by game, against their history and what was told."""
    from scoring import statistics
    from scoring.models import Game, Hand, HandChange

    found = collections.Counter(
        {
            "history not a serial story": 0,
            "hands unlike their history": 0,
            "gaps in the numbers": 0,
            "told done, not done": 0,
            "told refused, done": 0,
            "statistics unlike a rebuild": 0,
        }
    )
    for table in tables:
        changes = list(HandChange.objects.filter(game_id=table.game_id).order_by("pk"))
        hands = list(Hand.objects.filter(game_id=table.game_id).order_by("number"))
        state, broken = replayed(changes)
        found["history not a serial story"] += broken
        stored = {hand.number: hand.record for hand in hands}
        found["hands unlike their history"] += sum(
            1 for n in stored.keys() | state.keys() if stored.get(n) != state.get(n)
        )
        if [hand.number for hand in hands] != list(range(1, len(hands) + 1)):
            found["gaps in the numbers"] += 1
        logged = {str(change.form_key) for change in changes}
        for key, done in told.keys[table.game_id].items():
            if done and key not in logged:
                found["told done, not done"] += 1
            elif not done and key in logged:
                found["told refused, done"] += 1
    games = Game.objects.filter(pk__in=[table.game_id for table in tables])
    found["statistics unlike a rebuild"] = len(statistics.differing(games))
    return dict(found)
