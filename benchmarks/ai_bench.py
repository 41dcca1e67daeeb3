"""AI speed: whole hanchan (standard preset) with four AI seats of one level, in one process (one core).

Games are played through the simulator (game/simulate.py) back to back until both a minimum count and a
minimum time are reached, so a fast AI is measured over many games and a slow one still stops after a few.
A short warm-up (the first engine steps of one game) pays the AI's one-off set-up and the shanten caches.
"""

from __future__ import annotations

import time

from game.simulate import DecisionTimes, GameResult, make_seat, plan_games, play_game, summarize
from game.table import Table
from rules.ruleset import preset

WARMUP_SEED = 20_260_300
TIMED_SEED = 20_260_301
WARMUP_STEPS = 300  # about two hands
MIN_SECONDS = 10.0
MIN_GAMES = {"normal": 3, "strong": 2}
MAX_PLANNED = 10_000  # more games than any run plays; they are planned (cheap), not played


def _warm_up(level: str) -> None:
    rules = preset("standard")
    seats = [make_seat(level, seat, rules, WARMUP_SEED + seat) for seat in range(rules.players)]
    Table(rules, seats, WARMUP_SEED).step(max_steps=WARMUP_STEPS)


def measure(level: str) -> tuple[float, DecisionTimes]:
    """Hanchan per second with four ``level`` seats, and their decide() times."""
    rules = preset("standard")
    specs = (level,) * rules.players
    _warm_up(level)
    planned = iter(plan_games(specs, MAX_PLANNED, rules, TIMED_SEED, duplicate=False))
    results: list[GameResult] = []
    start = time.perf_counter()
    while len(results) < MIN_GAMES[level] or time.perf_counter() - start < MIN_SECONDS:
        results.append(play_game(next(planned)))
    elapsed = time.perf_counter() - start
    summary = summarize(specs, rules.players, results, elapsed)
    return len(results) / elapsed, summary.decision_ms[level]


def run() -> dict[str, float]:
    """ai_normal_hanchan_per_s, ai_strong_hanchan_per_s and the strong level's decision time percentiles,
    ai_decision_ms_p95_strong and ai_decision_ms_p99_strong (single process; targets 50 and 200 ms)."""
    normal_rate, _ = measure("normal")
    strong_rate, strong_times = measure("strong")
    return {
        "ai_normal_hanchan_per_s": round(normal_rate, 3),
        "ai_strong_hanchan_per_s": round(strong_rate, 3),
        "ai_decision_ms_p95_strong": round(strong_times.p95, 3),
        "ai_decision_ms_p99_strong": round(strong_times.p99, 3),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
