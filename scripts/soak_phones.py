"""The phones of `make soak` (scripts/soak.py): what each table's phones send, and a
phone that sends it as the table screen does with htmx, again and again until the
server answers."""

from __future__ import annotations

import collections
import http.client
import random
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

HOST = "127.0.0.1"
PHONES, HANDS = 4, 12  # at each table
REQUEST_TIMEOUT = 8  # as offline.js (SEND_WAIT): then sent again, with the same key
DOUBLE_TAP, BEHIND = 0.2, 0.3  # chances: a post sent twice; the last phone far behind

RULESET = {"preset": "chibre", "target": 10000}  # never over within the drill's hands
TRUMPS = ("hearts", "diamonds", "clubs", "spades", "obe-abe", "unde-ufe")
# the hand form's Weis fields, one count per kind (scoring.kinds.team.weis_entry.weis_field_name)
WEIS_KINDS = ("seq3", "seq4", "seq5", "seq6", "seq7", "seq8", "seq9")
WEIS_KINDS += ("four-jacks", "four-nines", "four-aces", "four-kings", "four-queens", "four-tens")
CARD_POINTS = 157


def intended_post(game: int, number: int) -> dict[str, str]:
    """The hand form of hand ``number`` of the ``game``-th game as its phones send it:
    always valid, and no two hands of a game alike (the card points differ)."""
    trump = TRUMPS[(number + game) % len(TRUMPS)]
    data = {
        "hand_number": str(number),
        "trump": trump,
        "typed_team": str((number + game) % 2),
        "points": str(20 + (37 * number + 11 * game) % 118),
        "match": "",
        "weis_team": "",
        "stoeck": "",
        **{"weis_" + kind.replace("-", "_"): "0" for kind in WEIS_KINDS},
    }
    if number % 4 == 0:
        data |= {"weis_team": str(number // 4 % 2), "weis_seq3": "1"}
    if number % 5 == 0 and trump not in ("obe-abe", "unde-ufe"):
        data["stoeck"] = str(number // 5 % 2)
    return data


def intended_hand(game: int, number: int) -> tuple[Any, ...]:
    """What the database must hold for that hand: trump, card points, Weis, Stöck."""
    data = intended_post(game, number)
    points = int(data["points"])
    cards = (points, CARD_POINTS - points)
    if data["typed_team"] == "1":
        cards = cards[::-1]
    weis: list[tuple[str, ...]] = [(), ()]
    if data["weis_team"]:
        weis[int(data["weis_team"])] = ("seq3",)
    stoeck = int(data["stoeck"]) if data["stoeck"] else None
    return (data["trump"], cards, tuple(weis), stoeck)


@dataclass
class Table:
    index: int  # the game's place in the drill, which picks its hands
    game_id: int
    sessions: list[str]


@dataclass
class Tally:
    """What the phones saw, counted under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    accepted_keys: dict[int, set[str]] = field(default_factory=lambda: collections.defaultdict(set))
    unexpected: collections.Counter[str] = field(default_factory=collections.Counter)

    def add(self, what: str, game_id: int | None = None, key: str | None = None) -> None:
        with self.lock:
            self.counts[what] += 1
            if key is not None and game_id is not None:
                self.accepted_keys[game_id].add(key)

    def odd(self, what: str) -> None:
        with self.lock:
            self.unexpected[what] += 1


@dataclass
class Screen:
    number: int
    form_key: str
    csrf: str


HAND_FORM = 'id="hand-form"'
FIELD = re.compile(r'name="(hand_number|form_key|csrfmiddlewaretoken)" value="([^"]*)"')


def read_screen(html: str) -> Screen | None:
    """The hand form a table screen (page or htmx part) shows: its hand and key."""
    start = html.find(HAND_FORM)
    if start < 0:
        return None
    found: dict[str, str] = {}
    for name, value in FIELD.findall(html[start:]):
        found.setdefault(name, value)
    if set(found) != {"hand_number", "form_key", "csrfmiddlewaretoken"}:
        return None
    return Screen(int(found["hand_number"]), found["form_key"], found["csrfmiddlewaretoken"])


class Phone(threading.Thread):
    def __init__(
        self, table: Table, seat: int, port: int, tally: Tally, deadline: float, stop: Any
    ) -> None:
        super().__init__(daemon=True, name=f"game {table.index} phone {seat}")
        self.table, self.seat, self.port = table, seat, port
        self.tally, self.deadline, self.stop = tally, deadline, stop
        self.cookies = {"sessionid": table.sessions[seat]}
        self.random = random.Random(table.index * PHONES + seat)
        self.language = ("fr", "de", "it", "en")[seat % 4]

    def request(self, method: str, path: str, body: str = "", **headers: str) -> Any:
        """One request on a new connection, as a phone's browser would; returns
        ``(status, text)`` or raises ``OSError`` / ``http.client.HTTPException``."""
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
        try:
            cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
            headers = {"Cookie": cookie, "Accept-Language": self.language, **headers}
            connection.request(method, path, body=body.encode() or None, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, text
        finally:
            connection.close()

    def until_answered(self, method: str, path: str, body: str = "", **headers: str) -> Any:
        """The same request again, same key, until the server answers (not 5xx),
        waiting a little longer each time (0.2 s, doubling up to 2 s)."""
        wait = 0.2
        while time.monotonic() < self.deadline and not self.stop.is_set():
            self.tally.add("requests")
            try:
                status, text = self.request(method, path, body, **headers)
            except ConnectionRefusedError:
                self.tally.add("connection refused")
            except (OSError, http.client.HTTPException):
                self.tally.add("cut off")  # killed while it was sent or answered
            else:
                if status < 500:
                    return status, text
                self.tally.add("5xx")
            time.sleep(wait * self.random.uniform(1, 1.5))
            wait = min(2 * wait, 2.0)
        return None, ""

    def run(self) -> None:
        table_path = f"/games/{self.table.game_id}/table/"
        post_path = f"/games/{self.table.game_id}/hands/"
        screen = None
        while time.monotonic() < self.deadline and not self.stop.is_set():
            if screen is None:
                status, text = self.until_answered("GET", table_path)
                screen = read_screen(text)
                if status is not None and screen is None:
                    self.tally.odd(f"table screen without a hand form (HTTP {status})")
                    return
                continue
            if screen.number > HANDS:
                return  # every hand of the game is recorded
            behind = self.seat == PHONES - 1 and self.random.random() < BEHIND
            time.sleep(self.random.uniform(1.0, 2.5) if behind else self.random.uniform(0.05, 0.6))
            data = {
                **intended_post(self.table.index, screen.number),
                "form_key": screen.form_key,
                "csrfmiddlewaretoken": screen.csrf,
            }
            body = urlencode(data)
            headers = {
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "HX-Target": "table",
                "Referer": f"http://{HOST}:{self.port}{table_path}",
            }
            sends = 2 if self.random.random() < DOUBLE_TAP else 1
            for _send in range(sends):
                status, text = self.until_answered("POST", post_path, body, **headers)
                if status is None:
                    return
                self.classify(status, text, screen.form_key, screen.number)
            screen = read_screen(text) if status == 200 else None

    def classify(self, status: int, text: str, key: str, number: int) -> None:
        kind = answer_kind(status, text, number)
        if kind == ACCEPTED:
            self.tally.add("accepted", self.table.game_id, key)
        elif kind == REFUSED:
            self.tally.add("refused with a message")
        else:
            self.tally.odd(kind)


ACCEPTED, REFUSED = "accepted", "refused with a message"
TABLE_PART = 'id="table"'
# includes/messages.html: the answer to a hand refused because its screen was out of
# date says so in the messages block; the answer to an accepted hand has none
MESSAGES = '<div class="messages"'
FORM_ERROR = ("invalid-feedback", "alert alert-danger")  # a message beside a field, or above


def answer_kind(status: int, text: str, number: int) -> str:
    """What the server answered to hand ``number`` of a table screen: ``ACCEPTED``,
    ``REFUSED`` (another phone recorded that hand, or undid one: a stale screen), or
    what else it was, for the drill's "unexpected" lines.

    A post is refused with 409 (stale) or 422 (a broken rule), with htmx too (the
    page's htmx-config swaps them in). A 200 is the table part: an accepted hand's,
    with the form of a later hand; one with the messages block or a message beside a
    field was refused all the same. (The hand form always holds hidden
    ``alert-warning`` hints, for too many points and for the count at going out:
    they tell nothing.)"""
    if status == 409:
        return REFUSED
    if status == 422:
        return "a hand refused by the rules"
    if status != 200:
        return f"HTTP {status} to a hand"
    if TABLE_PART not in text:
        return "an answer to a hand without the table"
    if MESSAGES in text:
        return REFUSED
    if any(marker in text for marker in FORM_ERROR):
        return "a hand refused by the rules"
    screen = read_screen(text)
    if screen is None or screen.number <= number:
        return "an answer to a hand without a later hand's form"
    return ACCEPTED
