"""Engine speed: whole hanchan (standard preset) at the table with uniformly random seats, the cheapest legal
players, so the figure is the cost of the table and the round engine alone.

One warm-up match fills the per-suit shanten caches; then seeded matches are timed back to back until both a
minimum count and a minimum time are reached.
"""

from __future__ import annotations

import time

WARMUP_SEED = 20_260_200
TIMED_SEED = 20_260_201
MIN_MATCHES = 8
MIN_SECONDS = 3.0


def _play(seed: int) -> int:
    """Play one match with random seats; returns the number of hands it took."""
    from game.bots import RandomSeat
    from game.table import Table
    from rules.ruleset import preset

    rules = preset("standard")
    table = Table(rules, [RandomSeat(seed * 4 + seat) for seat in range(rules.players)], seed)
    table.run()
    return table.match.hands_played


def run() -> dict[str, float]:
    """engine_hanchan_per_s (matches per second) and engine_hands_per_s, with random-legal seats."""
    _play(WARMUP_SEED)
    matches = hands = 0
    start = time.perf_counter()
    while matches < MIN_MATCHES or time.perf_counter() - start < MIN_SECONDS:
        hands += _play(TIMED_SEED + matches)
        matches += 1
    elapsed = time.perf_counter() - start
    return {
        "engine_hanchan_per_s": round(matches / elapsed, 2),
        "engine_hands_per_s": round(hands / elapsed, 1),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
