"""`make bench`, a club's history (issue 14): the club page, its leaderboard over a
season and a player's page, at 200 and at 20,000 games (generated), on SQLite and on
PostgreSQL: queries and server time. Budget: the same queries at both sizes, at
most 150 ms at 20,000 games, and the club page at 20,000 games at most twice its time
at 200 (issue 24). A club's busiest month (issue 37): the page of a club with 2,000
games in the month being played, spread over its days so far (all on today on its first
day), at most twice the page at 200 games. Prints figures, asserts nothing. The club's
page is measured once more on its first reading, which sums the months and days
closed since (``scoring.totals``).

Each size is a club of its own in the one database, and the pages of both are asked
in turn, so that other work on the machine weighs on both sizes alike. The games are
real games: a pool of 60 games played hand by hand through the rules
engine until one team goes out (or a few hands in, not finished), stored under other
players and dates; their statistics are made by ``statistics.rebuild``, as
``manage.py rebuild_statistics`` does. Each database is measured in a child process
(``--worker``) on a throwaway database, as the other benches do; ``--database-url URL``
(or ``BENCH_CLUB_DATABASE_URL``) measures on that one database instead, dropped and
made again (PostgreSQL on this machine) or removed (an SQLite file) first:

    .venv/bin/python scripts/bench_club.py --database-url postgres://postgres@127.0.0.1:5432/bench_club
"""

from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.bench_parts.common import setup_django  # noqa: E402
from scripts.bench_parts.databases import on_database, on_throwaway_databases  # noqa: E402

SIZES = (200, int(os.environ.get("BENCH_CLUB_GAMES", 20_000)))
MEMBERS = 40
POOL = 60
REPEAT = 25  # requests timed per page (medians: the machine may be busy)
BUDGET_MS = 150
RATIO_BUDGET = 2  # issue 24: the club page at the larger size against the smaller
MONTH_GAMES = int(os.environ.get("BENCH_CLUB_MONTH_GAMES", 2_000))  # issue 37: this month's
POSTGRES_DB = "jassclub_bench_club"
WORKER_TIMEOUT = 1800
TRUMPS = ("hearts", "diamonds", "clubs", "spades", "obe-abe", "unde-ufe")


def setup() -> None:
    if not os.environ.get("DATABASE_URL"):  # never the developer's db.sqlite3
        raise SystemExit("bench_club --worker: set DATABASE_URL to a throwaway database")
    os.environ.update(
        DJANGO_DEBUG="false", DJANGO_SECURE_SSL_REDIRECT="false", DJANGO_ALLOWED_HOSTS="testserver"
    )
    setup_django()  # as the table screen's bench: DEBUG off, plain static files
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def pool_of_games(draw: random.Random) -> list[list]:
    """Games played hand by hand until a team goes out to 1000, or cut short."""
    from scoring.kinds.team import rules

    ruleset = rules.parse_ruleset({"preset": "chibre", "target": 1000})
    games = []
    while len(games) < POOL:
        hands: list = []
        while True:
            points = draw.randrange(10, 148)
            weis = (("seq3",), ()) if draw.random() < 0.2 else ((), ())
            hand = rules.Hand(trump=draw.choice(TRUMPS), cards=(points, 157 - points), weis=weis)
            try:
                result = rules.play(ruleset, [*hands, hand])
            except rules.RulesError:
                break  # both teams cross at once: this game ends one hand earlier
            hands.append(hand)
            if result.over or (len(hands) > 3 and draw.random() < 0.03):
                break
        games.append(hands)
    return games


def over_years(count: int, draw: random.Random) -> list[dt.date]:
    """``count`` dates over the six years from 2020."""
    first = dt.date(2020, 1, 1)
    return [first + dt.timedelta(days=draw.randrange(6 * 365)) for _ in range(count)]


