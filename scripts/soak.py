"""The fault drill (`make soak`): a club evening on gunicorn and PostgreSQL whose
servers are killed mid-run. Not part of `make test`, but CI runs it after the suite
on PostgreSQL; about a minute on two cores, 127.0.0.1 only.

1. Drops and creates the database of ``SOAK_DATABASE_URL`` (default
   ``postgres://postgres@127.0.0.1:5432/soak``: the drill's own), migrates it, and
   stores a club, a scorer and 12 games with a signed-in session for each phone.
2. Starts gunicorn on a free port of 127.0.0.1 (3 workers of 4 threads).
3. Runs 12 games x 4 phones. The four phones of a game send the same hands, as the
   table screen does with htmx: each posts the hand its screen asks for, with the
   form's key. Phones race each other, one of them is often behind (its screen is
   stale), a post is now and then sent twice (a double tap), and a post that gets
   no answer (within 8 s, as offline.js waits) or a 5xx is sent again with the same
   key until it gets one.
4. Twice, when a third and two thirds of the hands are stored, kills every gunicorn
   process (SIGKILL to the master and its workers) and starts gunicorn again.
5. Checks the database: each game holds exactly its intended hands, none lost
   (also none the server said it accepted), none twice, and every hand complete
   (its one "recorded" change with the same hand, the game valid for the engine).
6. Races (``scripts/soak_races.py``): at every game, 8 rounds of two phones changing
   it at the same moment (a correction and an undo of the last hand, two undos, two
   corrections of one hand, a record and an undo, a record and a correction, two
   records). Then each game's history must replay as a serial story ending in the
   hands stored, numbered without a gap; a change is in it exactly when its phone was
   told it was done; and the statistics equal a rebuild from the hands.

Prints requests, accepted, refused with a message, 5xx, hands lost, duplicated,
half-written, and kept but not answered as accepted to any phone, then the races'
changes done and refused and what their check found, and exits with status 1 unless
the last five, the races' findings and their unexpected answers are 0 and some hands
were answered as accepted (else the drill no longer tells the answers apart:
``soak_phones.answer_kind``). Gunicorn is
stopped on every exit, Ctrl-C included; the phones stop after DRILL_SECONDS and the
whole drill after HARD_LIMIT seconds.
"""

from __future__ import annotations

import collections
import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))
from scripts import soak_races  # noqa: E402
from scripts.soak_phones import (  # noqa: E402
    HANDS,
    HOST,
    PHONES,
    REQUEST_TIMEOUT,
    RULESET,
    Phone,
    Table,
    Tally,
    intended_hand,
)

SOAK_URL = os.environ.get("SOAK_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/soak")
GAMES = 12  # 144 hands, each raced by 4 phones: enough to land both kills mid-run
KILLS = 2
WORKERS, THREADS = 3, 4
# Two cores play it in 40 to 80 s, the whole drill takes a minute or so (twice that
# on a machine busy with other work); the limits leave room for that and keep CI's
# worst case bounded.
DRILL_SECONDS = 180  # phones give up after this (the drill then fails)
HARD_LIMIT = 420  # the whole drill, setup and races included


def team_hand(hand: Any) -> Any:
    """A stored hand of the drill's team games, as the rules count it."""
    from scoring import registry

    return registry.named("team").read_hand(hand.record)


def stored_hand(hand: Any) -> tuple[Any, ...]:
    rules_hand = team_hand(hand)
    weis = tuple(tuple(team) for team in rules_hand.weis)
    return (rules_hand.trump, rules_hand.cards, weis, rules_hand.stoeck)


# -- the database ---------------------------------------------------------------------------


def recreate_database() -> None:
    import psycopg
    from psycopg import sql

    url = urlsplit(SOAK_URL)
    if url.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"soak: {SOAK_URL} is not on this machine; the drill stays on 127.0.0.1")
    name = sql.Identifier(url.path.lstrip("/"))
    admin_url = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django

    django.setup()


