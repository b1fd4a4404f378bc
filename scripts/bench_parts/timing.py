"""Section 2: the server time to record a hand, 200 hands timed in the child process,
their median and 95th percentile reported in the parent, with the garbage collector's
full collections meanwhile (the slowest hands are those that run one: the process
freezes what it loaded first, ``jassclub.startup``, so that they stay short)."""

from __future__ import annotations

import gc
import statistics
import time
from typing import Any

from scripts.bench_parts.common import new_game, record_hand, scorer_client
from scripts.bench_parts.printing import table

TIMED_GAMES, HANDS_PER_GAME = 5, 40  # 200 timed hands
WARM_UP_HANDS = 5


def timing() -> dict[str, Any]:
    """Milliseconds per hand: the whole in-process request (middleware, form, engine,
    database, template), with the Accept-Encoding of a browser so gzip is included."""

    client = scorer_client()
    warm_up = new_game("Bench: warm-up")
    for number in range(1, WARM_UP_HANDS + 1):
        record_hand(client, warm_up.pk, number)
    samples: list[float] = []
    pauses: list[float] = []  # the full collections' milliseconds
    began: list[float] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            began.append(time.perf_counter())
        elif began:
            pauses.append((time.perf_counter() - began.pop()) * 1000)

    gc.callbacks.append(watch)
    try:
        for index in range(TIMED_GAMES):
            game = new_game(f"Bench: timing {index + 1}")
            for number in range(1, HANDS_PER_GAME + 1):
                start = time.perf_counter()
                record_hand(client, game.pk, number, **{"Accept-Encoding": "gzip, deflate, br"})
                samples.append((time.perf_counter() - start) * 1000)
    finally:
        gc.callbacks.remove(watch)
    return {
        "full_collections": len(pauses),
        "longest_collection": max(pauses, default=0.0),
        "n": len(samples),
        "games": TIMED_GAMES,
        "median": statistics.median(samples),
        "p95": statistics.quantiles(samples, n=100, method="inclusive")[94],
        "min": min(samples),
        "max": max(samples),
    }


def report_timing(results: dict[str, dict[str, Any]]) -> None:
    print("\n2. Server time to record a hand (in-process htmx POST, ms)")
    rows = []
    for label, result in results.items():
        timing = result["timing"]
        rows.append(
            [
                label,
                f"{timing['n']} ({timing['games']} games)",
                *(f"{timing[key]:.1f}" for key in ("median", "p95", "min", "max")),
                f"{timing['full_collections']}, longest {timing['longest_collection']:.1f}",
            ]
        )
    print(table(["database", "hands", "median", "p95", "min", "max", "full GC (ms)"], rows))