def this_month(count: int) -> list[dt.date]:
    """``count`` dates spread evenly over the days of the month being played so far."""
    from scoring import totals

    today = totals.today()
    first = totals.month_of(today)
    return [first + dt.timedelta(days=n * today.day // count) for n in range(count)]


def generate(club, members, pool, dates: list[dt.date], draw: random.Random) -> None:
    """A game of the club on each of ``dates``, in bulk, and their statistics."""
    from django.db import connection

    from scoring import statistics as stored
    from scoring.models import Game, Hand, Player, Team

    games = Game.objects.bulk_create(
        Game(
            club=club,
            name=f"Evening {n}",
            played_on=day,
            ruleset={"preset": "chibre", "target": 1000},
        )
        for n, day in enumerate(dates)
    )
    teams = Team.objects.bulk_create(
        Team(game=game, index=index, name=f"Team {index + 1}") for game in games for index in (0, 1)
    )
    players, hands = [], []
    for game_index, game in enumerate(games):
        seats = draw.sample(members, 4)
        for index in (0, 1):
            team = teams[2 * game_index + index]
            players += [
                Player(
                    team=team,
                    position=p,
                    name=seats[2 * p + index].name,
                    member=seats[2 * p + index],
                )
                for p in (0, 1)
            ]
        hands += [
            Hand.of(game, number, hand) for number, hand in enumerate(draw.choice(pool), start=1)
        ]
    Player.objects.bulk_create(players, batch_size=2000)
    Hand.objects.bulk_create(hands, batch_size=2000)
    stored.rebuild(Game.objects.filter(pk__in=[game.pk for game in games]))
    if connection.vendor == "postgresql":  # what autovacuum does after a bulk load
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def queries(client, url: str) -> int:
    """The statements of one request of ``url``."""
    from django.db import connection

    statements: list[str] = []

    def count(execute, sql, params, many, context):  # every statement
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(statements)


def first_reading(client, url: str) -> tuple[int, float]:
    """Queries and time (ms) of the first request of ``url``."""
    started = time.perf_counter()
    count = queries(client, url)
    return count, (time.perf_counter() - started) * 1000


def measure(client, urls: list[str]) -> list[tuple[int, float, float]]:
    """Queries of one request of each of ``urls``, and the median and slowest of REPEAT
    more (ms), asked in turn (one of each, then again): a machine busy with other work
    slows them alike, so that their ratio holds."""
    counts = [queries(client, url) for url in urls]
    times: list[list[float]] = [[] for _ in urls]
    for _ in range(REPEAT):
        for url, taken in zip(urls, times, strict=True):
            started = time.perf_counter()
            client.get(url)
            taken.append((time.perf_counter() - started) * 1000)
    return [
        (count, statistics.median(taken), max(taken))
        for count, taken in zip(counts, times, strict=True)
    ]


def a_club(name: str, slug: str, user, dates: list[dt.date], pool, draw, vendor: str):
    """A club of ``MEMBERS`` members and the bench's reader, with a game on each of
    ``dates``; the club and its members."""
    from clubs.models import Club, Member, Role

    club = Club.objects.create(name=name, slug=slug)
    members = [Member(club=club, name=f"Player {n:02}") for n in range(MEMBERS)]
    members = Member.objects.bulk_create(members)
    Member.objects.create(club=club, name="Bench reader", user=user, role=Role.MEMBER)
    started = time.perf_counter()
    generate(club, members, pool, dates, draw)
    made = time.perf_counter() - started
    print(f"   {vendor}: {name}: {len(dates)} games generated, their statistics made: {made:.0f} s")
    return club, members


def run() -> None:
    """A club per size (200 games, 20,000) and one with 2,000 games this month, in one
    database, their pages asked in turn."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from scoring import totals

    draw = random.Random(14)
    user = get_user_model().objects.create_user("bench-member")
    client = Client()
    client.force_login(user)
    pool = pool_of_games(draw)
    vendor = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    urls: dict[str, list[str]] = {"club page": [], "leaderboard 2023": [], "player page": []}
    for size in SIZES:
        name, slug = f"Bench club {size}", f"bench-club-{size}"
        club, members = a_club(name, slug, user, over_years(size, draw), pool, draw, vendor)
        page = reverse("clubs:club", args=[club.slug])
        urls["club page"].append(page)
        urls["leaderboard 2023"].append(page + "?start=2023-01-01&end=2023-12-31")
        urls["player page"].append(reverse("clubs:player", args=[club.slug, members[0].pk]))
    # the busiest month: its games on the days of this month so far (and the same
    # 200 games as the small club over the years before)
    today = totals.today()
    busy, _ = a_club(
        "Bench club busy month",
        "bench-club-month",
        user,
        [*over_years(SIZES[0], draw), *this_month(MONTH_GAMES)],
        pool,
        draw,
        vendor,
    )
    urls["club page"].append(reverse("clubs:club", args=[busy.slug]))
    # the first reading sums the closed months and days once (scoring.totals), as the
    # first reading of each new month and day does; every later one reads those sums
    first = [first_reading(client, url) for url in urls["club page"]]
    figures = {page: measure(client, sized) for page, sized in urls.items()}
    month = figures["club page"].pop()
    print(f"\n6. A club's history on {vendor} (budget: same queries, <= {BUDGET_MS} ms)")
    header = f"   {'page':<18}" + "".join(f"{f'{size} games':>26}" for size in SIZES) + "  verdict"
    print(header)
    for page, rows in figures.items():
        cells = "".join(f"{f'{q} q, {med:.0f} ms (max {top:.0f})':>26}" for q, med, top in rows)
        ok = len({q for q, _, _ in rows}) == 1 and rows[-1][1] <= BUDGET_MS
        print(f"   {page:<18}{cells}  {'ok' if ok else 'OVER BUDGET'}")
    cells = "".join(f"{f'{q} q, {ms:.0f} ms':>26}" for q, ms in first[: len(SIZES)])
    print(f"   {'club page, first':<18}{cells}  (sums the closed months and days: once)")
    small, big = figures["club page"][0][1], figures["club page"][-1][1]
    ratio = big / small if small else float("inf")
    print(
        f"   club page ratio          {ratio:.2f}x on {vendor} ({SIZES[-1]} games {big:.0f} ms "
        f"against {SIZES[0]} games {small:.0f} ms, medians of {REPEAT}; budget <= "
        f"{RATIO_BUDGET}x: {'ok' if ratio <= RATIO_BUDGET else 'OVER BUDGET'}; load average "
        f"{os.getloadavg()[0]:.1f})"
    )
    count, busiest, top = month
    ratio = busiest / small if small else float("inf")
    ok = ratio <= RATIO_BUDGET and count == figures["club page"][0][0]
    print(
        f"   busy month ratio         {ratio:.2f}x on {vendor} ({MONTH_GAMES} games in "
        f"{today:%Y-%m}, days 1-{today.day}, and {SIZES[0]} before: {count} q, {busiest:.0f} ms "
        f"(max {top:.0f}; first reading {first[-1][0]} q, {first[-1][1]:.0f} ms) against "
        f"{SIZES[0]} games {small:.0f} ms; budget <= {RATIO_BUDGET}x: "
        f"{'ok' if ok else 'OVER BUDGET'})"
    )


def main() -> None:
    if "--worker" in sys.argv:
        setup()
        run()
        return
    label = "6. A club's history"
    url = os.environ.get("BENCH_CLUB_DATABASE_URL")
    if "--database-url" in sys.argv:
        url = sys.argv[sys.argv.index("--database-url") + 1]
    if url:
        on_database(__file__, url, label, WORKER_TIMEOUT)
    else:
        on_throwaway_databases(__file__, POSTGRES_DB, label, WORKER_TIMEOUT)


if __name__ == "__main__":
    main()