def prepare() -> list[Table]:
    """Migrate, and store a club, its scorer and the games, with a session per phone."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from clubs.models import Club, Member, Role
    from scoring import rules, services
    from scoring.rules import gamefile

    call_command("migrate", verbosity=0, interactive=False)
    club = Club.objects.create(name="Soak", slug="soak", place="127.0.0.1")
    scorer = get_user_model().objects.create_user("soak-scorer")
    Member.objects.create(club=club, user=scorer, name="Soak", role=Role.SCORER)
    tables = []
    for index in range(GAMES):
        game = services.start_game(
            club=club,
            name=f"Table {index + 1}",
            ruleset=rules.parse_ruleset(RULESET),
            teams=(
                gamefile.Team("Les Bourgs", ("Anne", "Claude")),
                gamefile.Team("Les Nells", ("Bernard", "Denise")),
            ),
            first_chooser=index % 4,
            suit_style="french",
        )
        sessions = []
        for _phone in range(PHONES):
            client = Client()
            client.force_login(scorer)
            sessions.append(client.cookies["sessionid"].value)
        tables.append(Table(index, game.pk, sessions))
    return tables


# -- gunicorn -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn in a process group of its own, so that one signal reaches them all."""

    def __init__(self, port: int, env: dict[str, str], log: Path) -> None:
        self.port, self.env, self.log = port, env, log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            *(sys.executable, "-m", "gunicorn", "jassclub.wsgi"),
            *("--bind", f"{HOST}:{self.port}", "--workers", str(WORKERS)),
            *("--threads", str(THREADS), "--timeout", "30", "--log-level", "warning"),
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                cwd=BASE_DIR,
                env={**os.environ, **self.env},
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((HOST, self.port), 1):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not start: see {self.log}")

    def processes(self) -> list[int]:
        """The master and its workers (Linux: /proc)."""
        if self.process is None:
            return []
        group = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if os.getpgid(int(entry.name)) == self.process.pid:
                        group.append(int(entry.name))
        return group

    def kill(self, sig: int = signal.SIGKILL) -> int:
        """Send ``sig`` to every gunicorn process; returns how many there were."""
        if self.process is None:
            return 0
        count = len(self.processes())
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        deadline = time.monotonic() + 5
        while self.processes() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.process = None
        return count

    def stop(self) -> None:
        self.kill(signal.SIGTERM)


# -- the drill ------------------------------------------------------------------------------


class ConnectionPeak(threading.Thread):
    """The most connections the drill's database had at once (pg_stat_activity)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak, self.done = 0, threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(SOAK_URL, autocommit=True) as watch:
            while not self.done.wait(0.05):
                (count,) = watch.execute(  # type: ignore[misc]
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ).fetchone()
                self.peak = max(self.peak, count)


def stored_count(tables: list[Table]) -> int:
    from django.db import connection

    from scoring.models import Hand

    try:
        return Hand.objects.filter(game_id__in=[t.game_id for t in tables]).count()
    finally:
        connection.close()


def drill(tables: list[Table], server: Server, tally: Tally) -> list[str]:
    """The phones play; the servers die twice. Returns what happened to the servers."""
    stop = threading.Event()
    deadline = time.monotonic() + DRILL_SECONDS
    phones = [
        Phone(table, seat, server.port, tally, deadline, stop)
        for table in tables
        for seat in range(PHONES)
    ]
    for phone in phones:
        phone.start()
    total = GAMES * HANDS
    kill_at = [total * (k + 1) // (KILLS + 1) for k in range(KILLS)]
    events = []
    try:
        while any(phone.is_alive() for phone in phones) and time.monotonic() < deadline:
            if kill_at and (stored := stored_count(tables)) >= kill_at[0]:
                kill_at.pop(0)
                killed = server.kill()
                began = time.monotonic()
                time.sleep(1)  # the phones find nobody there
                server.start()
                events.append(
                    f"at {stored}/{total} hands killed {killed} gunicorn processes"
                    f" (master and workers); serving again after {time.monotonic() - began:.1f} s"
                )
            time.sleep(0.2)
    finally:
        stop.set()
        join_by = time.monotonic() + REQUEST_TIMEOUT + 5
        for phone in phones:
            phone.join(timeout=max(0, join_by - time.monotonic()))
    if any(phone.is_alive() for phone in phones) or time.monotonic() >= deadline:
        events.append(f"phones stopped by the time limit of {DRILL_SECONDS} s")
    else:
        took = DRILL_SECONDS - (deadline - time.monotonic())
        events.append(f"every hand recorded after {took:.0f} s of play")
    return events


def check(tables: list[Table], tally: Tally) -> dict[str, int]:
    """Lost, duplicated and half-written hands, as the database holds them."""
    from scoring.kinds.team import rules
    from scoring.models import Game, Hand, HandChange

    found = {"lost": 0, "duplicated": 0, "half-written": 0, "unanswered": 0}
    for table in tables:
        game = Game.objects.get(pk=table.game_id)
        hands = list(Hand.objects.filter(game=game).order_by("number"))
        changes = list(HandChange.objects.filter(game=game))
        intended = {n: intended_hand(table.index, n) for n in range(1, HANDS + 1)}
        by_number = {hand.number: hand for hand in hands}
        found["lost"] += sum(1 for n in intended if n not in by_number)
        keys = {str(change.form_key) for change in changes}
        found["lost"] += len(tally.accepted_keys[table.game_id] - keys)  # said kept, not kept
        recorded_keys = {str(c.form_key) for c in changes if c.action == HandChange.RECORDED}
        # kept, but no phone was told: a phone sends again until it is answered, and a
        # key sent again is answered as the first time, so every kept hand was answered
        # as accepted to some phone, unless the drill counts its answers wrong
        found["unanswered"] += len(recorded_keys - tally.accepted_keys[table.game_id])
        for hand in hands:
            content = stored_hand(hand)
            if intended.get(hand.number) == content:
                continue
            if hand.number > HANDS or content in intended.values():
                found["duplicated"] += 1  # a hand stored a second time, under another number
            else:
                found["half-written"] += 1
        recorded = collections.Counter(
            c.hand_number for c in changes if c.action == HandChange.RECORDED
        )
        for hand in hands:
            logged = [c for c in changes if c.hand_number == hand.number and c.action == "recorded"]
            if len(logged) != 1 or logged[0].after != team_hand(hand).to_dict():
                found["half-written"] += 1  # a hand without its change, or not the same
        found["half-written"] += sum(1 for n in recorded if n not in by_number)  # change only
        if [hand.number for hand in hands] != list(range(1, len(hands) + 1)):
            found["half-written"] += 1  # a gap in the numbers
        try:
            rules.play(game.rules, [team_hand(hand) for hand in hands])
        except rules.RulesError:
            found["half-written"] += 1
    return found


Races = tuple[soak_races.Told, dict[str, int]]


def report(
    tally: Tally,
    found: dict[str, int],
    events: list[str],
    peak: int,
    took: float,
    races: Races | None = None,
) -> int:
    counts = tally.counts
    lines = [
        ("requests", counts["requests"]),
        ("accepted", counts["accepted"]),
        ("refused with a message", counts["refused with a message"]),
        ("5xx", counts["5xx"]),
        ("sent again: cut off by a kill", counts["cut off"]),
        ("sent again: connection refused", counts["connection refused"]),
        ("hands lost", found["lost"]),
        ("duplicated", found["duplicated"]),
        ("half-written", found["half-written"]),
        ("kept, not answered as accepted", found["unanswered"]),
    ]
    print(
        f"soak: {GAMES} games x {PHONES} phones, {HANDS} hands each, gunicorn"
        f" --workers {WORKERS} --threads {THREADS} on PostgreSQL ({urlsplit(SOAK_URL).path[1:]})"
    )
    for event in events:
        print(f"  {event}")
    width = max(len(name) for name, _ in lines)
    for name, value in lines:
        print(f"{name:<{width}}  {value:>6}")
    for what, value in sorted(tally.unexpected.items()):
        print(f"{'unexpected: ' + what:<{width}}  {value:>6}")
    raced = False
    if races is not None:
        told, race_found = races
        raced = any(race_found.values()) or bool(told.unexpected) or not told.counts["done"]
        print("races of two phones:")
        race_lines = [
            ("changes done", told.counts["done"]),
            ("changes refused (out of date)", told.counts["refused with a message"]),
            *race_found.items(),
            *(("unexpected: " + what, value) for what, value in sorted(told.unexpected.items())),
        ]
        for name, value in race_lines:
            print(f"  {name:<{width - 2}}  {value:>6}")
    print(f"{'database connections, peak':<{width}}  {peak:>6}")
    print(f"{'time':<{width}}  {took:>5.0f}s")
    failed = counts["5xx"] or any(found.values()) or tally.unexpected or raced
    # no hand answered as accepted: the drill no longer tells an accepted hand's answer
    # from a refused one's, and its check of what was said kept compares against nothing
    blind = not counts["accepted"]
    incomplete = any("time limit" in event for event in events)
    if blind:
        print("soak: no hand was answered as accepted: the drill cannot tell the answers apart")
    print("soak: FAILED" if failed or blind or incomplete else "soak: ok")
    return 1 if failed or blind or incomplete else 0


def main() -> int:
    began = time.monotonic()
    env = {
        "DATABASE_URL": SOAK_URL,
        "DJANGO_SETTINGS_MODULE": "scripts.soak_settings",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_DEBUG": "0",
    }
    log = Path(tempfile.mkdtemp(prefix="jassclub-soak-")) / "gunicorn.log"
    server = Server(free_port(), env, log)

    def give_up() -> None:
        print(f"soak: stopped after the hard limit of {HARD_LIMIT} s", file=sys.stderr)
        server.kill()
        os._exit(2)

    watchdog = threading.Timer(HARD_LIMIT, give_up)
    watchdog.daemon = True
    watchdog.start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        recreate_database()
        setup_django(env)
        tables = prepare()
        tally = Tally()
        server.start()
        peak = ConnectionPeak()
        peak.start()
        events = drill(tables, server, tally)
        found = check(tables, tally)  # before the races change the hands
        told = soak_races.Told()
        events += soak_races.race(tables, server.port, told)
        peak.done.set()
        server.stop()
        races = (told, soak_races.check(tables, told))
    except KeyboardInterrupt:
        print("soak: interrupted", file=sys.stderr)
        return 130
    finally:
        server.kill()
        watchdog.cancel()
    status = report(tally, found, events, peak.peak, time.monotonic() - began, races)
    if status:
        print(f"gunicorn's log: {log}")
    else:  # nothing to look at: leave no folder behind
        shutil.rmtree(log.parent, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
